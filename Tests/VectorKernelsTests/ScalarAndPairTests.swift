import Testing
import VectorKernels
import _TestSupport

/// `Double` and `AnimatablePair` conform to the same laws.
@Suite("Double and AnimatablePair")
struct ScalarAndPairTests {
    @Test("Double: zero identity, scale, magnitudeSquared, axpy")
    func doubleConforms() {
        var rng = SplitMix64(seed: 21)
        for _ in 0..<1000 {
            let x = TestValues.finite(using: &rng)
            let y = TestValues.finite(using: &rng)
            #expect((x + .zero).bitPattern == x.bitPattern || x == 0)
            #expect(x.scaled(by: 1).bitPattern == x.bitPattern)
            #expect(x.magnitudeSquared == x * x)
            var z = y
            z.add(x, scaledBy: 0.5)
            #expect(z.bitPattern == (y + 0.5 * x).bitPattern)
        }
    }

    @Test("a pair is one vector: its operations act on both parts", arguments: VectorCase.zeroExtending)
    func pairActsOnBothParts(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            typealias V = PointVector<B, P>
            let position: V = [1, 2, 3]
            let velocity: V = [-1, 0.5]
            let state = AnimatablePair(position, velocity)
            #expect(state + .zero == state)
            #expect(state - state == .zero)
            #expect(state.magnitudeSquared == 14 + 1.25)
            var stepped = state
            stepped.add(AnimatablePair(velocity, [0, 0]), scaledBy: 0.5)
            #expect(stepped.first.elements == [0.5, 2.25, 3])
            #expect(stepped.second == velocity)
            var sum = state
            sum += state
            #expect(sum == state + state)
            #expect(sum == state.scaled(by: 2))
            #expect(AnimatablePair(1.0, 2.0).description == "(1.0, 2.0)")
        }
    }
}
