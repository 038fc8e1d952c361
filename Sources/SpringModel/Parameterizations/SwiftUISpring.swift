#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

/// SwiftUI's `Spring` as SwiftUI itself computes it: its stored values, its
/// initializers with their clamps, its getters and its `settlingDuration`
/// estimate — including where SwiftUI's numbers are not the true spring's.
///
/// SwiftUI stores a spring as a damped angular frequency `ω` (positive when
/// under-damped, 0 when critical, `−√(λ² − ω₀²)` when over-damped), a decay
/// constant `λ = ζω₀ = c/2m` and a mass. Every figure here follows the
/// algorithm of ktiays/Respring (a reimplementation whose tests compare it bit
/// for bit with SwiftUI on iOS 17 / macOS 14), `Sources/Respring/` at commit
/// 7e5c49cef123df61d46573b5d107e544da347e89; Guides/Platforms.md lists what
/// differs from the exact spring. ``spring`` is the true spring the stored
/// values describe.
///
/// ```swift
/// let bouncy = SwiftUISpring(duration: 0.5, bounce: 0.3)
/// bouncy.settlingDuration        // 1.0447… (SwiftUI's estimate)
/// bouncy.spring.exactSettlingDuration   // 0.8187… (when it really settles)
/// ```
public struct SwiftUISpring: Sendable, Hashable {
    /// `ω`: the damped angular frequency, signed by regime (SwiftUI's `angularFrequency`).
    public var angularFrequency: Double
    /// `λ = c/2m` (SwiftUI's `decayConstant`).
    public var decayConstant: Double
    /// The mass (1 except from ``init(mass:stiffness:damping:allowOverDamping:)``).
    public var mass: Double

    static let tau = 2 * Double.pi

    /// The stored values as given.
    public init(angularFrequency: Double, decayConstant: Double, mass: Double = 1) {
        self.angularFrequency = angularFrequency
        self.decayConstant = decayConstant
        self.mass = mass
    }

    /// How SwiftUI would store `spring` (mass, stiffness and damping kept, over-damping allowed).
    public init(_ spring: Spring) {
        let omega0 = spring.naturalFrequency
        let lambda = spring.damping / (2 * spring.mass)
        let oscillation = abs(spring.stiffness / spring.mass - lambda * lambda).squareRoot()
        self.init(
            angularFrequency: lambda > omega0 ? -oscillation : oscillation, decayConstant: lambda, mass: spring.mass)
    }

    /// `Spring(duration:bounce:)`. A bounce above 1 is undamped (ζ = 0);
    /// a bounce of −1 or less gives SwiftUI's non-finite values (ζ = ∞).
    public init(duration: Double = 0.5, bounce: Double = 0) {
        var factor = -Self.tau
        var zeta = Double.infinity
        if bounce > -1 {
            zeta = 1
            if bounce < 0 {
                zeta = 1 / (bounce + 1)
            } else if bounce != 0 {
                zeta = 0
                if bounce <= 1 { zeta = 1 - bounce }
            }
            if zeta <= 1 { factor = Self.tau }
        }
        self.init(
            angularFrequency: abs(1 - zeta * zeta).squareRoot() * factor / duration,
            decayConstant: zeta * Self.tau / duration)
    }

    /// `Spring(response:dampingRatio:)`: no clamps (ζ > 1 stays over-damped).
    public init(response: Double, dampingRatio: Double) {
        let factor = dampingRatio > 1 ? -Self.tau : Self.tau
        self.init(
            angularFrequency: (factor * abs(1 - dampingRatio * dampingRatio).squareRoot()) / response,
            decayConstant: (Self.tau * dampingRatio) / response)
    }

    /// `Spring(mass:stiffness:damping:allowOverDamping:)`: without
    /// `allowOverDamping`, an over-damped spring becomes critical with
    /// `λ = ω₀` (its damping becomes `2√(km)`).
    public init(mass: Double = 1, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let omega0 = (stiffness / mass).squareRoot()
        let lambda = damping / (2 * mass)
        if lambda > omega0 && !allowOverDamping {
            self.init(angularFrequency: 0, decayConstant: omega0, mass: mass)
        } else {
            let oscillation = abs(stiffness / mass - lambda * lambda).squareRoot()
            self.init(angularFrequency: lambda > omega0 ? -oscillation : oscillation, decayConstant: lambda, mass: mass)
        }
    }

