import Foundation
import SpringModel

/// The motion a user sees: a spring through a platform's frame loop, or the
/// exact spring sampled at the display frames.
public enum ShownSpring: Sendable {
    /// The exact closed form at each frame's display time; its "done" is the
    /// exact settling time within `epsilon` of the travel.
    case exact(Spring, epsilon: Double)
    /// The platform's own frame loop, clock and done rule.
    case platform(SpringPlatform, Spring, PlatformLoopOptions)

    /// The frames at `refreshRate`.
    public func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double) -> DisplayedMotion {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }

    /// The frames on `clock`: a steady rate, or a frame-time trace. The exact motion is sampled at
    /// each frame's time and is done on the first frame at or after its settling time.
    public func run(from: Double, to: Double, initialVelocity: Double, clock: FrameClock) -> DisplayedMotion {
        switch self {
        case .platform(let platform, let spring, let options):
            if let loop = platform.loop {
                return loop.init(spring, options: options)
                    .run(from: from, to: to, initialVelocity: initialVelocity, clock: clock)
            }
            return ShownSpring.exact(spring, epsilon: 0.001).run(
                from: from, to: to, initialVelocity: initialVelocity, clock: clock)
        case .exact(let spring, let epsilon):
            let settle = spring.exactSettlingDuration(
                initialDisplacement: from - to, initialVelocity: initialVelocity, epsilon: epsilon)
            let end = Swift.min(
                PlatformAnimation.maximumDuration, settle.isFinite ? settle : PlatformAnimation.maximumDuration)
            var last = Int((end * clock.refreshRate).rounded(.up))
            if clock.times != nil {
                last = 0
                while clock.seconds(last) < end { last += 1 }
            }
            var values: [Double] = []
            values.reserveCapacity(last + 1)
            for n in 0...last {
                let p = spring.propagator(time: clock.seconds(n))
                values.append(to + p.positionFromDisplacement * (from - to) + p.positionFromVelocity * initialVelocity)
            }
            return DisplayedMotion(
                platform: SpringPlatform(name: "exact", source: "the closed form"), refreshRate: clock.refreshRate,
                values: values, simulatedTimes: nil, doneFrame: settle.isFinite && settle <= end ? last : nil,
                clock: clock)
        }
    }

    /// The spring itself.
    public var spring: Spring {
        switch self {
        case .exact(let spring, _), .platform(_, let spring, _): return spring
        }
    }

    /// "exact" or the platform's short name.
    public var name: String {
        switch self {
        case .exact: return "exact"
        case .platform(let platform, _, _): return platform.shortName
        }
    }
}

/// `springbench match`: the target platform's parameters whose shown motion
/// is closest to a source's shown motion (Guides/Matching.md).
///
/// The search runs over the target's springs of mass 1 in (ln ω₀, ζ); each
/// candidate is written in the target's form (``PlatformForm``) and built
/// back through it, so the platform's own ranges and clamps apply, and run
/// through the target's loop at every refresh rate asked. The objective is
/// the largest difference between the two shown motions, as a fraction of the
/// travel, over the frames on which both still move (each platform's snap to
/// the target at its own "done" is reported apart). Nelder–Mead on that
/// maximum, then Levenberg–Marquardt on the squared differences (which
/// converges to the exact parameters where the target can show the source
/// exactly); the better of the two by the maximum is kept.
public struct SpringMatcher: Sendable {
    public var source: ShownSpring
    public var target: SpringPlatform
    public var refreshRates: [Double]
    public var from: Double
    public var to: Double
    public var initialVelocity: Double
    /// The target loop's per-transition options.
    public var targetOptions: PlatformLoopOptions
    /// How much simulation the search may run: frames shown, each counted as
    /// the solver steps behind it where the platform keeps its own clock
    /// (1000/refresh-rate whole-millisecond steps per frame), summed over
    /// every run (the source's included). Measured here (release build): 25–100 ns
    /// per unit across the loops, so 4 million is at most about 0.4 s of
    /// loops; a spring that settles in a second uses a few thousand units per
    /// evaluation at 60 and 120 Hz, so only runs near the 60 s limit at high
    /// refresh rates stop early. Deterministic, unlike a clock.
    public var workBudget: Double = 4e6

