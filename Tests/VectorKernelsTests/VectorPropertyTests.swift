import PropertyBased
import Testing
import VectorKernels
import _TestSupport

/// The laws again, on random inputs: lengths 0…1000 and values that include
/// signed zeros, subnormals and values near overflow (``TestValues``).
@Suite("Vector laws on random inputs")
struct VectorPropertyTests {
    static let arrays = TestValues.arrays(lengths: 0...1000)

    @Test("zero extension: identity, + agrees with +=, - agrees with -=", arguments: VectorCase.zeroExtending)
    func zeroExtendingLaws(_ c: VectorCase) async {
        await check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) async {
            await propertyCheck(input: Self.arrays, Self.arrays) { a, b in
                let v = PointVector<B, P>(a)
                let w = PointVector<B, P>(b)
                expectIdentical((v + .zero).elements, a, "v + .zero")
                expectIdentical((.zero + v).elements, a, ".zero + v")
                #expect(v - v == .zero)
                var sum = v
                sum += w
                var difference = v
                difference -= w
                expectIdentical(sum.elements, zeroExtendedCombination(a, b, subtracting: false), "v += w")
                expectIdentical((v + w).elements, sum.elements, "v + w vs v += w")
                expectIdentical(difference.elements, zeroExtendedCombination(a, b, subtracting: true), "v -= w")
                expectIdentical((v - w).elements, difference.elements, "v - w vs v -= w")
            }
        }
    }

    @Test("truncation: results have min(count) elements, += keeps the left tail", arguments: VectorCase.truncating)
    func truncatingBehaviour(_ c: VectorCase) async {
        await check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) async {
            await propertyCheck(input: Self.arrays, Self.arrays) { a, b in
                let v = PointVector<B, P>(a)
                let w = PointVector<B, P>(b)
                let common = min(a.count, b.count)
                let expected = (0..<common).map { a[$0] + b[$0] }
                expectIdentical((v + w).elements, expected, "v + w")
                var sum = v
                sum += w
                expectIdentical(sum.elements, expected + a.dropFirst(common), "v += w")
            }
        }
    }

    @Test("(v − w) + w ≈ v, scale(by: 1) is the identity, Σv² within bound", arguments: VectorCase.all)
    func equalLengthLaws(_ c: VectorCase) async {
        await check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) async {
            await propertyCheck(input: Self.arrays) { a in
                let b = TestValues.array(count: a.count, seed: UInt64(a.count))
                let v = PointVector<B, P>(a)
                let w = PointVector<B, P>(b)
                let d = v - w
                let r = d + w
                for i in 0..<a.count {
                    let bound = FloatingPointBounds.u * (abs(r[i]) + abs(d[i])) + 2 * FloatingPointBounds.eta
                    #expect(abs(r[i] - a[i]) <= bound, "i=\(i): v=\(a[i]) w=\(b[i])")
                }
                expectIdentical(v.scaled(by: 1).elements, a, "scale(by: 1)")
                #expect(v.magnitudeSquared >= 0)
                #expect(FloatingPointBounds.sumOfSquaresViolation(a, result: v.magnitudeSquared) == nil)
            }
        }
    }

    @Test("every backend equals naive bit for bit on random inputs", arguments: BackendCase.all)
    func backendsMatchNaive(_ c: BackendCase) async {
        await check(c.backend)
        func check<B: KernelBackend>(_: B.Type) async {
            await propertyCheck(input: Self.arrays, TestValues.factors) { a, factor in
                let b = TestValues.array(count: a.count, seed: UInt64(a.count) &+ 99)
                typealias Mine = PointVector<B, ZeroExtending>
                typealias Reference = PointVector<NaiveBackend, ZeroExtending>
                expectIdentical((Mine(a) + Mine(b)).elements, (Reference(a) + Reference(b)).elements, "add")
                expectIdentical((Mine(a) - Mine(b)).elements, (Reference(a) - Reference(b)).elements, "subtract")
                expectIdentical(Mine(a).scaled(by: factor).elements, Reference(a).scaled(by: factor).elements, "scale")
                var y = Mine(b)
                y.add(Mine(a), scaledBy: factor)
                for i in 0..<a.count {
                    let violation = FloatingPointBounds.axpyViolation(alpha: factor, x: a[i], y: b[i], result: y[i])
                    #expect(violation == nil)
                }
            }
        }
    }
}
