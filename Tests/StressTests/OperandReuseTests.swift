import CVectorKernels
import Testing
import VectorKernels
import _TestSupport

/// `+` and `-` reuse the storage of an operand they consume when nothing else
/// references it (Guides/VectorLaws.md, "Allocating arithmetic"): checked by
/// counting allocations, by comparing every result bit for bit with the
/// elementwise specification, and by checking that a vector referenced
/// elsewhere is never written.
@Suite("Operand reuse in + and -")
struct OperandReuseTests {
    /// Which operands of `lhs ± rhs` arrive as temporaries (uniquely referenced).
    enum Ownership: String, CaseIterable, Sendable { case neither, lhs, rhs, both }

    @Test("a fresh + or - allocates one object (elements tail-allocated)", arguments: VectorCase.all)
    func freshResultAllocatesOnce(_ c: VectorCase) throws {
        try #require(AllocationCounter.isActive)
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let a = vector(B.self, P.self, count: 64, seed: 3)
            let b = vector(B.self, P.self, count: 64, seed: 4)
            blackHole(a + b)
            var result = PointVector<B, P>()
            #expect(AllocationCounter.count { result = a + b } == 1)
            #expect(AllocationCounter.count { result = a - b } == 1)
            blackHole(result)
        }
    }

    @Test(
        "a chain of three operands allocates once, with the chain's exact values",
        arguments: VectorCase.all, [1, 16, 1000, LargeBuffers.thresholdBytes / 8 + 3])
    func chainAllocatesOnce(_ c: VectorCase, _ n: Int) throws {
        try #require(AllocationCounter.isActive)
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let a = vector(B.self, P.self, count: n, seed: 5)
            let b = vector(B.self, P.self, count: n, seed: 6)
            let d = vector(B.self, P.self, count: n, seed: 7)
            let snapshots = [a.elements, b.elements, d.elements]
            blackHole(a + b - d)
            var single = PointVector<B, P>(), chain = PointVector<B, P>(), nested = PointVector<B, P>()
            // An animation's frame: each result replaces the previous one,
            // which dies inside the count (from 4 MiB on its block goes back
            // to the huge-page cache, which must not allocate either, however
            // many blocks tests on other threads left there). One untimed
            // round first: the unoptimised build instantiates metadata once.
            func counted(_ destination: inout PointVector<B, P>, _ operation: () -> PointVector<B, P>) -> Int {
                destination = operation()
                return AllocationCounter.count {
                    destination = operation()
                    destination = operation()
                }
            }
            let one = counted(&single) { a + b }
            let leftChain = counted(&chain) { a + b - d }
            let rightChain = counted(&nested) { a - (b + d) }
            // One object per vector; from the large-buffer threshold on, its
            // elements come from the huge-page cache, not from malloc.
            #expect(one == 2, "a + b allocated \(one) times in two frames")
            #expect(leftChain == 2, "a + b - d allocated \(leftChain) times in two frames")
            #expect(rightChain == 2, "a - (b + d) allocated \(rightChain) times in two frames")
            let x = snapshots[0], y = snapshots[1], z = snapshots[2]
            expectIdentical(chain.elements, x.indices.map { (x[$0] + y[$0]) - z[$0] }, "\(B.name) a + b - d")
            expectIdentical(nested.elements, x.indices.map { x[$0] - (y[$0] + z[$0]) }, "\(B.name) a - (b + d)")
            expectIdentical(single.elements, x.indices.map { x[$0] + y[$0] }, "\(B.name) a + b")
            for (vector, snapshot) in zip([a, b, d], snapshots) {
                expectIdentical(vector.elements, snapshot, "\(B.name): an operand referenced elsewhere was written")
            }
        }
    }

    @Test("x = consume x + y allocates nothing and keeps x's storage", arguments: VectorCase.all)
    func consumedAccumulatorAllocatesNothing(_ c: VectorCase) throws {
        try #require(AllocationCounter.isActive)
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            var x = vector(B.self, P.self, count: 100, seed: 8)
            let y = vector(B.self, P.self, count: 100, seed: 9)
            let before = x.elements, other = y.elements
            x = consume x + y
            let base = x.withUnsafeBufferPointer { $0.baseAddress }
            let count = AllocationCounter.count {
                x = consume x - y
                x = consume x + y
            }
            #expect(count == 0)
            #expect(x.withUnsafeBufferPointer { $0.baseAddress } == base)
            expectIdentical(
                x.elements, before.indices.map { ((before[$0] + other[$0]) - other[$0]) + other[$0] },
                "\(B.name) x ± y in place")
        }
    }

    @Test(
        "every ownership and length combination gives the specified result and spares shared operands",
        arguments: VectorCase.all, Ownership.allCases)
    func resultsMatchSpecification(_ c: VectorCase, _ ownership: Ownership) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            typealias V = PointVector<B, P>
            for (m, n) in mixedLengths + [(0, 0), (7, 7), (17, 40), (40, 17)] {
                for subtracting in [false, true] {
                    let x = TestValues.array(count: m, seed: UInt64(m * 64 + n))
                    let y = TestValues.array(count: n, seed: UInt64(n * 64 + m) + 1)
                    let expected: [Double]
                    switch P.rule {
                    case .zeroExtending: expected = zeroExtendedCombination(x, y, subtracting: subtracting)
                    case .truncating:
                        expected = (0..<min(m, n)).map { subtracting ? x[$0] - y[$0] : x[$0] + y[$0] }
                    }
                    // A shared operand: another binding keeps its storage alive.
                    let sharedLeft = V(x), sharedRight = V(y)
                    let result: V
                    switch (ownership, subtracting) {
                    case (.neither, false): result = sharedLeft + sharedRight
                    case (.neither, true): result = sharedLeft - sharedRight
                    case (.lhs, false): result = V(x) + sharedRight
                    case (.lhs, true): result = V(x) - sharedRight
                    case (.rhs, false): result = sharedLeft + V(y)
                    case (.rhs, true): result = sharedLeft - V(y)
                    case (.both, false): result = V(x) + V(y)
                    case (.both, true): result = V(x) - V(y)
                    }
                    let what = "\(B.name) \(P.name) \(m) \(subtracting ? "-" : "+") \(n), \(ownership) unique"
                    expectIdentical(result.elements, expected, what)
                    expectIdentical(sharedLeft.elements, x, "\(what): shared lhs written")
                    expectIdentical(sharedRight.elements, y, "\(what): shared rhs written")
                }
            }
        }
    }

    @Test("an engine's interpolation to + (from - to).scaled(by: p) allocates once", arguments: VectorCase.all)
    func interpolationAllocatesOnce(_ c: VectorCase) throws {
        try #require(AllocationCounter.isActive)
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let from = vector(B.self, P.self, count: 40, seed: 12)
            let to = vector(B.self, P.self, count: 40, seed: 13)
            var value = PointVector<B, P>()
            // Once untimed: the first call through the protocol extension
            // instantiates generic metadata (runtime allocations, once).
            value = to + (from - to).scaled(by: 0.3)
            let count = AllocationCounter.count { value = to + (from - to).scaled(by: 0.3) }
            #expect(count == 1, "\(B.name): \(count) allocations")
            let f = from.elements, t = to.elements
            expectIdentical(value.elements, f.indices.map { t[$0] + (f[$0] - t[$0]) * 0.3 }, "\(B.name) interpolation")
            expectIdentical(from.elements, f, "from written")
            expectIdentical(to.elements, t, "to written")
        }
    }

    @Test("a copy made before the operation is left unchanged", arguments: VectorCase.all)
    func copiesSurviveReuse(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            var x = vector(B.self, P.self, count: 33, seed: 10)
            let y = vector(B.self, P.self, count: 33, seed: 11)
            let saved = x
            let snapshot = saved.elements
            x = consume x + y
            expectIdentical(saved.elements, snapshot, "\(B.name): the saved copy was overwritten")
            #expect(!x.sharesStorage(with: saved))
        }
    }
}

