import ODEReference
import SpringModel
import VectorKernels

// The candidate-formula catalogue: every damping formula judged by the
// properties Apple's SwiftUI mapping has (Guides/SpringFormulas.md), and by how far its motion
// strays from the reference motion.

/// The properties a `Spring(duration:bounce:)` damping formula must have.
enum CandidateProperty: String, CaseIterable {
    case criticalAtZero = "critical-at-zero"
    case undampedAtOne = "undamped-at-one"
    case continuousAtZero = "continuous-at-zero"
    case monotoneInBounce = "monotone-in-bounce"
    case nonNegativeDamping = "non-negative-damping"
    case durationSetsTimeScaleOnly = "duration-sets-time-scale-only"
    case appleExample = "apple-example"
    case appleExampleInverse = "apple-example-inverse"
    case roundTrip = "round-trip"
    case motion = "motion-matches-reference"

    var property: String {
        switch self {
        case .criticalAtZero: return "bounce 0 is critically damped: ζ(duration, 0) = 1 for every duration"
        case .undampedAtOne: return "bounce 1 is undamped: ζ(duration, 1) = 0"
        case .continuousAtZero: return "ζ is continuous at bounce 0: |ζ(d, δ) − ζ(d, −δ)| → 0 (δ = 1e-9)"
        case .monotoneInBounce: return "ζ never increases as bounce increases (−0.95 … 1)"
        case .nonNegativeDamping:
            return "damping ≥ 0 for every bounce in (−1, 1] and duration (value: the most negative damping)"
        case .durationSetsTimeScaleOnly: return "ζ depends on bounce alone: duration (2π/ω₀) only sets the time scale"
        case .appleExample: return "Apple's example: duration 0.5, bounce 0.3 → damping ≈ 17.6"
        case .appleExampleInverse:
            return
                "Apple's example: Spring(mass: 1, stiffness: 100, damping: 10) → bounce ≈ 0.5 (some bounce gives damping 10 at duration 2π/10, and it is 0.5)"
        case .roundTrip:
            return
                "Spring(mass 1, k, c).bounce gives back the bounce (SpringModel's inverse, ζ = 1 − bounce or 1/(1 + bounce))"
        case .motion:
            return
                "the motion from 0 to 1 matches the reference motion (DOP853 on Apple's ζ) up to the reference's settling time"
        }
    }

    var toleranceSource: String {
        switch self {
        case .criticalAtZero, .undampedAtOne:
            return "8u: c and √k = 2π/duration each carry a few roundings"
        case .continuousAtZero:
            return
                "4δ + 16u: a continuous ζ with |dζ/dbounce| ≤ 2 near 0 (Apple's has slope −1 on both sides) moves by < 4δ"
        case .monotoneInBounce:
            return "8u·ζ per grid step of 0.005 (rounding only)"
        case .nonNegativeDamping:
            return "exact: negative damping adds energy, so the motion grows instead of settling"
        case .durationSetsTimeScaleOnly:
            return
                "8u·max(1, ζ) spread of ζ over durations 0.1 … 5 s (dimensional analysis: t/duration is the only time variable)"
        case .appleExample:
            return "0.05: Apple prints one decimal (≈ 17.6)"
        case .appleExampleInverse:
            return "0.005: Apple prints ≈ 0.5"
        case .roundTrip:
            return
                "16u·(1 + ζ): ζ is recovered to a few ulps, bounce to a few ulps of ζ (condition number ζ/|1 − ζ| near 0)"
        case .motion:
            return
                "the two reference runs' promised errors K·Σℓ + 16u·|c|·T·ω₀·K (a few-ulp difference in c, propagated over T by variation of constants); a screen shows ≥ 1e-4 of the distance"
        }
    }
}

extension VerificationSuite {
    struct CandidateOutcome {
        var checks: [VerificationCheck]
        var verdicts: [CandidateVerdict]
        var plots: [MotionPlotData]
    }

    var candidateDurations: [Double] {
        thorough ? [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30] : [0.1, 0.25, 0.5, 1, 2, 5]
    }

