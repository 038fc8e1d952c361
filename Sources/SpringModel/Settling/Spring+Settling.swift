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
//
// Every answer comes in bounded time for every spring and every finite input:
// closed forms, and searches with a stated cap (never a loop that counts
// peaks or oscillations one by one). The state (u₀, v₀) is first scaled by a
// power of two (the answers depend only on its direction), so a span of
// 2e308 or a velocity of 1e308 never overflows a product.

extension Spring {
    /// SpringBench's exact settling duration from rest with ε = 0.001:
    /// ``exactSettlingDuration(epsilon:)``.
    ///
    /// Not SwiftUI's `settlingDuration`, which is an estimate (an envelope
    /// bound, or a 0.1 s grid for critically and over-damped springs) and
    /// reads longer: see ``swiftUISettlingDuration``.
    public var exactSettlingDuration: Double { exactSettlingDuration(epsilon: 0.001) }

    /// Renamed: this was always the exact settling time, never SwiftUI's estimate.
    @available(
        *, deprecated, renamed: "exactSettlingDuration", message: "SwiftUI's own estimate is swiftUISettlingDuration"
    )
    public var settlingDuration: Double { exactSettlingDuration }

    /// The settling duration of a spring released from rest: the smallest `T`
    /// such that `|x(t) − target| ≤ ε·|x₀ − target|` for every `t ≥ T`.
    ///
    /// See ``exactSettlingDuration(initialDisplacement:initialVelocity:epsilon:)``
    /// for the definition with an initial velocity and for the values outside
    /// the usual range: `.infinity` for an undamped spring (ζ = 0) with
    /// `ε < 1`, for `ε ≤ 0` and when the duration exceeds the largest
    /// `Double`; `0` for `ε ≥ 1` (a motion from rest never leaves `|u₀|`); NaN
    /// for a NaN `ε`.
    public func exactSettlingDuration(epsilon: Double) -> Double {
        exactSettlingDuration(initialDisplacement: 1, initialVelocity: 0, epsilon: epsilon)
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
    /// above the level, where it is unique and found by bisection to one ulp
    /// (at most 2200 halvings: adjacent doubles are reached within ~2100).
    /// Under-damped springs have extrema at `θ₀ + nπ` (`θ = ω_d t`) whose
    /// heights fall by `e^(−πζ/√(1−ζ²))` each, so the number of peaks above the
    /// level is a closed form, checked against the peaks themselves (at most 4
    /// steps each way: the closed form is off by less than one). Critically
    /// and over-damped springs have at most one extremum, also in closed form,
    /// and a doubling search brackets the tail (at most ~1540 doublings reach
    /// the largest `Double`; a motion still outside the band there gives
    /// `.infinity`).
    ///
    /// **Lightly damped springs.** A damping ratio of 1e-17 passes ~1e16 peaks
    /// before it settles. Beyond 2³² peaks the heights of neighbouring peaks
    /// differ by less than the rounding of a peak evaluated at a phase of
    /// 2³²·π (the phase carries an error of a few ulps of itself), so the
    /// peaks can no longer be told apart by evaluating them; the closed form
    /// then gives the answer directly: the last peak above the level is the
    /// `n`-th with `n` from the count, and the level is crossed a phase
    /// `φ = arccos(ε·s/peakₙ)` after it (the motion near a peak is
    /// `peak·cos(θ − θₙ)` to within ζ < 2e-7 of a radian, against a phase
    /// beyond 2³²·π). Beyond 2⁵³ peaks the phase of a
    /// peak rounds to more than a period and the time is `ln(peak₀/(ε·s))/λ`,
    /// within one period of the exact answer, below an ulp of it.
    ///
    /// Extreme ranges (a level below ~1e-261 of the motion's scale: a tiny `ε`,
    /// or a tiny `u₀` with a huge `v₀`) are compared in logarithms,
    /// `ln|u(t)| = ln|C(t)| − rate·t` with `C` the motion without its
    /// exponential decay, so nothing underflows.
    ///
    /// - Returns: the duration in seconds; `.infinity` for an undamped spring
    ///   whose first peak is outside the band, for `ε ≤ 0` (no motion stays
    ///   within a band of width ≤ 0) and when the duration exceeds the largest
    ///   `Double`; `0` for a motion at rest at the target and for `ε = +∞`;
    ///   NaN when `ε`, `u₀` or `v₀` is NaN or `u₀`, `v₀` is infinite (no
    ///   direction to follow). Never traps.
    public func exactSettlingDuration(
        initialDisplacement u0: Double, initialVelocity v0: Double, epsilon: Double = 0.001
    ) -> Double {
        guard u0.isFinite, v0.isFinite, !epsilon.isNaN else { return .nan }
        if u0 == 0 && v0 == 0 { return 0 }
        guard epsilon > 0 else { return .infinity }
        guard epsilon.isFinite else { return 0 }
        let state = State(u0, v0)
        let (u, v) = (state.u, state.v)
        let omega = naturalFrequency
        let zeta = dampingRatio

        // The reference s: |u₀|, or the first peak of a motion from the target.
        let referenceTime: Double?
        if u0 != 0 {
            referenceTime = nil
        } else if zeta < 1 {
            referenceTime = firstExtremumPhase(u, v) / dampedFrequency
        } else {
            guard let turn = extremumTimeNonOscillating(u, v) else { return 0 }
            referenceTime = turn
        }
        let logReference = referenceTime.map { logDistance(at: $0, u, v) } ?? state.logAbsU
        let logLevel = log(epsilon) + logReference
        // No level (a reference of 0, as for a motion that never leaves the target): settled.
        guard logLevel > -.infinity, logLevel < .infinity else { return 0 }
        // Direct comparisons (the ones every other query of the motion uses)
        // while the level is a comfortably normal number and u is exact.
        let direct = logLevel > -600 && (u0 == 0 || u.isNormal)
        let level = epsilon * (referenceTime.map { abs(displacement(at: $0, u, v)) } ?? abs(u))
        let band = Band(spring: self, u: u, v: v, level: level, logLevel: logLevel, direct: direct)

        if zeta < 1 {
            let omegaD = dampedFrequency
            let theta0 = firstExtremumPhase(u, v)
            let peakTime = { (n: Double) -> Double in (theta0 + n * .pi) / omegaD }
            if !band.exceeds(peakTime(0)) {
                return band.exceeds(0) ? band.lastCrossing(from: 0, to: peakTime(0)) : 0
            }
            // Undamped: every peak is as high as the first, which is outside the band.
            guard zeta > 0 else { return .infinity }
            // Peaks n = 0, 1, … have heights peak₀·e^(−n·decay); count those above the level.
            let decayPerPeak = Double.pi * zeta / ((1 - zeta) * (1 + zeta)).squareRoot()
            let excess = band.logExcess(at: peakTime(0))  // ln(peak₀/level) > 0
            var count = Swift.max(1, (excess / decayPerPeak).rounded(.up))
            if !(count <= 0x1p53) {
                // The phase of a peak no longer resolves a period: ln(peak₀/level)/λ.
                return omega >= 1 ? excess / omega / zeta : excess / zeta / omega
            }
            if count > 0x1p32 {
                // Peak count − 1 is the last above the level, by ln(peak/level) = x ∈ (0, decay];
                // |u| ≈ peak·cos(θ − θ_peak) falls to the level at φ = arccos(e^(−x)).
                let x = Swift.min(Swift.max(excess - (count - 1) * decayPerPeak, 0), decayPerPeak)
                let phi = 2 * asin((-expm1(-x) / 2).squareRoot())
                return (theta0 + (count - 1) * .pi + phi) / omegaD
            }
            // The closed form against the peaks themselves: off by less than one, at a tie.
            for _ in 0..<4 where count > 1 && !band.exceeds(peakTime(count - 1)) { count -= 1 }
            for _ in 0..<4 where band.exceeds(peakTime(count)) { count += 1 }
            return band.lastCrossing(from: peakTime(count - 1), to: peakTime(count))
        }

        // ζ ≥ 1: at most one extremum t_e > 0; |u| is monotone after it.
        let lastBreak = extremumTimeNonOscillating(u, v) ?? 0
        if band.exceeds(lastBreak) {
            var high = Swift.max(2 * lastBreak, 1 / omega)
            // From ≥ 1/ω₀ ≥ 7e-155 s, ~1540 doublings reach the largest Double
            // (the last step is clamped to it); 2100 is a cap with room.
            var doublings = 0
            while band.exceeds(high) {
                guard high < .greatestFiniteMagnitude, doublings < 2100 else { return .infinity }
                high = Swift.min(2 * high, .greatestFiniteMagnitude)
                doublings += 1
            }
            return band.lastCrossing(from: lastBreak, to: high)
        }
        if lastBreak > 0, band.exceeds(0) {
            return band.lastCrossing(from: 0, to: lastBreak)
        }
        return 0
    }

    /// A closed-form upper bound on the settling duration of an under-damped
    /// spring released from rest (Guides/SpringFormulas.md): the time at which the envelope
    /// `A·e^(−λt)` with amplitude `A = |u₀|/√(1−ζ²)` reaches `ε·|u₀|`,
    /// `T = ln(1/(ε·√(1−ζ²)))/λ`.
    ///
    /// It exceeds ``exactSettlingDuration(epsilon:)`` by less than 1.13 half
    /// periods `π/ω_d`: the peaks lie on `|u₀|·e^(−λt)`, so the last one above
    /// the level is within a half period before that curve's crossing, which
    /// the envelope's follows by `−ln(1−ζ²)/(2λ) < 0.13·π/ω_d`. `nil` for
    /// ζ ≥ 1 (where there is no envelope) and for a NaN `ε`; `.infinity` for
    /// ζ = 0, for `ε ≤ 0` and when the bound exceeds the largest `Double`;
    /// `0` for `ε ≥ 1/√(1−ζ²)`.
    public func envelopeSettlingDuration(epsilon: Double = 0.001) -> Double? {
        let zeta = dampingRatio
        guard zeta < 1, !epsilon.isNaN else { return nil }
        guard zeta > 0, epsilon > 0 else { return .infinity }
        let root = ((1 - zeta) * (1 + zeta)).squareRoot()
        let product = epsilon * root
        let logs = product.isNormal ? -log(product) : -(log(epsilon) + log(root))
        return Swift.max(0, logs / decayRate)
    }

    /// The first time `t > 0` at which the value reaches the target (`u(t) = 0`),
    /// or `nil` if it never does in finite time (critically and over-damped
    /// springs released from rest). A motion that starts at the target with
    /// velocity returns the time it comes back; one at rest there returns 0.
    ///
    /// A time below the smallest positive `Double` (a displacement of 1e-300
    /// closed at 1e300 per second) rounds to 0. `nil` also when `u₀` or `v₀`
    /// is not finite.
    public func arrivalTime(initialDisplacement u0: Double = 1, initialVelocity v0: Double = 0) -> Double? {
        guard u0.isFinite, v0.isFinite else { return nil }
        if u0 == 0 && v0 == 0 { return 0 }
        let state = State(u0, v0)
        if u0 != 0 && state.u == 0 {
            // |u₀/v₀| < 2⁻¹⁰⁷³: the motion is linear until then.
            return u0.sign != v0.sign ? abs(u0 / v0) : arrivalTime(initialDisplacement: 0, initialVelocity: v0)
        }
        let (u, v) = (state.u, state.v)
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta < 1 {
            let omegaD = dampedFrequency
            // u ∝ u₀cos θ + (v₀ + λu₀)/ω_d·sin θ = 0 ⟺ tan θ = −u₀ω_d/(v₀ + λu₀),
            // normalised by ω₀ against overflow.
            let tangent = -u * (omegaD / omega) / (v / omega + zeta * u)
            if u != 0, tangent.sign == .plus, tangent < 0x1p-26 {
                // θ = atan(tangent) = tangent to 2⁻⁵⁴, so t = θ/ω_d = −u₀/(v₀ + λu₀),
                // which stays representable where the tangent underflows.
                return abs(u / (v + zeta * omega * u))
            }
            return Self.firstPositiveSolution(tangent: tangent, includingZero: false) / omegaD
        }
        if zeta == 1 {
            let t = -u / (v + omega * u)
            return u != 0 && t.sign == .plus && t.isFinite ? t : nil
        }
        let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
        let mu = omega * root
        let slowRate = omega / (zeta + root)
        // u(t) ∝ u₀(1 + |r₁|h) + v₀h, h = g/(2μ): zero at g = −2μu₀/(|r₁|u₀ + v₀).
        let quotient = -u / (slowRate * u + v)  // = g/(2μ), the time to first order
        let g = 2 * mu * quotient
        guard u != 0, quotient.sign == .plus, g < 1 else { return nil }
        return g == 0 ? quotient : quotient * (-log1p(-g) / g)
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
    /// arrives, `nil` when `u₀ = 0` (no displacement to compare with) or when
    /// `u₀` or `v₀` is not finite; `.infinity` when the percentage exceeds the
    /// largest `Double` (a displacement of 1e-300 hit at 1e300 per second).
    public func overshootPercent(initialDisplacement u0: Double, initialVelocity v0: Double) -> Double? {
        guard u0 != 0, u0.isFinite, v0.isFinite else { return nil }
        guard let arrival = arrivalTime(initialDisplacement: u0, initialVelocity: v0) else { return 0 }
        let state = State(u0, v0)
        let (u, v) = (state.u, state.v)
        let zeta = dampingRatio
        let peak: Double
        if zeta < 1 {
            let omegaD = dampedFrequency
            var theta = firstExtremumPhase(u, v)
            // The first extremum after the arrival is at most two half periods on.
            for _ in 0..<3 where theta / omegaD <= arrival { theta += .pi }
            peak = theta / omegaD
        } else {
            guard let extremum = extremumTimeNonOscillating(u, v), extremum > arrival else { return 0 }
            peak = extremum
        }
        let height = abs(displacement(at: peak, u, v))
        guard height > 0 else { return 0 }
        if u.isNormal { return 100 * height / abs(u) }
        return 100 * exp(log(height) - state.logAbsU)
    }

    // MARK: - Helpers

    /// A state `(u₀, v₀)` scaled by a power of two (exactly, unless the smaller
    /// component falls below the smallest normal number) so that the larger
    /// has magnitude in [1/2, 1): settling, arrival and overshoot depend only
    /// on the state's direction, and products such as ω₀·u₀ or |r₂|·v₀ then
    /// stay finite.
    internal struct State {
        /// The scaled components.
        let u: Double
        let v: Double
        /// `ln|u₀|` in the scaled units, exact even where `u` underflowed.
        let logAbsU: Double

        init(_ u0: Double, _ v0: Double) {
            let largest = Swift.max(abs(u0), abs(v0))
            guard largest.isFinite, largest > 0 else {
                (u, v, logAbsU) = (u0, v0, log(abs(u0)))
                return
            }
            let shift = Int32(largest.exponent + 1)
            u = scalbn(u0, -shift)
            v = scalbn(v0, -shift)
            logAbsU =
                u0 == 0
                ? -.infinity
                : log(abs(u0).significand) + Double(Int(abs(u0).exponent) - Int(shift)) * 0.6931471805599453  // ln 2
        }
    }

    /// `ω_d = ω₀√((1−ζ)(1+ζ))` (no cancellation in `1 − ζ²`); for ζ < 1.
    internal var dampedFrequency: Double {
        let zeta = dampingRatio
        return naturalFrequency * ((1 - zeta) * (1 + zeta)).squareRoot()
    }

    internal func displacement(at t: Double, _ u0: Double, _ v0: Double) -> Double {
        let p = propagator(time: t)
        return p.positionFromDisplacement * u0 + p.positionFromVelocity * v0
    }

    /// `ln|u(t)|` for the (scaled) state `(u₀, v₀)`, as `ln|C(t)| − rate·t`
    /// where `C(t)` is the motion without its exponential decay (bounded by
    /// ~1e170 in scaled units): nothing underflows however small `|u(t)|` is.
    internal func logDistance(at t: Double, _ u0: Double, _ v0: Double) -> Double {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta < 1 {
            let lambda = zeta * omega
            let omegaD = dampedFrequency
            let theta = omegaD * t
            // u = e^(−λt)·(u₀cos θ + (λu₀ + v₀)·sin θ/ω_d), as the propagator.
            let amplitude =
                theta.isFinite
                ? u0 * cos(theta) + sin(theta) / omegaD * (lambda * u0 + v0)
                : abs(u0) + abs(lambda * u0 + v0) / omegaD  // a bound; the decay has won by then
            return log(abs(amplitude)) - lambda * t
        }
        if zeta == 1 {
            // u = e^(−ω₀t)·(u₀ + (ω₀u₀ + v₀)t), the bracket divided by t beyond t = 1.
            let slope = omega * u0 + v0
            let bracket = t <= 1 ? log(abs(u0 + slope * t)) : log(abs(u0 / t + slope)) + log(t)
            return bracket - omega * t
        }
        let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
        let mu = omega * root
        let slowRate = omega / (zeta + root)
        // u = e^(−|r₁|t)·(u₀(1 + |r₁|h) + v₀h), h = (1 − e^(−2μt))/(2μ), as the propagator.
        let h = -expm1(-2 * mu * t) / (2 * mu)
        return log(abs(u0 * (1 + slowRate * h) + v0 * h)) - slowRate * t
    }

    /// The comparisons of `|u(t)|` with the level `ε·s` the settling search makes.
    internal struct Band {
        let spring: Spring
        let u: Double
        let v: Double
        /// `ε·s`, used when `direct`.
        let level: Double
        /// `ln(ε·s)`, used otherwise.
        let logLevel: Double
        /// Compare `|u(t)|` itself (as ``Spring/position(from:target:initialVelocity:time:)``
        /// computes it) rather than its logarithm.
        let direct: Bool

        func exceeds(_ t: Double) -> Bool {
            direct ? abs(spring.displacement(at: t, u, v)) > level : spring.logDistance(at: t, u, v) > logLevel
        }

        /// `ln(|u(t)|/(ε·s))`.
        func logExcess(at t: Double) -> Double {
            direct ? log(abs(spring.displacement(at: t, u, v)) / level) : spring.logDistance(at: t, u, v) - logLevel
        }

        /// Bisection for the unique `t` in `[low, high]` where `|u|` drops to
        /// the level, given `exceeds(low)` and not `exceeds(high)`; returns
        /// the smallest representable `t` found inside the band. Halving a
        /// finite interval reaches adjacent doubles within ~2100 steps.
        func lastCrossing(from low: Double, to high: Double) -> Double {
            var low = low
            var high = high
            for _ in 0..<2200 {
                let middle = low + (high - low) / 2
                if !(middle > low && middle < high) { return high }
                if exceeds(middle) { low = middle } else { high = middle }
            }
            return high
        }
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
    /// (`v = 0`), if it does; for a scaled state (components below 1).
    internal func extremumTimeNonOscillating(_ u0: Double, _ v0: Double) -> Double? {
        let omega = naturalFrequency
        let zeta = dampingRatio
        if zeta == 1 {
            let t = v0 / (omega * (v0 + omega * u0))
            return t > 0 && t.isFinite ? t : nil
        }
        let root = (zeta - 1).squareRoot() * (zeta + 1).squareRoot()
        let mu = omega * root
        let slowRate = omega / (zeta + root)
        // v ∝ 2μv₀ − g·(ω₀²u₀ + |r₂|v₀), g = 1 − e^(−2μt), and ω₀² = |r₁|·|r₂|,
        // 2μ/|r₂| = 2√(ζ²−1)/(ζ + √(ζ²−1)): g = that·v₀/(|r₁|u₀ + v₀), no product overflows.
        let g = 2 * (root / (zeta + root)) * v0 / (slowRate * u0 + v0)
        guard g > 0, g < 1 else { return nil }
        return -log1p(-g) / (2 * mu)
    }
}
