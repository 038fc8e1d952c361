extension Double: VectorArithmetic {
    @inlinable
    public mutating func scale(by factor: Double) {
        self *= factor
    }

    @inlinable
    public var magnitudeSquared: Double {
        self * self
    }

    /// `self + factor * other` with two roundings (no fused multiply-add),
    /// the same arithmetic as the naive and SIMD backends' axpy.
    @inlinable
    public mutating func add(_ other: Double, scaledBy factor: Double) {
        self += factor * other
    }
}
