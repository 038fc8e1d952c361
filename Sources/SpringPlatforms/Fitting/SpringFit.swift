import Foundation
import SpringModel
import VectorKernels

/// Recorded samples of one animated value: time in seconds and the value shown.
public struct RecordedMotion: Sendable, Equatable {
    public var times: [Double]
    public var values: [Double]

    public init(times: [Double], values: [Double]) {
        self.times = times
        self.values = values
    }
}

/// `springbench fit`: the spring, and the platform loop and refresh rate, that best explain
/// recorded frames (Guides/Matching.md, "Fitting recorded frames").
///
/// The frames are put on the display's frame grid (the refresh rate from the median frame
/// interval, snapped to a common rate within 1.5 %; a missing frame is a gap of two intervals, a
/// repeated timestamp is dropped), the animation starts at the last leading sample still at rest,
/// and every model is fitted by least squares over (ln ω₀, ζ, start value, target, start velocity),
/// the target and velocity held where given: the exact closed form and each platform's own loop
/// (its clamps, clock and done rule included) at that rate. Samples more than 5 robust standard
/// deviations off the first fit (a repeated or glitched frame) are left out of a second.
///
/// The platform named is the one whose loop fits best among those that fit as well as the best (a
/// root-mean-square residual within a factor 1 + √(2/n) of the best's, over n samples: what noise
/// leaves undecided); among those, the one whose done frame is the recording's last frame wins
/// (the done rule is evidence), then the one within a frame of it. Intervals come from a parametric
/// bootstrap (40 refits of the best model with Gaussian noise of the residual's size, fixed seed).
/// The frames are "not a spring" when the best fit is off by more than 2 % of the travel (RMS), or
/// by more than 5× the noise level (given, else the larger of 0.1 % of the values' range and a
/// quantisation step found in the values), or by more than 3× with residuals whose signs run in
/// long stretches (a runs test below −2: a systematic misfit, not noise).
public struct SpringFit: Sendable {
    public var recording: RecordedMotion
    /// The target, when known (else fitted).
    public var target: Double?
    /// The start velocity in value units per second, when known (else fitted).
    public var initialVelocity: Double?
    /// The samples' noise (standard deviation, value units), when known.
    public var noise: Double?
    /// The display rate, when known (else read from the timestamps).
    public var refreshRate: Double?

    public init(
        recording: RecordedMotion, target: Double? = nil, initialVelocity: Double? = nil, noise: Double? = nil,
        refreshRate: Double? = nil
    ) {
        self.recording = recording
        self.target = target
        self.initialVelocity = initialVelocity
        self.noise = noise
        self.refreshRate = refreshRate
    }

    /// Bad recorded frames: which input and what is wrong.
    public struct FitError: Error, Equatable, CustomStringConvertible {
        public var parameter: String
        public var message: String
        public init(parameter: String, message: String) {
            self.parameter = parameter
            self.message = message
        }
        public var description: String { "\(parameter): \(message)" }
    }

    /// One model's best fit.
    public struct Explanation: Sendable {
        /// The platform whose loop ran, or nil for the exact closed form.
        public var platform: SpringPlatform?
        public var refreshRate: Double
        public var spring: Spring
        public var from: Double
        public var to: Double
        public var initialVelocity: Double
        /// Root mean square and largest residual over the samples used, in value units.
        public var rms: Double
        public var largest: Double
        /// The frame the model declares done on, and whether it is the recording's last frame (±1).
        public var doneFrame: Int?
        public var endsOnDone: Bool
        /// The runs test's z on the residuals' signs (≈ N(0, 1) for noise; very negative for a
        /// systematic misfit).
        public var runsZ: Double

        public var name: String { platform?.name ?? "exact closed form" }
    }

    /// A 95 % interval.
    public struct Interval: Sendable, Equatable {
        public var low: Double
        public var high: Double
    }

    public struct Result: Sendable {
        /// The best explanation first, then the others by residual.
        public var ranked: [Explanation]
        /// Whether the best explanation is a spring at all, and the evidence.
        public var isSpring: Bool
        public var verdict: String
        /// Intervals for the best explanation's stiffness (at mass 1) and damping ratio.
        public var stiffnessInterval: Interval
        public var dampingRatioInterval: Interval
        /// The frame grid: refresh rate, samples used, samples left out (index in the input).
        public var refreshRate: Double
        public var samplesUsed: Int
        public var outliers: [Int]
        /// The noise level the verdict used, and where it came from.
        public var noise: Double
        public var noiseSource: String
        public var travel: Double
        /// The input time the animation starts at (its frame 0).
        public var startTime: Double
        /// The other models that explain the frames as well as the best within the noise.
        public var indistinguishable: [String]

