#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Motion's (framer-motion) physics spring: stiffness, damping, mass with its
/// defaults 100, 10, 1 (Motion's `spring` documentation). Identity conversion,
/// exact inverse.
public struct MotionParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Motion stiffness/damping/mass"

    public var stiffness: Double
    public var damping: Double
    public var mass: Double

    public init(stiffness: Double = 100, damping: Double = 10, mass: Double = 1) throws(SpringParameterError) {
        _ = try Spring(mass: mass, stiffness: stiffness, damping: damping)
        self.stiffness = stiffness
        self.damping = damping
        self.mass = mass
    }

    public init(_ spring: Spring) {
        stiffness = spring.stiffness
        damping = spring.damping
        mass = spring.mass
    }

    /// Motion's physics defaults.
    public static let defaults = try! MotionParameters()

    public var spring: Spring { Spring(uncheckedMass: mass, stiffness: stiffness, damping: damping) }

    public var namedValues: [(name: String, value: Double)] {
        [("stiffness", stiffness), ("damping", damping), ("mass", mass)]
    }
}

/// Motion's `visualDuration` + `bounce` spring: SwiftUI's mapping with a 1.2×
/// duration factor and the damping ratio clamped to 0.05…1.
///
/// `k = (2π/(1.2·visualDuration))²`, `c = 2·clamp(1 − bounce, 0.05, 1)·√k`,
/// mass 1 (Guides/SpringFormulas.md). Motion clamps rather than rejects: bounce < 0 acts as 0,
/// bounce > 0.95 as 0.95; this type stores the bounce as given and clamps in
/// ``spring``. Inverse only for 0.05 ≤ ζ ≤ 1 (bounce 0…0.95); other springs throw.
public struct MotionDurationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Motion visualDuration/bounce"

    /// Perceptual duration in seconds (> 0).
    public var visualDuration: Double
    /// Bounce, effective range 0…0.95.
    public var bounce: Double

    /// `bounce` defaults to 0.3, as in Motion's `spring(visualDuration, bounce)`
    /// function form. (Motion's object form `{ visualDuration }` without a
    /// bounce ignores the visual duration and runs the physics defaults
    /// 100/10/1: ``MotionParameters/defaults``.)
    public init(visualDuration: Double, bounce: Double = 0.3) throws(SpringParameterError) {
        try Check.positive(visualDuration, "visualDuration")
        try Check.finite(bounce, "bounce")
        self.visualDuration = visualDuration
        self.bounce = bounce
        _ = try Spring.validated(
            spring, blaming: "visualDuration", value: visualDuration,
            range: "a duration giving a finite, non-zero stiffness (about 1e-153…1e153 s)")
    }

    public init(_ spring: Spring) throws(SpringParameterError) {
        let zeta = spring.dampingRatio
        guard zeta >= 0.05, zeta <= 1 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "damping ratio \(zeta) is outside Motion's 0.05...1 (bounce 0...0.95)")
        }
        visualDuration = spring.response / 1.2
        bounce = 1 - zeta
    }

    /// The damping ratio Motion uses, `clamp(1 − bounce, 0.05, 1)`.
    public var dampingRatio: Double { Swift.min(Swift.max(1 - bounce, 0.05), 1) }

    public var spring: Spring {
        Spring(uncheckedFrequency: 2 * .pi / (1.2 * visualDuration), dampingRatio: dampingRatio)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("visualDuration", visualDuration), ("bounce", bounce)]
    }
}

