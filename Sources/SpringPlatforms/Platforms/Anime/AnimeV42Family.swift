import SpringModel

extension SpringParameterizationKind {
    /// anime.js v4.2+'s `spring({ mass, stiffness, damping, velocity })`
    /// (`AnimeV42Parameters`).
    public static let animeV42 = SpringParameterizationKind(AnimeV42Family.self)
}

/// anime.js v4.2+'s physics `spring({ mass, stiffness, damping, velocity })` (`AnimeV42Parameters`).
public enum AnimeV42Family: AnimePhysicsFamily {
    public typealias Release = AnimeSpringV42
    public static var platform: SpringPlatform? { .animeV42 }
}