    public init(
        source: ShownSpring, target: SpringPlatform, refreshRates: [Double], from: Double, to: Double,
        initialVelocity: Double, targetOptions: PlatformLoopOptions = PlatformLoopOptions()
    ) {
        self.source = source
        self.target = target
        self.refreshRates = refreshRates
        self.from = from
        self.to = to
        self.initialVelocity = initialVelocity
        self.targetOptions = targetOptions
    }

    /// One refresh rate's comparison.
    public struct RateResult: Sendable, Equatable {
        public var refreshRate: Double
        /// Largest difference while both move, as a fraction of the travel.
        public var motionResidual: Double
        /// Largest difference over every frame either shows, each holding the
        /// target after its own done frame (the snaps included).
        public var shownResidual: Double
        public var sourceDone: Double?
        public var targetDone: Double?
    }

    /// One rate's figures as `match --format json` and a design token's extension write them:
    /// the residuals as fractions of the travel and in its units, and both done times.
    package struct RateDocument: Encodable, Equatable {
        var refreshRate: Double
        var residual: Double
        var residualUnits: Double
        var residualWithSnaps: Double
        var sourceDoneSeconds: Double?
        var targetDoneSeconds: Double?

        package init(_ rate: RateResult, travel: Double) {
            refreshRate = rate.refreshRate
            residual = rate.motionResidual
            residualUnits = rate.motionResidual * abs(travel)
            residualWithSnaps = rate.shownResidual
            sourceDoneSeconds = rate.sourceDone
            targetDoneSeconds = rate.targetDone
        }
    }

    /// The matched target against the source on one display clock, as ``RateResult`` is on a
    /// steady one, with each side's largest step between two frames (as a fraction of the travel).
    public struct TraceResult: Sendable, Equatable {
        public var clock: FrameClock
        /// Largest difference while both move, as a fraction of the travel.
        public var motionResidual: Double
        /// Largest difference over every frame either shows, the snaps at done included.
        public var shownResidual: Double
        public var sourceDone: Double?
        public var targetDone: Double?
        /// The largest step between two frames the source shows, before its done.
        public var sourceJump: Double
        /// The same for the target.
        public var targetJump: Double

        public init(
            clock: FrameClock, motionResidual: Double, shownResidual: Double, sourceDone: Double?, targetDone: Double?,
            sourceJump: Double, targetJump: Double
        ) {
            self.clock = clock
            self.motionResidual = motionResidual
            self.shownResidual = shownResidual
            self.sourceDone = sourceDone
            self.targetDone = targetDone
            self.sourceJump = sourceJump
            self.targetJump = targetJump
        }
    }

    /// What the match found.
    public struct Result: Sendable {
        public var target: SpringPlatform
        /// The target's parameters, in its form's names.
        public var values: [SpringParameter.Name: Double]
        /// Its form's code for them.
        public var code: String
        /// The spring the target builds from them.
        public var spring: Spring
        public var rates: [RateResult]
        /// Why the source's own spring is not one the target can be given
        /// (a range, a clamp), or nil when it can.
        public var unrepresentable: String?
        /// Objective evaluations the search made.
        public var evaluations: Int

        /// The largest motion residual over the rates.
        public var residual: Double { rates.map(\.motionResidual).max() ?? 0 }
        /// The largest shown residual over the rates.
        public var shownResidual: Double { rates.map(\.shownResidual).max() ?? 0 }
    }

    /// Why a match cannot be made.
    public struct MatchError: Error, Equatable, CustomStringConvertible {
        public var parameter: String
        public var message: String
        public var description: String { "\(parameter): \(message)" }
    }

    package struct Candidate {
        package var point: [Double]
        var values: [SpringParameter.Name: Double]
        var spring: Spring
        package var objective: Double

        package init(point: [Double], values: [SpringParameter.Name: Double], spring: Spring, objective: Double) {
            self.point = point
            self.values = values
            self.spring = spring
            self.objective = objective
        }
    }

