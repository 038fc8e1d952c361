/// A rule a value read from a document must satisfy, and the valid range an
/// error message states when it does not.
///
/// Rules are types, not checks written after decoding: a field declared
/// `@Checked<Positive> var median: Double` cannot be decoded without its rule,
/// so a field added later cannot be read unvalidated (`DocumentTypeTests`
/// walks every document type and fails on a number stored without one).
/// This module sits below every other so that any document type can use it.
public protocol ValueRule: Sendable {
    associatedtype Value: Codable & Sendable & Hashable
    /// Whether `value` is possible.
    static func accepts(_ value: Value) -> Bool
    /// The valid range in words, e.g. "finite and > 0".
    static var validRange: String { get }
}

/// A finite number > 0: a time, a rate, a bandwidth.
public enum Positive: ValueRule {
    public static func accepts(_ value: Double) -> Bool { value.isFinite && value > 0 }
    public static let validRange = "finite and > 0"
}

/// A finite number ≥ 0: a spread, a deviation, a fraction of a ceiling.
public enum NonNegative: ValueRule {
    public static func accepts(_ value: Double) -> Bool { value.isFinite && value >= 0 }
    public static let validRange = "finite and ≥ 0"
}

/// A probability strictly between 0 and 1: an interval's coverage.
public enum OpenUnitInterval: ValueRule {
    public static func accepts(_ value: Double) -> Bool { value > 0 && value < 1 }
    public static let validRange = "between 0 and 1 (exclusive)"
}

/// A count ≥ 1: samples, iterations, threads, cores.
public enum PositiveCount: ValueRule {
    public static func accepts(_ value: Int) -> Bool { value >= 1 }
    public static let validRange = "an integer ≥ 1"
}

/// A count ≥ 0: bytes (0 when unknown), a CPU number.
public enum NonNegativeCount: ValueRule {
    public static func accepts(_ value: Int) -> Bool { value >= 0 }
    public static let validRange = "an integer ≥ 0"
}

/// A name that must say something: a backend, a pattern.
public enum NonEmptyText: ValueRule {
    public static func accepts(_ value: String) -> Bool { !value.isEmpty }
    public static let validRange = "a non-empty string"
}
