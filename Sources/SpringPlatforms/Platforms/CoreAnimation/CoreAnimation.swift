extension SpringPlatform {
    /// Apple's Core Animation `CASpringAnimation`. SpringBench models its
    /// parameters (`CoreAnimationParameters`), not a frame loop.
    public static let coreAnimation = SpringPlatform(
        name: "Core Animation",
        source: "Apple's CASpringAnimation documentation (mass 1, stiffness 100, damping 10)")
}
