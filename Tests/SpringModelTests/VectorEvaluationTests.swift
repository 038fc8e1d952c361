import SpringBenchBackends
import SpringModel
import Testing
import VectorKernels
import _TestSupport

/// An N-point vector moved by the spring through each backend equals moving
/// each point as a scalar `Double`, within Guides/ErrorBounds.md's kernel bounds.
///
/// The vector path and the scalar path run the same operation sequence
/// (`−` once, then axpy/scale with the same four propagator coefficients), so:
/// - on a backend whose axpy is not fused, every element agrees bit for bit;
/// - on a fused backend each axpy `y + α·x` may differ from the unfused one
///   only through the product's rounding; both results then lie within
///   `B(α,x,y) = u·|α·x| + u·|result| + 2η` of the exact `y + α·x` of their own
///   inputs (`FloatingPointBounds.axpyViolation`'s analysis), so after the
///   chain `y₁ = t + a·d`, `y₂ = y₁ + b·v` the two paths differ by at most
///   `2·B₁ + 2·B₂` (the second step's inputs already differ by ≤ 2·B₁).
@Suite("N-point vectors through every backend")
struct VectorEvaluationTests {
    static let u = Double.ulpOfOne / 2
    static let eta = Double.leastNonzeroMagnitude

    static func axpyBound(alpha: Double, x: Double, result: Double) -> Double {
        u * abs(alpha * x) + u * abs(result) + 2 * eta
    }

    static let springs: [Spring] = [
        Spring.bouncy, Spring.smooth,
        try! Spring(mass: 1, stiffness: 100, damping: 10),
        try! Spring(naturalFrequency: 9, dampingRatio: 1 + 1e-9),
        try! Spring(naturalFrequency: 9, dampingRatio: 1e6),
    ]

    /// Deterministic, varied inputs (a fixed linear congruential sequence).
    static func points(_ count: Int, seed: UInt64) -> [Double] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(Int64(bitPattern: state >> 11) % 2_000_001 - 1_000_000) / 1000
        }
    }

    @Test("position and velocity at t agree with per-point scalars", arguments: BackendCase.all)
    func positionAndVelocity(backend: BackendCase) {
        func run<B: KernelBackend>(_: B.Type) {
            typealias V = PointVector<B, ZeroExtending>
            let count = 1003
            let from = Self.points(count, seed: 1), target = Self.points(count, seed: 2)
            let velocity = Self.points(count, seed: 3)
            let fused = B.details.fusedAXPY
            for spring in Self.springs {
                for t in [0.0, 0.016, 0.3, 2.5] {
                    let p = spring.propagator(time: t)
                    let x = spring.position(from: V(from), target: V(target), initialVelocity: V(velocity), time: t)
                    let v = spring.velocity(from: V(from), target: V(target), initialVelocity: V(velocity), time: t)
                    #expect(x.count == count && v.count == count)
                    var misses = 0
                    for i in 0..<count {
                        let xs = spring.position(
                            from: from[i], target: target[i], initialVelocity: velocity[i], time: t)
                        let vs = spring.velocity(
                            from: from[i], target: target[i], initialVelocity: velocity[i], time: t)
                        let d = from[i] - target[i]
                        let y1 = target[i] + p.positionFromDisplacement * d
                        let positionBound =
                            2 * Self.axpyBound(alpha: p.positionFromDisplacement, x: d, result: y1)
                            + 2
                            * Self.axpyBound(
                                alpha: p.positionFromVelocity, x: velocity[i], result: max(abs(xs), abs(x[i])))
                        let velocityBound =
                            2
                            * Self.axpyBound(
                                alpha: p.velocityFromDisplacement, x: d, result: max(abs(vs), abs(v[i])))
                        let ok =
                            fused
                            ? abs(x[i] - xs) <= positionBound && abs(v[i] - vs) <= velocityBound
                            : x[i].bitPattern == xs.bitPattern && v[i].bitPattern == vs.bitPattern
                        if !ok {
                            misses += 1
                            if misses <= 3 {
                                Issue.record(
                                    "\(B.name) \(spring) t=\(t) i=\(i): vector (\(x[i]), \(v[i])) scalar (\(xs), \(vs)), bounds \(positionBound), \(velocityBound)"
                                )
                            }
                        }
                    }
                    #expect(misses == 0)
                }
            }
        }
        run(backend.backend)
    }

    @Test("update(value:velocity:target:deltaTime:) agrees with per-point scalars", arguments: BackendCase.all)
    func update(backend: BackendCase) {
        func run<B: KernelBackend>(_: B.Type) {
            typealias V = PointVector<B, ZeroExtending>
            let count = 257
            let target = Self.points(count, seed: 5)
            var xs = Self.points(count, seed: 6), vs = Self.points(count, seed: 7)
            var x = V(xs), v = V(vs)
            let spring = Spring.snappy
            let fused = B.details.fusedAXPY
            let dt = 1.0 / 120
            let p = spring.propagator(time: dt)
            // One step, so the bound applies to inputs that are equal.
            spring.update(value: &x, velocity: &v, target: V(target), deltaTime: dt)
            for i in 0..<count {
                let d = xs[i] - target[i]
                var xi = xs[i], vi = vs[i]
                spring.update(value: &xi, velocity: &vi, target: target[i], deltaTime: dt)
                let y1 = target[i] + p.positionFromDisplacement * d
                let positionBound =
                    2 * Self.axpyBound(alpha: p.positionFromDisplacement, x: d, result: y1)
                    + 2 * Self.axpyBound(alpha: p.positionFromVelocity, x: vs[i], result: max(abs(xi), abs(x[i])))
                let velocityBound =
                    2 * Self.axpyBound(alpha: p.velocityFromDisplacement, x: d, result: max(abs(vi), abs(v[i])))
                if fused {
                    #expect(abs(x[i] - xi) <= positionBound && abs(v[i] - vi) <= velocityBound, "\(B.name) i=\(i)")
                } else {
                    #expect(x[i].bitPattern == xi.bitPattern && v[i].bitPattern == vi.bitPattern, "\(B.name) i=\(i)")
                }
                xs[i] = xi
                vs[i] = vi
            }
        }
        run(backend.backend)
    }

    @Test("SwiftUI semantics: value(target:) starts at zero and reaches the target")
    func valueStartsAtZero() {
        let spring = Spring.smooth
        #expect(spring.value(target: 3.0, time: 0) == 0)
        #expect(spring.velocity(target: 3.0, time: 0) == 0)
        #expect(spring.value(target: 3.0, time: 100) == 3)
        // force = k·(target − x) − c·v; at t = 0 the whole displacement pulls.
        #expect(spring.force(target: 3.0, time: 0) == spring.stiffness * 3)
    }
}
