/// Reproducible operands for checking vector kernels, the one generator
/// behind `springbench verify` (`VerificationInputs`) and the test suite
/// (`TestValues`): hand it a ``SplitMix64`` and every run checks the same cases.
public enum VectorInputs {
    /// Largest magnitude ``finite(using:)`` produces: half the largest finite
    /// double, so that `a ± b` of two such values never overflows.
    public static let nearOverflow = Double.greatestFiniteMagnitude / 2

    /// One finite value stressing IEEE 754's corners: signed zeros,
    /// subnormals, values near the overflow threshold (within
    /// [max/4, max/2]), small integers, the smallest normals and ordinary
    /// values over the whole exponent range.
    public static func finite(using rng: inout some RandomNumberGenerator) -> Double {
        let sign: Double = Bool.random(using: &rng) ? 1 : -1
        switch Int.random(in: 0..<16, using: &rng) {
        case 0: return sign * 0.0
        case 1:  // subnormal
            return sign
                * Double(
                    sign: .plus, exponentBitPattern: 0,
                    significandBitPattern: UInt64.random(in: 1..<(1 << 52), using: &rng))
        case 2: return sign * Double.random(in: nearOverflow / 2...nearOverflow, using: &rng)
        case 3: return sign * Double(Int.random(in: 1...16, using: &rng))
        case 4: return sign * Double.leastNormalMagnitude * Double.random(in: 1..<4, using: &rng)
        case 5...9:  // whole exponent range
            return sign
                * Double(
                    sign: .plus, exponent: Int.random(in: -1000...1000, using: &rng),
                    significand: Double.random(in: 1..<2, using: &rng))
        default: return Double.random(in: -1000...1000, using: &rng)
        }
    }

    /// One moderate value: a magnitude in 2⁻²⁰⁰…2²⁰⁰, a signed zero or an
    /// ordinary value in [−10, 10]. Products, and sums of up to 2⁶⁰⁰ squares,
    /// neither overflow nor underflow, so the bounded kernels' error bounds
    /// are informative.
    public static func moderate(using rng: inout some RandomNumberGenerator) -> Double {
        switch Int.random(in: 0..<8, using: &rng) {
        case 0: return Bool.random(using: &rng) ? 0.0 : -0.0
        case 1...3:
            return Double(
                sign: Bool.random(using: &rng) ? .plus : .minus, exponent: Int.random(in: -200...200, using: &rng),
                significand: Double.random(in: 1..<2, using: &rng))
        default: return Double.random(in: -10...10, using: &rng)
        }
    }

    /// `count` values from ``finite(using:)``, reproducible from `seed`.
    public static func finite(count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in finite(using: &rng) }
    }

    /// `count` values from ``moderate(using:)``, reproducible from `seed`.
    public static func moderate(count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in moderate(using: &rng) }
    }
}