    var candidateBounces: [Double] {
        var grid = stride(from: -0.95, through: 1.0001, by: thorough ? 0.001 : 0.005).map { ($0 * 1e6).rounded() / 1e6 }
        grid += [-1e-9, 0, 1e-9]
        return Array(Set(grid)).sorted()
    }

    /// Apple's damping ratio for a bounce (Guides/SpringFormulas.md), the definition the reference motion uses.
    static func appleDampingRatio(_ bounce: Double) -> Double {
        bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    }

    func candidateChecks() -> CandidateOutcome {
        var checks: [VerificationCheck] = []
        var verdicts: [CandidateVerdict] = []
        for formula in candidates {
            let (formulaChecks, verdict) = judge(formula)
            checks += formulaChecks
            verdicts.append(verdict)
        }
        return CandidateOutcome(checks: checks, verdicts: verdicts, plots: motionPlots())
    }

    func judge(_ formula: DampingFormula) -> ([VerificationCheck], CandidateVerdict) {
        let u = ErrorBounds.u
        var recorders: [CandidateProperty: CheckRecorder] = [:]
        for property in CandidateProperty.allCases {
            recorders[property] = CheckRecorder(
                "candidate.\(formula.slug).\(property.rawValue)", .candidates, property: property.property,
                toleranceSource: property.toleranceSource)
        }
        let durations = candidateDurations
        let bounces = candidateBounces
        for d in durations {
            let zeta0 = formula.dampingRatio(duration: d, bounce: 0)
            recorders[.criticalAtZero]!.record(
                abs(zeta0 - 1), tolerance: 8 * u, "duration \(text(d)): ζ = \(zeta0) (damping \(formula.damping(d, 0)))"
            )
            let zeta1 = formula.dampingRatio(duration: d, bounce: 1)
            recorders[.undampedAtOne]!.record(
                abs(zeta1), tolerance: 8 * u, "duration \(text(d)): ζ = \(zeta1) (damping \(formula.damping(d, 1)))")
            let delta = 1e-9
            let above = formula.dampingRatio(duration: d, bounce: delta)
            let below = formula.dampingRatio(duration: d, bounce: -delta)
            recorders[.continuousAtZero]!.record(
                abs(above - below), tolerance: 4 * delta + 16 * u,
                "duration \(text(d)): ζ(+1e-9) = \(above), ζ(−1e-9) = \(below)")

            var previous: (bounce: Double, zeta: Double)?
            var mostNegative = (damping: 0.0, bounce: 0.0)
            for b in bounces {
                let c = formula.damping(d, b)
                let zeta = formula.dampingRatio(duration: d, bounce: b)
                if !(c >= 0) && (c.isNaN || c < mostNegative.damping) { mostNegative = (c, b) }
                if let previous {
                    recorders[.monotoneInBounce]!.record(
                        zeta - previous.zeta, tolerance: 8 * u * max(abs(zeta), abs(previous.zeta)),
                        "duration \(text(d)): ζ(\(text(previous.bounce))) = \(previous.zeta) → ζ(\(text(b))) = \(zeta)")
                }
                previous = (b, zeta)
                if c.isFinite, c >= 0, b > -1 {
                    let k = DampingFormula.stiffness(duration: d)
                    if let spring = try? Spring(mass: 1, stiffness: k, damping: c) {
                        let back = spring.bounce
                        recorders[.roundTrip]!.record(
                            abs(back - b), tolerance: 16 * u * (1 + zeta),
                            "duration \(text(d)) bounce \(text(b)): damping \(c) → Spring(…).bounce = \(back)")
                    }
                }
            }
            recorders[.nonNegativeDamping]!.record(
                mostNegative.damping.isNaN ? .nan : -mostNegative.damping, tolerance: 0,
                "duration \(text(d)) bounce \(text(mostNegative.bounce)): damping \(mostNegative.damping)")
        }
        for b in bounces {
            let zetas = durations.map { formula.dampingRatio(duration: $0, bounce: b) }
            let spread = (zetas.max() ?? .nan) - (zetas.min() ?? .nan)
            let spreadValue = zetas.contains { $0.isNaN } ? Double.nan : spread
            let largest = zetas.map(abs).max() ?? 1
            recorders[.durationSetsTimeScaleOnly]!.record(
                spreadValue, tolerance: 8 * u * max(1, largest),
                "bounce \(text(b)): ζ ranges over \(zetas.min() ?? .nan) … \(zetas.max() ?? .nan) for durations \(text(durations.first!)) … \(text(durations.last!)) s"
            )
        }
        let example = formula.damping(0.5, 0.3)
        recorders[.appleExample]!.record(
            abs(example - 17.6), tolerance: 0.05, "duration 0.5 bounce 0.3: damping \(example) (Apple: ≈ 17.6)")
        let (inverseValue, inverseCase) = appleInverse(formula)
        recorders[.appleExampleInverse]!.record(inverseValue, tolerance: 0.005, inverseCase)

        var motionError = (value: 0.0, description: "—")
        var motionErrors: [CandidateVerdict.MotionError] = []
        for d in [0.5, 1.0] {
            for b in [-0.5, 0, 0.3, 0.7] {
                let outcome = motionComparison(formula, duration: d, bounce: b)
                motionErrors.append(
                    CandidateVerdict.MotionError(
                        duration: d, bounce: b, candidateDamping: formula.damping(d, b),
                        referenceDamping: 2 * Self.appleDampingRatio(b) * (2 * .pi / d),
                        largestPositionError: outcome.error))
                recorders[.motion]!.record(outcome.error, tolerance: outcome.tolerance, outcome.description)
                if outcome.error > motionError.value || outcome.error.isNaN {
                    motionError = (outcome.error, outcome.description)
                }
            }
        }

        let expected = formula.expectation == .underReview
        let checks = CandidateProperty.allCases.map { recorders[$0]!.finish(violationExpected: expected) }
        let violations = zip(CandidateProperty.allCases, checks).compactMap {
            property, check -> CandidateVerdict.Violation? in
            check.verdict == .holds
                ? nil
                : CandidateVerdict.Violation(
                    property: property.rawValue, check: check.name, worstCase: check.worstCase,
                    worstValue: check.worstValue, tolerance: check.tolerance)
        }
        let verdict = CandidateVerdict(
            name: formula.name, source: formula.source, formulaText: formula.formulaText,
            expectation: formula.expectation, accepted: violations.isEmpty, violations: violations,
            largestMotionError: motionError.value, largestMotionErrorCase: motionError.description)
        var judged = verdict
        judged.motionErrors = motionErrors
        return (checks, judged)
    }

