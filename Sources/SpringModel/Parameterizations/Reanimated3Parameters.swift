#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// React Native Reanimated 3's `withSpring` physics config: mass, stiffness
/// and damping, defaults 1, 100, 10 (ζ 0.5).
///
/// Identity conversion (exact inverse). Source:
/// software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring.ts` (3.x, commit
/// b0b11b6fe782b5d889fe87378fc3f508c08b60a8), whose `defaultConfig` is
/// damping 10, mass 1, stiffness 100, restDisplacementThreshold 0.01,
/// restSpeedThreshold 2, duration 2000, dampingRatio 0.5.
public struct Reanimated3Parameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Reanimated 3 mass/stiffness/damping"

    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double = 1, stiffness: Double = 100, damping: Double = 10) throws(SpringParameterError) {
        _ = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    public init(_ spring: Spring) {
        mass = spring.mass
        stiffness = spring.stiffness
        damping = spring.damping
    }

    /// `withSpring`'s default in Reanimated 3: mass 1, stiffness 100, damping 10.
    public static let defaults = try! Reanimated3Parameters()

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("mass", mass), ("stiffness", stiffness), ("damping", damping)]
    }
}

/// React Native Reanimated 3's `withSpring` duration config: `duration`
/// (Reanimated's milliseconds, here in seconds, default 2000 ms),
/// `dampingRatio` (default 0.5) and `stiffness` (`config.stiffness`,
/// default 100), for a given travel.
///
/// Reanimated 3 solves the **mass** by `calculateNewMassToMatchDuration`
/// (software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/springUtils.ts`, 3.x,
/// commit f443c2734bc453d974653006be28dd4a614a1c18): `bisectRoot` on
/// [0, 100] (at most 20 halvings, |residual| ≤ 5e-5 ms) of
/// `D(m) = 1000·(−2m/c)·ln(0.01·restSpeedThreshold / A) − duration`, with
/// `c = 2ζ√(k·m)` and `A = (m·v0² + k·x0²) / (e^(1 − ζ/2)·k)` (not square-rooted).
/// The mass therefore depends on the travel `x0 = to − from`: for k 100,
/// ζ 0.5 and 2000 ms, 10.0 at a travel of 1, 0.653 at 100, 0.347 at 1000.
/// Reanimated ends such an animation at `duration` whatever is left (the
/// rest thresholds are not used), which `Reanimated3Loop`'s duration
/// configuration shows; the spring here is the one it runs until then.
///
/// From rest `D(m) = 1000·√(m/k)/ζ·ln(x0²·e^(ζ/2 − 1)/(0.01·restSpeedThreshold))`,
/// so the inverse is closed form: `m = k·(m/k of the spring)` with `k` this
/// form's stiffness, and `duration = D(m)`; it exists while that mass is
/// inside (0, 100) and the logarithm is positive (a travel above about 0.18
/// at ζ 0.5). A round trip agrees to the bisection's 100/2²¹ in mass.
public struct Reanimated3DurationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Reanimated 3 duration/dampingRatio"

    /// `restSpeedThreshold`'s default (value units per second), which the mass solve uses.
    public static let restSpeedThreshold = 2.0
    /// The bisection's upper end for the mass.
    public static let maximumMass = 100.0

    /// Duration in seconds (Reanimated's `duration` / 1000; > 0).
    public var duration: Double
    /// `dampingRatio` (> 0).
    public var dampingRatio: Double
    /// `config.stiffness` (> 0).
    public var stiffness: Double
    /// The distance `|to − from|` the animation covers, in the value's units, from rest (> 0).
    public var travel: Double

    public init(
        duration: Double = 2, dampingRatio: Double = 0.5, stiffness: Double = 100, travel: Double
    ) throws(SpringParameterError) {
        try Check.positive(duration, "duration")
        try Check.positive(dampingRatio, "dampingRatio")
        try Check.positive(stiffness, "stiffness")
        try Check.positive(travel, "travel")
        self.duration = duration
        self.dampingRatio = dampingRatio
        self.stiffness = stiffness
        self.travel = travel
        _ = try Spring.validated(
            spring, blaming: "duration", value: duration, range: "a duration giving a finite, non-zero mass")
    }

    /// The parameters for a travel of 100 (points or pixels), from rest.
    public init(_ spring: Spring) throws(SpringParameterError) {
        try self.init(spring, travel: 100)
    }

    /// The duration and damping ratio whose mass solve at `stiffness` and
    /// `travel` gives this spring's `k/m`.
    public init(_ spring: Spring, travel: Double, stiffness: Double = 100) throws(SpringParameterError) {
        try Check.positive(travel, "travel")
        try Check.positive(stiffness, "stiffness")
        let zeta = spring.dampingRatio
        guard zeta > 0 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "Reanimated skips the animation for dampingRatio 0 (it must be > 0)")
        }
        let mass = stiffness / (spring.stiffness / spring.mass)
        guard mass > 0, mass < Self.maximumMass else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason:
                    "its mass at stiffness \(stiffness) (\(mass)) is outside the 0...100 Reanimated's solve searches")
        }
        let milliseconds =
            Self.durationForMass(
                mass, duration: 0, dampingRatio: zeta, stiffness: stiffness,
                restSpeedThreshold: Self.restSpeedThreshold, displacement: travel, velocity: 0)
        guard milliseconds.isFinite, milliseconds > 0 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason:
                    "a travel of \(travel) is too short for Reanimated's duration estimate (its logarithm is not positive)"
            )
        }
        self.duration = milliseconds / 1000
        self.dampingRatio = zeta
        self.stiffness = stiffness
        self.travel = travel
    }

    /// The mass Reanimated solves for this travel from rest.
    public var mass: Double {
        Self.mass(
            duration: duration * 1000, dampingRatio: dampingRatio, stiffness: stiffness,
            restSpeedThreshold: Self.restSpeedThreshold, displacement: travel, velocity: 0)
    }

    /// The spring Reanimated runs: the solved mass, `stiffness`, `c = 2ζ√(k·m)`.
    public var spring: Spring {
        let m = mass
        return Spring(
            uncheckedMass: m, stiffness: stiffness, damping: 2 * dampingRatio * (stiffness * m).squareRoot())
    }

    public var namedValues: [(name: String, value: Double)] {
        [("duration", duration), ("dampingRatio", dampingRatio), ("stiffness", stiffness), ("travel", travel)]
    }

    /// `calculateNewMassToMatchDuration(x0, config, v0)` with Reanimated 3's
    /// `bisectRoot` (min 0, max 100, 20 halvings, accuracy 5e-5), operation
    /// for operation.
    /// Parameters:
    ///   - `duration`: Reanimated's `duration` in **milliseconds**.
    ///   - `displacement`: `x0 = to − from` (only its square is used).
    ///   - `velocity`: `v0` in value units per second.
    public static func mass(
        duration: Double, dampingRatio: Double, stiffness: Double, restSpeedThreshold: Double,
        displacement: Double, velocity: Double
    ) -> Double {
        let accuracy = 0.00005
        var remaining = 20
        var low = 0.0
        var high = maximumMass
        func f(_ m: Double) -> Double {
            durationForMass(
                m, duration: duration, dampingRatio: dampingRatio, stiffness: stiffness,
                restSpeedThreshold: restSpeedThreshold, displacement: displacement, velocity: velocity)
        }
        var current = (high + low) / 2
        while abs(f(current)) > accuracy && remaining > 0 {
            remaining -= 1
            if f(current) < 0 { low = current } else { high = current }
            current = (low + high) / 2
        }
        return current
    }

    /// `durationForMass(mass)`: Reanimated 3's duration estimate for `mass`,
    /// in ms, minus `duration`.
    static func durationForMass(
        _ mass: Double, duration: Double, dampingRatio zeta: Double, stiffness k: Double,
        restSpeedThreshold threshold: Double, displacement x0: Double, velocity v0: Double
    ) -> Double {
        let amplitude = (mass * v0 * v0 + k * x0 * x0) / (exp(1 - 0.5 * zeta) * k)
        let c = zeta * 2 * (k * mass).squareRoot()
        return 1000 * ((-2 * mass) / c) * log((threshold * 0.01) / amplitude) - duration
    }
}
