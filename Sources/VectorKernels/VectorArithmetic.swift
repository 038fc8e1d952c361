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

    /// Makes `self` equal to `other`, reusing `self`'s storage.
    ///
    /// The default implementation is `self = other`, exact and free for plain
    /// values; a heap-backed vector would then share `other`'s buffer and copy
    /// it on its next write, so such types override it with a copy into their
    /// own buffer (no allocation once the buffer exists).
    mutating func assign(from other: Self)

    /// Replaces `self` with `base + Σⱼ (factor·weights[j])·terms[j]`, for
    /// `j < weights.count`; a term whose weight is zero is skipped, and no
    /// base counts as zero. A Runge–Kutta stage input is
    /// `formLinearCombination(base: y, terms: k, weights: a[i], factor: h)`.
    ///
    /// The default implementation is ``assign(from:)`` (or, without a base,
    /// the first weighted term: `assign` then `scale(by:)`) followed by one
    /// ``add(_:scaledBy:)`` per remaining term, in order; an empty sum gives
    /// `.zero`. A type may fuse the passes, but must give the same result as
    /// that sequence (SpringBench's ``PointVector`` gives it bit for bit).
    ///
    /// - Precondition: `terms.count >= weights.count`.
    mutating func formLinearCombination(base: Self?, terms: [Self], weights: [Double], factor: Double)
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

    @inlinable
    public mutating func assign(from other: Self) {
        self = other
    }

    @inlinable
    public mutating func formLinearCombination(base: Self?, terms: [Self], weights: [Double], factor: Double) {
        formLinearCombinationTermByTerm(base: base, terms: terms, weights: weights, factor: factor)
    }

    /// ``formLinearCombination(base:terms:weights:factor:)`` as the documented
    /// sequence of whole-vector operations: the default, and the reference
    /// that fused implementations must match.
    @inlinable
    public mutating func formLinearCombinationTermByTerm(
        base: Self?, terms: [Self], weights: [Double], factor: Double
    ) {
        if terms.count < weights.count {
            stopOnMisuse("formLinearCombination: \(weights.count) weights need as many terms, got \(terms.count)")
        }
        var started = false
        if let base {
            assign(from: base)
            started = true
        }
        for j in weights.indices where weights[j] != 0 {
            let coefficient = factor * weights[j]
            if started {
                add(terms[j], scaledBy: coefficient)
            } else {
                assign(from: terms[j])
                scale(by: coefficient)
                started = true
            }
        }
        if !started { self = .zero }
    }
}
