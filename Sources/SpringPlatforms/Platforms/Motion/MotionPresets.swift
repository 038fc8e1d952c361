import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// Motion's physics spring defaults: stiffness 100, damping 10, mass 1
    /// (Motion's spring documentation). The same spring as ``coreAnimation``.
    public static let motion = SpringPreset(
        "motion", .motion, "Motion type: \"spring\" physics defaults: stiffness 100, damping 10, mass 1",
        .physical,
        [
            .mass: MotionParameters.defaults.mass, .stiffness: MotionParameters.defaults.stiffness,
            .damping: MotionParameters.defaults.damping,
        ],
        spring: MotionParameters.defaults.spring)

    /// Motion's default transition for x, y and the other non-scale
    /// transforms: stiffness 500, damping 25 (restSpeed 10), from
    /// `default-transitions.ts` (motiondivision/motion 1b037b00).
    public static let motionTransform = SpringPreset(
        "motion-transform", .motion,
        "Motion default transition for x/y/rotate: stiffness 500, damping 25, restSpeed 10",
        .physical, [.mass: 1, .stiffness: 500, .damping: 25],
        spring: constant { () throws(SpringParameterError) in try Spring(mass: 1, stiffness: 500, damping: 25) },
        motionRestSpeed: 10)
    /// Motion's default transition for scale toward a non-zero target:
    /// stiffness 550, damping 30 (restSpeed 10); toward 0 it is critically
    /// damped (damping 2√550).
    public static let motionScale = SpringPreset(
        "motion-scale", .motion,
        "Motion default transition for scale: stiffness 550, damping 30, restSpeed 10 (2√550 toward 0)",
        .physical, [.mass: 1, .stiffness: 550, .damping: 30],
        spring: constant { () throws(SpringParameterError) in try Spring(mass: 1, stiffness: 550, damping: 30) },
        motionRestSpeed: 10)
}
