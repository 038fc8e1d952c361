// The arithmetic. Every operation runs the backend's kernel on the common
// prefix and then applies the length policy to the tails:
// - zero-extending: a missing element is an exact identity, so the longer
//   operand's tail is copied (x ± missing = x, missing + y = y) or negated
//   (missing − y = −y), bit for bit;
// - truncating: results stop at the shorter length; in place, the left side's
//   tail is kept.

extension PointVector: Equatable {
    /// Zero-extending: equal when the common prefix is equal and every extra
    /// element is zero (`[1, 2] == [1, 2, 0]`). Truncating: same count and
    /// elements, like the seed's synthesised `[Double]` equality.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let common = Swift.min(lhs._count, rhs._count)
        switch Policy.rule {
        case .truncating:
            guard lhs._count == rhs._count else { return false }
        case .zeroExtending:
            let longer = lhs._count >= rhs._count ? lhs : rhs
            for i in common..<longer._count where longer.base[i] != 0 { return false }
        }
        for i in 0..<common where lhs.base[i] != rhs.base[i] { return false }
        return true
    }
}

extension PointVector: VectorArithmetic {
    /// Zero-extending: the empty vector, identity of every length.
    /// Truncating: `[0.0]`, as in the seed `AnimatableVector`.
    @inlinable
    public static var zero: Self {
        switch Policy.rule {
        case .zeroExtending: return Self()
        case .truncating: return Self(repeating: 0, count: 1)
        }
    }

    /// The count of `lhs ± rhs` under the policy.
    @inlinable
    public static func resultCount(_ lhs: Self, _ rhs: Self) -> Int {
        switch Policy.rule {
        case .zeroExtending: return Swift.max(lhs._count, rhs._count)
        case .truncating: return Swift.min(lhs._count, rhs._count)
        }
    }

    /// `lhs + rhs`, elementwise under the length policy.
    ///
    /// Allocates the result, unless an operand it consumes is the only
    /// reference to its storage and has room for the result: then the sum is
    /// written there, so `a + b - c` allocates once (the temporary `a + b`
    /// takes `- c`) and `x = consume x + y` not at all. A vector still
    /// referenced elsewhere is never written, so value semantics hold.
    /// Results are the same bits either way (the in-place kernels round like
    /// the out-of-place ones).
    @inlinable
    public static func + (lhs: consuming Self, rhs: consuming Self) -> Self {
        combined(lhs, rhs, subtracting: false)
    }

    /// `lhs - rhs`, elementwise under the length policy; reuses a consumed,
    /// uniquely referenced operand's storage as ``+(_:_:)`` does.
    @inlinable
    public static func - (lhs: consuming Self, rhs: consuming Self) -> Self {
        combined(lhs, rhs, subtracting: true)
    }

    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        lhs.formCombination(with: rhs, subtracting: false)
    }

    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        lhs.formCombination(with: rhs, subtracting: true)
    }

    /// Multiplies every element by `factor` in place (the backend's scale).
    ///
    /// - Complexity: O(n); allocates only if the storage is shared.
    @inlinable
    public mutating func scale(by factor: Double) {
        guard _count > 0 else { return }
        makeUnique()
        Backend.uncheckedScale(base, by: factor, count: _count)
    }

    /// `Σ x[i]²` by the backend (its summation order and error bound).
    @inlinable
    public var magnitudeSquared: Double {
        guard _count > 0 else { return 0 }
        return Backend.uncheckedMagnitudeSquared(base, count: _count)
    }

    /// `self += factor * other` in one pass (the backend's axpy).
    ///
    /// - Complexity: O(n); allocates only if the storage is shared or, under
    ///   zero extension, `other` is longer than the storage.
    @inlinable
    public mutating func add(_ other: Self, scaledBy factor: Double) {
        let common = Swift.min(_count, other._count)
        if Policy.rule == .zeroExtending, other._count > _count {
            // missing + factor·x = factor·x (one rounding, as in the kernels).
            makeUnique(growingTo: other._count)
            for i in common..<other._count { base[i] = factor * other.base[i] }
        } else {
            makeUnique()
        }
        if common > 0 {
            Backend.uncheckedAXPY(alpha: factor, x: other.base, y: base, count: common)
        }
    }
}

