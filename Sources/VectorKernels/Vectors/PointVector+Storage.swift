// Copy-on-write and growth: the only places that allocate.

extension PointVector {
    /// Makes the storage unique, copying it if it is shared. Allocates only when
    /// it copies.
    @inlinable
    internal mutating func makeUnique() {
        guard _count > 0, !isKnownUniquelyReferenced(&storage) else { return }
        copyStorage(capacity: _count)
    }

    /// Makes the storage unique with room for `newCount` elements, keeping the
    /// current ones, and sets the count. New elements are uninitialised.
    @inlinable
    internal mutating func makeUnique(growingTo newCount: Int) {
        if isKnownUniquelyReferenced(&storage), newCount <= storage.elementCapacity {
            _count = newCount
            return
        }
        copyStorage(capacity: newCount)
        _count = newCount
    }

    @usableFromInline
    @inline(never)
    internal mutating func copyStorage(capacity: Int) {
        let fresh = PointStorage.allocate(capacity: capacity)
        fresh.base.update(from: base, count: Swift.min(_count, capacity))
        replaceStorage(with: fresh)
    }
}

extension PointVector: RandomAccessCollection, MutableCollection {
    public typealias Index = Int

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { _count }
    @inlinable public var count: Int { _count }

    @inlinable
    public subscript(position: Int) -> Double {
        get {
            if position < 0 || position >= _count {
                stopOnMisuse("PointVector: index \(position) out of range 0..<\(_count)")
            }
            return base[position]
        }
        set {
            if position < 0 || position >= _count {
                stopOnMisuse("PointVector: index \(position) out of range 0..<\(_count)")
            }
            makeUnique()
            base[position] = newValue
        }
    }
}

extension PointVector {
    /// Makes `self` a copy of `other`'s elements, reusing `self`'s storage: no
    /// allocation when it is uniquely owned and large enough.
    ///
    /// - Complexity: O(n).
    @inlinable
    public mutating func assign(from other: Self) {
        if !isKnownUniquelyReferenced(&storage) || other._count > storage.elementCapacity {
            guard other._count > 0 else {
                self = Self()
                return
            }
            replaceStorage(with: PointStorage.allocate(capacity: other._count))
        }
        _count = other._count
        if _count > 0 { base.update(from: other.base, count: _count) }
    }
}
