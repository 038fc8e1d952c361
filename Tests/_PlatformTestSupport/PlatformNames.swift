import SpringPlatforms

/// The platforms `convert` ends, by the names their `SpringPlatform` gives runs.
public enum PlatformNames {
    public static let all = [
        SpringPlatform.swiftUI, .motion, .reactSpring, .rebound, .pop, .androidSpringForce, .jetpackCompose, .flutter,
        .reanimated, .reanimated3, .svelte,
        .animeV3, .animeV4, .animeV42,
    ].map(\.shortName)
}
