import SpringModel
import SpringPlatforms

#if canImport(Glibc)
    import Glibc
#endif

/// Seeded cases over every damping regime (undamped where a platform allows
/// it, under-damped, exactly critical, over-damped), velocities of both signs
/// (zero, moderate and large), travels (positive, negative, tiny, large, from
/// a non-zero start, none) and the refresh rates of ``refreshRates``; and the
/// search that places a run exactly on a done rule's threshold.
extension PlatformOracleCases {
    /// The damping regimes, in the order the seeded springs cycle through them.
    public enum Regime: CaseIterable, Sendable {
        case undamped, under, critical, over
    }

    /// (from, to): 0 → 1, 0 → 100, a negative travel, a tiny one, a large one
    /// from a non-zero start, one below Motion's granular 5, and none.
    public static let regimeTravels: [(Double, Double)] = [
        (0, 1), (0, 100), (250, -40), (10, 10.001), (-3, 12_000), (0.5, -2.5), (7, 7),
    ]

    /// `count` seeded springs cycling through the regimes (the undamped one
    /// only when `undamped`), each run from a seeded travel with velocities 0,
    /// ±moderate and ±large at every rate. Critical springs have mass 1 and
    /// damping `2√k`, so every platform's own `c/(2√(km))` is exactly 1.
    public static func regimeCases(count: Int, seed: UInt64, undamped: Bool = true) -> [(regime: Regime, case: Case)] {
        var random = Generator(state: seed)
        let regimes: [Regime] = undamped ? Regime.allCases : [.under, .critical, .over]
        var cases: [(Regime, Case)] = []
        for index in 0..<count {
            let regime = regimes[index % regimes.count]
            let mass = regime == .critical ? 1 : random.logUniform(0.3...10)
            let omega0 = random.logUniform(2...80)
            let stiffness = mass * omega0 * omega0
            let damping: Double =
                switch regime {
                case .undamped: 0
                case .under: 2 * random.uniform(0.02...0.98) * (stiffness * mass).squareRoot()
                case .critical: 2 * stiffness.squareRoot()
                case .over: 2 * random.logUniform(1.02...6) * (stiffness * mass).squareRoot()
                }
            let (from, to) = regimeTravels[Int(random.next() % UInt64(regimeTravels.count))]
            let scale = Swift.max(abs(to - from), 1)
            let moderate = scale * random.uniform(0.5...5)
            let large = scale * random.logUniform(20...400)
            for velocity in [0, moderate, -moderate, large, -large] {
                for rate in refreshRates {
                    cases.append(
                        (
                            regime,
                            Case(
                                mass: mass, stiffness: stiffness, damping: damping, from: from, to: to,
                                velocity: velocity, refreshRate: rate)
                        ))
                }
            }
        }
        return cases
    }

    /// The smallest positive double `θ` in `(low, high]` with `holds(θ)`,
    /// by bisection on the bit patterns, given `!holds(low)` and
    /// `holds(high)` (`nil` otherwise). For a done rule `q ≤ θ` with
    /// `holds(θ)` = "done by frame n", it is exactly the smallest `q` up to
    /// frame n: the threshold sits on the compared quantity, not near it.
    public static func boundary(low: Double, high: Double, _ holds: (Double) -> Bool) -> Double? {
        guard low >= 0, high > low, !holds(low), holds(high) else { return nil }
        var a = low.bitPattern
        var b = high.bitPattern
        while b - a > 1 {
            let middle = a + (b - a) / 2
            if holds(Double(bitPattern: middle)) { b = middle } else { a = middle }
        }
        return Double(bitPattern: b)
    }

    /// Two positive inputs one ulp apart, between `low` and `high`, on
    /// which `key` differs (a done frame that flips), or `nil` when `key`
    /// agrees at both ends. For a fixed threshold the compared quantity
    /// crosses it between the two.
    public static func flip<Key: Equatable>(low: Double, high: Double, _ key: (Double) -> Key) -> (Double, Double)? {
        guard low > 0, high > low else { return nil }
        let atHigh = key(high)
        guard key(low) != atHigh else { return nil }
        var a = low.bitPattern
        var b = high.bitPattern
        while b - a > 1 {
            let middle = a + (b - a) / 2
            if key(Double(bitPattern: middle)) == atHigh { b = middle } else { a = middle }
        }
        return (Double(bitPattern: a), Double(bitPattern: b))
    }

    /// `θ` and its neighbours one ulp either side.
    public static func eitherSide(_ threshold: Double) -> [Double] {
        [threshold.nextDown, threshold, threshold.nextUp]
    }

    /// A comparison that also checks the shown clock (`simulatedTimes`)
    /// frame by frame, bit for bit.
    public static func mismatch(
        _ shown: DisplayedMotion, _ oracle: (values: [Double], done: Int?, clock: [Double]?), exact: Bool
    ) -> String? {
        if let why = mismatch(shown, (oracle.values, oracle.done), scale: 1, relative: exact ? 0 : 1e-12) {
            return why
        }
        if let clock = oracle.clock {
            guard let times = shown.simulatedTimes, times.count == clock.count else { return "clock length" }
            for (n, (a, b)) in zip(times, clock).enumerated() where a != b {
                return "clock at frame \(n): \(a), oracle \(b)"
            }
        }
        return nil
    }
}
