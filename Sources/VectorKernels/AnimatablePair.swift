/// Two vectors moved as one: the role of SwiftUI's `AnimatablePair`.
///
/// A spring's state, position and velocity, is `AnimatablePair<V, V>`, so an
/// integrator that steps a `VectorArithmetic` value steps the whole state.
///
/// ```swift
/// var state = AnimatablePair(1.0, 0.0)          // x = 1, v = 0
/// state.add(AnimatablePair(0.0, -1.0), scaledBy: 0.01)
/// ```
@frozen
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    public var first: First
    public var second: Second

    @inlinable
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    @inlinable
    public static var zero: Self { Self(.zero, .zero) }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first + rhs.first, lhs.second + rhs.second)
    }

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        Self(lhs.first - rhs.first, lhs.second - rhs.second)
    }

    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        lhs.first += rhs.first
        lhs.second += rhs.second
    }

    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs.first -= rhs.first
        lhs.second -= rhs.second
    }

    @inlinable
    public mutating func scale(by factor: Double) {
        first.scale(by: factor)
        second.scale(by: factor)
    }

    @inlinable
    public var magnitudeSquared: Double {
        first.magnitudeSquared + second.magnitudeSquared
    }

    @inlinable
    public mutating func add(_ other: Self, scaledBy factor: Double) {
        first.add(other.first, scaledBy: factor)
        second.add(other.second, scaledBy: factor)
    }

    @inlinable
    public mutating func assign(from other: Self) {
        first.assign(from: other.first)
        second.assign(from: other.second)
    }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

extension AnimatablePair: CustomStringConvertible {
    public var description: String { "(\(first), \(second))" }
}
