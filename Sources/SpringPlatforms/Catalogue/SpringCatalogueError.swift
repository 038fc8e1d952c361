import SpringModel

/// Why ``SpringParameterizationKind/makeSpring(_:)`` could not build a spring
/// from a set of named values.
///
/// The checks run in this order, so a caller sees the first problem only:
/// a name the kind does not have, then a required parameter without a value,
/// then the parameterization type's own range checks.
public enum SpringCatalogueError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A value was given for a name that is not one of the kind's parameters.
    case unexpectedParameter(SpringParameter.Name, kind: SpringParameterizationKind)

    /// A required parameter (one without a default) was not given.
    case missingParameter(SpringParameter.Name, kind: SpringParameterizationKind)

    /// The parameterization type refused a value; the error names the
    /// parameter and its valid range.
    case invalidValue(SpringParameterError)

    /// The parameter the error is about (for ``invalidValue(_:)``, the one
    /// `SpringParameterError.parameter` names).
    public var parameter: String {
        switch self {
        case .unexpectedParameter(let name, _), .missingParameter(let name, _): return name.rawValue
        case .invalidValue(let error): return error.parameter
        }
    }

    public var description: String {
        switch self {
        case .unexpectedParameter(let name, let kind):
            return "\(kind.name) has no parameter \(name); its parameters are "
                + kind.parameters.map(\.name.rawValue).joined(separator: ", ")
        case .missingParameter(let name, let kind):
            return "\(kind.name) needs \(name) (it has no default)"
        case .invalidValue(let error):
            return error.description
        }
    }
}
