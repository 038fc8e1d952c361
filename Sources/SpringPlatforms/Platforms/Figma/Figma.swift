extension SpringPlatform {
    /// Figma's prototype and Motion springs. SpringBench models only the
    /// parameters Figma's API names (`FigmaSpringParameters`): the solver
    /// and the rule that sets a spring transition's duration are not public,
    /// so there is no frame loop.
    public static let figma = SpringPlatform(
        name: "Figma",
        source:
            "figma/plugin-typings v1.133.0 (83bfe81d) EasingFunctionSpring {mass, stiffness, damping, initialVelocity}; figma/rest-api-spec v0.37.0 (5fb71bdf) easingFunctionSpring; solver and duration rule not published"
    )
}