        public var best: Explanation { ranked[0] }
    }

    /// Rates a measured rate snaps to when within 1.5 %.
    public static let commonRates: [Double] = [24, 25, 30, 48, 50, 60, 72, 75, 90, 100, 120, 144, 165, 240]

    /// The grid the samples lie on: frame index of each kept sample, the rate and the kept samples.
    struct Grid {
        var rate: Double
        var frames: [Int]
        var values: [Double]
        var inputIndex: [Int]
        /// The sample (in time order) the model's frame 0 is, and its time.
        var startIndex: Int
        var startTime: Double
    }

    /// The grids to fit on: the animation starting at the last leading sample still at rest, and,
    /// when there is one, at the sample before it (a loop whose first frame barely moves, as
    /// Rebound's 1 ms first step, is told from rest by its model, not by a threshold).
    func grids() throws(FitError) -> [Grid] {
        let first = try grid(startEarlier: 0)
        guard first.startIndex > 0 else { return [first] }
        return [first, try grid(startEarlier: 1)]
    }

    /// The fewest samples a fit takes: the 5 parameters (ω₀, ζ, start, target, velocity) and as
    /// many again, so the residual says something. With 6 a loop fitted any six numbers exactly and
    /// the bootstrap then gave intervals of zero width.
    static let minimumSamples = 10

    func grid(startEarlier: Int = 0) throws(FitError) -> Grid {
        let times = recording.times, values = recording.values
        guard times.count == values.count else {
            throw FitError(parameter: "frames", message: "times and values differ in number")
        }
        guard times.count >= Self.minimumSamples else {
            throw FitError(
                parameter: "frames",
                message:
                    "needs at least \(Self.minimumSamples) samples (5 parameters, and as many again to judge the fit), got \(times.count)"
            )
        }
        for (index, (t, y)) in zip(times, values).enumerated() where !t.isFinite || !y.isFinite {
            throw FitError(parameter: "frames[\(index)]", message: "time and value must be finite numbers")
        }
        var order = Array(times.indices).sorted { times[$0] < times[$1] }
        // A repeated timestamp is one sample recorded twice: the first is kept.
        order = order.enumerated().filter { $0.offset == 0 || times[$0.element] != times[order[$0.offset - 1]] }
            .map(\.element)
        guard order.count >= Self.minimumSamples else {
            throw FitError(
                parameter: "frames", message: "needs at least \(Self.minimumSamples) distinct times, got \(order.count)"
            )
        }
        let intervals = zip(order.dropFirst(), order).map { times[$0] - times[$1] }.sorted()
        let median = intervals[intervals.count / 2]
        var rate = refreshRate ?? 1 / median
        if refreshRate == nil, let near = Self.commonRates.min(by: { abs($0 - rate) < abs($1 - rate) }),
            abs(near - rate) <= 0.015 * near
        {
            rate = near
        }
        guard rate.isFinite, PlatformAnimation.refreshRates.contains(rate) else {
            throw FitError(
                parameter: "frames", message: "the frame interval gives \(rate) Hz; it must be 1…1000 Hz")
        }
        let values0 = order.map { values[$0] }
        let range = (values0.max()! - values0.min()!)
        guard range > 0 else { throw FitError(parameter: "frames", message: "the value never changes") }
        // The animation starts at the last leading sample still at rest.
        var start = 0
        while start + 1 < order.count, abs(values0[start + 1] - values0[0]) <= 1e-3 * range { start += 1 }
        start = Swift.max(0, start - startEarlier)
        if start > 0 && start >= order.count - 6 {
            throw FitError(parameter: "frames", message: "fewer than 6 samples after the value starts to move")
        }
        let t0 = times[order[start]]
        var frames: [Int] = [], kept: [Double] = [], input: [Int] = []
        for position in start..<order.count {
            let n = Int(((times[order[position]] - t0) * rate).rounded())
            if let last = frames.last, n <= last { continue }
            frames.append(n)
            kept.append(values[order[position]])
            input.append(order[position])
        }
        guard frames.last! <= Int(PlatformAnimation.maximumDuration * rate) else {
            throw FitError(
                parameter: "frames",
                message: "the recording is longer than \(Int(PlatformAnimation.maximumDuration)) s after the start")
        }
        return Grid(rate: rate, frames: frames, values: kept, inputIndex: input, startIndex: start, startTime: t0)
    }

