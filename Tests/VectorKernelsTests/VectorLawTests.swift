import Testing
import VectorKernels
import _TestSupport

/// The laws of Guides/VectorLaws.md, one named test each, for every backend. Laws that
/// involve `.zero` or mixed lengths are checked under zero extension (the
/// truncating policy's violations are in TruncatingPolicyTests); laws at equal
/// lengths are checked under both policies.
@Suite("Vector-arithmetic laws")
struct VectorLawTests {
    @Test("v + .zero == v and .zero + v == v, bit for bit", arguments: VectorCase.zeroExtending)
    func zeroIsTheIdentity(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in lawLengths {
                let v = vector(B.self, P.self, count: n, seed: UInt64(n))
                #expect(v + .zero == v)
                #expect(.zero + v == v)
                expectIdentical((v + .zero).elements, v.elements, "v + .zero, n=\(n)")
                expectIdentical((.zero + v).elements, v.elements, ".zero + v, n=\(n)")
                expectIdentical((v - .zero).elements, v.elements, "v - .zero, n=\(n)")
            }
        }
    }

    @Test("v - v is all zeros and equals .zero", arguments: VectorCase.zeroExtending)
    func selfDifferenceIsZero(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in lawLengths {
                let v = vector(B.self, P.self, count: n, seed: UInt64(n) + 100)
                let d = v - v
                #expect(d.count == n)
                #expect(d.allSatisfy { $0 == 0 }, "n=\(n): \(d)")
                #expect(d == .zero)
            }
        }
    }

    @Test("(v - w) + w ≈ v within u·|r| + u·|v − w| + 2η per element", arguments: VectorCase.all)
    func subtractThenAddRestores(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in lawLengths {
                let v = vector(B.self, P.self, count: n, seed: UInt64(n) + 200)
                let w = vector(B.self, P.self, count: n, seed: UInt64(n) + 300)
                let d = v - w
                let r = d + w
                // r = RN(d + w) and d = RN(v − w): |r − v| ≤ u|r| + u|d|
                // (additions are exact when they underflow; 2η covers the rest).
                for i in 0..<n {
                    let bound = FloatingPointBounds.u * (abs(r[i]) + abs(d[i])) + 2 * FloatingPointBounds.eta
                    #expect(abs(r[i] - v[i]) <= bound, "n=\(n) i=\(i): v=\(v[i]) w=\(w[i]) r=\(r[i])")
                }
            }
        }
    }

    @Test("+ agrees with += and - with -=, bit for bit, at equal lengths", arguments: VectorCase.all)
    func operatorsAgreeWithCompoundAssignment(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in lawLengths {
                let a = vector(B.self, P.self, count: n, seed: UInt64(n) + 400)
                let b = vector(B.self, P.self, count: n, seed: UInt64(n) + 500)
                var sum = a
                sum += b
                var difference = a
                difference -= b
                expectIdentical(sum.elements, (a + b).elements, "a += b vs a + b, n=\(n)")
                expectIdentical(difference.elements, (a - b).elements, "a -= b vs a - b, n=\(n)")
            }
        }
    }

    @Test("+ agrees with += and - with -= when lengths differ", arguments: VectorCase.zeroExtending)
    func operatorsAgreeAcrossLengths(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for (m, n) in mixedLengths {
                let a = vector(B.self, P.self, count: m, seed: UInt64(m * 1000 + n))
                let b = vector(B.self, P.self, count: n, seed: UInt64(n * 1000 + m))
                var sum = a
                sum += b
                var difference = a
                difference -= b
                let expectedSum = zeroExtendedCombination(a.elements, b.elements, subtracting: false)
                let expectedDifference = zeroExtendedCombination(a.elements, b.elements, subtracting: true)
                expectIdentical((a + b).elements, expectedSum, "a + b, \(m) and \(n)")
                expectIdentical(sum.elements, expectedSum, "a += b, \(m) and \(n)")
                expectIdentical((a - b).elements, expectedDifference, "a - b, \(m) and \(n)")
                expectIdentical(difference.elements, expectedDifference, "a -= b, \(m) and \(n)")
            }
        }
    }

    @Test("scale(by: 1) is the identity and scale(by: 0) gives zeros", arguments: VectorCase.all)
    func scaleByOneAndZero(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in lawLengths {
                let v = vector(B.self, P.self, count: n, seed: UInt64(n) + 600)
                expectIdentical(v.scaled(by: 1).elements, v.elements, "scale(by: 1), n=\(n)")
                let zeroed = v.scaled(by: 0)
                #expect(zeroed.count == n)
                #expect(zeroed.allSatisfy { $0 == 0 }, "scale(by: 0), n=\(n): \(zeroed)")
            }
        }
    }

    @Test("scaling distributes over + within the rounding bound", arguments: VectorCase.all)
    func scalingDistributesOverAddition(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            var rng = SplitMix64(seed: 7)
            for n in lawLengths {
                let a = vector(B.self, P.self, count: n, seed: UInt64(n) + 700)
                let b = vector(B.self, P.self, count: n, seed: UInt64(n) + 800)
                let s = TestValues.factor(using: &rng)
                let t = a + b
                let left = t.scaled(by: s)
                let p = a.scaled(by: s)
                let q = b.scaled(by: s)
                let right = p + q
                for i in 0..<n {
                    // L = RN(RN(a+b)·s), R = RN(RN(a·s) + RN(b·s)); each differs from
                    // (a+b)·s by its roundings: |L − R| ≤ u(|L| + |s·t| + |R| + |p| + |q|) + 3η.
                    let magnitudes: [Double] = [left[i], s * t[i], right[i], p[i], q[i]]
                    var total: Float80 = 0
                    for m in magnitudes { total += Float80(abs(m)) }
                    // The bound itself is computed with roundings: s·t in Double
                    // (low by at most u relative) and a five-term Float80 sum
                    // (5·2⁻⁶⁴ relative); a factor 1 + 2u covers both.
                    let u = Float80(FloatingPointBounds.u)
                    let bound: Float80 = u * total * (1 + 2 * u) + 3 * Float80(FloatingPointBounds.eta)
                    #expect(
                        abs(Float80(left[i]) - Float80(right[i])) <= bound,
                        "n=\(n) i=\(i) s=\(s): (a+b)s=\(left[i]) as+bs=\(right[i])")
                }
            }
        }
    }

    @Test("magnitudeSquared is ≥ 0, Σv², and 0 exactly for zeros", arguments: VectorCase.all)
    func magnitudeSquaredIsTheDotProduct(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in lawLengths {
                let values = TestValues.moderateArray(count: n, seed: UInt64(n) + 900)
                let v = PointVector<B, P>(values)
                #expect(v.magnitudeSquared >= 0)
                #expect(FloatingPointBounds.sumOfSquaresViolation(values, result: v.magnitudeSquared) == nil)
                #expect(PointVector<B, P>(repeating: 0, count: n).magnitudeSquared == 0)
                #expect(PointVector<B, P>(repeating: -0.0, count: n).magnitudeSquared == 0)
                // Zero only for zeros — wherever a square is representable. A
                // value below 2^-537.5 squares to 0 (underflow), so the law
                // cannot hold for vectors made only of such values.
                if values.contains(where: { abs($0) >= 0x1p-537 }) {
                    #expect(v.magnitudeSquared > 0, "n=\(n)")
                }
            }
            let tiny = PointVector<B, P>([0x1p-600, -0x1p-600])
            #expect(tiny.magnitudeSquared == 0, "documented underflow: squares below η round to 0")
        }
    }
}
