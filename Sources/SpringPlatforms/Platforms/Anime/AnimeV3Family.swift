import SpringModel

extension SpringParameterizationKind {
    /// anime.js v3's `spring(mass, stiffness, damping, velocity)` easing
    /// parameters (`AnimeV3Parameters`), each clamped to 0.1…100.
    public static let animeV3 = SpringParameterizationKind(AnimeV3Family.self)
}

/// anime.js v3's `spring(mass, stiffness, damping, velocity)` (`AnimeV3Parameters`).
public enum AnimeV3Family: AnimePhysicsFamily {
    public typealias Release = AnimeSpringV3
    public static var platform: SpringPlatform? { .animeV3 }
}