    /// The model's values on the grid's frames, for parameters p = (ln ω₀, ζ, from, to, v₀);
    /// nil where the model cannot run them.
    static func model(_ platform: SpringPlatform?, _ p: [Double], grid: Grid) -> (values: [Double], done: Int?)? {
        guard p.allSatisfy(\.isFinite), p[1] >= 0, p[1] < 50, abs(p[0]) < 20, p[2] != p[3] else { return nil }
        guard let spring = try? Spring(naturalFrequency: exp(p[0]), dampingRatio: p[1]) else { return nil }
        let (from, to, v0) = (p[2], p[3], p[4])
        guard let platform, let loop = platform.loop else {
            return (
                grid.frames.map { n in
                    let q = spring.propagator(time: Double(n) / grid.rate)
                    return to + q.positionFromDisplacement * (from - to) + q.positionFromVelocity * v0
                }, nil
            )
        }
        let shown = loop.init(spring, options: PlatformLoopOptions())
            .run(from: from, to: to, initialVelocity: v0, refreshRate: grid.rate)
        let done = shown.doneFrame
        return (
            grid.frames.map { n in
                if let done, n >= done { return to }
                return n < shown.values.count ? shown.values[n] : to
            }, done
        )
    }

    /// Least squares over the free parameters (Levenberg–Marquardt, central differences).
    static func leastSquares(
        _ start: [Double], free: [Bool], weights: [Double], residuals: ([Double]) -> [Double]?
    ) -> [Double] {
        var p = start
        guard var r = residuals(p) else { return p }
        func cost(_ r: [Double]) -> Double { zip(r, weights).reduce(0) { $0 + $1.1 * $1.0 * $1.0 } }
        var current = cost(r)
        var lambda = 1e-3
        let indices = free.indices.filter { free[$0] }
        for _ in 0..<80 {
            var jacobian: [[Double]] = []
            for index in indices {
                // A step well above binary32's resolution: Android's and Compose's loops keep the
                // value in Float (2⁻²⁴ of it), which a 1e-6 step would turn into a noisy slope.
                let h = 1e-5 * Swift.max(1e-2, abs(p[index]))
                var plus = p, minus = p
                plus[index] += h
                minus[index] -= h
                guard let rp = residuals(plus), let rm = residuals(minus) else { return p }
                jacobian.append(zip(rp, rm).map { ($0 - $1) / (2 * h) })
            }
            let m = indices.count
            var a = Array(repeating: Array(repeating: 0.0, count: m), count: m)
            var g = Array(repeating: 0.0, count: m)
            for i in 0..<m {
                for j in 0..<m {
                    var sum = 0.0
                    for k in r.indices { sum += weights[k] * jacobian[i][k] * jacobian[j][k] }
                    a[i][j] = sum
                }
                var sum = 0.0
                for k in r.indices { sum += weights[k] * jacobian[i][k] * r[k] }
                g[i] = sum
            }
            var stepped = false
            for _ in 0..<14 {
                var system = a
                for i in 0..<m { system[i][i] *= 1 + lambda }
                guard let step = solve(system, g.map { -$0 }) else {
                    lambda *= 10
                    continue
                }
                var trial = p
                for (i, index) in indices.enumerated() { trial[index] += step[i] }
                if let rt = residuals(trial) {
                    let trialCost = cost(rt)
                    if trialCost < current {
                        let relative = (current - trialCost) / Swift.max(current, .leastNormalMagnitude)
                        p = trial
                        r = rt
                        current = trialCost
                        lambda = Swift.max(lambda / 10, 1e-12)
                        stepped = true
                        if relative < 1e-12 { return p }
                        break
                    }
                }
                lambda *= 10
            }
            if !stepped { break }
        }
        return p
    }

