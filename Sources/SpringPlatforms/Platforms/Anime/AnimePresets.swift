import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// anime.js v3's `spring()` defaults: mass 1, stiffness 100, damping 10,
    /// velocity 0 (shown as 0.1); its duration is 1666.67 ms.
    public static let animeV3 = SpringPreset(
        "anime3", .animeV3, "anime.js v3 easing: 'spring(1, 100, 10, 0)' defaults (velocity clamped to 0.1)",
        .animeV3, [.mass: 1, .stiffness: 100, .damping: 10], spring: AnimeV3Parameters.defaults.spring)
    /// anime.js v4.0's `createSpring()` defaults: mass 1, stiffness 100,
    /// damping 10, velocity 0; its duration is 1740 ms.
    public static let animeV4 = SpringPreset(
        "anime4.0", .animeV4, "anime.js v4.0 createSpring() defaults: mass 1, stiffness 100, damping 10, velocity 0",
        .animeV4, [.mass: 1, .stiffness: 100, .damping: 10], spring: AnimeV4Parameters.defaults.spring)
    /// anime.js v4.2+'s `spring()` with no parameters: the physics defaults
    /// mass 1, stiffness 100, damping 10 (no bounce or duration is given, so
    /// none is mapped); settling duration 1760 ms.
    public static let animeV42 = SpringPreset(
        "anime4.2", .animeV42, "anime.js v4.2+ spring() defaults: mass 1, stiffness 100, damping 10, velocity 0",
        .animeV42, [.mass: 1, .stiffness: 100, .damping: 10], spring: AnimeV42Parameters.defaults.spring)
    /// anime.js v4.2+'s `spring({ bounce: 0.5, duration: 628 })` (its
    /// defaults written out): stiffness 100.101, damping 10.005 after its
    /// 3-decimal rounding; settling duration 1760 ms.
    public static let animeV42BounceDuration = SpringPreset(
        "anime4.2-bounce-duration", .animeV42,
        "anime.js v4.2+ spring({ bounce: 0.5, duration: 628 }): stiffness 100.101, damping 10.005 (rounded by anime)",
        .animeV42Duration, [.bounce: 0.5, .duration: 628], spring: AnimeV42DurationParameters.defaults.spring)
}
