import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// Rebound's default `SpringConfig`: Origami tension 40, friction 7, that
    /// is stiffness 230.2, damping 22 (Rebound SpringConfig.java).
    public static let rebound = SpringPreset(
        "rebound", .rebound,
        "Rebound default SpringConfig: Origami tension 40, friction 7 (stiffness 230.2, damping 22)",
        .origami,
        [
            .origamiTension: OrigamiParameters.defaults.origamiTension,
            .origamiFriction: OrigamiParameters.defaults.origamiFriction,
        ],
        spring: OrigamiParameters.defaults.spring)
}