    /// Gaussian elimination with partial pivoting; nil for a singular system.
    static func solve(_ matrix: [[Double]], _ vector: [Double]) -> [Double]? {
        var a = matrix, b = vector
        let n = b.count
        for column in 0..<n {
            let pivot = (column..<n).max { abs(a[$0][column]) < abs(a[$1][column]) }!
            guard a[pivot][column].isNormal else { return nil }
            a.swapAt(column, pivot)
            b.swapAt(column, pivot)
            for row in (column + 1)..<n where row < n {
                let factor = a[row][column] / a[column][column]
                for k in column..<n { a[row][k] -= factor * a[column][k] }
                b[row] -= factor * b[column]
            }
        }
        var x = Array(repeating: 0.0, count: n)
        for row in stride(from: n - 1, through: 0, by: -1) {
            var sum = b[row]
            for k in (row + 1)..<n where k < n { sum -= a[row][k] * x[k] }
            x[row] = sum / a[row][row]
        }
        return x.allSatisfy(\.isFinite) ? x : nil
    }

    /// The runs test's z for the signs of `residuals` (zeros left out).
    static func runsZ(_ residuals: [Double]) -> Double {
        let signs = residuals.filter { $0 != 0 }.map { $0 > 0 }
        let plus = Double(signs.filter { $0 }.count), minus = Double(signs.count) - plus
        guard plus > 0, minus > 0 else { return signs.count > 10 ? -.infinity : 0 }
        let runs = Double(1 + zip(signs.dropFirst(), signs).filter { $0 != $1 }.count)
        let n = plus + minus
        let mean = 2 * plus * minus / n + 1
        let variance = (mean - 1) * (mean - 2) / (n - 1)
        return variance > 0 ? (runs - mean) / variance.squareRoot() : 0
    }

