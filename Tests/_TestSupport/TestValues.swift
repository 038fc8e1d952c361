import VectorKernels
import PropertyBased


/// Finite doubles chosen to stress IEEE 754 corners: signed zeros, subnormals,
/// values near the overflow threshold, small integers and ordinary values over
/// the whole exponent range.
public enum TestValues {
    /// Largest magnitude produced: half the largest finite double, so that
    /// `a ± b` of two such values never overflows.
    public static let nearOverflow = Double.greatestFiniteMagnitude / 2

    /// One finite value from the mix above.
    public static func finite(using rng: inout some RandomNumberGenerator) -> Double {
        let sign: Double = Bool.random(using: &rng) ? 1 : -1
        switch Int.random(in: 0..<16, using: &rng) {
        case 0: return sign * 0.0
        case 1:  // subnormal
            return sign * Double(sign: .plus, exponentBitPattern: 0,
                                 significandBitPattern: UInt64.random(in: 1..<(1 << 52), using: &rng))
        case 2:  // near overflow, within [max/4, max/2]
            return sign * Double.random(in: nearOverflow / 2...nearOverflow, using: &rng)
        case 3: return sign * Double(Int.random(in: 1...16, using: &rng))
        case 4:  // smallest normals
            return sign * Double.leastNormalMagnitude * Double.random(in: 1..<4, using: &rng)
        case 5...9:  // whole exponent range
            let exponent = Int.random(in: -1000...1000, using: &rng)
            return sign * Double(sign: .plus, exponent: exponent, significand: Double.random(in: 1..<2, using: &rng))
        default:
            return Double.random(in: -1000...1000, using: &rng)
        }
    }

    /// `count` finite values from ``finite(using:)``, reproducible from `seed`.
    public static func array(count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in finite(using: &rng) }
    }

    /// Moderate values: magnitudes in `2^-500 ... 2^500` plus signed zeros, so
    /// that squares and products neither overflow nor underflow.
    public static func moderateArray(count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: return Bool.random(using: &rng) ? 0.0 : -0.0
            case 1...3:
                return Double(sign: Bool.random(using: &rng) ? .plus : .minus,
                              exponent: Int.random(in: -500...500, using: &rng),
                              significand: Double.random(in: 1..<2, using: &rng))
            default: return Double.random(in: -10...10, using: &rng)
            }
        }
    }

    /// A property-based generator of arrays of ``finite(using:)`` values with
    /// lengths in `lengths`.
    public static func arrays(lengths: ClosedRange<Int>) -> Generator<[Double], Shrink.None<[Double]>> {
        Generator { rng in
            let count = Int.random(in: lengths, using: &rng)
            return (0..<count).map { _ in finite(using: &rng) }
        }
    }

    /// Scale factors: the special ones (0, ±1, ±0.5, -0) and random ones in `-1...1`,
    /// so that scaling a value ≤ ``nearOverflow`` never overflows.
    public static func factor(using rng: inout some RandomNumberGenerator) -> Double {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return 0
        case 1: return 1
        case 2: return -1
        case 3: return 0.5
        case 4: return -0.0
        default: return Double.random(in: -1...1, using: &rng)
        }
    }

    /// A property-based generator of ``factor(using:)``.
    public static let factors = Generator<Double, Shrink.None<Double>> { rng in factor(using: &rng) }
}