    /// Solves `c(2π/10, bounce) = 10` on (−1, 1] by scanning for sign changes
    /// and bisecting; returns `|bounce − 0.5|` of the root nearest 0.5 (∞ if none).
    func appleInverse(_ formula: DampingFormula) -> (Double, String) {
        let d = 2 * Double.pi / 10
        let f = { (b: Double) in formula.damping(d, b) - 10 }
        var roots: [Double] = []
        let count = 4000
        var previous = (b: -0.9995, value: f(-0.9995))
        for i in 1...count {
            let b = -0.9995 + 1.9995 * Double(i) / Double(count)
            let value = f(b)
            if previous.value.isFinite, value.isFinite, (previous.value <= 0) != (value <= 0) {
                var (low, high, fLow) = (previous.b, b, previous.value)
                for _ in 0..<80 {
                    let mid = (low + high) / 2
                    let fMid = f(mid)
                    if (fMid <= 0) == (fLow <= 0) { (low, fLow) = (mid, fMid) } else { high = mid }
                }
                let root = (low + high) / 2
                if abs(f(root)) <= 1e-6 { roots.append(root) }  // a sign change at a pole is no root
            }
            previous = (b, value)
        }
        guard let best = roots.min(by: { abs($0 - 0.5) < abs($1 - 0.5) }) else {
            return (
                .infinity,
                "no bounce in (−1, 1] gives damping 10 at duration 2π/10 (the formula's damping there spans \(text(f(-0.9995) + 10)) … \(text(f(1) + 10)))"
            )
        }
        return (abs(best - 0.5), "damping 10 at duration 2π/10 needs bounce \(best) (Apple: ≈ 0.5)")
    }

