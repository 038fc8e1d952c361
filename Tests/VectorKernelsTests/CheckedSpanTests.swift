import Testing
import VectorKernels
import _TestSupport

/// The checked `Span` entry points of ``KernelBackend`` against a per-element
/// oracle written here (`a[i] + b[i]`, `a[i] - b[i]`, `a[i] * f`), not against
/// another backend through the same entry points — a slip in the shared
/// extension (operands swapped, the wrong kernel called) would be invisible to
/// a comparison of two backends that both go through it.
@Suite("Checked span API against a per-element oracle")
struct CheckedSpanTests {
    static let counts = [0, 1, 3, 8, 15, 16, 17, 33, 64, 70, 1_003]

    @Test("add, subtract, their in-place forms and scale, bit for bit", arguments: BackendCase.all)
    func elementwise(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            for count in Self.counts {
                let a = TestValues.array(count: count, seed: UInt64(count) &+ 50)
                let b = TestValues.array(count: count, seed: UInt64(count) &+ 51)
                var c = [Double](repeating: .nan, count: count)
                var span = c.mutableSpan
                B.add(a.span, b.span, into: &span)
                expectIdentical(c, zip(a, b).map { $0 + $1 }, "\(B.name) add N=\(count)")
                span = c.mutableSpan
                B.subtract(a.span, b.span, into: &span)
                expectIdentical(c, zip(a, b).map { $0 - $1 }, "\(B.name) subtract N=\(count)")

                var target = a
                var targetSpan = target.mutableSpan
                B.add(b.span, to: &targetSpan)
                expectIdentical(target, zip(a, b).map { $0 + $1 }, "\(B.name) add(_:to:) N=\(count)")
                target = a
                targetSpan = target.mutableSpan
                B.subtract(b.span, from: &targetSpan)
                expectIdentical(target, zip(a, b).map { $0 - $1 }, "\(B.name) subtract(_:from:) N=\(count)")

                for factor in [0.5, -0.75, 0, -0.0] {
                    target = a
                    targetSpan = target.mutableSpan
                    B.scale(&targetSpan, by: factor)
                    expectIdentical(target, a.map { $0 * factor }, "\(B.name) scale by \(factor) N=\(count)")
                }
            }
        }
    }

    @Test("axpy and magnitudeSquared within their bounds", arguments: BackendCase.all)
    func reductions(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            for count in Self.counts {
                let x = TestValues.moderateArray(count: count, seed: UInt64(count) &+ 60)
                let y0 = TestValues.moderateArray(count: count, seed: UInt64(count) &+ 61)
                for alpha in [2.5, -1.0] {
                    var y = y0
                    var span = y.mutableSpan
                    B.axpy(alpha: alpha, x: x.span, y: &span)
                    for i in 0..<count {
                        if let violation = FloatingPointBounds.axpyViolation(
                            alpha: alpha, x: x[i], y: y0[i], result: y[i])
                        {
                            Issue.record("\(B.name) axpy α=\(alpha) N=\(count) i=\(i): \(violation)")
                            return
                        }
                    }
                }
                #expect(
                    FloatingPointBounds.sumOfSquaresViolation(x, result: B.magnitudeSquared(x.span)) == nil,
                    "\(B.name) magnitudeSquared N=\(count)")
            }
        }
    }

    @Test(
        "a factor of zero propagates NaN and infinities at every length, also past OpenBLAS's short vectors",
        arguments: BackendCase.all)
    func zeroFactorAtEveryLength(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            for count in [1, 15, 16, 17, 40, 1_003] {
                // NaN, ±∞ and −1 in the last positions, where vector paths take over.
                var specials = [Double](repeating: 2, count: count)
                for (offset, value) in [Double.nan, .infinity, -.infinity, -1].enumerated() where offset < count {
                    specials[count - 1 - offset] = value
                }
                var scaled = specials
                var span = scaled.mutableSpan
                B.scale(&span, by: 0)
                expectIdentical(scaled, specials.map { $0 * 0 }, "\(B.name) scale by 0 N=\(count)")

                var y = [Double](repeating: 1, count: count)
                var ySpan = y.mutableSpan
                B.axpy(alpha: 0, x: specials.span, y: &ySpan)
                expectIdentical(y, specials.map { 1 + 0 * $0 }, "\(B.name) axpy α=0 N=\(count)")
            }
        }
    }

    @Test("axpy stops when x is shorter than y")
    func axpyShortX() async {
        await #expect(processExitsWith: .failure) {
            let x: [Double] = [1, 2]
            var y: [Double] = [0, 0, 0]
            var span = y.mutableSpan
            SIMDBackend.axpy(alpha: 1, x: x.span, y: &span)
        }
    }

    @Test("axpy stops when x is longer than y")
    func axpyLongX() async {
        await #expect(processExitsWith: .failure) {
            let x: [Double] = [1, 2, 3, 4]
            var y: [Double] = [0, 0, 0]
            var span = y.mutableSpan
            NaiveBackend.axpy(alpha: 1, x: x.span, y: &span)
        }
    }

    @Test("in-place subtract stops on operands of different lengths")
    func subtractInPlaceMismatch() async {
        await #expect(processExitsWith: .failure) {
            let b: [Double] = [1, 2]
            var a: [Double] = [0, 0, 0]
            var span = a.mutableSpan
            SIMDBackend.subtract(b.span, from: &span)
        }
    }
}
