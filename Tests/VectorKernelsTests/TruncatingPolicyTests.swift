import Testing
import VectorKernels
import _TestSupport

/// The seed-compatible truncating policy: its known law violations (Guides/VectorLaws.md)
/// asserted as its documented behaviour, so a change that silently "fixes" or
/// worsens it shows up here.
@Suite("Truncating policy (seed-compatible)")
struct TruncatingPolicyTests {
    @Test(".zero is [0.0], so v + .zero has one element", arguments: VectorCase.truncating)
    func zeroHasOneElement(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            #expect(PointVector<B, P>.zero.elements == [0.0])
            let v: PointVector<B, P> = [3, 4, 5]
            #expect((v + .zero).elements == [3.0], "an animation from .zero animates one point")
            #expect((.zero + v).elements == [3.0])
            #expect(v + .zero != v, "the identity law fails")
        }
    }

    @Test("v - v is not == .zero unless v has one element", arguments: VectorCase.truncating)
    func selfDifferenceIsNotZero(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let v: PointVector<B, P> = [3, 4, 5]
            #expect((v - v).elements == [0, 0, 0])
            #expect(v - v != .zero)
            let single: PointVector<B, P> = [7]
            #expect(single - single == .zero)
        }
    }

    @Test("a + b has min(count) elements and differs from a += b", arguments: VectorCase.truncating)
    func operatorsDisagreeWithCompoundAssignment(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let a: PointVector<B, P> = [1, 2, 3]
            let b: PointVector<B, P> = [10]
            #expect((a + b).elements == [11])
            #expect((a - b).elements == [-9])
            var sum = a
            sum += b
            #expect(sum.elements == [11, 2, 3], "+= writes the first min elements and keeps the rest")
            #expect(sum != a + b, "+ and += disagree")
            var difference = b
            difference -= a
            #expect(difference.elements == [9])
            var scaled = b
            scaled.add(a, scaledBy: 2)
            #expect(scaled.elements == [12])
        }
    }

    @Test("destinations take min(count) elements", arguments: VectorCase.truncating)
    func destinationCountIsTheMinimum(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let a: PointVector<B, P> = [1, 2, 3]
            let b: PointVector<B, P> = [10, 20]
            #expect(PointVector<B, P>.resultCount(a, b) == 2)
            var destination = PointVector<B, P>(repeating: 0, count: 2)
            PointVector.add(a, b, into: &destination)
            #expect(destination.elements == [11, 22])
        }
    }

    @Test("zero extension fixes each violation", arguments: VectorCase.zeroExtending)
    func zeroExtensionKeepsTheLaws(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let a: PointVector<B, P> = [1, 2, 3]
            let b: PointVector<B, P> = [10]
            #expect(PointVector<B, P>.zero.count == 0)
            #expect(a + .zero == a)
            #expect((a + b).elements == [11, 2, 3])
            var sum = a
            sum += b
            #expect(sum == a + b)
            #expect(a - a == .zero)
            var grown = b
            grown.add(a, scaledBy: 2)
            #expect(grown.elements == [12, 4, 6])
            #expect(([1, 2] as PointVector<B, P>) == [1, 2, 0])
        }
    }

    @Test(
        "zero-extending ==: equal up to trailing zeros of either side, never ignoring a non-zero tail",
        arguments: VectorCase.zeroExtending)
    func zeroExtendingEquality(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            typealias V = PointVector<B, P>
            let short: V = [1, 2]
            for (longer, equal) in [
                ([1, 2, 3] as V, false), ([1, 2, 0, -0.0] as V, true), ([1, 2, 0, 1e-300] as V, false),
            ] {
                #expect((short == longer) == equal, "\(short.elements) == \(longer.elements)")
                #expect((longer == short) == equal, "\(longer.elements) == \(short.elements)")
            }
            #expect(!(([] as V) == [0, 0, 5]) && !(([0, 0, 5] as V) == []))
        }
    }
}