    /// Fits every model; deterministic.
    public func fit() throws(FitError) -> Result {
        if let target, !target.isFinite { throw FitError(parameter: "--target", message: "must be a finite number") }
        if let initialVelocity, !initialVelocity.isFinite {
            throw FitError(parameter: "--velocity", message: "must be a finite number")
        }
        if let noise, !(noise.isFinite && noise > 0) {
            throw FitError(parameter: "--noise", message: "must be a finite number > 0")
        }
        if let refreshRate, !(refreshRate.isFinite && PlatformAnimation.refreshRates.contains(refreshRate)) {
            throw FitError(parameter: "--refresh-rate", message: "must be in 1…1000 Hz")
        }
        let grids = try grids()
        let first = grids[0]
        let travelGuess = (target ?? first.values.last!) - first.values[0]
        let span = first.values.max()! - first.values.min()!
        let scale = Swift.max(abs(travelGuess), span)
        let free = [true, true, true, target == nil, initialVelocity == nil]
        let prepared = grids.map { prepare($0, scale: scale, free: free) }

        var fitted: [(explanation: Explanation, point: [Double], prepared: Prepared)] = []
        for platform in [nil] + SpringPlatform.withLoops.map(Optional.some) {
            var found: (Explanation, [Double], Prepared)?
            for candidate in prepared {
                // A loop's clock, clamps and done rule move its best spring away from the closed
                // form's (Rebound's fixed steps run ~4 % slow): the starts are the closed form's fit
                // and the best of a small grid around it, with the start velocity as given or 0.
                var starts = [candidate.start]
                var gridBest: (Double, [Double])?
                for dLog in [-0.12, -0.08, -0.04, -0.02, 0, 0.02, 0.04, 0.08, 0.12] {
                    for dZeta in [-0.06, -0.03, 0, 0.03, 0.06] {
                        var p = candidate.start
                        p[0] += dLog
                        p[1] = Swift.max(0, p[1] + dZeta)
                        p[4] = initialVelocity ?? 0
                        guard let c = candidate.cost(platform, p) else { continue }
                        if c < (gridBest?.0 ?? .infinity) { gridBest = (c, p) }
                    }
                }
                if let gridBest { starts.append(gridBest.1) }
                for point in starts {
                    if let (explanation, p) = candidate.explain(platform, from: point),
                        explanation.rms < (found?.0.rms ?? .infinity)
                    {
                        found = (explanation, p, candidate)
                    }
                }
            }
            if let found { fitted.append(found) }
        }
        guard !fitted.isEmpty else {
            throw FitError(parameter: "frames", message: "no model could be fitted to these frames")
        }
        fitted.sort { $0.explanation.rms < $1.explanation.rms }
        let bestRMS = fitted[0].explanation.rms
        // Models whose residual is within what the noise leaves undecided: a mean square over n
        // samples varies by √(2/n) of itself, so an RMS within a factor 1 + √(2/n) of the best is a tie.
        let band = 1 + (2 / Double(fitted[0].prepared.weights.filter { $0 > 0 }.count)).squareRoot()
        let tied = fitted.filter { $0.explanation.rms <= band * bestRMS + 1e-12 * scale }
        // Among the tied: the done frame on the recording's last, then within one; then a start
        // velocity a spring at rest could have (|v₀| under 5 % of ω₀·travel: a loop that matches
        // only by an invented start velocity, as Svelte's x₋₁ allows, is less likely); then the
        // lowest residual.
        func rank(_ candidate: (explanation: Explanation, point: [Double], prepared: Prepared)) -> (Int, Int) {
            let e = candidate.explanation, last = candidate.prepared.grid.frames.last!
            let done = e.doneFrame == last ? 0 : e.endsOnDone ? 1 : 2
            let still = abs(e.initialVelocity) <= 0.05 * exp(candidate.point[0]) * abs(e.to - e.from) ? 0 : 1
            return (done, still)
        }
        let chosen = tied.enumerated().min { a, b in
            let (ra, rb) = (rank(a.element), rank(b.element))
            return ra != rb ? ra < rb : a.offset < b.offset
        }!.element
        let ranked = [chosen.explanation] + fitted.map(\.explanation).filter { $0.name != chosen.explanation.name }

        // The noise level: given, a quantisation step found in the values, or 0.1 % of the travel.
        let (noiseLevel, noiseSource) = Self.noiseLevel(given: noise, values: first.values, scale: scale)
        let best = chosen.explanation
        let notSpring =
            best.rms > 0.02 * scale || best.rms > 5 * noiseLevel || (best.rms > 3 * noiseLevel && best.runsZ < -2)
        let verdict: String
        if notSpring {
            verdict = String(
                format:
                    "not a spring: the best fit (%@) is off by %.3g RMS, %.3g at most (%.3g %% of the travel), against a noise level of %.3g (%@), with residuals that run in long stretches (runs test z = %.1f)",
                best.name, best.rms, best.largest, best.rms / scale * 100, noiseLevel, noiseSource, best.runsZ)
        } else {
            verdict = String(
                format: "a spring: %@ explains the frames to %.3g RMS (noise level %.3g, %@; runs test z = %.1f)",
                best.name, best.rms, noiseLevel, noiseSource, best.runsZ)
        }

        // Intervals: a parametric bootstrap of the chosen model on its grid.
        var rng = SplitMix64(seed: 0x5eed_f17)
        var stiffnesses: [Double] = [], ratios: [Double] = []
        var replicate = chosen.prepared
        let bestShown = Self.model(best.platform, chosen.point, grid: replicate.grid)?.values ?? replicate.grid.values
        let sigma = Swift.max(best.rms, 1e-12 * scale)
        for _ in 0..<40 {
            replicate.grid.values = bestShown.map { $0 + sigma * Self.gaussian(&rng) }
            let p = Self.leastSquares(chosen.point, free: free, weights: replicate.weights) {
                replicate.residuals(best.platform, $0)
            }
            stiffnesses.append(exp(2 * p[0]))
            ratios.append(p[1])
        }
        func interval(_ samples: [Double]) -> Interval {
            let sorted = samples.sorted()
            return Interval(
                low: sorted[Int(0.025 * Double(sorted.count - 1))],
                high: sorted[Int(0.975 * Double(sorted.count - 1) + 0.5)])
        }
        return Result(
            ranked: ranked, isSpring: !notSpring, verdict: verdict, stiffnessInterval: interval(stiffnesses),
            dampingRatioInterval: interval(ratios), refreshRate: first.rate,
            samplesUsed: chosen.prepared.weights.filter { $0 > 0 }.count, outliers: chosen.prepared.outliers,
            noise: noiseLevel, noiseSource: noiseSource, travel: scale, startTime: chosen.prepared.grid.startTime,
            indistinguishable: tied.map(\.explanation.name).filter { $0 != best.name })
    }

    /// One grid made ready: the closed form fitted to it (the start of every model's fit), its
    /// weights (0 for an outlier) and the outliers' input indices.
    struct Prepared {
        var grid: Grid
        var weights: [Double]
        var outliers: [Int]
        var start: [Double]
        var free: [Bool]

        func residuals(_ platform: SpringPlatform?, _ p: [Double]) -> [Double]? {
            guard let shown = SpringFit.model(platform, p, grid: grid) else { return nil }
            return zip(grid.values, shown.values).map { $0 - $1 }
        }

        func cost(_ platform: SpringPlatform?, _ p: [Double]) -> Double? {
            residuals(platform, p).map { r in zip(r, weights).reduce(0) { $0 + $1.1 * $1.0 * $1.0 } }
        }

