import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension PlatformOracleCases {
    /// Seeded cases for the differential tests: every damping regime
    /// (under-damped, ζ = 1 exactly, near-critical on both sides, over-damped,
    /// undamped ζ = 0), initial velocities 0, +v and −v with |v| up to 50× the
    /// travel per second, the five refresh rates, and travels that are
    /// positive, negative, tiny (1e-4), large (1e4) and start away from 0.
    ///
    /// Spring `index % 6` picks the regime; ζ = 1 springs have mass 1 and
    /// `c = 2ω₀`, `k = ω₀²`, for which `c/(2√(k·m))`, `Float` of it and
    /// `c² − 4mk` are exactly 1, 1 and 0.
    static func differential(count: Int, seed: UInt64) -> [Case] {
        var random = Generator(state: seed)
        let travels: [Double] = [1, -1, 100, -100, 1e-4, -1e-4, 1e4, -1e4, 0.5, 250]
        var cases: [Case] = []
        for index in 0..<count {
            let omega0 = random.logUniform(4...90)
            var mass = random.logUniform(0.25...4)
            let zeta: Double
            switch index % 6 {
            case 0: zeta = random.uniform(0.05...0.95)
            case 1:
                zeta = 1
                mass = 1
            case 2: zeta = random.uniform(1.05...5)
            case 3: zeta = random.unit() < 0.5 ? 1 - 1e-7 : 1 + 1e-7
            case 4: zeta = 0
            default: zeta = random.uniform(0.3...1.6)
            }
            let stiffness = mass * omega0 * omega0
            let damping = zeta == 1 ? 2 * omega0 : 2 * zeta * (stiffness * mass).squareRoot()
            let travel = travels[Int(random.next() % UInt64(travels.count))] * random.uniform(0.5...2)
            let from = random.unit() < 0.5 ? 0 : random.uniform(-800...800)
            let speed = abs(travel) * (random.unit() < 0.3 ? 50 : random.uniform(0.2...50))
            for velocity in [0, speed, -speed] {
                for rate in refreshRates {
                    cases.append(
                        Case(
                            mass: mass, stiffness: stiffness, damping: damping, from: from, to: from + travel,
                            velocity: velocity, refreshRate: rate))
                }
            }
        }
        return cases
    }
}

/// The emulations in `Sources/SpringPlatforms/Platforms` of Android,
/// Compose, Flutter, Rebound and Pop against independent ports of each
/// platform's own code (`PlatformDifferentialPorts.swift`): every frame's
/// value, the frame count and the done frame, on seeded random springs and on
/// springs placed at each done rule's threshold.
///
/// Tolerances. Android, Flutter, Rebound and Pop: the port and the loop do
/// the same IEEE operations in the same order (the same libm for `pow`, `exp`,
/// `sin`, `cos`), so they must agree bit for bit. Compose: the loop evaluates
/// SpringBench's propagator in `Double` from the unrounded inputs, Compose
/// its closed form from `Float` inputs with a `Float` result, so a frame may
/// differ by the roundings of `from`, `to`, `v` and the result to binary32:
/// each is at most 2⁻²⁴ relative, carried through a motion whose position is
/// `P_x·x₀ + P_v·v₀` with `|P_x| ≤ 1` and `|P_v| ≤ 1 s` for these springs
/// (ω₀ ≥ 4), and the formulas' own errors are ~1e-15 relative. So
/// `|Δ| ≤ 4·2⁻²⁴·max(|from|, |to|, |x₀|, |v|·1 s)` with room to spare; its done
/// frame comes from the same estimate on the same `Float` inputs and must agree exactly.
@Suite("Android, Compose, Flutter, Rebound and Pop loops against ports of their own code")
struct PlatformDifferentialTests {
    /// The seed of every random test here; a failure prints it with the case.
    static let seed: UInt64 = 0x5EED_2026_1126_0029

    struct Platform: Sendable {
        var name: String
        /// The run as the emulation shows it.
        var emulation: @Sendable (PlatformOracleCases.Case) -> DisplayedMotion
        /// The run as the port of the platform's code shows it.
        var port: @Sendable (PlatformOracleCases.Case) -> PortRun
        /// Allowed difference per frame, relative to `scale(case)` (0: bit for bit).
        var relative: Double
    }