    /// Searches; deterministic (no randomness), bounded (at most a few
    /// thousand loop runs).
    public func match() throws(MatchError) -> Result {
        guard let form = target.form, target.loop != nil else {
            throw MatchError(
                parameter: "--to",
                message:
                    "\(target.name) has no frame loop and form to match; valid: \(SpringPlatform.matchTargets.compactMap(\.form?.keyword).joined(separator: ", "))"
            )
        }
        guard from.isFinite, to.isFinite, from != to else {
            throw MatchError(parameter: "--travel", message: "must be a finite, non-zero distance")
        }
        guard initialVelocity.isFinite else {
            throw MatchError(parameter: "--velocity", message: "must be finite, got \(initialVelocity)")
        }
        guard !refreshRates.isEmpty, refreshRates.allSatisfy({ PlatformAnimation.refreshRates.contains($0) }) else {
            throw MatchError(parameter: "--refresh-rates", message: "each must be in 1…1000 Hz")
        }
        let travel = abs(to - from)
        let sources = refreshRates.map {
            source.run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: $0)
        }
        var evaluations = 0
        func cost(_ run: DisplayedMotion) -> Double {
            Double(run.values.count) * (run.simulatedTimes == nil ? 1 : Swift.max(1, 1000 / run.refreshRate))
        }
        var work = sources.reduce(0) { $0 + cost($1) }
        var exhausted: Bool { work > workBudget }

        func candidate(_ point: [Double]) -> Candidate? {
            guard point.allSatisfy(\.isFinite), point[1] >= 0, abs(point[0]) < 700 else { return nil }
            guard let spring = try? Spring(naturalFrequency: exp(point[0]), dampingRatio: point[1]),
                case .success(let represented) = form.represent(spring)
            else { return nil }
            return Candidate(point: point, values: represented.values, spring: represented.spring, objective: .infinity)
        }
        func runs(_ spring: Spring) -> [DisplayedMotion] {
            let shown = ShownSpring.platform(target, spring, targetOptions)
            let runs = refreshRates.map {
                shown.run(from: from, to: to, initialVelocity: initialVelocity, refreshRate: $0)
            }
            work += runs.reduce(0) { $0 + cost($1) }
            return runs
        }
        /// The differences while both move, per rate, over at least `frames[r]` frames when given.
        func differences(_ runs: [DisplayedMotion], frames: [Int]? = nil) -> [Double] {
            var out: [Double] = []
            for (index, (a, b)) in zip(sources, runs).enumerated() {
                let moving = Swift.max(
                    2, Swift.min(a.doneFrame ?? a.values.count, b.doneFrame ?? b.values.count, a.values.count))
                let count = frames?[index] ?? moving
                for n in 1..<Swift.max(2, count) {
                    let x = n < a.values.count ? a.values[n] : to
                    let y = n < b.values.count && n <= (b.doneFrame ?? Int.max) ? b.values[n] : to
                    out.append((x - y) / travel)
                }
            }
            return out
        }
        func objective(_ point: [Double]) -> (Double, Candidate?) {
            evaluations += 1
            guard var found = candidate(point) else { return (.infinity, nil) }
            found.objective = differences(runs(found.spring)).map(abs).max() ?? 0
            return (found.objective, found)
        }

