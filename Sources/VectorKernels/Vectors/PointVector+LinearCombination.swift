// A linear combination of several vectors in one sweep over memory.

extension PointVector {
    /// Elements per block of ``formLinearCombination(base:terms:weights:factor:)``:
    /// 8 KiB of result, which stays in the 32 KiB L1 data cache while every
    /// term's block streams past it. Measured on the DP5 frame workload (SIMD,
    /// ns per point at 256 Ki / 1 Mi points, two runs each): 128 elements
    /// 19.1 / 39.6, 512 19.9 / 28.4, 1024 19.4 / 28.5, 2048 26.7 / 35.0, 8192
    /// 29.5 / 37.1. A multiple of every backend's unrolled width (SIMD 8,
    /// OpenBLAS 32), so each block splits into vector body and scalar tail
    /// exactly where one whole-vector call would.
    @inlinable
    public static var linearCombinationBlock: Int { 1024 }

    /// `self = base + Σⱼ (factor·weights[j])·terms[j]` in one sweep: block by
    /// block, the base (or the first weighted term, scaled) is copied and
    /// every other weighted term added with the backend's axpy while the block
    /// is still in L1. An m-term Runge–Kutta stage input then reads each
    /// operand once and writes the result once (m + 2 passes over memory),
    /// where one axpy per term costs 3m + 2.
    ///
    /// Bit-identical to ``formLinearCombinationTermByTerm(base:terms:weights:factor:)``
    /// (the same kernel calls on sub-ranges, in the same order per element);
    /// operands of different lengths take that sequence itself, so the length
    /// policy applies unchanged.
    ///
    /// - Complexity: O(n·m); allocates only if `self`'s storage is shared or
    ///   too small.
    @inlinable
    public mutating func formLinearCombination(base: Self?, terms: [Self], weights: [Double], factor: Double) {
        if terms.count < weights.count {
            stopOnMisuse("formLinearCombination: \(weights.count) weights need as many terms, got \(terms.count)")
        }
        // The common length, or nil when the operands differ in length.
        var length = base?._count
        var first: Int?  // the first weighted term
        for j in weights.indices where weights[j] != 0 {
            if first == nil { first = j }
            let n = terms[j]._count
            if length == nil {
                length = n
            } else if length != n {
                length = nil
                first = nil
                break
            }
        }
        guard let count = length, count > 0, base != nil || first != nil else {
            formLinearCombinationTermByTerm(base: base, terms: terms, weights: weights, factor: factor)
            return
        }
        formBlockedCombination(count: count, base: base?.base, terms: weights.count) { j in
            weights[j] == 0 ? nil : (UnsafePointer(terms[j].base), factor * weights[j])
        }
    }

    /// `self = a·x + b·y` in one sweep (reads `x` and `y` once, writes `self`
    /// once): a two-term ``formLinearCombination(base:terms:weights:factor:)``
    /// without the arrays, e.g. a spring's acceleration `−(k/m)·u − (c/m)·v`.
    /// Bit-identical to `assign(from: x)`, `scale(by: a)`, `add(y, scaledBy: b)`,
    /// which it is when the lengths differ.
    ///
    /// - Complexity: O(n); allocates only if `self`'s storage is shared or too
    ///   small.
    @inlinable
    public mutating func formLinearCombination(_ x: Self, scaledBy a: Double, _ y: Self, scaledBy b: Double) {
        guard x._count == y._count, x._count > 0 else {
            assign(from: x)
            scale(by: a)
            add(y, scaledBy: b)
            return
        }
        formBlockedCombination(count: x._count, base: nil, terms: 2) { j in
            j == 0 ? (UnsafePointer(x.base), a) : (UnsafePointer(y.base), b)
        }
    }

    /// `self = base + Σ coefficient·term` over `term(0..<terms)` (nil: skipped),
    /// block by block; without a base the first term is copied and scaled.
    /// Every operand has `count` elements, and at least one exists.
    @inlinable
    internal mutating func formBlockedCombination(
        count: Int, base: UnsafeMutablePointer<Double>?, terms: Int,
        term: (Int) -> (UnsafePointer<Double>, Double)?
    ) {
        // Unique storage cannot alias an operand; the old contents are not read.
        if !isKnownUniquelyReferenced(&storage) || count > storage.elementCapacity {
            replaceStorage(with: PointStorage.allocate(capacity: count))
        }
        _count = count
        let block = Self.linearCombinationBlock
        var start = 0
        while start < count {
            let span = Swift.min(block, count &- start)
            let destination = self.base + start
            var copied = false
            if let base {
                destination.update(from: base + start, count: span)
                copied = true
            }
            for j in 0..<terms {
                guard let (x, coefficient) = term(j) else { continue }
                if copied {
                    Backend.uncheckedAXPY(alpha: coefficient, x: x + start, y: destination, count: span)
                } else {
                    destination.update(from: x + start, count: span)
                    Backend.uncheckedScale(destination, by: coefficient, count: span)
                    copied = true
                }
            }
            start &+= span
        }
    }
}
