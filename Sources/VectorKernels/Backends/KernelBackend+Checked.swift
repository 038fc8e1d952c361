// The safe entry points: lengths are checked here, once, and the unchecked
// kernels never see a span of the wrong size. Spans cannot overlap an exclusive
// MutableSpan, so the aliasing rules of the kernels hold by construction.

extension KernelBackend {
    /// `c = a + b`, elementwise.
    ///
    /// - Precondition: `a`, `b` and `c` have the same count.
    /// - Complexity: O(n), no allocation.
    @inlinable
    public static func add(_ a: Span<Double>, _ b: Span<Double>, into c: inout MutableSpan<Double>) {
        checkCounts("add", a.count, b.count, c.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    guard let cBase = c.baseAddress else { return }
                    uncheckedAdd(a.baseAddress!, b.baseAddress!, into: cBase, count: c.count)
                }
            }
        }
    }

    /// `c = a - b`, elementwise.
    ///
    /// - Precondition: `a`, `b` and `c` have the same count.
    /// - Complexity: O(n), no allocation.
    @inlinable
    public static func subtract(_ a: Span<Double>, _ b: Span<Double>, into c: inout MutableSpan<Double>) {
        checkCounts("subtract", a.count, b.count, c.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    guard let cBase = c.baseAddress else { return }
                    uncheckedSubtract(a.baseAddress!, b.baseAddress!, into: cBase, count: c.count)
                }
            }
        }
    }

    /// `a += b`, elementwise.
    ///
    /// - Precondition: `a` and `b` have the same count.
    @inlinable
    public static func add(_ b: Span<Double>, to a: inout MutableSpan<Double>) {
        checkCounts("add in place", a.count, b.count)
        b.withUnsafeBufferPointer { b in
            a.withUnsafeMutableBufferPointer { a in
                guard let aBase = a.baseAddress else { return }
                uncheckedAddInPlace(aBase, b.baseAddress!, count: a.count)
            }
        }
    }

    /// `a -= b`, elementwise.
    ///
    /// - Precondition: `a` and `b` have the same count.
    @inlinable
    public static func subtract(_ b: Span<Double>, from a: inout MutableSpan<Double>) {
        checkCounts("subtract in place", a.count, b.count)
        b.withUnsafeBufferPointer { b in
            a.withUnsafeMutableBufferPointer { a in
                guard let aBase = a.baseAddress else { return }
                uncheckedSubtractInPlace(aBase, b.baseAddress!, count: a.count)
            }
        }
    }

    /// `a *= factor`, elementwise.
    @inlinable
    public static func scale(_ a: inout MutableSpan<Double>, by factor: Double) {
        a.withUnsafeMutableBufferPointer { a in
            guard let aBase = a.baseAddress else { return }
            uncheckedScale(aBase, by: factor, count: a.count)
        }
    }

    /// `y += alpha * x`, elementwise.
    ///
    /// - Precondition: `x` and `y` have the same count.
    @inlinable
    public static func axpy(alpha: Double, x: Span<Double>, y: inout MutableSpan<Double>) {
        checkCounts("axpy", x.count, y.count)
        x.withUnsafeBufferPointer { x in
            y.withUnsafeMutableBufferPointer { y in
                guard let yBase = y.baseAddress else { return }
                uncheckedAXPY(alpha: alpha, x: x.baseAddress!, y: yBase, count: y.count)
            }
        }
    }

    /// `Σ a[i]²`; 0 for an empty span.
    @inlinable
    public static func magnitudeSquared(_ a: Span<Double>) -> Double {
        a.withUnsafeBufferPointer { a in
            guard let base = a.baseAddress else { return 0 }
            return uncheckedMagnitudeSquared(base, count: a.count)
        }
    }
}

@inlinable
@inline(__always)
internal func checkCounts(_ operation: StaticString, _ first: Int, _ second: Int) {
    if first != second { countMismatch(operation, [first, second]) }
}

@inlinable
@inline(__always)
internal func checkCounts(_ operation: StaticString, _ first: Int, _ second: Int, _ third: Int) {
    if first != second || second != third { countMismatch(operation, [first, second, third]) }
}

@usableFromInline
@inline(never)
internal func countMismatch(_ operation: StaticString, _ counts: [Int]) -> Never {
    preconditionFailure(
        "\(operation): operands must have equal counts, got \(counts.map(String.init).joined(separator: ", "))")
}
