import Synchronization
import Testing
import VectorKernels
import _TestSupport

/// Every backend against the naive reference (Guides/ErrorBounds.md): add, subtract and scale
/// bit for bit; axpy and magnitudeSquared within their error bounds.
@Suite("Backends agree with the naive reference")
struct BackendAgreementTests {
    /// Every N from 0 to 70 (all SIMD tails) and one large odd N.
    static let counts = Array(0...70) + [100_003]

    /// Operands as slices of a larger buffer at `offset`, with a different offset
    /// for each operand, so no alignment is ever assumed.
    struct Operands {
        let a: [Double]
        let b: [Double]
        let count: Int
        let offset: Int
        var aRange: Range<Int> { offset..<(offset + count) }
        var bRange: Range<Int> { ((offset + 3) % 8)..<((offset + 3) % 8 + count) }
        var cRange: Range<Int> { ((offset + 5) % 8)..<((offset + 5) % 8 + count) }

        init(count: Int, offset: Int, seed: UInt64, moderate: Bool = false) {
            self.count = count
            self.offset = offset
            let make = moderate ? TestValues.moderateArray : TestValues.array
            a = make(count + 8, seed)
            b = make(count + 8, seed &+ 0x5EED)
        }

        struct Key: Hashable {
            var count: Int
            var offset: Int
            var seed: UInt64
            var moderate: Bool
        }

        /// Every case's operands are made once per run and shared by the backends and kernels
        /// that read them (they are never written): making them was 79 % of this suite's time in
        /// a debug build (the same operands made again for each of 5 backends × 5 kernels).
        static let made = Mutex<[Key: Operands]>([:])

        static func shared(count: Int, offset: Int, seed: UInt64, moderate: Bool = false) -> Operands {
            let key = Key(count: count, offset: offset, seed: seed, moderate: moderate)
            if let operands = made.withLock({ $0[key] }) { return operands }
            let operands = Operands(count: count, offset: offset, seed: seed, moderate: moderate)
            made.withLock { $0[key] = operands }
            return operands
        }
    }

    static let cases: [(count: Int, offset: Int)] =
        counts.map { ($0, 0) }
        + (1...7).flatMap { offset in [(0, offset), (13, offset), (70, offset), (4099, offset)] }

    enum Elementwise: String, CaseIterable, Sendable { case add, subtract, addInPlace, subtractInPlace, scale }

    /// Runs one elementwise kernel of `B` on the operands and returns the destination.
    static func run<B: KernelBackend>(
        _ kernel: Elementwise, _ backend: B.Type, _ o: Operands, factor: Double
    ) -> [Double] {
        var c = [Double](repeating: .nan, count: o.count + 8)
        var a = o.a
        let b = o.b
        switch kernel {
        case .add, .subtract:
            var destination = c[o.cRange]
            var span = destination.mutableSpan
            if kernel == .add {
                B.add(a[o.aRange].span, b[o.bRange].span, into: &span)
            } else {
                B.subtract(a[o.aRange].span, b[o.bRange].span, into: &span)
            }
            c = Array(destination)
            return c
        case .addInPlace, .subtractInPlace, .scale:
            var slice = a[o.aRange]
            var span = slice.mutableSpan
            switch kernel {
            case .addInPlace: B.add(b[o.bRange].span, to: &span)
            case .subtractInPlace: B.subtract(b[o.bRange].span, from: &span)
            default: B.scale(&span, by: factor)
            }
            a = Array(slice)
            return a
        }
    }

    @Test(
        "add, subtract and scale equal naive bit for bit",
        arguments: BackendCase.all, Elementwise.allCases)
    func elementwiseKernelsAreBitIdentical(_ c: BackendCase, _ kernel: Elementwise) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            var rng = SplitMix64(seed: 11)
            for (count, offset) in Self.cases {
                let operands = Operands.shared(count: count, offset: offset, seed: UInt64(count * 8 + offset))
                let factor = TestValues.factor(using: &rng) * 4
                expectIdentical(
                    Self.run(kernel, B.self, operands, factor: factor),
                    Self.run(kernel, NaiveBackend.self, operands, factor: factor),
                    "\(B.name) \(kernel) N=\(count) offset=\(offset) factor=\(factor)")
            }
        }
    }

    @Test("axpy is within u·|αx| + u·|result| + 2η of the exact αx + y", arguments: BackendCase.all)
    func axpyWithinBound(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            var rng = SplitMix64(seed: 12)
            for (count, offset) in Self.cases {
                let o = Operands.shared(count: count, offset: offset, seed: UInt64(count * 8 + offset) + 1)
                let alpha = TestValues.factor(using: &rng) * 3
                var y = o.a[o.aRange]
                var span = y.mutableSpan
                B.axpy(alpha: alpha, x: o.b[o.bRange].span, y: &span)
                let x = Array(o.b[o.bRange])
                let y0 = Array(o.a[o.aRange])
                for (i, result) in zip(y.indices, y).map({ ($0 - y.startIndex, $1) }) {
                    if let violation = FloatingPointBounds.axpyViolation(
                        alpha: alpha, x: x[i], y: y0[i], result: result)
                    {
                        Issue.record("\(B.name) N=\(count) offset=\(offset) i=\(i): \(violation)")
                        return
                    }
                }
            }
        }
    }

    @Test("magnitudeSquared is within γ(N)·Σa² + N·η of the exact sum", arguments: BackendCase.all)
    func magnitudeSquaredWithinBound(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            for (count, offset) in Self.cases {
                for moderate in [true, false] {
                    let o = Operands.shared(
                        count: count, offset: offset, seed: UInt64(count * 8 + offset) + 2, moderate: moderate)
                    let values = Array(o.a[o.aRange])
                    let result = B.magnitudeSquared(o.a[o.aRange].span)
                    #expect(
                        FloatingPointBounds.sumOfSquaresViolation(values, result: result) == nil,
                        "\(B.name) N=\(count) offset=\(offset) moderate=\(moderate)")
                }
            }
        }
    }

    @Test("the bound checks reject a result off by more than the bound")
    func boundChecksCanFail() {
        // A check that cannot fail proves nothing: perturb exact results just past the bounds.
        let values = TestValues.moderateArray(count: 1000, seed: 3)
        let exact = NaiveBackend.magnitudeSquared(values.span)
        let bound = FloatingPointBounds.gamma(1000) * exact
        #expect(FloatingPointBounds.sumOfSquaresViolation(values, result: exact) == nil)
        #expect(FloatingPointBounds.sumOfSquaresViolation(values, result: exact + 2 * bound) != nil)
        #expect(FloatingPointBounds.axpyViolation(alpha: 3, x: 1, y: 1, result: 4) == nil)
        #expect(FloatingPointBounds.axpyViolation(alpha: 3, x: 1, y: 1, result: 4.000000000000002) != nil)
        #expect(!FloatingPointBounds.identical(0.0, -0.0))
    }
}