    static func zeta(_ c: PlatformOracleCases.Case) -> Double { c.damping / (2 * (c.stiffness * c.mass).squareRoot()) }

    /// The size a frame's error is measured against: the largest of |from|,
    /// |to|, the travel and the velocity times 1 s (no floor, so tiny travels
    /// are held to their own size).
    static func scale(_ c: PlatformOracleCases.Case) -> Double {
        Swift.max(abs(c.to - c.from), abs(c.velocity), abs(c.from), abs(c.to), .leastNormalMagnitude)
    }

    static let android = Platform(
        name: "Android",
        emulation: { c in
            AndroidSpringLoop(stiffness: Float(c.stiffness / c.mass), dampingRatio: Float(zeta(c)))
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        },
        port: { c in
            AndroidSpringAnimationPort(stiffness: Float(c.stiffness / c.mass), dampingRatio: Float(zeta(c)))
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        }, relative: 0)

    /// Compose's spring in its own terms: `Float` stiffness (mass 1) and damping ratio.
    static func composeParameters(_ c: PlatformOracleCases.Case) -> (stiffness: Float, dampingRatio: Float) {
        (Float(c.stiffness / c.mass), Float(zeta(c)))
    }

    static let compose = Platform(
        name: "Compose",
        emulation: { c in
            let (k, ratio) = composeParameters(c)
            // The canonical spring of exactly those binary32 values.
            let spring = try! Spring(naturalFrequency: Double(k).squareRoot(), dampingRatio: Double(ratio))
            return ComposeLoop(spring).run(
                from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        },
        port: { c in
            let (k, ratio) = composeParameters(c)
            return ComposeSpringPort(stiffness: k, dampingRatio: ratio)
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        }, relative: 4 * 0x1p-24)

    static let flutter = Platform(
        name: "Flutter",
        emulation: { c in
            FlutterLoop(try! Spring(mass: c.mass, stiffness: c.stiffness, damping: c.damping))
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        },
        port: { c in
            FlutterSpringPort(mass: c.mass, stiffness: c.stiffness, damping: c.damping)
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        }, relative: 0)

    static let rebound = Platform(
        name: "Rebound",
        emulation: { c in
            ReboundLoop(tension: c.stiffness / c.mass, friction: c.damping / c.mass)
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        },
        port: { c in
            ReboundPort(tension: c.stiffness / c.mass, friction: c.damping / c.mass)
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        }, relative: 0)

    /// Pop's property threshold for a case: points (1), opacity (0.01) or
    /// scale (0.005), chosen by the case's numbers so a run is reproducible alone.
    static func popThreshold(_ c: PlatformOracleCases.Case) -> Double {
        [1, 0.01, 0.005][Int(c.stiffness.bitPattern % 3)]
    }

    static let pop = Platform(
        name: "Pop",
        emulation: { c in
            PopLoop(tension: c.stiffness, friction: c.damping, mass: c.mass, threshold: popThreshold(c))
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        },
        port: { c in
            PopPort(tension: c.stiffness, friction: c.damping, mass: c.mass, threshold: popThreshold(c))
                .run(from: c.from, to: c.to, initialVelocity: c.velocity, refreshRate: c.refreshRate)
        }, relative: 0)

    static let platforms = [android, compose, flutter, rebound, pop]

    /// The first case on which the emulation and the port differ, described
    /// so that it can be rerun alone.
    static func firstMismatch(_ platform: Platform, _ cases: [PlatformOracleCases.Case], label: String) -> String? {
        for (index, c) in cases.enumerated() {
            let shown = platform.emulation(c)
            let port = platform.port(c)
            if let why = PlatformOracleCases.mismatch(shown, port, scale: scale(c), relative: platform.relative) {
                return
                    "\(platform.name) \(label) (seed \(String(seed, radix: 16)), case \(index)): \(c): \(why); \(shown.values.count) frames shown"
            }
        }
        return nil
    }

    // MARK: Seeded random springs

    static let randomSprings = TestDepth.scaled(quick: 12, deep: 120)

    @Test(
        "Each loop shows the frames, frame count and done frame of its platform's own code on seeded random springs",
        arguments: ["Android", "Compose", "Flutter", "Rebound", "Pop"])
    func seededSprings(_ name: String) throws {
        let platform = try #require(Self.platforms.first { $0.name == name })
        var cases = PlatformOracleCases.differential(count: Self.randomSprings, seed: Self.seed)
        // Rebound and Pop step every millisecond: a spring that never settles
        // costs 60 000 steps a run, so they try every third undamped one.
        if name == "Rebound" || name == "Pop" {
            cases = cases.enumerated().filter { Self.zeta($0.element) != 0 || $0.offset % 3 == 0 }.map(\.element)
        }
        let mismatch = Self.firstMismatch(platform, cases, label: "random")
        #expect(mismatch == nil, "\(mismatch ?? "")")
    }

    // MARK: Springs placed at the done rules' thresholds

    /// Runs that differ from `base` only by a scale `s` of the start's offset
    /// and the velocity: the whole motion scales with `s` (to `to`), and so do
    /// the quantities the done rules compare (|x − T|, |v|, energies, Pop's
    /// frame-to-frame change), while the thresholds stay. The done frame is a
    /// step function of `s`; at each of its steps a compared quantity crosses
    /// its threshold, and where it can equal it, equals it on one side.
    static func scaled(_ base: PlatformOracleCases.Case, _ s: Double) -> PlatformOracleCases.Case {
        var c = base
        c.from = base.to + (base.from - base.to) * s
        c.velocity = base.velocity * s
        return c
    }

    /// The adjacent scales `(inside, outside)` between which the port's done
    /// frame leaves `frame`, searching from `s = start` up (`upward`) or down; nil
    /// when it does not leave within 2⁶⁰.
    static func flip(
        _ platform: Platform, _ base: PlatformOracleCases.Case, frame: Int?, from start: Double = 1, upward: Bool
    ) -> (inside: Double, outside: Double)? {
        func inside(_ s: Double) -> Bool { platform.port(scaled(base, s)).done == frame }
        var near = start
        var far = upward ? start * 2 : start / 2
        var steps = 0
        while inside(far) {
            steps += 1
            guard steps < 60 else { return nil }
            near = far
            far = upward ? far * 2 : far / 2
        }
        // Bisection to adjacent doubles (the midpoint of adjacent doubles is one of them).
        while true {
            let middle = near + (far - near) / 2
            if middle == near || middle == far { break }
            if inside(middle) { near = middle } else { far = middle }
        }
        return (near, far)
    }

    /// Bases for the threshold runs: springs that settle within a few
    /// seconds in every regime but ζ = 0, with both velocity signs, at every rate
    /// (Compose's also at 1000 Hz, where a frame lands on every millisecond
    /// its estimate can take).
    static func thresholdBases(_ name: String, count: Int) -> [PlatformOracleCases.Case] {
        var random = PlatformOracleCases.Generator(state: seed ^ 0x7468_7265_7368)
        var rates = PlatformOracleCases.refreshRates
        if name == "Compose" { rates.append(1000) }
        var cases: [PlatformOracleCases.Case] = []
        for index in 0..<count {
            // Every eighth base creeps (ω₀ 4…6, ζ 4…6: its slow rate ω₀/(ζ + √(ζ² − 1))
            // is below 1/s, so late in the motion |v| < |x − T| and the
            // distance test, not the speed test, decides the done frame).
            let creeps = index % 8 == 2
            let omega0 = creeps ? random.uniform(4...6) : random.logUniform(15...70)
            let zeta: Double =
                switch index % 4 {
                case 0: random.uniform(0.2...0.9)
                case 1: 1
                case 2: creeps ? random.uniform(4...6) : random.uniform(1.1...3)
                default: random.uniform(0.5...1.5)
                }
            let mass = zeta == 1 ? 1 : random.logUniform(0.5...2)
            let stiffness = mass * omega0 * omega0
            let damping = zeta == 1 ? 2 * omega0 : 2 * zeta * (stiffness * mass).squareRoot()
            // Every third base ends at 0, so that a start's offset is the scaled
            // number itself and can equal a distance threshold exactly; every
            // other base starts at rest, so that distance, not speed, binds
            // where the motion starts or turns.
            // Those that also start at rest travel a power of two, so that the
            // scaled offset is exact and the bisection lands on the threshold itself.
            let to = index % 3 == 0 ? 0 : random.uniform(-50...50)
            var travel = (random.unit() < 0.5 ? -1 : 1) * random.logUniform(0.05...300)
            if index % 6 == 0 { travel = Double(sign: travel.sign, exponent: travel.exponent, significand: 1) }
            if creeps { travel = (random.unit() < 0.5 ? -1 : 1) * random.logUniform(0.01...0.1) }
            var velocity =
                index % 2 == 0 ? 0 : (random.unit() < 0.5 ? -1 : 1) * abs(travel) * random.uniform(0...20)
            // Every sixth base, from index 3, starts at the target with a
            // power-of-two velocity: the scaled speed is exact, so a speed
            // threshold is met exactly where the start is decided.
            if index % 6 == 3 {
                velocity = Double(sign: velocity.sign, exponent: velocity.exponent, significand: 1)
                travel = 0
            }
            cases.append(
                PlatformOracleCases.Case(
                    mass: mass, stiffness: stiffness, damping: damping, from: to - travel, to: to,
                    velocity: velocity, refreshRate: rates[index % rates.count]))
        }
        return cases
    }

    static let thresholdSprings = TestDepth.scaled(quick: 16, deep: 80)

    @Test(
        "At every step of the done frame (a compared quantity at its threshold, and one ulp of the input either side) the loop's done frame is the platform's",
        arguments: ["Android", "Compose", "Flutter", "Rebound", "Pop"])
    func thresholdSprings(_ name: String) throws {
        let platform = try #require(Self.platforms.first { $0.name == name })
        var flips = 0
        for (index, base) in Self.thresholdBases(name, count: Self.thresholdSprings).enumerated() {
            // The steps just above and below the base's done frame, and the
            // step out of the done frame of a vanishing motion (the first
            // frames' decisions, where the start itself meets a threshold).
            let tiny = 0x1p-30
            let searches = [
                (platform.port(base).done, 1.0, true), (platform.port(base).done, 1.0, false),
                (platform.port(Self.scaled(base, tiny)).done, tiny, true),
            ]
            for (frame, start, upward) in searches {
                guard let (inside, outside) = Self.flip(platform, base, frame: frame, from: start, upward: upward)
                else { continue }
                flips += 1
                for s in [inside.nextDown, inside, outside, outside.nextUp] {
                    let c = Self.scaled(base, s)
                    let shown = platform.emulation(c)
                    let port = platform.port(c)
                    if let why = PlatformOracleCases.mismatch(
                        shown, port, scale: Self.scale(c), relative: platform.relative)
                    {
                        Issue.record(
                            "\(name) threshold (seed \(String(Self.seed, radix: 16)), base \(index), from s \(start) \(upward ? "up" : "down"), s \(s)): \(c): \(why)"
                        )
                        return
                    }
                }
            }
        }
        // Every base has a step above (a larger motion settles later).
        #expect(flips >= Self.thresholdSprings, "\(name): only \(flips) steps of the done frame found")
    }

    // MARK: Android's per-frame velocity

    @Test("Android: one frame's value and velocity (SpringForce.updateValues) bit for bit, every regime")
    func androidFrameStep() {
        var random = PlatformOracleCases.Generator(state: Self.seed ^ 0x616E_6472_6F69_64)
        for index in 0..<TestDepth.scaled(quick: 2000, deep: 50000) {
            let stiffness = Float(random.logUniform(1...20000))
            let ratio: Float =
                switch index % 4 {
                case 0: Float(random.uniform(0...0.99))
                case 1: 1
                case 2: Float(random.uniform(1.01...8))
                default: 0
                }
            let final = Double(Float(random.uniform(-1000...1000)))
            let value = Float(final + random.uniform(-2000...2000))
            let velocity = Float(random.uniform(-20000...20000))
            let milliseconds = Int64(random.next() % 100)
            let port = AndroidSpringAnimationPort(stiffness: stiffness, dampingRatio: ratio)
                .updateValues(Double(value), Double(velocity), milliseconds, final: final)
            let shown = AndroidSpringLoop.update(
                value: value, velocity: velocity, finalPosition: final, omega: Double(stiffness).squareRoot(),
                zeta: Double(ratio), milliseconds: milliseconds)
            guard shown.0.bitPattern == port.value.bitPattern && shown.1.bitPattern == port.velocity.bitPattern
            else {
                Issue.record(
                    "Android step \(index) (seed \(String(Self.seed, radix: 16))): k \(stiffness) ζ \(ratio) x \(value) → \(final) v \(velocity) \(milliseconds) ms: \(shown), port \(port)"
                )
                return
            }
        }
    }
}
