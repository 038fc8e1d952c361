/// The two roundings anime.js applies to spring values, as JavaScript
/// computes them.
public enum AnimeMath {
    /// JavaScript's `Math.round`: the integer nearest `value`, halves toward
    /// +∞ (`Math.round(-2.5)` is −2), NaN and ±∞ unchanged. `value − floor(value)`
    /// is exact for every finite double, so no tie is misjudged.
    @inlinable
    public static func mathRound(_ value: Double) -> Double {
        guard value.isFinite else { return value }
        let floor = value.rounded(.down)
        return value - floor >= 0.5 ? floor + 1 : floor
    }

    /// anime.js v4's `round(v, decimalLength)`: `v` for a negative length,
    /// `Math.round(v)` for 0, else `Math.round(v · 10^d) / 10^d`
    /// (`src/core/helpers.js`; 10^d is `10 ** d`, exact for d ≤ 22).
    @inlinable
    public static func round(_ value: Double, decimals: Int) -> Double {
        if decimals < 0 { return value }
        if decimals == 0 { return mathRound(value) }
        var power = 1.0
        for _ in 0..<decimals { power *= 10 }
        return mathRound(value * power) / power
    }
}
