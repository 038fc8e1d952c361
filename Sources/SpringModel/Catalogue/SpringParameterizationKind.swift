/// The families of parameters a spring can be given in, each with its
/// parameters' names, units, valid ranges and defaults.
///
/// The catalogue describes; the parameterization types in `Parameterizations/`
/// convert. ``makeSpring(_:)`` builds through the family's type (or the
/// canonical ``Spring`` initializer), so its formulas and range checks are the
/// type's, and ``values(for:epsilon:)`` reads a spring back through the type's
/// inverse.
///
/// ```swift
/// let kind = SpringParameterizationKind.swiftUI
/// kind.parameters.map(\.name)              // [.duration, .bounce]
/// let spring = try kind.makeSpring([.duration: 0.5, .bounce: 0.3])
/// spring == Spring.bouncy                  // true
/// ```
///
/// Defaults come from the type's initializer where it has one; where it has
/// none the parameter's doc (and ``SpringParameter/summary``) says whose
/// default it is: the platform's documented default (react-spring's
/// `config.default`, `SpringForce()`'s damping ratio) or SpringBench's own
/// (the response form's and Motion's, bounce-free like SwiftUI's).
public enum SpringParameterizationKind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SwiftUI's `Spring(duration:bounce:)`: duration (default 0.5 s) and
    /// bounce (default 0), the defaults of SwiftUI and of ``SwiftUIParameters``.
    case swiftUI
    /// The canonical `Spring(mass:stiffness:damping:)` (SwiftUI,
    /// `CASpringAnimation`, Motion's physics spring): stiffness and damping
    /// required, mass default 1. Over-damping is kept, not clamped.
    case physical
    /// A response and a damping ratio (``ResponseParameters``), mass default 1.
    /// The damping ratio defaults to 1 (critically damped): SpringBench's
    /// default, since the type and SwiftUI's `Spring(response:dampingRatio:)` have none.
    case response
    /// SpringBench's exact settling form: a settling duration and a damping
    /// ratio (> 0), both required, and the settling threshold epsilon
    /// (default 0.001), ``SettlingParameters``.
    case settling
    /// SwiftUI's `Spring(settlingDuration:dampingRatio:epsilon:)`, computed as
    /// SwiftUI does (``SwiftUISettlingParameters``): both required, epsilon
    /// default 0.001. SwiftUI clamps ζ to at most 1 and the duration to 0.01…10 s.
    case swiftUISettling
    /// Android's `SpringForce` stiffness (required) and damping ratio, whose
    /// default 0.5 is `SpringForce()`'s `DAMPING_RATIO_MEDIUM_BOUNCY`
    /// (``AndroidSpringForce/springForceDefault``).
    case android
    /// Motion's `visualDuration` (required) and `bounce`
    /// (``MotionDurationParameters``). The bounce defaults to 0 here,
    /// SpringBench's bounce-free choice; Motion's own default differs (0.3 in
    /// framer-motion 12's `springDefaults`). Motion clamps the bounce to 0…0.95.
    case motionDuration
    /// Motion's duration-based spring, `{ duration, bounce }`
    /// (``MotionPhysicalDurationParameters``): defaults 0.8 s and 0.3,
    /// Motion's; ω₀ from Motion's own Newton iteration.
    case motionPhysicalDuration
    /// react-spring's tension and friction, defaults 170 and 26
    /// (`config.default`, ``ReactSpringParameters/default``), mass default 1.
    case reactSpring
    /// react-spring's `frequency` (required, seconds: the response) and
    /// `damping` (the damping ratio, default 1), mass default 1, through
    /// ``ReactSpringParameters/init(frequency:damping:mass:)``.
    case reactSpringFrequency
    /// Rebound's / Origami's tension and friction, defaults 40 and 7
    /// (``OrigamiParameters/defaults``).
    case origami
    /// Pop's `springBounciness` and `springSpeed`, each in 0…20, defaults 4
    /// and 12 (``PopParameters/defaults``).
    case pop

    /// Every kind, in a stable order (the order `springbench spring` lists them).
    public static var all: [SpringParameterizationKind] { allCases }

    /// The parameterization type that builds and inverts this kind, or `nil`
    /// for ``physical``, which is ``Spring`` itself.
    public var parameterizationType: (any SpringParameterization.Type)? {
        switch self {
        case .swiftUI: return SwiftUIParameters.self
        case .physical: return nil
        case .response: return ResponseParameters.self
        case .settling: return SettlingParameters.self
        case .swiftUISettling: return SwiftUISettlingParameters.self
        case .android: return AndroidSpringForce.self
        case .motionDuration: return MotionDurationParameters.self
        case .motionPhysicalDuration: return MotionPhysicalDurationParameters.self
        case .reactSpring, .reactSpringFrequency: return ReactSpringParameters.self
        case .origami: return OrigamiParameters.self
        case .pop: return PopParameters.self
        }
    }

    /// A short name for listings: the type's
    /// ``SpringParameterization/parameterizationName`` where one type is the
    /// whole family (`"SwiftUI duration/bounce"`).
    public var name: String {
        switch self {
        case .physical: return "mass/stiffness/damping"
        case .reactSpringFrequency: return "react-spring frequency/damping"
        default: return parameterizationType!.parameterizationName
        }
    }

    public var description: String { name }

    /// The platform whose API the family is, or `nil` for the forms several
    /// platforms share (``physical``, ``response``) and SpringBench's
    /// ``settling``.
    public var platform: SpringPlatform? {
        switch self {
        case .swiftUI, .swiftUISettling: return .swiftUI
        case .physical, .response, .settling: return nil
        case .android: return .androidSpringForce
        case .motionDuration, .motionPhysicalDuration: return .motion
        case .reactSpring, .reactSpringFrequency: return .reactSpring
        case .origami: return .rebound
        case .pop: return .pop
        }
    }

    /// The parameters, in the order the parameterization type lists them
    /// (its ``SpringParameterization/namedValues``).
    public var parameters: [SpringParameter] {
        switch self {
        case .swiftUI:
            return [
                SpringParameter(.duration, .seconds, .positive, default: 0.5, "perceptual duration 2π/ω₀"),
                SpringParameter(
                    .bounce, .dimensionless,
                    SpringParameter.ValidRange(
                        lowerBound: -1, includesLowerBound: false, upperBound: .infinity, includesUpperBound: false,
                        description: "a finite number greater than -1 (above 1 SwiftUI makes the spring undamped)"),
                    default: 0, "0 critically damped, 1 undamped, negative over-damped"),
            ]
        case .physical:
            return [
                SpringParameter(.mass, .mass, .positive, default: 1, "mass m"),
                SpringParameter(.stiffness, .stiffness, .positive, default: nil, "stiffness k"),
                SpringParameter(.damping, .damping, .nonNegative, default: nil, "damping c, over-damping kept"),
            ]
        case .response:
            return [
                SpringParameter(.response, .seconds, .positive, default: nil, "undamped period 2π/ω₀"),
                SpringParameter(
                    .dampingRatio, .dimensionless, .nonNegative, default: 1,
                    "damping ratio ζ (SpringBench's default 1: critically damped)"),
                SpringParameter(.mass, .mass, .positive, default: 1, "mass m"),
            ]
        case .settling:
            return [
                SpringParameter(
                    .settlingDuration, .seconds, .positive, default: nil,
                    "time after which the motion from rest stays within epsilon"),
                SpringParameter(.dampingRatio, .dimensionless, .positive, default: nil, "damping ratio ζ"),
                SpringParameter(
                    .epsilon, .dimensionless,
                    SpringParameter.ValidRange(
                        lowerBound: 0, includesLowerBound: false, upperBound: 1, includesUpperBound: false,
                        description: "greater than 0 and less than 1"),
                    default: 0.001, "settling threshold relative to the initial displacement"),
            ]
        case .swiftUISettling:
            return [
                SpringParameter(
                    .settlingDuration, .seconds, .positive, default: nil,
                    "SwiftUI's settling duration (an envelope estimate; clamped to 0.01...10)"),
                SpringParameter(
                    .dampingRatio, .dimensionless, .nonNegative, default: nil,
                    "damping ratio ζ (SwiftUI clamps it to at most 1)"),
                SpringParameter(
                    .epsilon, .dimensionless,
                    SpringParameter.ValidRange(
                        lowerBound: 0, includesLowerBound: false, upperBound: 1, includesUpperBound: false,
                        description: "greater than 0 and less than 1"),
                    default: 0.001, "SwiftUI's epsilon"),
            ]
        case .android:
            return [
                SpringParameter(
                    .stiffness, .perSecondSquared, .positive, default: nil,
                    "SpringForce stiffness ω₀² (HIGH 10000, MEDIUM 1500, LOW 200, VERY_LOW 50)"),
                SpringParameter(
                    .dampingRatio, .dimensionless, .nonNegative,
                    default: AndroidSpringForce.springForceDefault.dampingRatio,
                    "damping ratio ζ (SpringForce() default MEDIUM_BOUNCY 0.5)"),
            ]
        case .motionDuration:
            return [
                SpringParameter(.visualDuration, .seconds, .positive, default: nil, "perceptual duration, 1.2× SwiftUI's"),
                SpringParameter(
                    .bounce, .dimensionless, .finite, default: 0.3,
                    "bounce, clamped to 0...0.95 like Motion (Motion's default 0.3)"),
            ]
        case .motionPhysicalDuration:
            return [
                SpringParameter(.duration, .seconds, .positive, default: 0.8, "duration, clamped to 0.01...10 like Motion"),
                SpringParameter(
                    .bounce, .dimensionless, .finite, default: 0.3,
                    "bounce, clamped to 0...0.95 like Motion (Motion's default 0.3)"),
            ]
        case .reactSpring:
            return [
                SpringParameter(
                    .tension, .stiffness, .positive, default: ReactSpringParameters.default.tension,
                    "stiffness (config.default 170)"),
                SpringParameter(
                    .friction, .damping, .nonNegative, default: ReactSpringParameters.default.friction,
                    "damping (config.default 26)"),
                SpringParameter(.mass, .mass, .positive, default: 1, "mass"),
            ]
        case .reactSpringFrequency:
            return [
                SpringParameter(
                    .frequency, .seconds, .finite, default: nil,
                    "period: the response 2π/ω₀ (react-spring raises it to at least 0.01)"),
                SpringParameter(
                    .damping, .dimensionless, .finite, default: 1,
                    "damping ratio ζ (react-spring sets a negative one to 0)"),
                SpringParameter(.mass, .mass, .positive, default: 1, "mass"),
            ]
        case .origami:
            return [
                SpringParameter(
                    .origamiTension, .dimensionless,
                    SpringParameter.ValidRange(
                        lowerBound: OrigamiParameters.minimumTension, includesLowerBound: false,
                        upperBound: .infinity, includesUpperBound: false,
                        description: "finite and greater than \(OrigamiParameters.minimumTension)"),
                    default: OrigamiParameters.defaults.origamiTension, "Origami tension (stiffness 3.62·(t − 30) + 194)"),
                SpringParameter(
                    .origamiFriction, .dimensionless,
                    SpringParameter.ValidRange(
                        lowerBound: OrigamiParameters.minimumFriction, includesLowerBound: true,
                        upperBound: .infinity, includesUpperBound: false,
                        description: "finite and at least \(OrigamiParameters.minimumFriction)"),
                    default: OrigamiParameters.defaults.origamiFriction, "Origami friction (damping 3·(f − 8) + 25)"),
            ]
        case .pop:
            return [
                SpringParameter(
                    .bounciness, .dimensionless, .closed(0...20), default: PopParameters.defaults.bounciness,
                    "springBounciness"),
                SpringParameter(
                    .speed, .dimensionless, .closed(0...20), default: PopParameters.defaults.speed, "springSpeed"),
            ]
        }
    }

    /// The parameter called `name`, or `nil` if this kind has none.
    public func parameter(_ name: SpringParameter.Name) -> SpringParameter? {
        parameters.first { $0.name == name }
    }

    /// The spring these values describe, built by the kind's parameterization
    /// type; parameters not in `values` take their defaults.
    ///
    /// - Throws: ``SpringCatalogueError/unexpectedParameter(_:kind:)`` for a
    ///   name the kind does not have, ``SpringCatalogueError/missingParameter(_:kind:)``
    ///   for a required parameter not given (first in ``parameters`` order),
    ///   else ``SpringCatalogueError/invalidValue(_:)`` with the type's error,
    ///   which names the parameter and its valid range.
    public func makeSpring(_ values: [SpringParameter.Name: Double]) throws(SpringCatalogueError) -> Spring {
        let parameters = self.parameters
        let names = Set(parameters.map(\.name))
        if let unexpected = values.keys.filter({ !names.contains($0) }).min(by: { $0.rawValue < $1.rawValue }) {
            throw .unexpectedParameter(unexpected, kind: self)
        }
        var resolved: [SpringParameter.Name: Double] = [:]
        for parameter in parameters {
            guard let value = values[parameter.name] ?? parameter.defaultValue else {
                throw .missingParameter(parameter.name, kind: self)
            }
            resolved[parameter.name] = value
        }
        func value(_ name: SpringParameter.Name) -> Double { resolved[name]! }
        do throws(SpringParameterError) {
            switch self {
            case .swiftUI:
                return try SwiftUIParameters(duration: value(.duration), bounce: value(.bounce)).spring
            case .physical:
                return try Spring(mass: value(.mass), stiffness: value(.stiffness), damping: value(.damping))
            case .response:
                return try ResponseParameters(
                    response: value(.response), dampingRatio: value(.dampingRatio), mass: value(.mass)
                ).spring
            case .settling:
                return try SettlingParameters(
                    settlingDuration: value(.settlingDuration), dampingRatio: value(.dampingRatio),
                    epsilon: value(.epsilon)
                ).spring
            case .swiftUISettling:
                return try SwiftUISettlingParameters(
                    settlingDuration: value(.settlingDuration), dampingRatio: value(.dampingRatio),
                    epsilon: value(.epsilon)
                ).spring
            case .android:
                return try AndroidSpringForce(stiffness: value(.stiffness), dampingRatio: value(.dampingRatio)).spring
            case .motionDuration:
                return try MotionDurationParameters(visualDuration: value(.visualDuration), bounce: value(.bounce)).spring
            case .motionPhysicalDuration:
                return try MotionPhysicalDurationParameters(duration: value(.duration), bounce: value(.bounce)).spring
            case .reactSpring:
                return try ReactSpringParameters(
                    tension: value(.tension), friction: value(.friction), mass: value(.mass)
                ).spring
            case .reactSpringFrequency:
                return try ReactSpringParameters(
                    frequency: value(.frequency), damping: value(.damping), mass: value(.mass)
                ).spring
            case .origami:
                return try OrigamiParameters(
                    origamiTension: value(.origamiTension), origamiFriction: value(.origamiFriction)
                ).spring
            case .pop:
                return try PopParameters(bounciness: value(.bounciness), speed: value(.speed)).spring
            }
        } catch {
            throw .invalidValue(error)
        }
    }

    /// The values of every parameter that describe `spring` in this kind,
    /// through the parameterization type's inverse; `makeSpring` of the result
    /// moves as `spring` does (up to rounding; mass-1 kinds give the mass-1
    /// spring with the same `k/m` and `c/m`).
    ///
    /// - Parameter epsilon: the settling threshold for ``settling`` (ignored by
    ///   the other kinds).
    /// - Throws: ``SpringParameterError/notRepresentable(parameterization:reason:)``
    ///   where the type has no inverse for `spring` (Motion outside bounce
    ///   0…0.95, Pop outside 0…20, an undamped spring's settling duration), or
    ///   the settling form's range errors for a bad `epsilon`.
    public func values(
        for spring: Spring, epsilon: Double = 0.001
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        switch self {
        case .swiftUI:
            let form = SwiftUIParameters(spring)
            return [.duration: form.duration, .bounce: form.bounce]
        case .physical:
            return [.mass: spring.mass, .stiffness: spring.stiffness, .damping: spring.damping]
        case .response:
            let form = ResponseParameters(spring)
            return [.response: form.response, .dampingRatio: form.dampingRatio, .mass: form.mass]
        case .settling:
            let form = try SettlingParameters(spring, epsilon: epsilon)
            return [.settlingDuration: form.settlingDuration, .dampingRatio: form.dampingRatio, .epsilon: form.epsilon]
        case .swiftUISettling:
            let form = try SwiftUISettlingParameters(spring, epsilon: epsilon)
            return [.settlingDuration: form.settlingDuration, .dampingRatio: form.dampingRatio, .epsilon: form.epsilon]
        case .android:
            let form = AndroidSpringForce(spring)
            return [.stiffness: form.stiffness, .dampingRatio: form.dampingRatio]
        case .motionDuration:
            let form = try MotionDurationParameters(spring)
            return [.visualDuration: form.visualDuration, .bounce: form.bounce]
        case .motionPhysicalDuration:
            let form = try MotionPhysicalDurationParameters(spring)
            return [.duration: form.duration, .bounce: form.bounce]
        case .reactSpring:
            let form = ReactSpringParameters(spring)
            return [.tension: form.tension, .friction: form.friction, .mass: form.mass]
        case .reactSpringFrequency:
            let form = ReactSpringParameters(spring)
            return [.frequency: form.frequency, .damping: form.dampingRatio, .mass: form.mass]
        case .origami:
            let form = OrigamiParameters(spring)
            return [.origamiTension: form.origamiTension, .origamiFriction: form.origamiFriction]
        case .pop:
            let form = try PopParameters(spring)
            return [.bounciness: form.bounciness, .speed: form.speed]
        }
    }
}
