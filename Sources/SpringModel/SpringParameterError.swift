/// Why a spring or one of its parameterizations could not be built.
///
/// Every case names the offending parameter and, where there is one, its valid
/// range, so a command-line tool can print the message as it is:
/// `duration must be a finite number > 0, got -1.0`.
public enum SpringParameterError: Error, Equatable, Sendable, CustomStringConvertible {
    /// `parameter` is outside `validRange` (a phrase such as `"a finite number > 0"`).
    case outOfRange(parameter: String, validRange: String, value: Double)

    /// A UIKit-style relative velocity was given (or asked for) while the
    /// animation covers no distance (`from == to`): the relative velocity is
    /// `absolute / (to - from)`, undefined there.
    case relativeVelocityWithoutDistance(relativeVelocity: Double, position: Double)

    /// A spring that this parameterization cannot express (no inverse there),
    /// with the reason.
    case notRepresentable(parameterization: String, reason: String)

    /// The parameter the error is about.
    public var parameter: String {
        switch self {
        case .outOfRange(let parameter, _, _): return parameter
        case .relativeVelocityWithoutDistance: return "relativeVelocity"
        case .notRepresentable(let parameterization, _): return parameterization
        }
    }

    public var description: String {
        switch self {
        case .outOfRange(let parameter, let validRange, let value):
            return "\(parameter) must be \(validRange), got \(value)"
        case .relativeVelocityWithoutDistance(let relativeVelocity, let position):
            return "relativeVelocity must be used with from != to (it is a fraction of to - from per second), "
                + "got \(relativeVelocity) with from = to = \(position); give an absolute initial velocity instead"
        case .notRepresentable(let parameterization, let reason):
            return "\(parameterization) cannot express this spring: \(reason)"
        }
    }
}

/// Range checks shared by every initializer; the messages are the public contract.
internal enum Check {
    static func positive(_ value: Double, _ parameter: String) throws(SpringParameterError) {
        guard value.isFinite, value > 0 else {
            throw .outOfRange(parameter: parameter, validRange: "a finite number > 0", value: value)
        }
    }

    static func nonNegative(_ value: Double, _ parameter: String) throws(SpringParameterError) {
        guard value.isFinite, value >= 0 else {
            throw .outOfRange(parameter: parameter, validRange: "a finite number >= 0", value: value)
        }
    }

    static func finite(_ value: Double, _ parameter: String) throws(SpringParameterError) {
        guard value.isFinite else {
            throw .outOfRange(parameter: parameter, validRange: "a finite number", value: value)
        }
    }

    static func within(
        _ value: Double, _ range: ClosedRange<Double>, _ parameter: String
    ) throws(SpringParameterError) {
        guard range.contains(value) else {
            throw .outOfRange(
                parameter: parameter, validRange: "in \(range.lowerBound)...\(range.upperBound)", value: value)
        }
    }
}
