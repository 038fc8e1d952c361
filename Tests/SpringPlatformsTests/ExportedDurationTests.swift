import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport

/// `ExportedMotion.exact`'s duration: the whole milliseconds until the spring
/// stays within half the bound, so the easing's last segment (to exactly 1)
/// has room to stay within it. The first whole millisecond at or after that
/// settling time — never the one before it, where the motion is still outside.
@Suite("The exported duration is the first whole millisecond at or after settling within half the bound")
struct ExportedDurationTests {
    @Test("seeded springs in every regime, velocities of both signs, bounds 1e-4…1e-2")
    func duration() {
        var random = PlatformOracleCases.Generator(state: 0x5EED_0029_D0A7)
        for i in 0..<40 {
            let zeta = [0.1, 0.5, 1.0, 3.0][i % 4]
            let spring = try! Spring(naturalFrequency: random.uniform(3...40), dampingRatio: zeta)
            let velocity = [0.0, 4, -6][i % 3]
            let epsilon = random.logUniform(1e-4...1e-2)
            let settle = spring.exactSettlingDuration(
                initialDisplacement: -1, initialVelocity: velocity, epsilon: epsilon / 2)
            let motion = ExportedMotion.exact(spring, velocity: velocity, epsilon: epsilon)
            let milliseconds = motion.duration * 1000
            #expect(
                abs(milliseconds - milliseconds.rounded()) < 1e-6 && motion.duration >= settle
                    && motion.duration - 0.001 < settle,
                "\(spring) v \(velocity) ε \(epsilon): duration \(motion.duration) s, settles at \(settle) s")
            #expect(motion.truncation <= epsilon / 2 * (1 + 1e-9), "truncation \(motion.truncation) at ε \(epsilon)")
        }
    }
}
