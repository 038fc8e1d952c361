#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// React Native Reanimated 4's `withSpring` physics config: mass, stiffness
/// and damping, defaults 4, 900, 120 (`GentleSpringConfig`), with the other
/// configs Reanimated 4 exports.
///
/// Identity conversion (exact inverse). Source:
/// software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring/springConfigs.ts`
/// (commit 178a31ed65564231c85b157b915dccec574404bf) and `spring.ts`, whose
/// defaults are `GentleSpringConfig` merged with `GentleSpringConfigWithDuration`.
public struct ReanimatedParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Reanimated 4 mass/stiffness/damping"

    public var mass: Double
    public var stiffness: Double
    public var damping: Double

    public init(mass: Double = 4, stiffness: Double = 900, damping: Double = 120) throws(SpringParameterError) {
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

    /// `GentleSpringConfig` {mass 4, stiffness 900, damping 120} (ζ = 1): `withSpring`'s default.
    public static let gentle = try! ReanimatedParameters(mass: 4, stiffness: 900, damping: 120)
    /// `WigglySpringConfig` {mass 4, stiffness 900, damping 90} (ζ = 0.75).
    public static let wiggly = try! ReanimatedParameters(mass: 4, stiffness: 900, damping: 90)
    /// `SnappySpringConfig` {mass 4, stiffness 900, damping 110, overshootClamping true} (ζ ≈ 0.917).
    public static let snappy = try! ReanimatedParameters(mass: 4, stiffness: 900, damping: 110)
    /// `Reanimated3DefaultSpringConfig` {mass 1, stiffness 100, damping 10}: Reanimated 3's default.
    public static let reanimated3Default = try! ReanimatedParameters(mass: 1, stiffness: 100, damping: 10)

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("mass", mass), ("stiffness", stiffness), ("damping", damping)]
    }
}