/// Motion's duration-based spring, `{ duration, bounce }` without a
/// `visualDuration` (motiondivision/motion
/// `packages/motion-dom/src/animation/generators/spring.ts` `findSpring`,
/// commit 1b037b0032578b52af94b06ff3920bfa0aaa5e36): ζ = clamp(1 − bounce,
/// 0.05, 1), the duration clamped to 0.01…10 s, and ω₀ from 11 Newton steps
/// from `5/duration` on Motion's envelope `0.001 − ζω₀/ω_d·e^(−ζω₀T)` (ζ < 1) or
/// `e^(−ω₀T)(ω₀T + 1) − 0.001` (ζ = 1), whose derivative Motion writes with ω₀²
/// where ω₀ is meant (kept: these are Motion's numbers). Mass 1,
/// `k = ω₀²`, `c = 2ζ√k`; a Newton result that is NaN gives Motion's physics
/// defaults 100/10. Defaults: duration 0.8 s, bounce 0.3.
///
/// Motion ends such an animation at `duration`, not by its rest thresholds.
/// Inverse: from the root Motion's Newton iteration converges to, for
/// ζ in 0.05…1 and a duration in 0.01…10 s.
public struct MotionPhysicalDurationParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Motion duration/bounce"

    /// Duration in seconds (Motion takes seconds and clamps to 0.01…10).
    public var duration: Double
    /// Bounce; ζ = clamp(1 − bounce, 0.05, 1).
    public var bounce: Double

    public init(duration: Double = 0.8, bounce: Double = 0.3) throws(SpringParameterError) {
        try Check.positive(duration, "duration")
        try Check.finite(bounce, "bounce")
        self.duration = duration
        self.bounce = bounce
    }

    /// The duration and bounce whose envelope root is the spring's ω₀ (what
    /// Motion's Newton iteration converges to): `T = ln(ζ/(0.001·√(1−ζ²)))/(ζω₀)`
    /// for ζ < 1, `T = x/ω₀` with `e^(−x)(1 + x) = 0.001` at ζ = 1; only for
    /// ζ in 0.05…1 and T in 0.01…10 s (Motion clamps everything else).
    public init(_ spring: Spring) throws(SpringParameterError) {
        let zeta = spring.dampingRatio
        let omega0 = spring.naturalFrequency
        guard zeta >= 0.05, zeta <= 1 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "damping ratio \(zeta) is outside Motion's 0.05...1 (bounce 0...0.95)")
        }
        let duration =
            zeta < 1
            ? log(zeta / (0.001 * (1 - zeta * zeta).squareRoot())) / (zeta * omega0)
            : SwiftUISettlingParameters.criticalSettlingProduct(epsilon: 0.001) / omega0
        guard duration.isFinite, duration >= 0.01, duration <= 10 else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "its Motion duration (\(duration) s) is outside the 0.01...10 s Motion clamps to")
        }
        self.duration = duration
        self.bounce = 1 - zeta
    }

    /// The damping ratio Motion uses.
    public var dampingRatio: Double { Swift.min(Swift.max(1 - bounce, 0.05), 1) }

    /// The clamped duration in seconds.
    public var effectiveDuration: Double { Swift.min(Swift.max(duration, 0.01), 10) }

    /// `findSpring`'s ω₀ (rad/s), or NaN when its Newton iteration fails.
    public var naturalFrequency: Double {
        let zeta = dampingRatio
        let d = effectiveDuration
        let safeMin = 0.001
        // Motion passes velocity 0 since bebd7f5b; kept as Motion writes it
        // (a NaN stays NaN through `delta * velocity`).
        let velocity = 0.0
        func envelope(_ w: Double) -> Double {
            if zeta < 1 {
                let decay = w * zeta
                let a = decay - velocity
                let b = w * (1 - zeta * zeta).squareRoot()
                return safeMin - (a / b) * exp(-(decay * d))
            }
            return -safeMin + exp(-w * d) * ((w - velocity) * d + 1)
        }
        func derivative(_ w: Double) -> Double {
            if zeta < 1 {
                let decay = w * zeta
                let delta = decay * d
                let dd = delta * velocity + velocity
                let e = pow(zeta, 2) * pow(w, 2) * d
                let f = exp(-delta)
                let g = pow(w, 2) * (1 - zeta * zeta).squareRoot()
                let factor: Double = -envelope(w) + safeMin > 0 ? -1 : 1
                return (factor * ((dd - e) * f)) / g
            }
            return exp(-w * d) * ((velocity - w) * (d * d))
        }
        var w = 5 / d
        for _ in 1..<12 { w = w - envelope(w) / derivative(w) }
        return w
    }

    public var spring: Spring {
        let w = naturalFrequency
        guard !w.isNaN else { return Spring(uncheckedMass: 1, stiffness: 100, damping: 10) }
        let stiffness = pow(w, 2)
        return Spring(uncheckedMass: 1, stiffness: stiffness, damping: dampingRatio * 2 * stiffness.squareRoot())
    }

    public var namedValues: [(name: String, value: Double)] {
        [("duration", duration), ("bounce", bounce)]
    }
}