    struct MotionOutcome {
        var error: Double
        var tolerance: Double
        var description: String
    }

    /// Largest position error of the candidate's motion from 0 to 1 against the
    /// reference motion (Apple's ζ), both integrated by the reference pair,
    /// over 400 samples up to the reference's settling time.
    func motionComparison(_ formula: DampingFormula, duration d: Double, bounce b: Double) -> MotionOutcome {
        let k = DampingFormula.stiffness(duration: d)
        let omega = 2 * Double.pi / d
        let referenceDamping = 2 * Self.appleDampingRatio(b) * omega
        let candidateDamping = formula.damping(d, b)
        let label = "duration \(text(d)) bounce \(text(b)) (damping \(candidateDamping) vs \(referenceDamping))"
        guard candidateDamping.isFinite else {
            return MotionOutcome(
                error: .nan, tolerance: 0, description: "\(label): the formula gives no finite damping")
        }
        let settling =
            (try? Spring(mass: 1, stiffness: k, damping: referenceDamping))?.exactSettlingDuration(epsilon: 0.001) ?? 10
            * d
        let end = min(settling.isFinite ? settling : 10 * d, 20 * d)
        let times = (1...400).map { end * Double($0) / 400 }
        do {
            let reference = try referenceMotion(
                SpringODE(stiffness: k, damping: referenceDamping, target: 1), position: 0, velocity: 0, at: times)
            let candidate = try referenceMotion(
                SpringODE(stiffness: k, damping: candidateDamping, target: 1), position: 0, velocity: 0, at: times)
            var worst = (error: 0.0, time: 0.0)
            for (i, t) in times.enumerated() {
                let error = abs(candidate.positions[i] - reference.positions[i])
                if error > worst.error || error.isNaN { worst = (error, t) }
            }
            let expansion = max(omega, 1 / omega)
            let tolerance =
                reference.promisedError + candidate.promisedError
                + 16 * ErrorBounds.u * abs(candidateDamping) * end * omega * expansion
            return MotionOutcome(
                error: worst.error, tolerance: tolerance,
                description: "\(label): |Δx| = \(worst.error) at t = \(text(worst.time)) s of \(text(end)) s")
        } catch {
            return MotionOutcome(
                error: .infinity, tolerance: 0, description: "\(label): the motion could not be integrated (\(error))")
        }
    }

    /// Motion plots: duration 0.5 at bounce 0 and 0.15, reference vs the
    /// closed form of SpringBench's mapping vs each other candidate.
    func motionPlots() -> [MotionPlotData] {
        var plots: [MotionPlotData] = []
        for (bounce, title) in [
            (0.0, "duration 0.5, bounce 0 (.smooth)"), (0.15, "duration 0.5, bounce 0.15 (.snappy)"),
        ] {
            let d = 0.5
            let k = DampingFormula.stiffness(duration: d)
            let times = (0...300).map { 1.5 * Double($0) / 300 }
            let referenceDamping = 2 * Self.appleDampingRatio(bounce) * (2 * .pi / d)
            guard
                let reference = try? referenceMotion(
                    SpringODE(stiffness: k, damping: referenceDamping, target: 1), position: 0, velocity: 0, at: times)
            else { continue }
            var series = [
                NamedSeries(name: "reference (\(referencePair.name), Apple's ζ)", values: reference.positions)
            ]
            if let spring = try? SwiftUIParameters(duration: d, bounce: bounce).spring {
                series.append(
                    NamedSeries(
                        name: "SpringBench closed form",
                        values: times.map { spring.position(from: 0.0, target: 1.0, time: $0) }))
            }
            for formula in candidates where formula.name != DampingFormula.swiftUI.name {
                let c = formula.damping(d, bounce)
                guard c.isFinite,
                    let motion = try? referenceMotion(
                        SpringODE(stiffness: k, damping: c, target: 1), position: 0, velocity: 0, at: times)
                else { continue }
                series.append(NamedSeries(name: formula.name, values: motion.positions))
            }
            plots.append(MotionPlotData(title: title, duration: d, bounce: bounce, times: times, series: series))
        }
        return plots
    }
}
