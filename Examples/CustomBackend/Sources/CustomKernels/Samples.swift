import VectorKernels

/// A vector type of this package's own: samples of a signal, stored in a plain
/// array, whose arithmetic runs on any SpringBench backend.
///
/// Lengths follow the zero-extending rule (missing samples count as 0), so
/// `.zero` — the empty vector — is an identity of every length.
public struct Samples<Backend: KernelBackend>: VectorArithmetic, Sendable {
    public var values: [Double]

    public init(_ values: [Double]) { self.values = values }

    public static var zero: Samples { Samples([]) }

    public static func + (lhs: Samples, rhs: Samples) -> Samples {
        var result = lhs
        result += rhs
        return result
    }

    public static func - (lhs: Samples, rhs: Samples) -> Samples {
        var result = lhs
        result -= rhs
        return result
    }

    public static func += (lhs: inout Samples, rhs: Samples) {
        lhs.combine(rhs, subtracting: false)
    }

    public static func -= (lhs: inout Samples, rhs: Samples) {
        lhs.combine(rhs, subtracting: true)
    }

    public mutating func scale(by factor: Double) {
        let count = values.count
        guard count > 0 else { return }
        values.withUnsafeMutableBufferPointer { Backend.uncheckedScale($0.baseAddress!, by: factor, count: count) }
    }

    public var magnitudeSquared: Double {
        values.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.map { Backend.uncheckedMagnitudeSquared($0, count: buffer.count) } ?? 0
        }
    }

    /// `self ±= other` over the common length, then the rest of the longer one
    /// (negated when subtracting), as if the shorter were padded with zeros.
    mutating func combine(_ other: Samples, subtracting: Bool) {
        let common = min(values.count, other.values.count)
        if other.values.count > values.count {
            values += other.values[common...].map { subtracting ? -$0 : $0 }
        }
        guard common > 0 else { return }
        values.withUnsafeMutableBufferPointer { a in
            other.values.withUnsafeBufferPointer { b in
                if subtracting {
                    Backend.uncheckedSubtractInPlace(a.baseAddress!, b.baseAddress!, count: common)
                } else {
                    Backend.uncheckedAddInPlace(a.baseAddress!, b.baseAddress!, count: common)
                }
            }
        }
    }

    public static func == (lhs: Samples, rhs: Samples) -> Bool {
        // Equal when equal after zero-extension, like the arithmetic.
        let count = max(lhs.values.count, rhs.values.count)
        for i in 0..<count
        where (i < lhs.values.count ? lhs.values[i] : 0) != (i < rhs.values.count ? rhs.values[i] : 0) {
            return false
        }
        return true
    }
}
