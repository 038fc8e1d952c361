/// What vector arithmetic does when two operands have different lengths.
///
/// The policy is part of the vector's type, because `static var zero` must know
/// it: a zero-extending `.zero` is empty, a truncating `.zero` is `[0.0]`.
public protocol LengthPolicy: Sendable {
    /// The policy's stable name, used in reports.
    static var name: String { get }
    /// Which rule this is; generic code branches on it and the branch folds
    /// away after specialisation.
    static var rule: LengthRule { get }
}

/// The two length rules SpringBench knows.
public enum LengthRule: String, Sendable, Hashable, Codable, CaseIterable {
    /// Missing elements count as zeros and results take the longer length.
    case zeroExtending
    /// Results take the shorter length (the seed `AnimatableVector` behaviour).
    case truncating
}

/// Missing elements are zeros: `.zero` is empty and is the identity of every
/// length; `a + b` and `a += b` have `max(a.count, b.count)` elements and agree.
///
/// A missing element is an exact identity, so tails keep every bit, signed
/// zeros included: `x ± missing = x`, `missing + y = y`, `missing − y = −y`
/// (tails are copied or negated). No single IEEE zero would do: `x − (−0)`
/// turns `−0` into `+0`, and `(+0) − (+0)` is `+0`, not `−(+0)`. Equality
/// treats missing elements as zeros, so `[1, 2] == [1, 2, 0]`.
public enum ZeroExtending: LengthPolicy {
    public static let name = "zero-extending"
    public static let rule = LengthRule.zeroExtending
}

/// The seed-compatible policy of the widely copied vDSP `AnimatableVector`:
/// `.zero` is `[0.0]`, `+`/`-` return `min(lhs.count, rhs.count)` elements, and
/// `+=`/`-=` update the first `min` elements of the left side and keep the rest.
/// Equality compares counts and elements.
///
/// Offered so that its law violations can be shown and tested: `v + .zero` has
/// one element, so an animation starting from `.zero` animates one point, and
/// `a + b` differs from `a += b` when the lengths differ.
public enum Truncating: LengthPolicy {
    public static let name = "truncating"
    public static let rule = LengthRule.truncating
}
