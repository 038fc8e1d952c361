import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// Reanimated 4's `GentleSpringConfig` (`withSpring`'s default): mass 4, stiffness 900, damping 120.
    public static let reanimatedGentle = reanimated("gentle", "GentleSpringConfig", .gentle)
    /// Reanimated 4's `WigglySpringConfig`: mass 4, stiffness 900, damping 90.
    public static let reanimatedWiggly = reanimated("wiggly", "WigglySpringConfig", .wiggly)
    /// Reanimated 4's `SnappySpringConfig`: mass 4, stiffness 900, damping 110 (with
    /// `overshootClamping: true`, which the spring does not carry: ``ReanimatedLoop/overshootClamping``).
    public static let reanimatedSnappy = reanimated("snappy", "SnappySpringConfig", .snappy)
    /// Reanimated 4's `Reanimated3DefaultSpringConfig`: mass 1, stiffness 100, damping 10.
    public static let reanimatedReanimated3Default = reanimated(
        "reanimated3-default", "Reanimated3DefaultSpringConfig", .reanimated3Default)

    private static func reanimated(_ name: String, _ export: String, _ form: ReanimatedParameters) -> SpringPreset {
        SpringPreset(
            "reanimated-\(name)", .reanimated,
            "Reanimated 4 \(export): mass \(number(form.mass)), stiffness \(number(form.stiffness)), damping \(number(form.damping))"
                + (name == "snappy" ? ", overshootClamping" : ""),
            .reanimated, [.mass: form.mass, .stiffness: form.stiffness, .damping: form.damping], spring: form.spring)
    }

    /// Reanimated 3's `withSpring` default: mass 1, stiffness 100, damping 10.
    public static let reanimated3Default = SpringPreset(
        "reanimated3-default", .reanimated3, "Reanimated 3 withSpring default: mass 1, stiffness 100, damping 10",
        .reanimated3,
        [
            .mass: Reanimated3Parameters.defaults.mass, .stiffness: Reanimated3Parameters.defaults.stiffness,
            .damping: Reanimated3Parameters.defaults.damping,
        ],
        spring: Reanimated3Parameters.defaults.spring)
}
