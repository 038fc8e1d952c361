import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// Compose `spring()`'s defaults: `StiffnessMedium` 1500,
    /// `DampingRatioNoBouncy` 1 (androidx.compose.animation.core Spring.kt).
    public static let compose = SpringPreset(
        "compose", .jetpackCompose, "Jetpack Compose spring() defaults: StiffnessMedium 1500, DampingRatioNoBouncy 1",
        .android,
        [
            .stiffness: AndroidSpringForce.composeDefault.stiffness,
            .dampingRatio: AndroidSpringForce.composeDefault.dampingRatio,
        ],
        spring: AndroidSpringForce.composeDefault.spring)

    // The Material 3 motion-scheme springs Compose's `MotionScheme.standard()`
    // and `MotionScheme.expressive()` build as `spring(dampingRatio, stiffness)`
    // (androidx/androidx `compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/tokens/StandardMotionTokens.kt`
    // and `ExpressiveMotionTokens.kt`, generated "VERSION: v0_14_0", commit
    // 160825094a81825468a95b115bfb1b541e549856; consumed by `MotionScheme.kt`,
    // commit 080d2b3e5326ba80392d93442c4a51a02dc22650), in scheme, then
    // fast/default/slow, spatial then effects order. Kotlin's `0.9f` is the
    // binary32 nearest 0.9; the presets hold the decimals and Compose's loop
    // rounds to binary32 as Compose does. The visibility threshold is left at
    // Compose's default (0.01).
    /// `MotionScheme.standard()`'s `fastSpatialSpec()`: ζ 0.9, stiffness 1400.
    public static let m3StandardFastSpatial = material(
        "standard", "fast-spatial", "FastSpatial", dampingRatio: 0.9, stiffness: 1400)
    /// `MotionScheme.standard()`'s `defaultSpatialSpec()`: ζ 0.9, stiffness 700.
    public static let m3StandardDefaultSpatial = material(
        "standard", "default-spatial", "DefaultSpatial", dampingRatio: 0.9, stiffness: 700)
    /// `MotionScheme.standard()`'s `slowSpatialSpec()`: ζ 0.9, stiffness 300.
    public static let m3StandardSlowSpatial = material(
        "standard", "slow-spatial", "SlowSpatial", dampingRatio: 0.9, stiffness: 300)
    /// `MotionScheme.standard()`'s `fastEffectsSpec()`: ζ 1, stiffness 3800.
    public static let m3StandardFastEffects = material(
        "standard", "fast-effects", "FastEffects", dampingRatio: 1, stiffness: 3800)
    /// `MotionScheme.standard()`'s `defaultEffectsSpec()`: ζ 1, stiffness 1600.
    public static let m3StandardDefaultEffects = material(
        "standard", "default-effects", "DefaultEffects", dampingRatio: 1, stiffness: 1600)
    /// `MotionScheme.standard()`'s `slowEffectsSpec()`: ζ 1, stiffness 800.
    public static let m3StandardSlowEffects = material(
        "standard", "slow-effects", "SlowEffects", dampingRatio: 1, stiffness: 800)
    /// `MotionScheme.expressive()`'s `fastSpatialSpec()`: ζ 0.6, stiffness 800.
    public static let m3ExpressiveFastSpatial = material(
        "expressive", "fast-spatial", "FastSpatial", dampingRatio: 0.6, stiffness: 800)
    /// `MotionScheme.expressive()`'s `defaultSpatialSpec()`: ζ 0.8, stiffness 380.
    public static let m3ExpressiveDefaultSpatial = material(
        "expressive", "default-spatial", "DefaultSpatial", dampingRatio: 0.8, stiffness: 380)
    /// `MotionScheme.expressive()`'s `slowSpatialSpec()`: ζ 0.8, stiffness 200.
    public static let m3ExpressiveSlowSpatial = material(
        "expressive", "slow-spatial", "SlowSpatial", dampingRatio: 0.8, stiffness: 200)
    /// `MotionScheme.expressive()`'s `fastEffectsSpec()`: ζ 1, stiffness 3800.
    public static let m3ExpressiveFastEffects = material(
        "expressive", "fast-effects", "FastEffects", dampingRatio: 1, stiffness: 3800)
    /// `MotionScheme.expressive()`'s `defaultEffectsSpec()`: ζ 1, stiffness 1600.
    public static let m3ExpressiveDefaultEffects = material(
        "expressive", "default-effects", "DefaultEffects", dampingRatio: 1, stiffness: 1600)
    /// `MotionScheme.expressive()`'s `slowEffectsSpec()`: ζ 1, stiffness 800.
    public static let m3ExpressiveSlowEffects = material(
        "expressive", "slow-effects", "SlowEffects", dampingRatio: 1, stiffness: 800)

    /// The twelve, standard then expressive.
    public static let materialMotionScheme: [SpringPreset] = [
        m3StandardFastSpatial, m3StandardDefaultSpatial, m3StandardSlowSpatial, m3StandardFastEffects,
        m3StandardDefaultEffects, m3StandardSlowEffects,
        m3ExpressiveFastSpatial, m3ExpressiveDefaultSpatial, m3ExpressiveSlowSpatial, m3ExpressiveFastEffects,
        m3ExpressiveDefaultEffects, m3ExpressiveSlowEffects,
    ]

    private static func material(
        _ scheme: String, _ name: String, _ token: String, dampingRatio: Double, stiffness: Double
    ) -> SpringPreset {
        let tokens = scheme == "standard" ? "StandardMotionTokens" : "ExpressiveMotionTokens"
        return SpringPreset(
            "m3-\(scheme)-\(name)", .jetpackCompose,
            "Material 3 MotionScheme.\(scheme)() \(token.prefix(1).lowercased() + token.dropFirst())Spec(): spring(dampingRatio = \(number(dampingRatio)), stiffness = \(number(stiffness))) (\(tokens).Spring\(token)Damping/Stiffness)",
            .android, [.stiffness: stiffness, .dampingRatio: dampingRatio],
            spring: constant { () throws(SpringParameterError) in
                try AndroidSpringForce(stiffness: stiffness, dampingRatio: dampingRatio).spring
            })
    }
}
