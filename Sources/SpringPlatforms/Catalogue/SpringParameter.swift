import SpringModel

/// One parameter of a ``SpringParameterizationKind``: its name, unit, valid
/// range and the value used when it is not given.
///
/// This describes; it does not check. The parameterization type the kind
/// builds with (``SpringParameterizationKind/parameterizationType``) does the
/// checking, and its `SpringParameterError` names the parameter by the same
/// ``name`` and states the same ``validRange`` phrase (`SpringCatalogueTests`
/// holds the two together). A value inside the range can still be refused
/// when the spring it gives is not a usable `Double` spring (a duration of
/// 1e-200 s overflows the stiffness); the error then names the parameter with
/// a different phrase.
public struct SpringParameter: Sendable, Hashable, CustomStringConvertible {
    /// Every parameter name any kind uses, spelled as the parameterization
    /// types' properties and as `SpringParameterError.parameter` reports it.
    ///
    /// A name means what its kind says: `damping` is the physical damping `c`
    /// in ``SpringParameterizationKind/physical`` and react-spring's damping
    /// *ratio* in ``SpringParameterizationKind/reactSpringFrequency``.
    public enum Name: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case duration, bounce
        case mass, stiffness, damping
        case response, dampingRatio
        case travel, precision
        case settlingDuration, epsilon
        case visualDuration
        case tension, friction
        case frequency
        case origamiTension, origamiFriction
        case bounciness, speed

        public var description: String { rawValue }
    }

    /// The unit of a parameter's value. Lengths cancel (the model is linear in
    /// the displacement), so stiffness is mass per second squared.
    public enum Unit: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// Seconds.
        case seconds = "s"
        /// Milliseconds (anime.js's durations).
        case milliseconds = "ms"
        /// A pure number: ratios, bounces, and the platforms' own scales
        /// (Origami's tension, Pop's bounciness).
        case dimensionless = "1"
        /// The model's mass unit (any; the motion depends on k/m and c/m).
        case mass = "mass"
        /// Force per unit displacement: mass / s².
        case stiffness = "mass/s²"
        /// Force per unit velocity: mass / s.
        case damping = "mass/s"
        /// 1 / s²: a stiffness per unit mass, `ω₀²` (Android's stiffness).
        case perSecondSquared = "1/s²"

        /// The unit's symbol (`"s"`, `"mass/s²"`; `"1"` for a pure number).
        public var symbol: String { rawValue }

        public var description: String { rawValue }
    }

    /// The finite values a parameter accepts: an interval with open or closed
    /// ends, and the phrase the parameterization's error uses for it
    /// (`"a finite number > 0"`). Non-finite values are never inside.
    public struct ValidRange: Sendable, Hashable, CustomStringConvertible {
        /// The lower end, `-infinity` when there is none.
        public let lowerBound: Double
        public let includesLowerBound: Bool
        /// The upper end, `+infinity` when there is none.
        public let upperBound: Double
        public let includesUpperBound: Bool
        /// The range as the parameterization's `SpringParameterError` states it.
        public let description: String

        init(
            lowerBound: Double, includesLowerBound: Bool, upperBound: Double, includesUpperBound: Bool,
            description: String
        ) {
            self.lowerBound = lowerBound
            self.includesLowerBound = includesLowerBound
            self.upperBound = upperBound
            self.includesUpperBound = includesUpperBound
            self.description = description
        }

        /// Whether `value` is finite and inside the interval.
        public func contains(_ value: Double) -> Bool {
            guard value.isFinite else { return false }
            let aboveLower = includesLowerBound ? value >= lowerBound : value > lowerBound
            let belowUpper = includesUpperBound ? value <= upperBound : value < upperBound
            return aboveLower && belowUpper
        }

        /// `x > 0`, finite.
        public static let positive = ValidRange(
            lowerBound: 0, includesLowerBound: false, upperBound: .infinity, includesUpperBound: false,
            description: "a finite number > 0")
        /// `x ≥ 0`, finite.
        public static let nonNegative = ValidRange(
            lowerBound: 0, includesLowerBound: true, upperBound: .infinity, includesUpperBound: false,
            description: "a finite number >= 0")
        /// Any finite number.
        public static let finite = ValidRange(
            lowerBound: -.infinity, includesLowerBound: false, upperBound: .infinity, includesUpperBound: false,
            description: "a finite number")

        /// `bounds.lowerBound ≤ x ≤ bounds.upperBound`.
        public static func closed(_ bounds: ClosedRange<Double>) -> ValidRange {
            ValidRange(
                lowerBound: bounds.lowerBound, includesLowerBound: true, upperBound: bounds.upperBound,
                includesUpperBound: true, description: "in \(bounds.lowerBound)...\(bounds.upperBound)")
        }
    }

    /// The parameter's name within its kind.
    public let name: Name
    /// The unit of its value.
    public let unit: Unit
    /// The values the kind's parameterization type accepts.
    public let validRange: ValidRange
    /// The value used when none is given; `nil` when the parameter is required.
    /// The doc comment of each kind says where a default comes from (the
    /// type's initializer, the platform's documented default, or SpringBench).
    public let defaultValue: Double?
    /// What the parameter is, in one line.
    public let summary: String

    /// Whether a value must be given (there is no default).
    public var isRequired: Bool { defaultValue == nil }

    public var description: String { name.rawValue }

    init(_ name: Name, _ unit: Unit, _ validRange: ValidRange, default defaultValue: Double?, _ summary: String) {
        self.name = name
        self.unit = unit
        self.validRange = validRange
        self.defaultValue = defaultValue
        self.summary = summary
    }
}
