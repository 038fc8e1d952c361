#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// Facebook Pop's `springBounciness` and `springSpeed` (defaults 4 and 12,
/// each documented in [0, 20]), mass 1.
///
/// Pop's "bouncy 3" conversion (`POPAnimationExtras.mm`,
/// `+convertBounciness:speed:toTension:friction:mass:`) maps them to Quartz
/// Composer / Origami values, which then go through ``OrigamiParameters``'s
/// linear map (Guides/SpringFormulas.md):
///
///     b  = 0.8 · bounciness / 1.7 / 20          s = speed / 1.7 / 20
///     qcTension  = 0.5 + 199.5·s
///     qcFriction = q·0.01 + (1 − q)·noBounce(qcTension),   q = 2b − b²
///
/// with `noBounce` a piecewise cubic fit. The inverse (Pop's
/// `+convertTension:friction:toBounciness:speed:`) solves the quadratic
/// `2b − b² = q`; on Pop's branch `b ≤ 0.8` it is `b = q / (1 + √(1 − q))`
/// (no cancellation). Springs whose bounciness or speed would fall outside
/// [0, 20] — including every spring damped beyond "no bounce" — throw.
public struct PopParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Pop bounciness/speed"

    public var bounciness: Double
    public var speed: Double

    public init(bounciness: Double = 4, speed: Double = 12) throws(SpringParameterError) {
        try Check.within(bounciness, 0...20, "bounciness")
        try Check.within(speed, 0...20, "speed")
        self.bounciness = bounciness
        self.speed = speed
        _ = try Spring.validated(spring, blaming: "speed", value: speed, range: "0...20")
    }

    /// Pop's defaults, bounciness 4 and speed 12.
    public static let defaults = try! PopParameters()

    /// The Quartz Composer / Origami tension and friction Pop computes.
    public var origami: (tension: Double, friction: Double) {
        let b = Self.project(Self.normalize(bounciness / 1.7, 0, 20), 0, 0.8)
        let s = Self.normalize(speed / 1.7, 0, 20)
        let tension = Self.project(s, 0.5, 200)
        let q = 2 * b - b * b
        let friction = q * 0.01 + (1 - q) * Self.noBounceFriction(tension)
        return (tension, friction)
    }

    public var spring: Spring {
        let (tension, friction) = origami
        return Spring(
            uncheckedMass: 1, stiffness: OrigamiParameters.tension(tension),
            damping: OrigamiParameters.friction(friction))
    }

    public init(_ spring: Spring) throws(SpringParameterError) {
        let origami = OrigamiParameters(spring)
        let qcTension = origami.origamiTension
        let qcFriction = origami.origamiFriction
        let noBounce = Self.noBounceFriction(qcTension)
        let q = (noBounce - qcFriction) / (noBounce - 0.01)
        let projected = q / (1 + (1 - q).squareRoot())
        let scale = 20 * 1.7
        let bounciness = scale / 0.8 * projected
        let speed = scale / 199.5 * (qcTension - 0.5)
        // Rounding slack of the forward and inverse maps, so that bounciness 0
        // and speed 0 round-trip instead of landing at −1e-15 and throwing.
        let slack =
            64 * Double.ulpOfOne * scale / 0.8 * (abs(noBounce) + abs(qcFriction) + 1)
            / abs(noBounce - 0.01)
        // Comparisons, not a `-slack...20 + slack` range: a NaN slack (a tension
        // beyond the cubic fit's range) must refuse, not trap in `ClosedRange`.
        guard q <= 1, bounciness >= -slack, bounciness <= 20 + slack, speed >= -slack, speed <= 20 + slack else {
            throw .notRepresentable(
                parameterization: Self.parameterizationName,
                reason: "it needs " + (bounciness.isFinite ? "bounciness \(bounciness) and " : "")
                    + "speed \(speed); Pop's range is 0...20 for both")
        }
        self.bounciness = Swift.min(Swift.max(bounciness, 0), 20)
        self.speed = Swift.min(Swift.max(speed, 0), 20)
    }

    public var namedValues: [(name: String, value: Double)] {
        [("bounciness", bounciness), ("speed", speed)]
    }

    // Pop's helpers, with its operation order.
    static func normalize(_ value: Double, _ start: Double, _ end: Double) -> Double {
        (value - start) / (end - start)
    }

    static func project(_ n: Double, _ start: Double, _ end: Double) -> Double {
        start + n * (end - start)
    }

    /// `POPBouncy3NoBounce`: the QC friction that gives no bounce at `tension`.
    static func noBounceFriction(_ x: Double) -> Double {
        if x <= 18 {
            return 0.0007 * pow(x, 3) - 0.031 * pow(x, 2) + 0.64 * x + 1.28
        } else if x <= 44 {
            return 0.000044 * pow(x, 3) - 0.006 * pow(x, 2) + 0.36 * x + 2
        } else {
            return 0.00000045 * pow(x, 3) - 0.000332 * pow(x, 2) + 0.1078 * x + 5.84
        }
    }
}
