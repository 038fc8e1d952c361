import SpringModel

/// A named spring that a platform publishes: SwiftUI's `.bouncy`, Android's
/// `SpringForce()` default, react-spring's `config.wobbly`, ….
///
/// Each preset carries the name `springbench spring --preset` accepts, its
/// platform, a one-line description, the values in the platform's own terms
/// (``parameterization`` and ``values``) and the canonical ``spring``. The
/// spring is the platform constant of the parameterization type
/// (`SwiftUIParameters.bouncy`, `AndroidSpringForce.springForceDefault`,
/// …), and equals `parameterization.makeSpring(values)` exactly.
///
/// ```swift
/// let preset = SpringPreset.named("react-wobbly")!
/// preset.platform            // .reactSpring
/// preset.values              // [.tension: 180, .friction: 12, .mass: 1]
/// preset.spring.dampingRatio // 0.447…
/// ```
public struct SpringPreset: Sendable, Hashable, Identifiable, CustomStringConvertible {
    /// The preset's name, unique in ``all`` (`"react-wobbly"`).
    public let name: String
    /// The platform that publishes it.
    public let platform: SpringPlatform
    /// What it is, in one line, with the platform's own values.
    public let summary: String
    /// The family the platform states the values in.
    public let parameterization: SpringParameterizationKind
    /// The platform's published values, by ``parameterization``'s parameter
    /// names (every parameter, defaults included).
    public let values: [SpringParameter.Name: Double]
    /// The canonical spring.
    public let spring: Spring
    /// The `restSpeed` Motion ends this spring with when the preset sets one
    /// (its default transitions: 10), else `nil` for Motion's own default.
    public let motionRestSpeed: Double?

    public var id: String { name }

    public var description: String { name }

    init(
        _ name: String, _ platform: SpringPlatform, _ summary: String,
        _ parameterization: SpringParameterizationKind, _ values: [SpringParameter.Name: Double], spring: Spring,
        motionRestSpeed: Double? = nil
    ) {
        self.name = name
        self.platform = platform
        self.summary = summary
        self.parameterization = parameterization
        self.values = values
        self.spring = spring
        self.motionRestSpeed = motionRestSpeed
    }

    /// `x` as written in the platforms' documents: `170`, not `170.0`.
    /// The spring of a published constant. The constants are valid springs
    /// (`SpringCatalogueTests` rebuilds every preset through its family), so a
    /// failure here is a typo in this file, caught when the catalogue loads.
    static func constant(_ make: () throws(SpringParameterError) -> Spring) -> Spring {
        do {
            return try make()
        } catch {
            preconditionFailure("a catalogue constant is not a valid spring: \(error)")
        }
    }

    static func number(_ x: Double) -> String {
        Int(exactly: x).map(String.init) ?? "\(x)"
    }

    // MARK: Catalogue

    /// Every preset, in a stable order: SwiftUI's, then the other platforms'
    /// defaults, then react-spring's in `config.ts` order, then Reanimated's
    /// and Svelte's. `springbench` lists them in this order.
    /// defaults, then react-spring's in `config.ts` order, Material 3's motion
    /// schemes, anime.js's defaults and Figma's unconfirmed presets.
    /// `springbench` lists them in this order.
    public static let all: [SpringPreset] = [
        smooth, snappy, bouncy, swiftUIAnimationSpring, swiftUIInteractiveSpring,
        coreAnimation, android, compose, motion, motionTransform, motionScale, rebound, pop,
        reactDefault, reactGentle, reactWobbly, reactStiff, reactSlow, reactMolasses,
        reanimatedGentle, reanimatedWiggly, reanimatedSnappy, reanimatedReanimated3Default, reanimated3Default,
        svelteDefault,
        m3StandardFastSpatial, m3StandardDefaultSpatial, m3StandardSlowSpatial, m3StandardFastEffects,
        m3StandardDefaultEffects, m3StandardSlowEffects,
        m3ExpressiveFastSpatial, m3ExpressiveDefaultSpatial, m3ExpressiveSlowSpatial, m3ExpressiveFastEffects,
        m3ExpressiveDefaultEffects, m3ExpressiveSlowEffects,
        animeV3, animeV4, animeV42, animeV42BounceDuration,
        figmaGentleUnconfirmed, figmaQuickUnconfirmed, figmaBouncyUnconfirmed, figmaSlowUnconfirmed,
    ]

    /// The preset called `name` (exact, case-sensitive), or `nil`.
    public static func named(_ name: String) -> SpringPreset? {
        all.first { $0.name == name }
    }
}