/// React Native Reanimated 4's `withSpring` duration config: `duration`
/// (Reanimated's milliseconds, here in seconds) and `dampingRatio`, defaults
/// 550 ms and 1 (`GentleSpringConfigWithDuration`).
///
/// Reanimated 4 solves the **stiffness** (mass stays `config.mass`, 4 by
/// default: the type says `mass?: never` in this form) so that a
/// critically-damped-shaped estimate of the motion has lost all but
/// `energyThreshold` (6e-9) of its energy at 1.5 × the duration:
/// ``stiffness(duration:dampingRatio:mass:energyThreshold:displacement:velocity:)``,
/// a port of `calculateNewStiffnessToMatchDuration` and `bisectRoot`
/// (software-mansion/react-native-reanimated
/// `packages/react-native-reanimated/src/animation/spring/springUtils.ts`,
/// commit 0893dd90898156277b8708ff82ad3f724f259f4b). From rest the solve does
/// not depend on the travel (up to rounding), so this form is a spring; with
/// an initial velocity Reanimated solves again per animation
/// (`ReanimatedLoop`'s duration configuration does).
///
/// The spring is mass 4 with the solved stiffness and `c = 2ζ√(k·m)`. The
/// bisection searches (2.2e-16, 8000]: below about 185 ms (ζ 1) the
/// stiffness saturates near 8000. Inverse: the exact root of the estimate
/// (`e^(−2u)·((1 + u)² + ζ²u²) = threshold`, `u = ζ·√(k/m)·1.5·duration`),
/// for springs whose mass-4 stiffness is below 8000; the bisection stops within
/// 1e-3 of the threshold, so a round trip agrees to about 1e-4 in stiffness.
public struct ReanimatedDurationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Reanimated 4 duration/dampingRatio"

    /// The mass the duration form uses (Reanimated's default `config.mass`).
    public static let mass = 4.0
    /// `energyThreshold`'s default.
    public static let energyThreshold = 6e-9
    /// The bisection's upper end for the stiffness.
    public static let maximumStiffness = 8e3

    /// Perceptual duration in seconds (Reanimated's `duration` / 1000; > 0).
    public var duration: Double
    /// `dampingRatio` (> 0).
    public var dampingRatio: Double

    public init(duration: Double = 0.55, dampingRatio: Double = 1) throws(SpringParameterError) {
        try Check.positive(duration, "duration")
        try Check.positive(dampingRatio, "dampingRatio")
        self.duration = duration
        self.dampingRatio = dampingRatio
        _ = try Spring.validated(
            spring, blaming: "duration", value: duration, range: "a duration giving a finite, non-zero stiffness")
    }

    /// The duration and damping ratio whose exact solve gives this spring's
    /// `k/m` at mass 4.
    public init(_ spring: Spring) throws(SpringParameterError) {
        let zeta = spring.dampingRatio
        guard zeta > 0 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "Reanimated skips the animation for dampingRatio 0 (it must be > 0)")
        }
        let stiffness = Self.mass * (spring.stiffness / spring.mass)
        guard stiffness < Self.maximumStiffness else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason:
                    "its stiffness at mass 4 (\(stiffness)) is above the 8000 Reanimated's duration solve searches up to"
            )
        }
        let u = Self.energyDecayProduct(dampingRatio: zeta, energyThreshold: Self.energyThreshold)
        let lambda = zeta * (stiffness / Self.mass).squareRoot()
        let duration = u / lambda / 1.5
        guard duration.isFinite, duration > 0 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "its duration (\(duration) s, from a decay rate of \(lambda)/s) is not a finite number > 0")
        }
        self.duration = duration
        self.dampingRatio = zeta
    }

    /// The spring Reanimated builds from rest: mass 4, the solved stiffness, `c = 2ζ√(k·m)`.
    public var spring: Spring {
        let k = Self.stiffness(
            duration: duration * 1000, dampingRatio: dampingRatio, mass: Self.mass,
            energyThreshold: Self.energyThreshold, displacement: -1, velocity: 0)
        return Spring(
            uncheckedMass: Self.mass, stiffness: k, damping: 2 * dampingRatio * (k * Self.mass).squareRoot())
    }

    public var namedValues: [(name: String, value: Double)] {
        [("duration", duration), ("dampingRatio", dampingRatio)]
    }

    /// `calculateNewStiffnessToMatchDuration(x0, config, v0)`: the stiffness
    /// whose estimate `x̂(T) = (x0 + (v0 + λx0)T)e^(−λT)`, `λ = ζ√(k/m)`,
    /// `T = 1.5·duration/1000`, has energy `(½k x̂² + ½m v̂²)` equal to
    /// `energyThreshold` times the start's, by `bisectRoot` on
    /// [`Number.EPSILON`, 8000] with precision `energyThreshold·1e-3` and at most
    /// 100 halvings, operation for operation as Reanimated writes it.
    /// Parameters:
    ///   - `duration`: Reanimated's `duration` in **milliseconds**.
    ///   - `displacement`: `x0 = from − to`.
    ///   - `velocity`: `v0` in value units per second.
    public static func stiffness(
        duration: Double, dampingRatio zeta: Double, mass m: Double, energyThreshold threshold: Double,
        displacement x0: Double, velocity v0: Double
    ) -> Double {
        func energyDifference(_ stiffness: Double) -> Double {
            let perceptualCoefficient = 1.5
            let millisecondsInSecond = 1000.0
            let settlingDuration = (duration * perceptualCoefficient) / millisecondsInSecond
            let omega0 = (stiffness / m).squareRoot() * zeta
            let xtk = (x0 + (v0 + x0 * omega0) * settlingDuration) * exp(-omega0 * settlingDuration)
            let vtk =
                (x0 + (v0 + x0 * omega0) * settlingDuration) * exp(-omega0 * settlingDuration) * -omega0
                + (v0 + x0 * omega0) * exp(-omega0 * settlingDuration)
            let e0 = energy(displacement: x0, velocity: v0, stiffness: stiffness, mass: m)
            let etk = energy(displacement: xtk, velocity: vtk, stiffness: stiffness, mass: m)
            return etk / e0 - threshold
        }
        return bisectRoot(
            min: Double.ulpOfOne, max: maximumStiffness, precision: threshold * 1e-3, maxIterations: 100,
            energyDifference)
    }

    /// `getEnergy`: `½·k·x² + ½·m·v²`.
    public static func energy(displacement: Double, velocity: Double, stiffness: Double, mass: Double) -> Double {
        let potentialEnergy = 0.5 * stiffness * (displacement * displacement)
        let kineticEnergy = 0.5 * mass * (velocity * velocity)
        return potentialEnergy + kineticEnergy
    }

    /// Reanimated 4's `bisectRoot`: the direction from the ends' values, then
    /// halvings while `|f(current)| > precision`, at most `maxIterations`.
    /// A NaN value ends it (the comparison is false), as in JavaScript.
    static func bisectRoot(
        min: Double, max: Double, precision: Double, maxIterations: Int, _ f: (Double) -> Double
    ) -> Double {
        var low = min
        var high = max
        let direction: Double = f(high) >= f(low) ? 1 : -1
        var remaining = maxIterations
        var current = (high + low) / 2
        while abs(f(current)) > precision && remaining > 0 {
            remaining -= 1
            if f(current) * direction < 0 { low = current } else { high = current }
            current = (low + high) / 2
        }
        return current
    }

    /// `u = λT` solving `e^(−2u)·((1 + u)² + ζ²u²) = threshold` (the estimate
    /// from rest), to full precision by bisection on the logarithm: the
    /// exact value Reanimated's bisection approaches. 12.368 at ζ 1,
    /// 12.138 at ζ 0.5, for the default threshold.
    public static func energyDecayProduct(dampingRatio zeta: Double, energyThreshold: Double) -> Double {
        func f(_ u: Double) -> Double { -2 * u + log((1 + u) * (1 + u) + zeta * zeta * u * u) - log(energyThreshold) }
        var low = 1.0
        var high = 1.0
        while f(high) > 0 && high < 1e6 { high *= 2 }
        while f(low) < 0 && low > 1e-12 { low /= 2 }
        for _ in 0..<200 {
            let mid = (low + high) / 2
            if mid == low || mid == high { break }
            if f(mid) > 0 { low = mid } else { high = mid }
        }
        return (low + high) / 2
    }
}
