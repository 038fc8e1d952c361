import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// `SpringForce()`'s defaults: `STIFFNESS_MEDIUM` 1500,
    /// `DAMPING_RATIO_MEDIUM_BOUNCY` 0.5 (AOSP SpringForce.java).
    public static let android = SpringPreset(
        "android", .androidSpringForce,
        "Android SpringForce() defaults: STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5",
        .android,
        [
            .stiffness: AndroidSpringForce.springForceDefault.stiffness,
            .dampingRatio: AndroidSpringForce.springForceDefault.dampingRatio,
        ],
        spring: AndroidSpringForce.springForceDefault.spring)
}
