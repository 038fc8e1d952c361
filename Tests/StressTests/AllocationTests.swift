import Testing
import VectorKernels
import _TestSupport

/// In-place and destination operations allocate nothing once the storage is
/// uniquely owned — counted with the test runner's malloc, not assumed.
@Suite("Allocation-free in-place operations")
struct AllocationTests {
    @Test("the allocation counter sees a Swift allocation")
    func counterIsActive() {
        #expect(AllocationCounter.isActive)
        let counted = AllocationCounter.count { blackHole([Double](repeating: 1, count: 100)) }
        #expect(counted >= 1)
    }

    enum Operation: String, CaseIterable, Sendable {
        case addAssign, subtractAssign, scale, axpy, magnitudeSquared, destinationAdd, destinationSubtract, assign
    }

    @Test(
        "in-place operations on uniquely owned storage allocate nothing",
        arguments: VectorCase.all, Operation.allCases)
    func inPlaceOperationsDoNotAllocate(_ c: VectorCase, _ operation: Operation) {
        #expect(AllocationCounter.isActive, "a zero count is meaningless without a working counter")
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in [0, 1, 16, 1000, 100_003] {
                var target = vector(B.self, P.self, count: n, seed: 1)
                let other = vector(B.self, P.self, count: n, seed: 2)
                var sink = 0.0
                // Warm up once: OpenBLAS and lazy globals may allocate on first use.
                perform(operation, on: &target, with: other, sink: &sink)
                let count = AllocationCounter.count {
                    perform(operation, on: &target, with: other, sink: &sink)
                }
                #expect(count == 0, "\(operation) allocated \(count) times at n=\(n)")
                blackHole(sink)
            }
        }
    }

    func perform<B: KernelBackend, P: LengthPolicy>(
        _ operation: Operation, on target: inout PointVector<B, P>, with other: PointVector<B, P>,
        sink: inout Double
    ) {
        switch operation {
        case .addAssign: target += other
        case .subtractAssign: target -= other
        case .scale: target.scale(by: 0.999)
        case .axpy: target.add(other, scaledBy: 0.25)
        case .magnitudeSquared: sink += target.magnitudeSquared
        case .destinationAdd: PointVector.add(other, other, into: &target)
        case .destinationSubtract: PointVector.subtract(other, other, into: &target)
        case .assign: target.assign(from: other)
        }
    }

    @Test("span kernels allocate nothing", arguments: BackendCase.all)
    func spanKernelsDoNotAllocate(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            let a = TestValues.moderateArray(count: 4096, seed: 5)
            let b = TestValues.moderateArray(count: 4096, seed: 6)
            var c = [Double](repeating: 0, count: 4096)
            var sink = 0.0
            let run = {
                var span = c.mutableSpan
                B.add(a.span, b.span, into: &span)
                B.subtract(a.span, b.span, into: &span)
                B.add(b.span, to: &span)
                B.subtract(a.span, from: &span)
                B.scale(&span, by: 0.5)
                B.axpy(alpha: 2, x: a.span, y: &span)
                sink += B.magnitudeSquared(a.span)
            }
            run()
            #expect(AllocationCounter.count(run) == 0)
            blackHole(sink)
        }
    }
}
