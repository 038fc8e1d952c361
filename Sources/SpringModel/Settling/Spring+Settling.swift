#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// What designers ask of a spring: when does it stop, when does it first reach
// the target, and how far does it overshoot. All for the scalar motion
// u(t) = x(t) − target with u(0) = u₀, u'(0) = v₀.

extension Spring {
    /// SwiftUI's `settlingDuration`: ``settlingDuration(epsilon:)`` with ε = 0.001.
    public var settlingDuration: Double { settlingDuration(epsilon: 0.001) }

    /// The settling duration of a spring released from rest: the smallest `T`
    /// such that `|x(t) − target| ≤ ε·|x₀ − target|` for every `t ≥ T`.
    ///
    /// See ``settlingDuration(initialDisplacement:initialVelocity:epsilon:)``
    /// for the definition with an initial velocity. Returns `.infinity` for an
    /// undamped spring (ζ = 0) and `0` for `ε ≥ 1`.
    public func settlingDuration(epsilon: Double) -> Double {
        settlingDuration(initialDisplacement: 1, initialVelocity: 0, epsilon: epsilon)
    }

    /// The settling duration of the motion starting `initialDisplacement` away
    /// from the target with `initialVelocity` (units per second).
    ///
    /// **Definition.** The smallest `T ≥ 0` such that `|u(t)| ≤ ε·s` for every
    /// `t ≥ T`, where `u = x − target` and the reference `s` is the initial
    /// displacement `|u₀|` — or, when the motion starts at the target
    /// (`u₀ = 0`), its largest displacement, the first peak `|u(t₁)|` where
    /// `u'(t₁) = 0` (so a heavily damped spring that barely moves still has a
    /// scale of its own). Velocity counts only through the path it produces:
    /// the band is on position alone, so a value passing through the band
    /// fast is settled once it never leaves it again.
    ///
    /// **Method.** Between consecutive extrema of `u` the distance `|u|`
    /// decreases to zero and then grows to the next extremum, so the last
    /// crossing of the level `ε·s` lies in the segment after the last extremum
    /// above the level, where it is unique and found by bisection to one ulp.
    /// Under-damped springs have extrema at `θ₀ + nπ` (`θ = ω_d t`) whose
    /// heights fall by `e^(−λπ/ω_d)` each, so that segment is found in closed
    /// form; critically and over-damped springs have at most one extremum,
    /// also in closed form, and a doubling search brackets the tail.
    ///
    /// Answers in bounded time for every spring: a count of peaks in closed
    /// form (never one by one), capped searches. Returns `.infinity` for an
    /// undamped spring and when the duration exceeds the largest `Double`.
    ///
    /// - Precondition: `epsilon > 0`, inputs finite.
    public func settlingDuration(
        initialDisplacement u0: Double, initialVelocity v0: Double, epsilon: Double = 0.001
    ) -> Double {
        precondition(epsilon > 0 && epsilon.isFinite, "settlingDuration: epsilon must be finite and > 0")
        precondition(u0.isFinite && v0.isFinite, "settlingDuration: displacement and velocity must be finite")
        let (u0, v0) = Self.normalized(u0, v0)
        let omega = naturalFrequency
        let zeta = dampingRatio
        let distance = { (t: Double) -> Double in abs(self.displacement(at: t, u0, v0)) }
        let reference: Double
        if u0 != 0 {
            reference = abs(u0)
        } else if v0 == 0 {
            return 0
        } else if zeta < 1 {
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            reference = distance(firstExtremumPhase(u0, v0) / omegaD)
        } else {
            reference = extremumTimeNonOscillating(u0, v0).map(distance) ?? 0
        }
        guard reference > 0 else { return 0 }
        let level = epsilon * reference

        if zeta < 1 {
            guard zeta > 0 else { return .infinity }
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            let theta0 = firstExtremumPhase(u0, v0)
            let firstPeak = distance(theta0 / omegaD)
            if firstPeak <= level {
                return distance(0) > level ? lastCrossing(level, from: 0, to: theta0 / omegaD, distance) : 0
            }
            // Peaks n = 0, 1, … have heights firstPeak·e^(−nλπ/ω_d); count those above the level.
            let decayPerPeak = zeta * omega * Double.pi / omegaD
            var count = (log(firstPeak / level) / decayPerPeak).rounded(.up)
            count = max(count, 1)
            // A spring with ζ ~ 1e-17 passes ~1e16 peaks before it settles. Beyond
            // 2⁵⁰ peaks the phase of a peak is no longer representable to a half
            // period, and the answer lies within one half period of the count-th
            // peak: its time is the settling duration to a relative 2⁻⁵⁰ (or
            // +∞ when it exceeds the largest Double). Never count peaks one by one.
            guard count <= 0x1p50 else { return (theta0 + count * .pi) / omegaD }
            // Guard the rounding of the closed form against the peaks themselves:
            // it is off by a peak or two at most, so a few steps suffice.
            for _ in 0..<16 where count > 1 && distance((theta0 + (count - 1) * .pi) / omegaD) <= level { count -= 1 }
            for _ in 0..<16 where distance((theta0 + count * .pi) / omegaD) > level { count += 1 }
            return lastCrossing(
                level, from: (theta0 + (count - 1) * .pi) / omegaD, to: (theta0 + count * .pi) / omegaD, distance)
        }

        // ζ ≥ 1: at most one extremum t_e > 0; |u| is monotone after it.
        let lastBreak = extremumTimeNonOscillating(u0, v0) ?? 0
        if distance(lastBreak) > level {
            var high = Swift.max(2 * lastBreak, 1 / omega)
            // At most ~2100 doublings reach the largest Double; a motion still
            // outside the band there settles after no representable time.
            while distance(high) > level {
                guard high <= .greatestFiniteMagnitude / 2 else { return .infinity }
                high *= 2
            }
            return lastCrossing(level, from: lastBreak, to: high, distance)
        }
        if lastBreak > 0, distance(0) > level {
            return lastCrossing(level, from: 0, to: lastBreak, distance)
        }
        return 0
    }

