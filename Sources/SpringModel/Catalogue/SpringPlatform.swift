/// An animation framework or library whose springs SpringBench models, with
/// the document its published values come from.
///
/// Every ``SpringPreset`` belongs to one platform; the values themselves live
/// in the platform's parameterization type (`Parameterizations/`), and each is
/// checked against the published number by `PublishedValueTests` and
/// `SpringCatalogueTests`.
public enum SpringPlatform: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// Apple's SwiftUI `Spring` (iOS 17, macOS 14).
    case swiftUI = "SwiftUI"
    /// Apple's Core Animation `CASpringAnimation`.
    case coreAnimation = "Core Animation"
    /// Android's `SpringForce` (androidx.dynamicanimation).
    case androidSpringForce = "Android SpringForce"
    /// Jetpack Compose's `spring()` (androidx.compose.animation.core).
    case jetpackCompose = "Jetpack Compose"
    /// Motion (formerly framer-motion), JavaScript.
    case motion = "Motion"
    /// Facebook's Rebound (Java), whose configuration uses Origami's scale.
    case rebound = "Rebound"
    /// Facebook's Pop (Objective-C).
    case pop = "Pop"
    /// react-spring, JavaScript.
    case reactSpring = "react-spring"

    /// The platform's display name (`"Core Animation"`).
    public var name: String { rawValue }

    public var description: String { rawValue }

    /// Where the platform publishes the values SpringBench uses.
    public var source: String {
        switch self {
        case .swiftUI:
            return "Apple's SwiftUI Spring documentation (smooth, snappy, bouncy; init(duration:bounce:)) "
                + "and WWDC23 'Animate with springs'"
        case .coreAnimation:
            return "Apple's CASpringAnimation documentation (mass 1, stiffness 100, damping 10)"
        case .androidSpringForce:
            return "AOSP androidx.dynamicanimation SpringForce.java (STIFFNESS_*, DAMPING_RATIO_*)"
        case .jetpackCompose:
            return "androidx.compose.animation.core Spring.kt and spring() (StiffnessMedium, DampingRatioNoBouncy)"
        case .motion:
            return "Motion's spring documentation (motion.dev): physics defaults stiffness 100, damping 10, mass 1"
        case .rebound:
            return "Rebound's SpringConfig.java and OrigamiValueConverter.java (default Origami tension 40, friction 7)"
        case .pop:
            return "Pop's POPSpringAnimation.h (springBounciness 4, springSpeed 12) and POPAnimationExtras.mm"
        case .reactSpring:
            return "react-spring's config.ts (config.default, gentle, wobbly, stiff, slow, molasses)"
        }
    }
}