        /// The weights the least squares uses: the last sample's is 0. A loop's done rule snaps it
        /// to the target, and which frame snaps is a step function of the parameters that a
        /// gradient method cannot cross; the residual and the choice of model still count it.
        var fitWeights: [Double] {
            var w = weights
            w[w.count - 1] = 0
            return w
        }

        func explain(_ platform: SpringPlatform?, from point: [Double]) -> (Explanation, [Double])? {
            let p = SpringFit.leastSquares(point, free: free, weights: fitWeights) { residuals(platform, $0) }
            guard let shown = SpringFit.model(platform, p, grid: grid),
                let spring = try? Spring(naturalFrequency: exp(p[0]), dampingRatio: p[1])
            else { return nil }
            let r = zip(grid.values, shown.values).map { $0 - $1 }
            let used = r.indices.filter { weights[$0] > 0 }
            let rms = (used.reduce(0) { $0 + r[$1] * r[$1] } / Double(Swift.max(1, used.count))).squareRoot()
            let largest = used.map { abs(r[$0]) }.max() ?? 0
            let last = grid.frames.last!
            return (
                Explanation(
                    platform: platform, refreshRate: grid.rate, spring: spring, from: p[2], to: p[3],
                    initialVelocity: p[4], rms: rms, largest: largest, doneFrame: shown.done,
                    endsOnDone: shown.done.map { abs($0 - last) <= 1 } ?? false,
                    runsZ: SpringFit.runsZ(used.map { r[$0] })), p
            )
        }
    }

    /// `grid` with the closed form fitted from a coarse search over ω₀ (0.5…500 rad/s) and ζ, and
    /// the samples beyond 5 robust standard deviations of that fit left out (never the last two,
    /// where a loop's snap to the target at its done frame is, and is evidence).
    func prepare(_ grid: Grid, scale: Double, free: [Bool]) -> Prepared {
        let from0 = grid.values[0], to0 = target ?? grid.values.last!
        let v0 = initialVelocity ?? 0
        var prepared = Prepared(
            grid: grid, weights: Array(repeating: 1.0, count: grid.values.count), outliers: [],
            start: [log(10.0), 0.7, from0, to0, v0], free: free)
        var bestCost = Double.infinity
        for logOmega in stride(from: log(0.5), through: log(500), by: 0.2) {
            for zeta in [0.02, 0.05, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1.0, 1.3, 2] {
                let p = [logOmega, zeta, from0, to0, v0]
                if let c = prepared.cost(nil, p), c < bestCost {
                    bestCost = c
                    prepared.start = p
                }
            }
        }
        guard let (fitted, p) = prepared.explain(nil, from: prepared.start) else { return prepared }
        prepared.start = p
        guard fitted.rms > 0, let r = prepared.residuals(nil, p) else { return prepared }
        let deviations = r.map(abs).sorted()
        let limit = 5 * Swift.max(deviations[deviations.count / 2] * 1.4826, 1e-9 * scale)
        for (index, value) in r.enumerated().dropLast(2) where abs(value) > limit {
            prepared.weights[index] = 0
            prepared.outliers.append(grid.inputIndex[index])
        }
        if prepared.weights.filter({ $0 > 0 }).count < 6 {
            prepared.weights = Array(repeating: 1.0, count: grid.values.count)
            prepared.outliers = []
        }
        return prepared
    }

    /// A standard normal deviate (Box–Muller) from `rng`.
    static func gaussian(_ rng: inout SplitMix64) -> Double {
        let u = (Double(rng.next() >> 11) + 0.5) / 9_007_199_254_740_992
        let v = Double(rng.next() >> 11) / 9_007_199_254_740_992
        return (-2 * log(u)).squareRoot() * cos(2 * .pi * v)
    }

    /// The noise level the verdict compares with.
    static func noiseLevel(given: Double?, values: [Double], scale: Double) -> (Double, String) {
        if let given { return (given, "given") }
        for step in [1.0, 0.5, 0.25, 0.1, 0.01] where step < scale / 20 {
            if values.allSatisfy({ abs($0 / step - ($0 / step).rounded()) < 1e-9 }) {
                return (Swift.max(step / 12.squareRoot(), 1e-3 * scale), "values quantised to \(step)")
            }
        }
        return (1e-3 * scale, "0.1 % of the values' range")
    }
}