/// The streaming-store loops the SIMD backend uses past its threshold, and
/// the fused Σa² of FMA builds: same bits as the plain loops (add,
/// subtract), within the documented bound (Σa²).
@Suite("Streaming stores and fused Σa²")
struct StreamingAndFusedTests {
    @Test("streaming add and subtract equal the plain loop bit for bit at every alignment and length")
    func streamingLoopsMatchPlainLoops() {
        let a = TestValues.array(count: 200, seed: 20), b = TestValues.array(count: 200, seed: 21)
        var c = [Double](repeating: .nan, count: 200)
        for offset in 0..<8 {
            for n in [0, 1, 2, 3, 4, 5, 7, 8, 9, 15, 16, 17, 31, 33, 64, 100, 191] where offset + n <= 200 {
                for subtracting in [false, true] {
                    a.withUnsafeBufferPointer { a in
                        b.withUnsafeBufferPointer { b in
                            c.withUnsafeMutableBufferPointer { c in
                                for i in c.indices { c[i] = .nan }
                                let (pa, pb, pc) = (
                                    a.baseAddress! + offset, b.baseAddress! + (7 - offset), c.baseAddress! + offset
                                )
                                if subtracting {
                                    springbench_kernel_subtract_streaming(pa, pb, pc, n)
                                } else {
                                    springbench_kernel_add_streaming(pa, pb, pc, n)
                                }
                            }
                        }
                    }
                    let expected = (0..<n).map {
                        subtracting ? a[offset + $0] - b[7 - offset + $0] : a[offset + $0] + b[7 - offset + $0]
                    }
                    expectIdentical(
                        Array(c[offset..<(offset + n)]), expected, "offset \(offset) n \(n) \(subtracting ? "-" : "+")")
                    #expect(
                        c[..<offset].allSatisfy(\.isNaN) && c[(offset + n)...].allSatisfy(\.isNaN),
                        "offset \(offset) n \(n): wrote outside the destination")
                }
            }
        }
    }

    @Test("SIMD add and subtract past the streaming threshold equal the naive backend bit for bit")
    func simdStreamingPathMatchesNaive() {
        let n = SIMDBackend.streamingThreshold + 13
        let a = TestValues.array(count: n + 1, seed: 22), b = TestValues.array(count: n, seed: 23)
        var simd = [Double](repeating: 0, count: n + 1), naive = [Double](repeating: 0, count: n + 1)
        for subtracting in [false, true] {
            for shift in [0, 1] {  // an unaligned destination too
                a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in
                        simd.withUnsafeMutableBufferPointer { s in
                            naive.withUnsafeMutableBufferPointer { r in
                                let pa = a.baseAddress! + shift, pb = b.baseAddress!
                                if subtracting {
                                    SIMDBackend.uncheckedSubtract(pa, pb, into: s.baseAddress! + shift, count: n)
                                    NaiveBackend.uncheckedSubtract(pa, pb, into: r.baseAddress! + shift, count: n)
                                } else {
                                    SIMDBackend.uncheckedAdd(pa, pb, into: s.baseAddress! + shift, count: n)
                                    NaiveBackend.uncheckedAdd(pa, pb, into: r.baseAddress! + shift, count: n)
                                }
                            }
                        }
                    }
                }
                #expect(
                    simd.indices.allSatisfy { FloatingPointBounds.identical(simd[$0], naive[$0]) },
                    "\(subtracting ? "subtract" : "add") shift \(shift)")
            }
        }
    }

    @Test("the fused Σa² stays within γ(N)·Σa² of the exact sum")
    func fusedSumOfSquaresWithinBound() {
        for n in [0, 1, 3, 4, 5, 31, 32, 33, 100, 4099, 65_537] {
            for moderate in [true, false] {
                let values =
                    moderate
                    ? TestValues.moderateArray(count: n, seed: UInt64(n) + 30)
                    : TestValues.array(count: n, seed: UInt64(n) + 31)
                let result = values.withUnsafeBufferPointer {
                    SIMDBackend.fusedMagnitudeSquared($0.baseAddress ?? UnsafePointer(bitPattern: 8)!, count: n)
                }
                #expect(
                    FloatingPointBounds.sumOfSquaresViolation(values, result: result) == nil,
                    "N=\(n) moderate=\(moderate)")
            }
        }
    }

    @Test(
        "the fused Σa² rounds once per term, in the scalar tail and in both vector loops",
        arguments: [(2, 1), (8, 4), (64, 32)])
    func fusedSumRoundsOnce(_ layout: (count: Int, stride: Int)) {
        // 1² + x² with x = 0x1.000000402265cp+0 (found by search, checked with
        // exact rationals): rounding x² first gives 0x1.000000402265cp+1,
        // the exactly rounded sum — what one fused rounding gives — is
        // 0x1.000000402265dp+1. The two terms sit `stride` apart so that they
        // meet in one accumulator lane of the loop under test.
        var values = [Double](repeating: 0, count: layout.count)
        values[0] = 1
        values[layout.stride] = 0x1.000000402265cp+0
        let fused = values.withUnsafeBufferPointer {
            SIMDBackend.fusedMagnitudeSquared($0.baseAddress!, count: $0.count)
        }
        let plain = values.withUnsafeBufferPointer {
            NaiveBackend.uncheckedMagnitudeSquared($0.baseAddress!, count: $0.count)
        }
        #expect(plain == 0x1.000000402265cp+1)
        #expect(fused == 0x1.000000402265dp+1, "N=\(layout.count): \(fused) is not the fused sum")
    }
}
