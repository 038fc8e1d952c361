import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport

/// `match --source-platform exact` shows the closed form at each frame's
/// display time and declares it done on the first frame at or after its
/// exact settling time within `epsilon`: the frame the done time and the
/// matched window end on. Seeded springs in every damping regime, with
/// velocities of both signs, at even and uneven rates. Each shown value is
/// `Spring.position` at the frame's time bit for bit: both evaluate
/// `to + a·(from − to) + b·v₀` with the same propagator.
@Suite("The exact source: the closed form at each frame, done on the first frame at or after settling")
struct ExactSourceTests {
    @Test("done frame n satisfies (n − 1)/rate < settling ≤ n/rate; every value is the closed form at n/rate")
    func doneFrame() throws {
        var random = PlatformOracleCases.Generator(state: 0x5EED_0029_E4AC)
        for i in 0..<24 {
            let zeta = [0.1, 0.6, 1.0, 2.5][i % 4]
            let spring = try Spring(naturalFrequency: random.uniform(2...30), dampingRatio: zeta)
            let velocity = [0.0, 350, -800][i % 3]
            let epsilon = [0.001, 0.01, 0.0001][(i / 3) % 3]
            let rate = [60, 59.94, 144, 12][(i / 4) % 4]
            let travel = i % 2 == 0 ? 100.0 : -37.5
            let shown = ShownSpring.exact(spring, epsilon: epsilon)
                .run(from: 0, to: travel, initialVelocity: velocity, refreshRate: rate)
            let settle = spring.exactSettlingDuration(
                initialDisplacement: -travel, initialVelocity: velocity, epsilon: epsilon)
            let done = try #require(shown.doneFrame, "\(spring) v \(velocity) ε \(epsilon) at \(rate) Hz")
            #expect(
                Double(done) / rate >= settle && Double(done - 1) / rate < settle,
                "\(spring) v \(velocity) ε \(epsilon) at \(rate) Hz: done frame \(done) (\(Double(done) / rate) s), settles at \(settle) s"
            )
            #expect(shown.values.count == done + 1)
            for n in stride(from: 0, through: done, by: Swift.max(1, done / 7)) {
                let exact = spring.position(
                    from: 0.0, target: travel, initialVelocity: velocity, time: Double(n) / rate)
                #expect(shown.values[n] == exact, "frame \(n): \(shown.values[n]) vs \(exact)")
            }
        }
    }
}
