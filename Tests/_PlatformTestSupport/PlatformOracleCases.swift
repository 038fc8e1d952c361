import SpringModel
import SpringPlatforms
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Seeded cases for the oracle tests of the Reanimated and Svelte loops:
/// springs × initial velocities (zero and both signs) × refresh rates ×
/// travels, plus springs placed at the platforms' done thresholds.
public enum PlatformOracleCases {
    /// SplitMix64: a fixed sequence from a seed, the same on every machine.
    public struct Generator: Sendable {
        public var state: UInt64

        public init(state: UInt64) { self.state = state }

        public mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        /// Uniform in [0, 1).
        public mutating func unit() -> Double { Double(next() >> 11) * 0x1p-53 }

        public mutating func uniform(_ range: ClosedRange<Double>) -> Double {
            range.lowerBound + (range.upperBound - range.lowerBound) * unit()
        }

        /// Log-uniform in `range`.
        public mutating func logUniform(_ range: ClosedRange<Double>) -> Double {
            exp(uniform(log(range.lowerBound)...log(range.upperBound)))
        }
    }

    /// 60, 120 and 144 Hz, an uneven 59.94 Hz (NTSC: a frame gap that is no
    /// whole or terminating number of ms), and 12 Hz, where every gap
    /// (83.3 ms) is above Reanimated's 64 ms and Svelte's 33.3 ms clamps.
    public static let refreshRates: [Double] = [60, 120, 144, 59.94, 12]

    public struct Case: Sendable, CustomStringConvertible {
        public var mass: Double
        public var stiffness: Double
        public var damping: Double
        public var from: Double
        public var to: Double
        public var velocity: Double
        public var refreshRate: Double

        public init(
            mass: Double, stiffness: Double, damping: Double, from: Double, to: Double, velocity: Double,
            refreshRate: Double
        ) {
            self.mass = mass
            self.stiffness = stiffness
            self.damping = damping
            self.from = from
            self.to = to
            self.velocity = velocity
            self.refreshRate = refreshRate
        }

        public var description: String {
            "m \(mass) k \(stiffness) c \(damping) (ζ \(damping / (2 * (stiffness * mass).squareRoot()))) \(from) → \(to) v \(velocity) at \(refreshRate) Hz"
        }
    }

    /// `count` seeded springs, each with velocities 0, +v and −v at every rate.
    public static func seeded(count: Int, seed: UInt64) -> [Case] {
        var random = Generator(state: seed)
        let travels: [(Double, Double)] = [(0, 1), (0, 100), (250, -40), (10, 10.5), (-3, 1000)]
        var cases: [Case] = []
        for index in 0..<count {
            let mass = random.logUniform(0.3...10)
            let omega0 = random.logUniform(3...80)
            // Every fourth spring is at ζ = 1 or just either side of it.
            let zeta: Double =
                switch index % 8 {
                case 3: 1
                case 7: random.unit() < 0.5 ? 1 - 1e-9 : 1 + 1e-9
                default: random.uniform(0.1...2.5)
                }
            let stiffness = mass * omega0 * omega0
            let damping = 2 * zeta * (stiffness * mass).squareRoot()
            let (from, to) = travels[Int(random.next() % UInt64(travels.count))]
            let speed = Swift.max(abs(to - from), 1) * random.uniform(0.5...20)
            for velocity in [0, speed, -speed] {
                for rate in refreshRates {
                    cases.append(
                        Case(
                            mass: mass, stiffness: stiffness, damping: damping, from: from, to: to,
                            velocity: velocity, refreshRate: rate))
                }
            }
        }
        return cases
    }

    /// Runs at the platforms' done thresholds: no travel (Reanimated 4's
    /// `E0 = 0`), a travel inside Reanimated 3's 0.01 and Svelte's 0.01, a
    /// velocity just either side of Reanimated 3's 2 units/s, a damping of 0
    /// (an invalid config: Reanimated snaps), and the defaults.
    public static let thresholds: [Case] = {
        var cases: [Case] = []
        for rate in refreshRates {
            for (m, k, c) in [(4.0, 900.0, 120.0), (1.0, 100.0, 10.0), (1, 200, 0), (1, 170, 26)] {
                for (from, to, v) in [
                    (5.0, 5.0, 0.0), (5, 5, 1.9), (5, 5, 2.1), (0, 0.005, 0), (0, 0.009, 0), (0, 0.011, 0),
                    (0, 0.005, 1.999), (0, 0.005, -2.001), (0, 0.0099, 0), (0, 0.02, 0),
                ] {
                    cases.append(
                        Case(mass: m, stiffness: k, damping: c, from: from, to: to, velocity: v, refreshRate: rate))
                }
            }
        }
        return cases
    }()

    /// The frame-by-frame comparison: the same number of frames, the same done
    /// frame, and each value within `relative` of the scale
    /// `max(|to − from|, |v|·1 s, |from|, |to|, 1)` (both sides evaluate the same operations
    /// in the same order, so they agree to the last bit; the bound leaves room
    /// for nothing but a libm difference).
    public static func mismatch(
        _ shown: DisplayedMotion, _ oracle: (values: [Double], done: Int?), scale: Double, relative: Double = 1e-12
    ) -> String? {
        if shown.doneFrame != oracle.done {
            return
                "done frame \(shown.doneFrame.map(String.init) ?? "none"), oracle \(oracle.done.map(String.init) ?? "none")"
        }
        if shown.values.count != oracle.values.count {
            return "\(shown.values.count) frames, oracle \(oracle.values.count)"
        }
        // Equal values agree (an unstable store's ±∞ included), and so do two NaNs.
        for (n, (a, b)) in zip(shown.values, oracle.values).enumerated()
        where !(a == b || (a.isNaN && b.isNaN) || abs(a - b) <= relative * scale) {
            return "frame \(n): \(a), oracle \(b)"
        }
        return nil
    }

    public static func scale(_ c: Case) -> Double {
        Swift.max(abs(c.to - c.from), abs(c.velocity), abs(c.from), abs(c.to), 1)
    }
}
