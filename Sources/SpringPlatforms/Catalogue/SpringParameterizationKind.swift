import SpringModel

/// The families of parameters a spring can be given in, each with its
/// parameters' names, units, valid ranges and defaults: a
/// ``SpringParameterizationFamily`` the catalogue builds from, named.
///
/// The catalogue describes; the parameterization types in SpringModel's
/// `Parameterizations/` convert. ``makeSpring(_:)`` builds through the
/// family's type (or the canonical `Spring` initializer), so its formulas
/// and range checks are the type's, and ``values(for:epsilon:)`` reads a
/// spring back through the type's inverse.
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
/// `config.default`, `SpringForce()`'s damping ratio, Motion's bounce 0.3) or
/// SpringBench's own (the response form's damping ratio 1, critically damped).
///
/// Each kind is declared with its family (its platform's folder, or
/// `Catalogue/Families/`); every
/// family is registered once, in ``registry``. Two kinds are equal when their
/// families are.
public struct SpringParameterizationKind: Sendable, Hashable, CustomStringConvertible {
    /// The family: its parameters, flags, conversion and `convert` row.
    public let family: any SpringParameterizationFamily.Type

    /// The kind of `family`.
    public init(_ family: any SpringParameterizationFamily.Type) {
        self.family = family
    }

    public static func == (lhs: SpringParameterizationKind, rhs: SpringParameterizationKind) -> Bool {
        ObjectIdentifier(lhs.family) == ObjectIdentifier(rhs.family)
    }

    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(family)) }

    /// Every family, in the order `springbench convert` shows them (the ones
    /// the catalogue builds from in the order `springbench spring` lists them):
    /// the registry. Adding a family adds one line here.
    public static let registry: [any SpringParameterizationFamily.Type] = [
        SwiftUIFamily.self, PhysicalFamily.self, ResponseFamily.self, SettlingFamily.self, SwiftUISettlingFamily.self,
        UIKitFamily.self, CoreAnimationFamily.self, AndroidFamily.self, MotionPhysicsFamily.self,
        MotionDurationFamily.self,
        MotionPhysicalDurationFamily.self, ReactSpringFamily.self, ReactSpringFrequencyFamily.self, OrigamiFamily.self,
        PopFamily.self,
        ReanimatedFamily.self, ReanimatedDurationFamily.self, Reanimated3Family.self, Reanimated3DurationFamily.self,
        SvelteFamily.self,
        AnimeV3Family.self, AnimeV4Family.self, AnimeV42Family.self, AnimeV42DurationFamily.self,
        FigmaNormalizedFamily.self, FigmaSpringFamily.self,
    ]

    /// Every kind the catalogue builds from (the registered families with
    /// parameters), in a stable order (the order `springbench spring` lists them).
    public static let all: [SpringParameterizationKind] = registry.filter { !$0.parameters.isEmpty }.map(Self.init)

    /// The parameterization type that builds and inverts this kind, or `nil`
    /// for ``physical``, which is `Spring` itself.
    public var parameterizationType: (any SpringParameterization.Type)? { family.parameterizationType }

    /// A short name for listings: the type's
    /// `SpringParameterization.parameterizationName` where one type is the
    /// whole family (`"SwiftUI duration/bounce"`).
    public var name: String { family.name }

    public var description: String { name }

    /// The platform whose API the family is, or `nil` for the forms several
    /// platforms share (``physical``, ``response``) and SpringBench's
    /// ``settling``.
    public var platform: SpringPlatform? { family.platform }

    /// The parameters, in the order the parameterization type lists them
    /// (its `SpringParameterization.namedValues`).
    public var parameters: [SpringParameter] { family.parameters }

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
        do throws(SpringParameterError) {
            return try family.makeSpring { name in resolved[name] ?? .nan }
        } catch {
            throw .invalidValue(error)
        }
    }

    /// The values of every parameter that describe `spring` in this kind,
    /// through the parameterization type's inverse; `makeSpring` of the result
    /// moves as `spring` does (up to rounding; mass-1 kinds give the mass-1
    /// spring with the same `k/m` and `c/m`).
    ///
    /// `epsilon`: the settling threshold for ``settling`` (ignored by
    ///   the other kinds).
    /// - Throws: `SpringParameterError.notRepresentable(parameterization:reason:)`
    ///   where the type has no inverse for `spring` (Motion outside bounce
    ///   0…0.95, Pop outside 0…20, an undamped spring's settling duration), or
    ///   the settling form's range errors for a bad `epsilon`.
    public func values(
        for spring: Spring, epsilon: Double = 0.001
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        try family.values(for: spring, epsilon: epsilon)
    }
}
