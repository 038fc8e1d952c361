import SpringModel

extension SpringParameterizationKind {
    /// anime.js v4.0–4.1's `createSpring({ mass, stiffness, damping, velocity })`
    /// (`AnimeV4Parameters`).
    public static let animeV4 = SpringParameterizationKind(AnimeV4Family.self)
}

/// anime.js v4.0–4.1's `createSpring({ mass, stiffness, damping, velocity })` (`AnimeV4Parameters`).
public enum AnimeV4Family: AnimePhysicsFamily {
    public typealias Release = AnimeSpringV4
    public static var platform: SpringPlatform? { .animeV4 }
}
