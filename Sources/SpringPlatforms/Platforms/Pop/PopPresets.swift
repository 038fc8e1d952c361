import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// `POPSpringAnimation`'s defaults: springBounciness 4, springSpeed 12
    /// (Pop's POPSpringAnimation.h), through Pop's bouncy conversion.
    public static let pop = SpringPreset(
        "pop", .pop, "Pop POPSpringAnimation defaults: springBounciness 4, springSpeed 12",
        .pop, [.bounciness: PopParameters.defaults.bounciness, .speed: PopParameters.defaults.speed],
        spring: PopParameters.defaults.spring)
}
