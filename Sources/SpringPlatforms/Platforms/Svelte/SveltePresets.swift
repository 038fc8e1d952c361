import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// Svelte's `Spring` default: stiffness 0.15, damping 0.8 per 60 Hz tick,
    /// precision 0.01; the spring with its 60 Hz roots 0.8 and 0.25 (ζ ≈ 1.45).
    public static let svelteDefault = SpringPreset(
        "svelte-default", .svelte,
        "Svelte Spring default: stiffness 0.15, damping 0.8, precision 0.01 (per 60 Hz tick; over-damped)",
        .svelte, [.stiffness: 0.15, .damping: 0.8, .precision: 0.01],
        spring: constant { () throws(SpringParameterError) in try SvelteSpringParameters().spring })
}
