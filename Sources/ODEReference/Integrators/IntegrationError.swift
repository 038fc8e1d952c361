/// Why an integration could not run or finish. Each case names the parameter
/// or the condition and the value that caused it (Guides/BadInput.md).
public enum IntegrationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// A time, tolerance or step parameter is NaN, infinite or out of range.
    case invalidParameter(name: String, value: Double, validRange: String)
    /// The initial position or velocity is not finite.
    case nonFiniteInitialState
    /// The solution became NaN or infinite at `time`.
    case nonFiniteState(time: Double)
    /// The step size fell below what the time's precision can resolve.
    case stepSizeUnderflow(time: Double, stepSize: Double)
    /// More than `limit` steps were needed.
    case tooManySteps(limit: Int, reachedTime: Double)

    public var description: String {
        switch self {
        case let .invalidParameter(name, value, validRange):
            return "\(name) must be \(validRange), got \(value)"
        case .nonFiniteInitialState:
            return "the initial position and velocity must be finite"
        case let .nonFiniteState(time):
            return "the solution became NaN or infinite at t = \(time)"
        case let .stepSizeUnderflow(time, stepSize):
            return "step size \(stepSize) at t = \(time) is too small for the time's precision; loosen the tolerance"
        case let .tooManySteps(limit, reachedTime):
            return
                "more than \(limit) steps were needed (reached t = \(reachedTime)); raise maximumSteps or loosen the tolerance"
        }
    }
}
