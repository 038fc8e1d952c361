import SpringModel

/// One family of parameters a spring can be given in: its name, platform,
/// parameters (names, units, valid ranges, defaults), command-line flags, how
/// it builds a spring and reads one back, and the row `springbench convert`
/// shows for it.
///
/// Each family is a caseless enum in its own file (in its platform's folder
/// under `Platforms/`, or under `Catalogue/Families/` when no platform owns it)
/// and is registered once, in ``SpringParameterizationKind/registry``; the
/// catalogue (``SpringParameterizationKind``), `springbench spring`'s flags and
/// `springbench convert`'s rows and units all read it from there. A family
/// with no ``parameters`` is one `convert` shows but the catalogue does not
/// build from (UIKit's damping ratio/response, Core Animation's and Motion's
/// physical forms).
///
/// To add a family: a file with `enum MyFamily: SpringParameterizationFamily`
/// (the conversion itself belongs in SpringModel's `Parameterizations/`, as a
/// `SpringParameterization`), optionally
/// `extension SpringParameterizationKind { public static let my = Self(MyFamily.self) }`,
/// and one line in ``SpringParameterizationKind/registry``. A new flag also
/// needs its `@Option` in the command line's `SpringOptions`.
public protocol SpringParameterizationFamily: Sendable {
    /// A short name for listings and `convert`'s row (`"SwiftUI duration/bounce"`);
    /// by default the type's `SpringParameterization.parameterizationName`.
    static var name: String { get }

    /// The platform whose API the family is, or `nil` for the forms several
    /// platforms share and SpringBench's own.
    static var platform: SpringPlatform? { get }

    /// The parameterization type that builds and inverts the family, or `nil`
    /// where `Spring` itself does.
    static var parameterizationType: (any SpringParameterization.Type)? { get }

    /// The parameters, in the order the parameterization type lists them (its
    /// `SpringParameterization.namedValues`); empty for a family the
    /// catalogue does not build from.
    static var parameters: [SpringParameter] { get }

    /// The command-line flag of each parameter that has one, in the order
    /// `springbench spring` reads them. A parameter without a flag takes its
    /// default.
    static var flags: [(flag: String, parameter: SpringParameter.Name)] { get }

    /// The spring whose every parameter has `value(name)` (defaults resolved),
    /// built by the parameterization type with its range checks.
    static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring

    /// The values of every parameter that describe `spring`, through the
    /// type's inverse; `epsilon` is the settling threshold where the family has one.
    static func values(for spring: Spring, epsilon: Double) throws(SpringParameterError) -> [SpringParameter.Name:
        Double]

    /// `springbench convert`'s row for `spring`: the family's values in
    /// display order, or why it has none; `nil` for a family without a row
    /// of its own (mass/stiffness/damping is `convert`'s canonical row).
    static func converted(_ spring: Spring, epsilon: Double) -> Result<
        [(name: String, value: Double)], SpringParameterError
    >?

    /// The unit `convert` prints after each of its values, by value name
    /// (`"duration": "s"`); a value without one prints bare.
    static var units: [String: String] { get }
}

extension SpringParameterizationFamily {
    public static var name: String { parameterizationType?.parameterizationName ?? "\(Self.self)" }

    public static var platform: SpringPlatform? { nil }

    public static var parameters: [SpringParameter] { [] }

    public static var flags: [(flag: String, parameter: SpringParameter.Name)] { [] }

    /// A family the catalogue does not build from refuses every value.
    public static func makeSpring(_ value: (SpringParameter.Name) -> Double) throws(SpringParameterError) -> Spring {
        throw .notRepresentable(parameterization: name, reason: "the catalogue does not build springs from this family")
    }

    /// A family the catalogue does not build from has no catalogue values.
    public static func values(
        for spring: Spring, epsilon: Double
    ) throws(SpringParameterError) -> [SpringParameter.Name: Double] {
        [:]
    }

    public static var units: [String: String] { [:] }

    /// `convert`'s row from a parameterization value: its `namedValues`, or the error `make` throws.
    public static func row<P: SpringParameterization>(
        _ make: () throws(SpringParameterError) -> P
    ) -> Result<[(name: String, value: Double)], SpringParameterError> {
        do {
            return .success(try make().namedValues)
        } catch {
            return .failure(error)
        }
    }
}
