import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// `CASpringAnimation()`'s defaults: mass 1, stiffness 100, damping 10
    /// (Apple's CASpringAnimation documentation).
    public static let coreAnimation = SpringPreset(
        "core-animation", .coreAnimation, "CASpringAnimation() defaults: mass 1, stiffness 100, damping 10",
        .physical,
        [
            .mass: CoreAnimationParameters.defaults.mass, .stiffness: CoreAnimationParameters.defaults.stiffness,
            .damping: CoreAnimationParameters.defaults.damping,
        ],
        spring: CoreAnimationParameters.defaults.spring)
}
