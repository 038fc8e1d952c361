import SpringModel

/// A named spring that a platform publishes: SwiftUI's `.bouncy`, Android's
/// `SpringForce()` default, react-spring's `config.wobbly`, ….
///
/// Each preset carries the name `springbench spring --preset` accepts, its
/// platform, a one-line description, the values in the platform's own terms
/// (``parameterization`` and ``values``) and the canonical ``spring``. The
/// spring is the platform constant of the parameterization type
/// (``SwiftUIParameters/bouncy``, ``AndroidSpringForce/springForceDefault``,
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

    // MARK: SwiftUI (Apple's Spring documentation)

    /// SwiftUI's `.smooth`: duration 0.5 s, bounce 0. Also the spring the
    /// command line uses when none is given.
    public static let smooth = swiftUI("smooth", SwiftUIParameters.smooth, "no bounce")
    /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = swiftUI("snappy", SwiftUIParameters.snappy, "a small bounce")
    /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = swiftUI("bouncy", SwiftUIParameters.bouncy, "a visible bounce")

    private static func swiftUI(_ name: String, _ form: SwiftUIParameters, _ feel: String) -> SpringPreset {
        SpringPreset(
            name, .swiftUI,
            "SwiftUI .\(name): duration \(number(form.duration)) s, bounce \(number(form.bounce)) (\(feel))",
            .swiftUI, [.duration: form.duration, .bounce: form.bounce], spring: form.spring)
    }

    /// SwiftUI's `Animation.spring()`: response 0.5, dampingFraction 0.825
    /// (OpenSwiftUI FluidSpringAnimation.swift; Apple's documentation).
    public static let swiftUIAnimationSpring = SpringPreset(
        "swiftui-animation-spring", .swiftUI, "SwiftUI Animation.spring(): response 0.5 s, dampingFraction 0.825",
        .response, [.response: 0.5, .dampingRatio: 0.825, .mass: 1],
        spring: constant { () throws(SpringParameterError) in
            try ResponseParameters(response: 0.5, dampingRatio: 0.825).spring
        })
    /// SwiftUI's `Animation.interactiveSpring()`: response 0.15,
    /// dampingFraction 0.86 (blendDuration 0.25, which does not change the spring).
    public static let swiftUIInteractiveSpring = SpringPreset(
        "swiftui-interactive-spring", .swiftUI,
        "SwiftUI Animation.interactiveSpring(): response 0.15 s, dampingFraction 0.86, blendDuration 0.25",
        .response, [.response: 0.15, .dampingRatio: 0.86, .mass: 1],
        spring: constant { () throws(SpringParameterError) in
            try ResponseParameters(response: 0.15, dampingRatio: 0.86).spring
        })

    // MARK: Other platforms' defaults

    /// `CASpringAnimation()`'s defaults: mass 1, stiffness 100, damping 10
    /// (Apple's CASpringAnimation documentation).
    public static let coreAnimation = SpringPreset(
        "core-animation", .coreAnimation, "CASpringAnimation() defaults: mass 1, stiffness 100, damping 10",
        .physical,
        [
            .mass: CoreAnimationParameters.defaults.mass, .stiffness: CoreAnimationParameters.defaults.stiffness,
            .damping: CoreAnimationParameters.defaults.damping,
        ],
        spring: CoreAnimationParameters.defaults.spring)

    /// `SpringForce()`'s defaults: `STIFFNESS_MEDIUM` 1500,
    /// `DAMPING_RATIO_MEDIUM_BOUNCY` 0.5 (AOSP SpringForce.java).
    public static let android = SpringPreset(
        "android", .androidSpringForce,
        "Android SpringForce() defaults: STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5",
        .android,
        [
            .stiffness: AndroidSpringForce.springForceDefault.stiffness,
            .dampingRatio: AndroidSpringForce.springForceDefault.dampingRatio,
        ],
        spring: AndroidSpringForce.springForceDefault.spring)

    /// Compose `spring()`'s defaults: `StiffnessMedium` 1500,
    /// `DampingRatioNoBouncy` 1 (androidx.compose.animation.core Spring.kt).
    public static let compose = SpringPreset(
        "compose", .jetpackCompose, "Jetpack Compose spring() defaults: StiffnessMedium 1500, DampingRatioNoBouncy 1",
        .android,
        [
            .stiffness: AndroidSpringForce.composeDefault.stiffness,
            .dampingRatio: AndroidSpringForce.composeDefault.dampingRatio,
        ],
        spring: AndroidSpringForce.composeDefault.spring)

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

    /// Rebound's default `SpringConfig`: Origami tension 40, friction 7, that
    /// is stiffness 230.2, damping 22 (Rebound SpringConfig.java).
    public static let rebound = SpringPreset(
        "rebound", .rebound,
        "Rebound default SpringConfig: Origami tension 40, friction 7 (stiffness 230.2, damping 22)",
        .origami,
        [
            .origamiTension: OrigamiParameters.defaults.origamiTension,
            .origamiFriction: OrigamiParameters.defaults.origamiFriction,
        ],
        spring: OrigamiParameters.defaults.spring)

    /// `POPSpringAnimation`'s defaults: springBounciness 4, springSpeed 12
    /// (Pop's POPSpringAnimation.h), through Pop's bouncy conversion.
    public static let pop = SpringPreset(
        "pop", .pop, "Pop POPSpringAnimation defaults: springBounciness 4, springSpeed 12",
        .pop, [.bounciness: PopParameters.defaults.bounciness, .speed: PopParameters.defaults.speed],
        spring: PopParameters.defaults.spring)

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

    // MARK: react-spring (config.ts)

    /// react-spring `config.default`: tension 170, friction 26.
    public static let reactDefault = reactSpring("default", .default)
    /// react-spring `config.gentle`: tension 120, friction 14.
    public static let reactGentle = reactSpring("gentle", .gentle)
    /// react-spring `config.wobbly`: tension 180, friction 12.
    public static let reactWobbly = reactSpring("wobbly", .wobbly)
    /// react-spring `config.stiff`: tension 210, friction 20.
    public static let reactStiff = reactSpring("stiff", .stiff)
    /// react-spring `config.slow`: tension 280, friction 60.
    public static let reactSlow = reactSpring("slow", .slow)
    /// react-spring `config.molasses`: tension 280, friction 120.
    public static let reactMolasses = reactSpring("molasses", .molasses)

    private static func reactSpring(_ name: String, _ form: ReactSpringParameters) -> SpringPreset {
        SpringPreset(
            "react-\(name)", .reactSpring,
            "react-spring config.\(name): tension \(number(form.tension)), friction \(number(form.friction))",
            .reactSpring, [.tension: form.tension, .friction: form.friction, .mass: form.mass], spring: form.spring)
    }

    // MARK: React Native Reanimated (springConfigs.ts) and Svelte (spring.js)

    /// Reanimated 4's `GentleSpringConfig` (`withSpring`'s default): mass 4, stiffness 900, damping 120.
    public static let reanimatedGentle = reanimated("gentle", "GentleSpringConfig", .gentle)
    /// Reanimated 4's `WigglySpringConfig`: mass 4, stiffness 900, damping 90.
    public static let reanimatedWiggly = reanimated("wiggly", "WigglySpringConfig", .wiggly)
    /// Reanimated 4's `SnappySpringConfig`: mass 4, stiffness 900, damping 110 (with
    /// `overshootClamping: true`, which the spring does not carry: ``ReanimatedLoop/overshootClamping``).
    public static let reanimatedSnappy = reanimated("snappy", "SnappySpringConfig", .snappy)
    /// Reanimated 4's `Reanimated3DefaultSpringConfig`: mass 1, stiffness 100, damping 10.
    public static let reanimatedReanimated3Default = reanimated(
        "reanimated3-default", "Reanimated3DefaultSpringConfig", .reanimated3Default)

    private static func reanimated(_ name: String, _ export: String, _ form: ReanimatedParameters) -> SpringPreset {
        SpringPreset(
            "reanimated-\(name)", .reanimated,
            "Reanimated 4 \(export): mass \(number(form.mass)), stiffness \(number(form.stiffness)), damping \(number(form.damping))"
                + (name == "snappy" ? ", overshootClamping" : ""),
            .reanimated, [.mass: form.mass, .stiffness: form.stiffness, .damping: form.damping], spring: form.spring)
    }

    /// Reanimated 3's `withSpring` default: mass 1, stiffness 100, damping 10.
    public static let reanimated3Default = SpringPreset(
        "reanimated3-default", .reanimated3, "Reanimated 3 withSpring default: mass 1, stiffness 100, damping 10",
        .reanimated3,
        [
            .mass: Reanimated3Parameters.defaults.mass, .stiffness: Reanimated3Parameters.defaults.stiffness,
            .damping: Reanimated3Parameters.defaults.damping,
        ],
        spring: Reanimated3Parameters.defaults.spring)

    /// Svelte's `Spring` default: stiffness 0.15, damping 0.8 per 60 Hz tick,
    /// precision 0.01; the spring with its 60 Hz roots 0.8 and 0.25 (ζ ≈ 1.45).
    public static let svelteDefault = SpringPreset(
        "svelte-default", .svelte,
        "Svelte Spring default: stiffness 0.15, damping 0.8, precision 0.01 (per 60 Hz tick; over-damped)",
        .svelte, [.stiffness: 0.15, .damping: 0.8, .precision: 0.01],
        spring: constant { () throws(SpringParameterError) in try SvelteSpringParameters().spring })
    // MARK: Material 3 motion schemes (Compose)

    // The Material 3 motion-scheme springs Compose's `MotionScheme.standard()`
    // and `MotionScheme.expressive()` build as `spring(dampingRatio, stiffness)`
    // (androidx/androidx `compose/material3/material3/src/commonMain/kotlin/androidx/compose/material3/tokens/StandardMotionTokens.kt`
    // and `ExpressiveMotionTokens.kt`, generated "VERSION: v0_14_0", commit
    // 160825094a81825468a95b115bfb1b541e549856; consumed by `MotionScheme.kt`,
    // commit 080d2b3e5326ba80392d93442c4a51a02dc22650), in scheme, then
    // fast/default/slow, spatial then effects order. Kotlin's `0.9f` is the
    // binary32 nearest 0.9; the presets hold the decimals and Compose's loop
    // rounds to binary32 as Compose does. The visibility threshold is left at
    // Compose's default (0.01).

    /// `MotionScheme.standard()`'s `fastSpatialSpec()`: ζ 0.9, stiffness 1400.
    public static let m3StandardFastSpatial = material(
        "standard", "fast-spatial", "FastSpatial", dampingRatio: 0.9, stiffness: 1400)
    /// `MotionScheme.standard()`'s `defaultSpatialSpec()`: ζ 0.9, stiffness 700.
    public static let m3StandardDefaultSpatial = material(
        "standard", "default-spatial", "DefaultSpatial", dampingRatio: 0.9, stiffness: 700)
    /// `MotionScheme.standard()`'s `slowSpatialSpec()`: ζ 0.9, stiffness 300.
    public static let m3StandardSlowSpatial = material(
        "standard", "slow-spatial", "SlowSpatial", dampingRatio: 0.9, stiffness: 300)
    /// `MotionScheme.standard()`'s `fastEffectsSpec()`: ζ 1, stiffness 3800.
    public static let m3StandardFastEffects = material(
        "standard", "fast-effects", "FastEffects", dampingRatio: 1, stiffness: 3800)
    /// `MotionScheme.standard()`'s `defaultEffectsSpec()`: ζ 1, stiffness 1600.
    public static let m3StandardDefaultEffects = material(
        "standard", "default-effects", "DefaultEffects", dampingRatio: 1, stiffness: 1600)
    /// `MotionScheme.standard()`'s `slowEffectsSpec()`: ζ 1, stiffness 800.
    public static let m3StandardSlowEffects = material(
        "standard", "slow-effects", "SlowEffects", dampingRatio: 1, stiffness: 800)
    /// `MotionScheme.expressive()`'s `fastSpatialSpec()`: ζ 0.6, stiffness 800.
    public static let m3ExpressiveFastSpatial = material(
        "expressive", "fast-spatial", "FastSpatial", dampingRatio: 0.6, stiffness: 800)
    /// `MotionScheme.expressive()`'s `defaultSpatialSpec()`: ζ 0.8, stiffness 380.
    public static let m3ExpressiveDefaultSpatial = material(
        "expressive", "default-spatial", "DefaultSpatial", dampingRatio: 0.8, stiffness: 380)
    /// `MotionScheme.expressive()`'s `slowSpatialSpec()`: ζ 0.8, stiffness 200.
    public static let m3ExpressiveSlowSpatial = material(
        "expressive", "slow-spatial", "SlowSpatial", dampingRatio: 0.8, stiffness: 200)
    /// `MotionScheme.expressive()`'s `fastEffectsSpec()`: ζ 1, stiffness 3800.
    public static let m3ExpressiveFastEffects = material(
        "expressive", "fast-effects", "FastEffects", dampingRatio: 1, stiffness: 3800)
    /// `MotionScheme.expressive()`'s `defaultEffectsSpec()`: ζ 1, stiffness 1600.
    public static let m3ExpressiveDefaultEffects = material(
        "expressive", "default-effects", "DefaultEffects", dampingRatio: 1, stiffness: 1600)
    /// `MotionScheme.expressive()`'s `slowEffectsSpec()`: ζ 1, stiffness 800.
    public static let m3ExpressiveSlowEffects = material(
        "expressive", "slow-effects", "SlowEffects", dampingRatio: 1, stiffness: 800)

    /// The twelve, standard then expressive.
    public static let materialMotionScheme: [SpringPreset] = [
        m3StandardFastSpatial, m3StandardDefaultSpatial, m3StandardSlowSpatial, m3StandardFastEffects,
        m3StandardDefaultEffects, m3StandardSlowEffects,
        m3ExpressiveFastSpatial, m3ExpressiveDefaultSpatial, m3ExpressiveSlowSpatial, m3ExpressiveFastEffects,
        m3ExpressiveDefaultEffects, m3ExpressiveSlowEffects,
    ]

    private static func material(
        _ scheme: String, _ name: String, _ token: String, dampingRatio: Double, stiffness: Double
    ) -> SpringPreset {
        let tokens = scheme == "standard" ? "StandardMotionTokens" : "ExpressiveMotionTokens"
        return SpringPreset(
            "m3-\(scheme)-\(name)", .jetpackCompose,
            "Material 3 MotionScheme.\(scheme)() \(token.prefix(1).lowercased() + token.dropFirst())Spec(): spring(dampingRatio = \(number(dampingRatio)), stiffness = \(number(stiffness))) (\(tokens).Spring\(token)Damping/Stiffness)",
            .android, [.stiffness: stiffness, .dampingRatio: dampingRatio],
            spring: constant { () throws(SpringParameterError) in
                try AndroidSpringForce(stiffness: stiffness, dampingRatio: dampingRatio).spring
            })
    }

    // MARK: anime.js

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

    // MARK: Figma (unconfirmed)

    /// Figma's GENTLE, QUICK, BOUNCY and SLOW springs as one third party
    /// reports them: **not published by Figma** (its API sends the preset as
    /// a bare `type`) and unconfirmed. Source: sodality-tech/figma_spring_curve
    /// `lib/src/figma_spring_curve.dart`, commit
    /// 1944aeeb7bc1e49f71fdf9233b9297bb061e5902: (stiffness, damping, mass)
    /// 100/15/1, 300/20/1, 600/15/1, 80/20/1. (That library evaluates them
    /// with the WebKit closed form, initial velocity 0.5, over-damping as
    /// critical; whether Figma does is not public either.)
    public static let figmaGentleUnconfirmed = figma("gentle", "GENTLE", stiffness: 100, damping: 15)
    public static let figmaQuickUnconfirmed = figma("quick", "QUICK", stiffness: 300, damping: 20)
    public static let figmaBouncyUnconfirmed = figma("bouncy", "BOUNCY", stiffness: 600, damping: 15)
    public static let figmaSlowUnconfirmed = figma("slow", "SLOW", stiffness: 80, damping: 20)

    /// The four, unconfirmed.
    public static let figmaUnconfirmed: [SpringPreset] = [
        figmaGentleUnconfirmed, figmaQuickUnconfirmed, figmaBouncyUnconfirmed, figmaSlowUnconfirmed,
    ]

    private static func figma(_ name: String, _ type: String, stiffness: Double, damping: Double) -> SpringPreset {
        SpringPreset(
            "figma-\(name)-unconfirmed", .figma,
            "Figma \(type) as a third party reports it (sodality-tech/figma_spring_curve), NOT published by Figma: stiffness \(number(stiffness)), damping \(number(damping)), mass 1",
            .physical, [.mass: 1, .stiffness: stiffness, .damping: damping],
            spring: constant { () throws(SpringParameterError) in
                try Spring(mass: 1, stiffness: stiffness, damping: damping)
            })
    }

    /// `x` as written in the platforms' documents: `170`, not `170.0`.
    /// The spring of a published constant. The constants are valid springs
    /// (`SpringCatalogueTests` rebuilds every preset through its family), so a
    /// failure here is a typo in this file, caught when the catalogue loads.
    private static func constant(_ make: () throws(SpringParameterError) -> Spring) -> Spring {
        do {
            return try make()
        } catch {
            preconditionFailure("a catalogue constant is not a valid spring: \(error)")
        }
    }

    private static func number(_ x: Double) -> String {
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
