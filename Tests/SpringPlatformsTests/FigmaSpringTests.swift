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
}
