/// A value an animation can interpolate: it adds, subtracts, scales and has a size.
///
/// This is the Linux counterpart of SwiftUI's `VectorArithmetic`, declared here
/// because SwiftUI exists only on Apple platforms. An animation engine moves a
/// value with nothing but these operations, for example
/// `value = to + (from - to).scaled(by: 1 - progress)`.
///
/// Conforming types promise, for finite inputs (Guides/VectorLaws.md):
/// - `v + .zero == v`, `.zero + v == v`, `v - v == .zero`, `(v - w) + w ≈ v`;
/// - `+` agrees with `+=` and `-` with `-=`;
/// - `scale(by: 1)` is the identity, `scale(by: 0)` gives zeros, scaling
///   distributes over `+`;
/// - `magnitudeSquared >= 0`, equal to the dot product with itself, and zero
///   only for zeros;
/// - value semantics: mutating a copy never changes the original.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `factor` in place.
    mutating func scale(by factor: Double)

    /// The sum of the squares of the components (the dot product with itself).
    var magnitudeSquared: Double { get }

    /// Adds `other` scaled by `factor` to `self` in place (`self += factor * other`,
    /// BLAS's axpy).
    ///
    /// The default implementation is `self += other.scaled(by: factor)`, which
    /// allocates a temporary for heap-backed vectors; such types override it
    /// with a single pass that allocates nothing.
    mutating func add(_ other: Self, scaledBy factor: Double)
}

extension VectorArithmetic {
    /// Returns `self` with every component multiplied by `factor`.
    ///
    /// Consuming: on a temporary (`(from - to).scaled(by: p)`) a heap-backed
    /// vector scales its own, uniquely referenced storage instead of copying
    /// it, so an engine's `to + (from - to).scaled(by: 1 - p)` allocates once.
    @inlinable
    public consuming func scaled(by factor: Double) -> Self {
        var copy = self
        copy.scale(by: factor)
        return copy
    }

    @inlinable
    public mutating func add(_ other: Self, scaledBy factor: Double) {
        self += other.scaled(by: factor)
    }
}
