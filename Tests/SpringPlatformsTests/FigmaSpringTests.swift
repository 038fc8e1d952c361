import SpringModel
import SpringPlatforms
import Testing

/// Figma's spring parameters: what its API names, and the preset values a
/// third party reports.
@Suite("Figma's spring parameters")
struct FigmaSpringTests {
    @Test(
        "Figma: a platform without a loop; its presets are labelled third-party and unconfirmed; its form is the identity"
    )
    func figma() throws {
        #expect(SpringPlatform.figma.loop == nil && SpringPlatform.matchTarget("figma") == nil)
        let presets = SpringPreset.all.filter { $0.platform == .figma }
        #expect(presets.map(\.name) == SpringPreset.figmaUnconfirmed.map(\.name))
        #expect(presets.count == 4)
        for preset in presets {
            #expect(preset.name.hasSuffix("-unconfirmed"))
            #expect(
                preset.summary.contains("NOT published by Figma") && preset.summary.contains("third party"))
        }
        // sodality-tech/figma_spring_curve 1944aeeb lib/src/figma_spring_curve.dart: super(stiffness, damping, mass).
        let reported: [(String, Double, Double)] = [
            ("gentle", 100, 15), ("quick", 300, 20), ("bouncy", 600, 15), ("slow", 80, 20),
        ]
        for (name, stiffness, damping) in reported {
            let spring = try #require(SpringPreset.named("figma-\(name)-unconfirmed")).spring
            #expect(spring == (try Spring(mass: 1, stiffness: stiffness, damping: damping)))
        }
        let row = try FigmaSpringFamily.converted(Spring.bouncy, epsilon: 0.001)?.get()
        #expect(row?.map(\.name) == ["mass", "stiffness", "damping", "initialVelocity"])
        #expect(row?.map(\.value) == [1, Spring.bouncy.stiffness, Spring.bouncy.damping, 0])
        #expect(FigmaSpringFamily.platform == .figma && FigmaSpringFamily.parameters.isEmpty)
        let error = #expect(throws: SpringParameterError.self) {
            _ = try FigmaSpringParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .nan)
        }
        #expect(error?.parameter == "initialVelocity")
        #expect(throws: SpringParameterError.self) {
            _ = try FigmaSpringParameters(mass: 0, stiffness: 100, damping: 10)
        }
    }

    /// Figma Motion's `{ bounce, duration }`, read with SwiftUI's mapping (an assumption Figma does
    /// not confirm): k = (2π/d)², c = 4π(1 − b)/d at mass 1 ("Animate with springs", WWDC 2023).
    @Test("Figma Motion {bounce, duration}: SwiftUI's mapping, bounce 0...1, no over-damped inverse")
    func figmaNormalized() throws {
        for (duration, bounce) in [(0.4, 0.3), (1.2, 0.0), (0.25, 1.0), (3.0, 0.75)] {
            let spring = try FigmaNormalizedParameters(duration: duration, bounce: bounce).spring
            let k = (2 * .pi / duration) * (2 * .pi / duration), c = 4 * .pi * (1 - bounce) / duration
            #expect(spring.mass == 1)
            #expect(abs(spring.stiffness - k) <= 4 * k.ulp)
            #expect(abs(spring.damping - c) <= 4 * Swift.max(c.ulp, Double.leastNormalMagnitude))
            let back = try FigmaNormalizedParameters(spring)
            #expect(abs(back.duration - duration) <= 1e-14 * duration)
            #expect(abs(back.bounce - bounce) <= 1e-14)
        }
        for bounce in [-0.01, 1.01, .nan] {
            let error = #expect(throws: SpringParameterError.self) {
                _ = try FigmaNormalizedParameters(duration: 0.4, bounce: bounce)
            }
            #expect(error?.parameter == "bounce")
        }
        #expect(throws: SpringParameterError.self) { _ = try FigmaNormalizedParameters(duration: 0, bounce: 0.2) }
        let overDamped = try Spring(mass: 1, stiffness: 100, damping: 40)
        #expect(throws: SpringParameterError.self) { _ = try FigmaNormalizedParameters(overDamped) }
        #expect(FigmaNormalizedFamily.platform == .figma)
        #expect(FigmaNormalizedFamily.flags.map(\.flag) == ["--figma-duration", "--figma-bounce"])
        #expect(FigmaNormalizedParameters.parameterizationName.contains("unconfirmed"))
    }
}
