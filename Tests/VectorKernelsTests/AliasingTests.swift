import Testing
import VectorKernels
import _TestSupport

/// The kernels under every aliasing ``KernelBackend`` allows: `c` may be `a`, `b`,
/// or both, and `a` may be `b`; in place, `b` may be `a`; axpy's `x` may be `y`.
///
/// The oracle is one Swift expression per element (`a[i] + b[i]`, `a[i] - b[i]`),
/// computed before the kernel runs, so it is independent of every backend.
/// add and subtract round once per element: the results must be identical bit
/// for bit. axpy may fuse: it is checked against its error bound.
@Suite("Kernels under aliasing")
struct AliasingTests {
    /// Every SIMD tail and unrolled step up to 70, and a length past OpenBLAS's
    /// small-vector paths.
    static let counts = Array(0...70) + [1_003]

    enum Alias: String, CaseIterable, Sendable, CustomTestStringConvertible {
        /// `c` is `a`: `a = a ∘ b`.
        case cIsA
        /// `c` is `b`: `b = a ∘ b`.
        case cIsB
        /// `a` is `b`, `c` separate: `c = a ∘ a`.
        case aIsB
        /// All three are one buffer: `a = a ∘ a`.
        case allThree
        var testDescription: String { rawValue }
    }

    enum Operation: String, CaseIterable, Sendable { case add, subtract }

    static func expected(_ operation: Operation, _ x: Double, _ y: Double) -> Double {
        operation == .add ? x + y : x - y
    }

    static func kernel<B: KernelBackend>(
        _: B.Type, _ operation: Operation
    ) -> (UnsafePointer<Double>, UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int) -> Void {
        switch operation {
        case .add: return { B.uncheckedAdd($0, $1, into: $2, count: $3) }
        case .subtract: return { B.uncheckedSubtract($0, $1, into: $2, count: $3) }
        }
    }

    @Test(
        "out-of-place add and subtract with c = a, c = b, a = b and a = b = c",
        arguments: BackendCase.all, Alias.allCases)
    func outOfPlace(_ c: BackendCase, _ alias: Alias) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            for operation in Operation.allCases {
                let run = Self.kernel(B.self, operation)
                for count in Self.counts {
                    let a0 = TestValues.array(count: count, seed: UInt64(count) &* 31 &+ 1)
                    let b0 = TestValues.array(count: count, seed: UInt64(count) &* 31 &+ 2)
                    var a = a0, b = b0
                    var c = [Double](repeating: .nan, count: count)
                    let oracle: [Double]
                    let result: [Double]
                    switch alias {
                    case .cIsA:
                        oracle = zip(a0, b0).map { Self.expected(operation, $0, $1) }
                        a.withUnsafeMutableBufferPointer { a in
                            b.withUnsafeBufferPointer { b in
                                guard let base = a.baseAddress else { return }
                                run(UnsafePointer(base), b.baseAddress!, base, count)
                            }
                        }
                        result = a
                    case .cIsB:
                        oracle = zip(a0, b0).map { Self.expected(operation, $0, $1) }
                        b.withUnsafeMutableBufferPointer { b in
                            a.withUnsafeBufferPointer { a in
                                guard let base = b.baseAddress else { return }
                                run(a.baseAddress!, UnsafePointer(base), base, count)
                            }
                        }
                        result = b
                    case .aIsB:
                        oracle = a0.map { Self.expected(operation, $0, $0) }
                        a.withUnsafeBufferPointer { a in
                            c.withUnsafeMutableBufferPointer { c in
                                guard let base = c.baseAddress else { return }
                                run(a.baseAddress!, a.baseAddress!, base, count)
                            }
                        }
                        result = c
                    case .allThree:
                        oracle = a0.map { Self.expected(operation, $0, $0) }
                        a.withUnsafeMutableBufferPointer { a in
                            guard let base = a.baseAddress else { return }
                            run(UnsafePointer(base), UnsafePointer(base), base, count)
                        }
                        result = a
                    }
                    expectIdentical(result, oracle, "\(B.name) \(operation) \(alias) N=\(count)")
                }
            }
        }
    }

    @Test(
        "in-place add and subtract of a buffer to itself: 2a and exact zeros",
        arguments: BackendCase.all)
    func inPlaceSelf(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            for count in Self.counts {
                let a0 = TestValues.array(count: count, seed: UInt64(count) &+ 900)
                var doubled = a0, zeroed = a0
                doubled.withUnsafeMutableBufferPointer { a in
                    guard let base = a.baseAddress else { return }
                    B.uncheckedAddInPlace(base, UnsafePointer(base), count: count)
                }
                zeroed.withUnsafeMutableBufferPointer { a in
                    guard let base = a.baseAddress else { return }
                    B.uncheckedSubtractInPlace(base, UnsafePointer(base), count: count)
                }
                expectIdentical(doubled, a0.map { $0 + $0 }, "\(B.name) a += a N=\(count)")
                // x − x is +0 for every finite x, never −0 and never −2x.
                expectIdentical(zeroed, a0.map { $0 - $0 }, "\(B.name) a -= a N=\(count)")
            }
        }
    }

    @Test("axpy with x = y is y + αy within the axpy bound", arguments: BackendCase.all)
    func axpySelf(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            var rng = SplitMix64(seed: 77)
            for count in Self.counts {
                // Moderate values: 2y and (1 + α)y never overflow.
                let y0 = TestValues.moderateArray(count: count, seed: UInt64(count) &+ 1_700)
                for alpha in [1.0, -1.0, 0.5, TestValues.factor(using: &rng) * 3] {
                    var y = y0
                    y.withUnsafeMutableBufferPointer { y in
                        guard let base = y.baseAddress else { return }
                        B.uncheckedAXPY(alpha: alpha, x: UnsafePointer(base), y: base, count: count)
                    }
                    for i in 0..<count {
                        if let violation = FloatingPointBounds.axpyViolation(
                            alpha: alpha, x: y0[i], y: y0[i], result: y[i])
                        {
                            Issue.record("\(B.name) α=\(alpha) N=\(count) i=\(i): \(violation)")
                            return
                        }
                    }
                }
            }
        }
    }

    @Test("vectors combined with themselves through the value API", arguments: VectorCase.all)
    func vectorSelfOperations(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for count in [0, 1, 5, 17, 64, 1_003] {
                let values = TestValues.moderateArray(count: count, seed: UInt64(count) &+ 4_000)
                var v = PointVector<B, P>(values)
                v += v
                #expect(v.elements == values.map { $0 + $0 }, "\(B.name)/\(P.name) v += v N=\(count)")
                var w = PointVector<B, P>(values)
                w -= w
                expectIdentical(w.elements, values.map { $0 - $0 }, "\(B.name)/\(P.name) v -= v N=\(count)")
                var u = PointVector<B, P>(values)
                PointVector.subtract(u, u, into: &u)
                expectIdentical(
                    u.elements, values.map { $0 - $0 }, "\(B.name)/\(P.name) subtract(u, u, into: &u) N=\(count)")
                var s = PointVector<B, P>(values)
                s.add(s, scaledBy: -1)
                #expect(s.elements.allSatisfy { $0 == 0 }, "\(B.name)/\(P.name) s + (−1)s N=\(count)")
            }
        }
    }
}
