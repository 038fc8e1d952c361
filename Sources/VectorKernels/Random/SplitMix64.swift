/// SplitMix64 (Steele, Lea & Flood 2014): a small, fast, seedable generator,
/// so every shuffle and bootstrap in SpringBench is reproducible.
@frozen
public struct SplitMix64: RandomNumberGenerator, Sendable {
    @usableFromInline var state: UInt64

    @inlinable
    public init(seed: UInt64) { state = seed }

    @inlinable
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform index in `0..<upperBound`: the value `Int.random(in: 0..<upperBound, using: &self)`
    /// gives, draw for draw (the standard library's multiply-and-reject: the high word of
    /// `next() × upperBound`, drawn again while the low word falls below 2⁶⁴ mod upperBound;
    /// Lemire 2019), without the generic path an unoptimized build does not specialize. The
    /// bootstrap draws one per sample per resample: millions in a test run.
    @inlinable
    public mutating func index(below upperBound: Int) -> Int {
        precondition(upperBound > 0, "index(below:) needs a positive bound")
        let bound = UInt64(upperBound)
        var product = next().multipliedFullWidth(by: bound)
        if product.low < bound {
            let threshold = (0 &- bound) % bound
            while product.low < threshold { product = next().multipliedFullWidth(by: bound) }
        }
        return Int(product.high)
    }
}