        // The start: the source's own spring, else the best of a coarse grid around it.
        let start = [log(source.spring.naturalFrequency), source.spring.dampingRatio]
        var best: Candidate? = {
            let (value, found) = objective(start)
            return value.isFinite ? found : nil
        }()
        let zetas = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.7, 0.85, 1.0, 1.2, 1.5, 2, 3]
        if best == nil {
            for dLog in stride(from: -1.5, through: 1.5, by: 0.25) {
                for zeta in zetas where best == nil || !exhausted {
                    let (value, found) = objective([start[0] + dLog, zeta])
                    if value < (best?.objective ?? .infinity) { best = found }
                }
            }
        }
        if best == nil {
            // Far outside the target's range: ω₀ from 0.1 to 1000 rad/s, a tenth of a decade apart.
            for decade in stride(from: -1.0, through: 3.0, by: 0.1) {
                for zeta in zetas where best == nil || !exhausted {
                    let (value, found) = objective([decade * log(10), zeta])
                    if value < (best?.objective ?? .infinity) { best = found }
                }
            }
        }
        guard var current = best else {
            throw MatchError(
                parameter: "--to",
                message: "\(target.name) can represent no spring near the source's (\(source.spring))")
        }
        // Nelder–Mead on the maximum difference.
        current = nelderMead(from: current, objective: objective, exhausted: { exhausted })
        // Levenberg–Marquardt on the squared differences, over a fixed frame set.
        let frameCounts = zip(sources, runs(current.spring)).map { a, b in
            Swift.max(2, Swift.min(a.doneFrame ?? a.values.count, b.doneFrame ?? b.values.count, a.values.count))
        }
        if let polished = levenbergMarquardt(
            from: current,
            residuals: { point in
                evaluations += 1
                guard !exhausted, let found = candidate(point) else { return nil }
                return differences(runs(found.spring), frames: frameCounts)
            }, candidate: candidate)
        {
            let (value, found) = objective(polished.point)
            if let found, value <= current.objective { current = found }
        }

        let final = runs(current.spring)
        let rates = zip(refreshRates, zip(sources, final)).map { rate, pair -> RateResult in
            let (a, b) = pair
            let (motion, shown) = residuals(a, b)
            return RateResult(
                refreshRate: rate, motionResidual: motion, shownResidual: shown, sourceDone: a.doneTime,
                targetDone: b.doneTime)
        }
        var unrepresentable: String?
        switch form.represent(source.spring) {
        case .failure(let error): unrepresentable = "\(error)"
        case .success(let represented):
            let s = source.spring
            let scale = s.mass
            let k = represented.spring.stiffness / represented.spring.mass
            let c = represented.spring.damping / represented.spring.mass
            if abs(k - s.stiffness / scale) > 1e-6 * (s.stiffness / scale)
                || abs(c - s.damping / scale) > 1e-6 * Swift.max(s.damping / scale, 1e-12)
            {
                unrepresentable =
                    "\(form.family.name) clamps it: the source's spring (\(s)) becomes \(represented.spring)"
            }
        }
        return Result(
            target: target, values: current.values, code: form.code(current.values), spring: current.spring,
            rates: rates, unrepresentable: unrepresentable, evaluations: evaluations)
    }

    /// The two shown motions' largest difference while both move and over every frame either
    /// shows (each holding the target after its own done frame), as fractions of the travel.
    func residuals(_ a: DisplayedMotion, _ b: DisplayedMotion) -> (motion: Double, shown: Double) {
        let travel = abs(to - from)
        let moving = Swift.max(
            2, Swift.min(a.doneFrame ?? a.values.count, b.doneFrame ?? b.values.count, a.values.count))
        var motion = 0.0
        var shown = 0.0
        let all = Swift.max(a.doneFrame ?? a.values.count, b.doneFrame ?? b.values.count) + 1
        for n in 1..<Swift.max(2, all) {
            let x = n < a.values.count && n <= (a.doneFrame ?? Int.max) ? a.values[n] : to
            let y = n < b.values.count && n <= (b.doneFrame ?? Int.max) ? b.values[n] : to
            let difference = abs(x - y) / travel
            shown = Swift.max(shown, difference)
            if n < moving { motion = Swift.max(motion, difference) }
        }
        return (motion, shown)
    }

    /// The match's answer shown on `clock` (a dropped frame, a rate that changes, jitter): the
    /// source and the target with the parameters `result` found, each through its own loop
    /// reading the trace as its own code does, compared as ``match()`` compares them at a steady
    /// rate. The parameters are not searched again: they are what a user pastes, and the trace is
    /// the device's, not theirs.
    public func onTrace(_ result: Result, clock: FrameClock) -> TraceResult {
        let a = source.run(from: from, to: to, initialVelocity: initialVelocity, clock: clock)
        let b = ShownSpring.platform(target, result.spring, targetOptions)
            .run(from: from, to: to, initialVelocity: initialVelocity, clock: clock)
        let (motion, shown) = residuals(a, b)
        return TraceResult(
            clock: clock, motionResidual: motion, shownResidual: shown, sourceDone: a.doneTime, targetDone: b.doneTime,
            sourceJump: a.largestJump(from: from, to: to), targetJump: b.largestJump(from: from, to: to))
    }

    /// Nelder–Mead (Lagarias et al., SIAM J. Optim. 9(1), 1998: reflection 1,
    /// expansion 2, contraction ½, shrink ½) in two dimensions.
    package func nelderMead(
        from start: Candidate, objective: ([Double]) -> (Double, Candidate?), exhausted: () -> Bool = { false }
    ) -> Candidate {
        var simplex: [(Double, [Double], Candidate?)] = [(start.objective, start.point, start)]
        for (index, step) in [0.1, 0.05].enumerated() {
            var point = start.point
            point[index] += step
            let (value, found) = objective(point)
            simplex.append((value, point, found))
        }
        func combine(_ a: [Double], _ b: [Double], _ t: Double) -> [Double] { zip(a, b).map { $0 + t * ($1 - $0) } }
        for _ in 0..<400 where !exhausted() {
            simplex.sort { $0.0 < $1.0 }
            let spread = abs(simplex[2].0 - simplex[0].0)
            let size =
                zip(simplex[0].1, simplex[2].1).map { abs($0 - $1) }.max()! + zip(simplex[0].1, simplex[1].1)
                .map { abs($0 - $1) }.max()!
            if size < 1e-12 || (spread <= 1e-15 && size < 1e-9) { break }
            let centroid = combine(simplex[0].1, simplex[1].1, 0.5)
            let worst = simplex[2]
            let reflected = combine(centroid, worst.1, -1)
            let (reflectedValue, reflectedFound) = objective(reflected)
            if reflectedValue < simplex[0].0 {
                let expanded = combine(centroid, worst.1, -2)
                let (expandedValue, expandedFound) = objective(expanded)
                simplex[2] =
                    expandedValue < reflectedValue
                    ? (expandedValue, expanded, expandedFound) : (reflectedValue, reflected, reflectedFound)
            } else if reflectedValue < simplex[1].0 {
                simplex[2] = (reflectedValue, reflected, reflectedFound)
            } else {
                let outside = reflectedValue < worst.0
                let contracted = combine(centroid, outside ? reflected : worst.1, 0.5)
                let (contractedValue, contractedFound) = objective(contracted)
                if contractedValue < (outside ? reflectedValue : worst.0) {
                    simplex[2] = (contractedValue, contracted, contractedFound)
                } else {
                    for index in 1...2 {
                        let point = combine(simplex[0].1, simplex[index].1, 0.5)
                        let (value, found) = objective(point)
                        simplex[index] = (value, point, found)
                    }
                }
            }
        }
        simplex.sort { $0.0 < $1.0 }
        if var found = simplex[0].2 {
            found.objective = simplex[0].0
            return found
        }
        return start
    }

    /// Levenberg–Marquardt (Marquardt 1963; Nocedal & Wright §10.3) with a
    /// central-difference Jacobian; nil when no step improves.
    package func levenbergMarquardt(
        from start: Candidate, residuals: ([Double]) -> [Double]?, candidate: ([Double]) -> Candidate?
    ) -> Candidate? {
        guard var r = residuals(start.point) else { return nil }
        var point = start.point
        var cost = r.reduce(0) { $0 + $1 * $1 }
        var lambda = 1e-3
        var improved = false
        for _ in 0..<60 {
            var jacobian: [[Double]] = []
            for index in 0..<2 {
                let h = 1e-7 * Swift.max(1, abs(point[index]))
                var plus = point, minus = point
                plus[index] += h
                minus[index] -= h
                guard let rp = residuals(plus), let rm = residuals(minus), rp.count == r.count, rm.count == r.count
                else { return improved ? candidate(point) : nil }
                jacobian.append(zip(rp, rm).map { ($0 - $1) / (2 * h) })
            }
            // Normal equations (JᵀJ + λ·diag(JᵀJ)) δ = −Jᵀr, 2 × 2.
            var a = [[0.0, 0.0], [0.0, 0.0]]
            var g = [0.0, 0.0]
            for i in 0..<2 {
                for j in 0..<2 { a[i][j] = zip(jacobian[i], jacobian[j]).reduce(0) { $0 + $1.0 * $1.1 } }
                g[i] = zip(jacobian[i], r).reduce(0) { $0 + $1.0 * $1.1 }
            }
            var stepped = false
            for _ in 0..<12 {
                let m00 = a[0][0] * (1 + lambda), m11 = a[1][1] * (1 + lambda), m01 = a[0][1]
                let determinant = m00 * m11 - m01 * m01
                guard determinant.isNormal else {
                    lambda *= 10
                    continue
                }
                let step = [(-g[0] * m11 + g[1] * m01) / determinant, (-g[1] * m00 + g[0] * m01) / determinant]
                let trial = [point[0] + step[0], point[1] + step[1]]
                if let rt = residuals(trial), rt.count == r.count {
                    let trialCost = rt.reduce(0) { $0 + $1 * $1 }
                    if trialCost < cost {
                        point = trial
                        r = rt
                        let relative = (cost - trialCost) / Swift.max(cost, .leastNormalMagnitude)
                        cost = trialCost
                        lambda = Swift.max(lambda / 10, 1e-12)
                        stepped = true
                        improved = true
                        if relative < 1e-14 || abs(step[0]) + abs(step[1]) < 1e-15 { return candidate(point) }
                        break
                    }
                }
                lambda *= 10
            }
            if !stepped { break }
        }
        return improved ? candidate(point) : nil
    }
}
