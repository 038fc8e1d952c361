import SpringModel
import SpringPlatforms
import Testing

/// Material 3's motion-scheme springs against the token values read from
/// their source.
@Suite("Material 3 motion-scheme tokens")
struct MaterialMotionSchemeTests {
    /// androidx/androidx, commit 160825094a81825468a95b115bfb1b541e549856,
    /// `compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/tokens/`
    /// `StandardMotionTokens.kt` and `ExpressiveMotionTokens.kt` ("VERSION: v0_14_0"),
    /// copied as Kotlin writes them (binary32 literals): (damping ratio, stiffness).
    static let standardTokens: [String: (Float, Float)] = [
        "fast-spatial": (0.9, 1400.0), "default-spatial": (0.9, 700.0), "slow-spatial": (0.9, 300.0),
        "fast-effects": (1.0, 3800.0), "default-effects": (1.0, 1600.0), "slow-effects": (1.0, 800.0),
    ]
    static let expressiveTokens: [String: (Float, Float)] = [
        "fast-spatial": (0.6, 800.0), "default-spatial": (0.8, 380.0), "slow-spatial": (0.8, 200.0),
        "fast-effects": (1.0, 3800.0), "default-effects": (1.0, 1600.0), "slow-effects": (1.0, 800.0),
    ]

    @Test("Every M3 preset is its token's spring(dampingRatio, stiffness) on Compose, as the token file writes it")
    func materialTokens() throws {
        #expect(SpringPreset.materialMotionScheme.count == 12)
        for (scheme, tokens) in [("standard", Self.standardTokens), ("expressive", Self.expressiveTokens)] {
            for (name, (ratio, stiffness)) in tokens {
                let preset = try #require(SpringPreset.named("m3-\(scheme)-\(name)"))
                #expect(preset.platform == .jetpackCompose && preset.parameterization == .android)
                #expect(Float(try #require(preset.values[.dampingRatio])) == ratio, "\(preset.name)")
                #expect(Float(try #require(preset.values[.stiffness])) == stiffness, "\(preset.name)")
                #expect(
                    preset.spring
                        == (try AndroidSpringForce(
                            stiffness: Double(stiffness), dampingRatio: Double(preset.values[.dampingRatio]!)
                        ).spring))
                // Compose's loop runs it (its default visibility threshold) and ends.
                let run = ComposeLoop(preset.spring).run(from: 0, to: 100, refreshRate: 60)
                #expect(run.doneFrame != nil, "\(preset.name)")
            }
        }
        // Expressive's fast spatial spring is the bouncy one: ζ 0.6.
        #expect(
            SpringPreset.m3ExpressiveFastSpatial.spring.dampingRatio
                < SpringPreset.m3StandardFastSpatial.spring.dampingRatio)
    }
}