    /// `Spring(settlingDuration:dampingRatio:epsilon:)`: ζ clamped to
    /// `[ulpOfOne, 1]`, the duration to `[0.01, 10]`, then Newton's method on
    /// `ω₀` for `ζ/√(1−ζ²)·e^(−ζω₀T) = ε` (ζ < 1) or `e^(−ω₀T)(1 + ω₀T) = ε`
    /// (ζ = 1): up to 12 steps from `5/T`, and only if that fails up to 20
    /// from `1/T`, stopping once a step is at most `ε` rad/s. Mass 1.
    ///
    /// Its envelope differs from the one ``settlingDuration`` uses, so the
    /// spring's own estimate does not read back `settlingDuration`; nor is it
    /// the spring whose exact settling time is `settlingDuration` (0.2–54 %
    /// in stiffness for ζ < 1 on the springs the tests try).
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        let zeta = Swift.min(Swift.max(dampingRatio, .ulpOfOne), 1)
        let d = Swift.min(Swift.max(settlingDuration, 0.01), 10)
        let zeta2d = zeta * zeta * d
        let sq = (1 - zeta * zeta).squareRoot()
        let ratio = zeta / sq
        let zd = d * zeta
        let critical = zeta == 1
        func f(_ x: Double) -> Double {
            critical
                ? exp(-(d * x)) * ((d * x) + 1) - (x < 0 ? -epsilon : epsilon) : epsilon - abs(ratio * exp(-zd * x))
        }
        func df(_ x: Double) -> Double {
            critical ? -d * d * x / exp(d * x) : (x * x * zeta2d) / (exp(zd * x) * (x * x) * sq)
        }
        /// Newton from `guess/d`; `result` is the last iterate, even on failure.
        func findRoot(guess: Double, maxIterations: Int, result: inout Double) -> Bool {
            var remaining = maxIterations
            let x0 = (1 / d) * guess
            let x1 = x0 - f(x0) / df(x0)
            result = x1
            if !x1.isFinite { return false }
            if remaining == 1 { return true }
            var x2 = x1 - f(x1) / df(x1)
            result = x2
            if !x2.isFinite { return false }
            remaining -= 2
            if remaining == 0 { return true }
            var step = x1 - x2
            repeat {
                let x3 = x2 - f(x2) / df(x2)
                result = x3
                if !x3.isFinite { return false }
                if abs(x3 - x2) <= epsilon { return step <= epsilon * 1e5 }
                step = x2 - x3
                x2 = x3
                remaining -= 1
            } while remaining > 0
            return true
        }
        var root = 0.0
        if !findRoot(guess: 5, maxIterations: 12, result: &root) {
            _ = findRoot(guess: 1, maxIterations: 20, result: &root)
        }
        let lambda = (root * 2 * zeta) / 2
        var omega = abs(root * root - lambda * lambda).squareRoot()
        let decay = root >= lambda ? lambda : root
        if root < lambda { omega = 0 }
        self.init(angularFrequency: omega, decayConstant: decay)
    }

    // MARK: SwiftUI's getters

    /// `duration` (and `response`): `2π/√(λ² + ω|ω|)`, which is `2π/ω₀` in every regime.
    public var duration: Double {
        Self.tau / (decayConstant * decayConstant + angularFrequency * abs(angularFrequency)).squareRoot()
    }

    /// `response`: the same as ``duration``.
    public var response: Double { duration }

    /// `dampingRatio`: `λ·response/2π`.
    public var dampingRatio: Double { decayConstant * response / Self.tau }

    /// `bounce`: `1 − ζ` (ω ≥ 0) or `1/ζ − 1`, as SwiftUI computes it.
    public var bounce: Double {
        let half = decayConstant / 2
        let l2 = decayConstant * decayConstant
        let w2 = angularFrequency * angularFrequency
        if angularFrequency >= 0 { return ((-Self.tau / (w2 + l2).squareRoot()) * half) / .pi + 1 }
        return 1 / (((Self.tau / (l2 - w2).squareRoot()) * half) / .pi) - 1
    }

    /// SwiftUI's `stiffness`: `m·(ω² + λ²)`. Right for under-damped and
    /// critical springs; for over-damped ones it is `m·(2λ² − ω₀²) = 2mλ² − k`,
    /// not `k` (the true value is ``spring``'s).
    public var stiffness: Double { mass * (angularFrequency * angularFrequency + decayConstant * decayConstant) }

    /// SwiftUI's `damping`: `2mλ`.
    public var damping: Double { decayConstant * 2 * mass }

    /// The true spring the stored values describe: `k = m·(λ² + ω|ω|)`, `c = 2mλ`.
    /// `nil` when they are not a valid spring (a non-finite value, or a bounce ≤ −1).
    public var spring: Spring? {
        let k = mass * (decayConstant * decayConstant + angularFrequency * abs(angularFrequency))
        return try? Spring(mass: mass, stiffness: k, damping: decayConstant * 2 * mass)
    }

    /// Whether SwiftUI's `stiffness` and `velocity` differ from the true
    /// spring's (they do for over-damped springs).
    public var gettersDifferFromTrueSpring: Bool { angularFrequency < 0 }

    // MARK: Motion, as SwiftUI evaluates it (scalar values)

    /// `value(target:initialVelocity:time:)`: the displacement from the start
    /// toward `target` (the start is 0).
    public func value(target: Double, initialVelocity v0: Double = 0, time t: Double) -> Double {
        let w = angularFrequency, lam = decayConstant
        if w > 0 {
            let s = sin(w * t), c = cos(w * t)
            let displacement = (target * lam - v0) * (s / w) + target * c
            return target - displacement * exp(-lam * t)
        } else if w < 0 {
            let a = -w - lam
            let e1 = exp(a * t), e2 = exp((w - lam) * t)
            let k = (lam - w) * e1 + a * e2
            return target * (k / (w * 2) + 1) - v0 * ((e1 - e2) / (w * 2))
        }
        let displacement = target + (target * lam - v0) * t
        return target - displacement * exp(-lam * t)
    }

    /// `velocity(target:initialVelocity:time:)` as SwiftUI returns it: the
    /// derivative of ``value(target:initialVelocity:time:)``, except that for
    /// over-damped springs SwiftUI adds `target` (its scale factor carries a
    /// stray `+ 1`). ``trueVelocity(target:initialVelocity:time:)`` is the derivative.
    public func velocity(target: Double, initialVelocity v0: Double = 0, time t: Double) -> Double {
        let w = angularFrequency, lam = decayConstant
        if w > 0 {
            let e = exp(-lam * t), s = sin(w * t), c = cos(w * t)
            let targetTerm = target * ((w * s + lam * c) * e)
            let factor = (lam * s - w * c) * e / w
            return (target * lam - v0) * factor + targetTerm
        } else if w < 0 {
            let a = -w - lam, b = w - lam
            let e1 = exp(a * t), e2 = exp(b * t)
            let t1 = a * e1, t2 = b * e2
            let targetFactor = ((lam - w) * t1 + a * t2) / (w * 2) + 1
            let velocityFactor = (t1 - t2) / (w * 2)
            return target * targetFactor - v0 * velocityFactor
        }
        let e = exp(-lam * t)
        let factor = (lam * t - 1) * e
        return (target * lam - v0) * factor + target * (lam * e)
    }

    /// The derivative of the motion: SwiftUI's `velocity` without the stray
    /// `target` it adds for over-damped springs.
    public func trueVelocity(target: Double, initialVelocity v0: Double = 0, time t: Double) -> Double {
        let reported = velocity(target: target, initialVelocity: v0, time: t)
        return angularFrequency < 0 ? reported - target : reported
    }

    // MARK: SwiftUI's settling estimate

    /// SwiftUI's `settlingDuration`: target 1, initial velocity 0, ε = 0.001.
    public var settlingDuration: Double { settlingDuration(target: 1, initialVelocity: 0, epsilon: 0.001) }

    /// SwiftUI's `settlingDuration(target:initialVelocity:epsilon:)`, an
    /// estimate, not the exact settling time:
    /// - undamped (λ = 0): `.infinity`;
    /// - under-damped: the envelope bound `−ln(ε / (|λT − v₀| + |T|)) / λ`
    ///   (no division by ω, so it over-estimates), at least 0;
    /// - critical and over-damped: the first point of a 0.1 s grid
    ///   (accumulated in floating point, at most 1024 points) after which the
    ///   distance stays below ε (absolute, in the value's units) for more than
    ///   1 s; 0 when the grid runs out or a distance is not finite.
    public func settlingDuration(target: Double, initialVelocity v0: Double = 0, epsilon: Double) -> Double {
        if decayConstant == 0 { return .infinity }
        guard angularFrequency <= 0 else {
            let magnitude = abs(target * decayConstant - v0) + abs(target)
            return Swift.max(0, -log(epsilon / magnitude) / decayConstant)
        }
        var bestTime = -1.0
        var time = 0.0
        var bestDistance = Double.infinity
        for _ in 0..<1024 {
            let distance = abs(value(target: target, initialVelocity: v0, time: time) - target)
            if !distance.isFinite { break }
            if bestDistance >= epsilon {
                if distance < bestDistance {
                    bestTime = time
                    bestDistance = distance
                }
            } else if distance >= epsilon {
                bestDistance = .infinity
            } else if time - bestTime > 1 {
                return bestTime
            }
            time += 0.1
        }
        return 0
    }
}

extension Spring {
    /// SwiftUI's `settlingDuration` for this spring (an estimate; see
    /// ``SwiftUISpring/settlingDuration(target:initialVelocity:epsilon:)``):
    /// `.bouncy` reads 1.0447 s, while it really settles within ε = 0.001 at
    /// 0.8187 s (``exactSettlingDuration``).
    public var swiftUISettlingDuration: Double { SwiftUISpring(self).settlingDuration }
}