    /// A closed-form upper bound on the settling duration of an under-damped
    /// spring released from rest (Guides/SpringFormulas.md): the time at which the envelope
    /// `A·e^(−λt)` with amplitude `A = |u₀|/√(1−ζ²)` reaches `ε·|u₀|`,
    /// `T = ln(1/(ε·√(1−ζ²)))/λ`. It exceeds ``settlingDuration(epsilon:)`` by
    /// less than one half period `π/ω_d`, and grows without bound as ζ → 1⁻
    /// where the envelope stops describing the motion; `nil` for ζ ≥ 1.
    public func envelopeSettlingDuration(epsilon: Double = 0.001) -> Double? {
        let zeta = dampingRatio
        guard zeta < 1 else { return nil }
        guard zeta > 0 else { return .infinity }
        let root = ((1 - zeta) * (1 + zeta)).squareRoot()
        return Swift.max(0, -log(epsilon * root) / decayRate)
    }

    /// The first time `t > 0` at which the value reaches the target (`u(t) = 0`),
    /// or `nil` if it never does in finite time (critically and over-damped
    /// springs released from rest). A motion that starts at the target with
    /// velocity returns the time it comes back; one at rest there returns 0.
    public func arrivalTime(initialDisplacement u0: Double = 1, initialVelocity v0: Double = 0) -> Double? {
        if u0 == 0 && v0 == 0 { return 0 }
        let (u0, v0) = Self.normalized(u0, v0)
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta < 1 {
            let omegaD = omega * ((1 - zeta) * (1 + zeta)).squareRoot()
            // u ∝ u₀cos θ + (v₀ + λu₀)/ω_d·sin θ = 0 ⟺ tan θ = −u₀ω_d/(v₀ + λu₀),
            // normalised by ω₀ against overflow.
            let phase = Self.firstPositiveSolution(
                tangent: -u0 * (omegaD / omega) / (v0 / omega + zeta * u0), includingZero: false)
            return phase / omegaD
        }
        if zeta == 1 {
            let t = -u0 / (v0 + omega * u0)
            return t > 0 && t.isFinite ? t : nil
        }
        let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
        let mu = omega * root
        let slowRate = omega / (zeta + root)
        let g = -2 * mu * u0 / (slowRate * u0 + v0)
        guard g > 0, g < 1 else { return nil }
        return -log1p(-g) / (2 * mu)
    }

    /// How far a spring released from rest overshoots the target, in percent
    /// of the initial displacement: `100·e^(−πζ/√(1−ζ²))` for ζ < 1, 0 otherwise.
    public var overshootPercent: Double {
        let zeta = dampingRatio
        guard zeta < 1 else { return 0 }
        return 100 * exp(-Double.pi * zeta / ((1 - zeta) * (1 + zeta)).squareRoot())
    }

