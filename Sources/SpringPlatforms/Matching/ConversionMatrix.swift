import SpringModel

/// Common springs matched on every platform: for each source preset, each
/// `match` target's best parameters with their residuals, and the source's
/// CSS `linear()` (the platforms report's conversion matrix).
public struct ConversionMatrix: Sendable {
    /// One source: a preset shown through its own platform's loop.
    public struct Row: Sendable {
        public var preset: SpringPreset
        /// Per target, the match (or why there is none).
        public var matches: [(target: SpringPlatform, result: Result<SpringMatcher.Result, SpringMatcher.MatchError>)]
        /// The exact spring as `linear()` within ``ConversionMatrix/cssTolerance`` over ``ConversionMatrix/travel``.
        public var css: CSSExport.LinearResult
    }

    /// The presets compared, by name, in this order; names not in the catalogue are skipped.
    public static let presetNames = [
        "smooth", "snappy", "bouncy", "android", "compose", "motion", "reanimated-gentle", "reanimated3-default",
        "react-default", "svelte-default", "anime4.2",
    ]
    public static let refreshRates = [60.0, 120]
    public static let travel = 100.0
    public static let cssTolerance = 0.5

    public var rows: [Row]

    /// Every preset of ``presetNames`` to every target of ``SpringPlatform/matchTargets``.
    public init(
        presets: [SpringPreset] = presetNames.compactMap(SpringPreset.named),
        targets: [SpringPlatform] = SpringPlatform.matchTargets
    ) {
        rows = presets.map { preset in
            let source: ShownSpring =
                preset.platform.loop == nil
                ? .exact(preset.spring, epsilon: 0.001)
                : .platform(
                    preset.platform, preset.spring, PlatformLoopOptions(motionRestSpeed: preset.motionRestSpeed))
            let matches = targets.map { target in
                (
                    target,
                    Result<SpringMatcher.Result, SpringMatcher.MatchError> { () throws(SpringMatcher.MatchError) in
                        try SpringMatcher(
                            source: source, target: target, refreshRates: Self.refreshRates, from: 0, to: Self.travel,
                            initialVelocity: 0
                        ).match()
                    }
                )
            }
            let css = CSSExport.linear(
                .exact(preset.spring, velocity: 0, epsilon: Self.cssTolerance / Self.travel),
                epsilon: Self.cssTolerance / Self.travel)
            return Row(preset: preset, matches: matches, css: css)
        }
    }
}