extension PointVector {
    /// Writes `a + b` into `destination` without allocating.
    ///
    /// - Precondition: `destination.count` equals the policy's result count
    ///   (``resultCount(_:_:)``).
    @inlinable
    public static func add(_ a: Self, _ b: Self, into destination: inout Self) {
        destination.prepareDestination(for: a, b, operation: "add")
        combine(a, b, subtracting: false, into: destination.base, count: destination._count)
    }

    /// Writes `a - b` into `destination` without allocating.
    ///
    /// - Precondition: `destination.count` equals the policy's result count
    ///   (``resultCount(_:_:)``).
    @inlinable
    public static func subtract(_ a: Self, _ b: Self, into destination: inout Self) {
        destination.prepareDestination(for: a, b, operation: "subtract")
        combine(a, b, subtracting: true, into: destination.base, count: destination._count)
    }

    @inlinable
    internal mutating func prepareDestination(for a: Self, _ b: Self, operation: StaticString) {
        let expected = Self.resultCount(a, b)
        if _count != expected {
            Self.destinationMismatch(operation, destination: _count, expected: expected, a._count, b._count)
        }
        makeUnique()
    }

    @usableFromInline
    @inline(never)
    internal static func destinationMismatch(
        _ operation: StaticString, destination: Int, expected: Int, _ a: Int, _ b: Int
    ) -> Never {
        stopOnMisuse(
            "PointVector.\(operation)(_:_:into:): destination has \(destination) elements, but the \(Policy.name) result of \(a) and \(b) elements has \(expected)"
        )
    }

    /// `lhs ± rhs` into the storage of whichever operand may be overwritten
    /// (uniquely referenced, large enough), else into a new vector.
    @inlinable
    internal static func combined(_ lhs: consuming Self, _ rhs: consuming Self, subtracting: Bool) -> Self {
        let count = resultCount(lhs, rhs)
        if count > 0 {
            if isKnownUniquelyReferenced(&lhs.storage), count <= lhs.storage.elementCapacity {
                // lhs ±= rhs: grows within the capacity under zero extension;
                // under truncation the result stops at the shorter length.
                lhs.formCombination(with: rhs, subtracting: subtracting)
                lhs._count = count
                return lhs
            }
            if rhs._count == count, isKnownUniquelyReferenced(&rhs.storage) {
                // The kernels allow the destination to be an operand; lhs has
                // no elements beyond `count` here.
                combine(lhs, rhs, subtracting: subtracting, into: rhs.base, count: count)
                return rhs
            }
        }
        let result = Self(uninitializedCount: count)
        combine(lhs, rhs, subtracting: subtracting, into: result.base, count: count)
        return result
    }

    /// `out = lhs ± rhs` over `count` result elements (the policy's count).
    @inlinable
    internal static func combine(
        _ lhs: Self, _ rhs: Self, subtracting: Bool,
        into out: UnsafeMutablePointer<Double>, count: Int
    ) {
        let common = Swift.min(lhs._count, rhs._count)
        if common > 0 {
            if subtracting {
                Backend.uncheckedSubtract(lhs.base, rhs.base, into: out, count: common)
            } else {
                Backend.uncheckedAdd(lhs.base, rhs.base, into: out, count: common)
            }
        }
        guard count > common else { return }
        if lhs._count > common {
            (out + common).update(from: lhs.base + common, count: count - common)
        } else {
            copyTail(of: rhs, from: common, negated: subtracting, into: out)
        }
    }

    /// `out[i] = ±source[i]` for `i` in `start..<source.count`.
    @inlinable
    internal static func copyTail(
        of source: Self, from start: Int, negated: Bool, into out: UnsafeMutablePointer<Double>
    ) {
        if negated {
            for i in start..<source._count { out[i] = -source.base[i] }
        } else if out != source.base {
            (out + start).update(from: source.base + start, count: source._count - start)
        }
    }

    @inlinable
    internal mutating func formCombination(with rhs: Self, subtracting: Bool) {
        let common = Swift.min(_count, rhs._count)
        if Policy.rule == .zeroExtending, rhs._count > _count {
            makeUnique(growingTo: rhs._count)
            Self.copyTail(of: rhs, from: common, negated: subtracting, into: base)
        } else {
            makeUnique()
        }
        guard common > 0 else { return }
        if subtracting {
            Backend.uncheckedSubtractInPlace(base, rhs.base, count: common)
        } else {
            Backend.uncheckedAddInPlace(base, rhs.base, count: common)
        }
    }
}
