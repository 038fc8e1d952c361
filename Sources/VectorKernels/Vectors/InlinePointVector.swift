/// A vector of exactly `count` points stored inline, in the value itself: no heap, no reference
/// count, no copy-on-write check. The type for animation-sized values (16–256 points) that get a
/// new value every frame, `from + (to - from) * t`.
///
/// ```swift
/// typealias Path = InlinePointVector<64>
/// let from = Path(repeating: 0), to = Path(repeating: 100)
/// let frame = from + (to - from).scaled(by: 0.25)   // no allocation at all
/// ```
///
/// Why a type of its own and not a small-buffer mode of ``PointVector``: `PointVector`'s length is
/// a run-time value and its storage a class instance, so even a result that fits a small buffer
/// pays the storage object's life cycle and the atomic retain and release of the operands it
/// consumes (issue 41: 45.6 ns for a 16-point `a + b`, against 11–12 ns for C's malloc + loop +
/// free). A length known to the compiler makes the value a plain struct of `count` doubles
/// (`InlineArray`, Swift 6.2): the arithmetic is a loop of constant trip count that the optimiser
/// unrolls and vectorises, and the result lives where the caller puts it.
///
/// Measured side by side (Yardsticks/inline): at 16 points `a + b` takes 0.34–0.36× C's malloc +
/// loop + free; at 256 points 1.45–1.60×, because Swift 6.3 still copies each 2 KiB operand to
/// the stack before the loop (seen in the disassembly, by value or `borrowing`, through the
/// subscript or `span`). Operands are taken `borrowing`, which removed one such copy in `+=`.
///
/// Arithmetic agrees with ``NaiveBackend`` bit for bit (one IEEE operation per element; `add(_:
/// scaledBy:)` is not fused) and ``magnitudeSquared`` sums left to right, as the naive loop does.
/// The count is part of the type, so every operand has the same length and ``zero`` is `count`
/// zeros: every law of Guides/VectorLaws.md holds without a length policy. Large counts are
/// allowed but copy the whole value on every pass by value; above a few hundred points use
/// ``PointVector``.
@available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
@frozen
public struct InlinePointVector<let count: Int>: VectorArithmetic, Sendable, CustomStringConvertible {
    /// The points, in order.
    public var storage: InlineArray<count, Double>

    /// `count` copies of `value`.
    @inlinable
    public init(repeating value: Double) {
        storage = InlineArray(repeating: value)
    }

    /// The points of `elements`, which must hold exactly `count` values (a misuse otherwise,
    /// stopped with a message naming both lengths).
    @inlinable
    public init(_ elements: some Collection<Double>) {
        if elements.count != count {
            stopOnMisuse("InlinePointVector<\(count)> needs \(count) elements, got \(elements.count)")
        }
        var iterator = elements.makeIterator()
        storage = InlineArray { _ in iterator.next()! }
    }

    /// The points from `element(i)` for `i` in `0..<count`.
    @inlinable
    public init(_ element: (Int) throws -> Double) rethrows {
        storage = try InlineArray { try element($0) }
    }

    /// The point at `index` (`0..<count`).
    @inlinable
    public subscript(index: Int) -> Double {
        get { storage[index] }
        set { storage[index] = newValue }
    }

    /// The points as an array (allocates; for tests and printing).
    public var elements: [Double] { (0..<count).map { storage[$0] } }

    public var description: String { "InlinePointVector<\(count)>(\(elements))" }

    /// `count` zeros: the identity of `+`.
    @inlinable
    public static var zero: Self { Self(repeating: 0) }

    @inlinable
    public static func == (lhs: borrowing Self, rhs: borrowing Self) -> Bool {
        var i = 0
        while i < count {
            if lhs.storage[i] != rhs.storage[i] { return false }
            i &+= 1
        }
        return true
    }

    @inlinable
    public static func + (lhs: borrowing Self, rhs: borrowing Self) -> Self {
        var result = copy lhs
        result += rhs
        return result
    }

    @inlinable
    public static func - (lhs: borrowing Self, rhs: borrowing Self) -> Self {
        var result = copy lhs
        result -= rhs
        return result
    }

    @inlinable
    public static func += (lhs: inout Self, rhs: borrowing Self) {
        var i = 0
        while i < count {
            lhs.storage[unchecked: i] += rhs.storage[unchecked: i]
            i &+= 1
        }
    }

    @inlinable
    public static func -= (lhs: inout Self, rhs: borrowing Self) {
        var i = 0
        while i < count {
            lhs.storage[unchecked: i] -= rhs.storage[unchecked: i]
            i &+= 1
        }
    }

    @inlinable
    public mutating func scale(by factor: Double) {
        var i = 0
        while i < count {
            storage[unchecked: i] *= factor
            i &+= 1
        }
    }

    /// `self += factor · other`, rounded twice per element as the naive loop does (not fused).
    @inlinable
    public mutating func add(_ other: borrowing Self, scaledBy factor: Double) {
        var i = 0
        while i < count {
            storage[unchecked: i] += factor * other.storage[unchecked: i]
            i &+= 1
        }
    }

    /// Σ x², summed left to right (the naive loop's order and bits).
    @inlinable
    public var magnitudeSquared: Double {
        var sum = 0.0
        var i = 0
        while i < count {
            sum += storage[unchecked: i] * storage[unchecked: i]
            i &+= 1
        }
        return sum
    }

    /// `from + (to - from) · t` into a new value: one animation frame, the operands untouched.
    @inlinable
    public static func interpolate(from: borrowing Self, to: borrowing Self, progress t: Double) -> Self {
        var result = copy from
        var i = 0
        while i < count {
            result.storage[unchecked: i] += (to.storage[unchecked: i] - from.storage[unchecked: i]) * t
            i &+= 1
        }
        return result
    }
}
