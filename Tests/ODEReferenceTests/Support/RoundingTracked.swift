import VectorKernels

/// A `Double` carrying a first-order running bound on how far another
/// evaluation of the same operations may differ from it when that evaluation
/// fuses the multiply and add of `add(_:scaledBy:)` (as OpenBLAS's `daxpy`
/// does) and this one does not, or the other way round.
///
/// The rules (running error analysis, Higham, *Accuracy and Stability of
/// Numerical Algorithms*, §3.3), with `δ` the bounds of the inputs and `u` the
/// unit roundoff:
/// - `y += α·x`: the exact values entering the final rounding differ by at most
///   `δy + |α|·δx + |RN(α·x) − α·x|` — the last term is the product's rounding,
///   present in one evaluation only, computed exactly with a fused multiply-add;
/// - `a ± b`, `a·α`: `δa + δb`, `|α|·δa`;
/// - and whenever the exact values may differ, the two final roundings add
///   `2u·|result|`. Identical inputs give identical outputs (bound 0), so a
///   sequence with no inexact product keeps bound 0.
struct RoundingTracked: VectorArithmetic, CustomStringConvertible {
    var value: Double
    var bound: Double

    init(_ value: Double, bound: Double = 0) {
        self.value = value
        self.bound = bound
    }

    static var zero: Self { Self(0) }

    private static func rounded(_ value: Double, _ difference: Double) -> Self {
        Self(value, bound: difference == 0 ? 0 : difference + 2 * unitRoundoff * abs(value))
    }

    static func + (lhs: Self, rhs: Self) -> Self { rounded(lhs.value + rhs.value, lhs.bound + rhs.bound) }
    static func - (lhs: Self, rhs: Self) -> Self { rounded(lhs.value - rhs.value, lhs.bound + rhs.bound) }
    static func += (lhs: inout Self, rhs: Self) { lhs = lhs + rhs }
    static func -= (lhs: inout Self, rhs: Self) { lhs = lhs - rhs }
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.value == rhs.value }

    mutating func scale(by factor: Double) {
        self = Self.rounded(value * factor, abs(factor) * bound)
    }

    var magnitudeSquared: Double { value * value }

    mutating func add(_ other: Self, scaledBy factor: Double) {
        let product = factor * other.value
        let productError = abs((-product).addingProduct(factor, other.value))
        let difference = bound + abs(factor) * other.bound + productError
        self = Self.rounded(value + product, difference)
    }

    var description: String { "\(value)±\(bound)" }
}