    /// The largest excursion past the target after the first arrival, in
    /// percent of the initial displacement `|u₀|`; 0 if the value never
    /// arrives, `nil` when `u₀ = 0` (no displacement to compare with).
    public func overshootPercent(initialDisplacement u0: Double, initialVelocity v0: Double) -> Double? {
        guard u0 != 0 else { return nil }
        let (u0, v0) = Self.normalized(u0, v0)
        guard let arrival = arrivalTime(initialDisplacement: u0, initialVelocity: v0) else { return 0 }
        let zeta = dampingRatio
        let peak: Double
        if zeta < 1 {
            let omegaD = naturalFrequency * ((1 - zeta) * (1 + zeta)).squareRoot()
            var theta = firstExtremumPhase(u0, v0)
            // The first extremum after the arrival is at most two half periods on.
            for _ in 0..<3 where theta / omegaD <= arrival { theta += .pi }
            peak = theta / omegaD
        } else {
            guard let extremum = extremumTimeNonOscillating(u0, v0), extremum > arrival else { return 0 }
            peak = extremum
        }
        return 100 * abs(displacement(at: peak, u0, v0)) / abs(u0)
    }

    // MARK: - Helpers

    /// `(u₀, v₀)` scaled by a power of two (exactly) so that the larger has
    /// magnitude in [1, 2): settling, arrival and overshoot depend only on
    /// their ratio, and products such as ω₀²·u₀ can then not overflow
    /// (a span of 2e308 is a valid motion).
    internal static func normalized(_ u0: Double, _ v0: Double) -> (Double, Double) {
        let largest = Swift.max(abs(u0), abs(v0))
        guard largest.isFinite, largest > 0 else { return (u0, v0) }
        let exponent = largest.exponent
        return (scalbn(u0, -Int32(exponent)), scalbn(v0, -Int32(exponent)))
    }

    internal func displacement(at t: Double, _ u0: Double, _ v0: Double) -> Double {
        let p = propagator(time: t)
        return p.positionFromDisplacement * u0 + p.positionFromVelocity * v0
    }

    /// Phase `θ₀ ∈ [0, π)` of the first extremum of an under-damped motion:
    /// `tan θ = ω_d·v₀ / (ω₀²u₀ + λv₀)`.
    internal func firstExtremumPhase(_ u0: Double, _ v0: Double) -> Double {
        let zeta = dampingRatio
        let omega = naturalFrequency
        let ratio = ((1 - zeta) * (1 + zeta)).squareRoot()
        return Self.firstPositiveSolution(tangent: ratio * v0 / (omega * u0 + zeta * v0), includingZero: true)
    }

    /// The smallest θ ≥ 0 (> 0 unless `includingZero`) with `tan θ = tangent`.
    ///
    /// `atan` of the quotient, plus π when negative: unlike reducing an `atan2`
    /// angle modulo π, this keeps full relative accuracy for small θ (a phase
    /// near ±π reduced by π loses ulp(π)/θ of it).
    internal static func firstPositiveSolution(tangent: Double, includingZero: Bool) -> Double {
        let angle = atan(tangent)
        if angle > 0 || (includingZero && angle == 0) { return 0 + angle.magnitude }
        return angle + .pi
    }

    /// The time `t > 0` at which a critically or over-damped motion turns
    /// (`v = 0`), if it does.
    internal func extremumTimeNonOscillating(_ u0: Double, _ v0: Double) -> Double? {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta == 1 {
            let t = v0 / (omega * (v0 + omega * u0))
            return t > 0 && t.isFinite ? t : nil
        }
        let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
        let mu = omega * root
        let fastRate = zeta * omega + mu
        // v ∝ v₀ − g·(ω₀²u₀ + |r₂|v₀)/(2μ), g = 1 − e^(−2μt).
        let g = 2 * mu * v0 / (omega * omega * u0 + fastRate * v0)
        guard g > 0, g < 1 else { return nil }
        return -log1p(-g) / (2 * mu)
    }

    /// Bisection for the unique `t` in `[low, high]` where `distance` drops to
    /// `level`, given `distance(low) > level ≥ distance(high)`; returns the
    /// smallest representable `t` found with `distance(t) ≤ level`.
    internal func lastCrossing(
        _ level: Double, from low: Double, to high: Double, _ distance: (Double) -> Double
    ) -> Double {
        var low = low
        var high = high
        // Halving a finite interval reaches adjacent doubles within ~2100 steps.
        for _ in 0..<2200 {
            let middle = low + (high - low) / 2
            if !(middle > low && middle < high) { return high }
            if distance(middle) > level { low = middle } else { high = middle }
        }
        return high
    }
}
