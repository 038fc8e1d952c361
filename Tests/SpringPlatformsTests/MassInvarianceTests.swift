import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport

/// A spring's motion depends on its mass only through `k/m` and `c/m`: the
/// spring `(m·k, m·c, m)` and the spring `(k, c, 1)` move alike. With `m` a
/// power of four every product, quotient and square root the loops form
/// (`√(k·m)`, `√m`) scales exactly, so each platform's loop must show the two
/// bit for bit — frames, frame count and done frame. This is what catches a loop that hands its
/// platform the raw stiffness where the platform has no mass (Android,
/// Compose: `k/m`), or divides one term by the mass and not another: the
/// differential tests feed most platforms mass-1 springs.
///
/// Every registered loop holds it on these springs (k/m from 4 to 400, ζ from
/// 0.05 to 3, m from 1/16 to 64). A platform whose own code clamped the raw
/// mass or stiffness would be excluded here, with its reason.
@Suite("Every platform loop shows a spring of mass m as its (k/m, c/m) spring of mass 1")
struct MassInvarianceTests {
    static let masses: [Double] = [0.25, 4, 16, 0.0625, 64]

    @Test("masses that are powers of four, seeded springs in every damping regime, 60 and 144 Hz, with a velocity")
    func massInvariance() throws {
        var random = PlatformOracleCases.Generator(state: 0x5EED_0029_3A55)
        var checked = 0
        for platform in SpringPlatform.withLoops {
            let loopType = try #require(platform.loop)
            for i in 0..<6 {
                let stiffness = random.logUniform(4...400)
                let zeta = [0.2, 0.7, 1.0, 1.6, 3.0, 0.05][i]
                let damping = 2 * zeta * stiffness.squareRoot()
                let mass = Self.masses[i % Self.masses.count]
                let unit = try Spring(mass: 1, stiffness: stiffness, damping: damping)
                let heavy = try Spring(mass: mass, stiffness: mass * stiffness, damping: mass * damping)
                for rate in [60.0, 144] {
                    let velocity = i % 2 == 0 ? 0 : -3 * stiffness.squareRoot()
                    let a = loopType.init(unit, options: PlatformLoopOptions())
                        .run(from: 0, to: 100, initialVelocity: velocity, refreshRate: rate)
                    let b = loopType.init(heavy, options: PlatformLoopOptions())
                        .run(from: 0, to: 100, initialVelocity: velocity, refreshRate: rate)
                    let same =
                        a.doneFrame == b.doneFrame && a.values.count == b.values.count
                        && zip(a.values, b.values).allSatisfy { $0.bitPattern == $1.bitPattern }
                    #expect(
                        same,
                        "\(platform.name): k \(stiffness) ζ \(zeta) v \(velocity) at \(rate) Hz: mass 1 done at \(String(describing: a.doneFrame)) (\(a.values.count) frames), mass \(mass) at \(String(describing: b.doneFrame)) (\(b.values.count) frames)"
                    )
                    if !same { return }
                    checked += 1
                }
            }
        }
        #expect(checked >= 12 * SpringPlatform.withLoops.count)
    }
}
