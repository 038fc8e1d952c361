import PropertyBased
import VectorKernels

/// Finite doubles chosen to stress IEEE 754 corners: signed zeros, subnormals,
/// values near the overflow threshold, small integers and ordinary values over
/// the whole exponent range.
public enum TestValues {
    /// Largest magnitude produced: half the largest finite double, so that
    /// `a ± b` of two such values never overflows.
    public static let nearOverflow = VectorInputs.nearOverflow

    /// One finite value from the IEEE-corner mix (`VectorInputs.finite(using:)`,
    /// the generator `springbench verify` uses too).
    public static func finite(using rng: inout some RandomNumberGenerator) -> Double {
        VectorInputs.finite(using: &rng)
    }

    /// `count` finite values from ``finite(using:)``, reproducible from `seed`.
    public static func array(count: Int, seed: UInt64) -> [Double] {
        VectorInputs.finite(count: count, seed: seed)
    }

    /// Moderate values (`VectorInputs.moderate(using:)`): magnitudes in
    /// `2^-200 ... 2^200` plus signed zeros, so that squares and products
    /// neither overflow nor underflow.
    public static func moderateArray(count: Int, seed: UInt64) -> [Double] {
        VectorInputs.moderate(count: count, seed: seed)
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
