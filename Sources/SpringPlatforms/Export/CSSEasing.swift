import Foundation
import SpringModel

/// A CSS `linear()` easing: stops (input progress, output progress) as the
/// CSS Easing Functions Level 2 specification evaluates them
/// (https://drafts.csswg.org/css-easing-2/#linear-easing-function; source
/// w3c/csswg-drafts `css-easing-2/Overview.bs`): between two stops the output
/// is interpolated linearly; before the first and after the last the end
/// segments are extended.
public struct CSSLinearEasing: Sendable, Equatable {
    public struct Stop: Sendable, Equatable {
        /// Input progress, 0…1 (written as a percentage).
        public var input: Double
        /// Output progress (0 at the start value, 1 at the target; may overshoot).
        public var output: Double

        public init(input: Double, output: Double) {
            self.input = input
            self.output = output
        }
    }

    public var stops: [Stop]

    public init(stops: [Stop]) {
        self.stops = stops
    }

    /// The output at input progress `p`, as the specification defines it:
    /// A = the last stop with input ≤ p (the first when none; one before the
    /// last when it is the last), B the next; equal inputs give B's output.
    public func evaluate(_ p: Double) -> Double {
        guard stops.count >= 2 else { return stops.first?.output ?? p }
        var low = 0
        var high = stops.count - 1
        // The last index with input ≤ p.
        if p < stops[0].input {
            low = 0
        } else {
            while low < high {
                let middle = (low + high + 1) / 2
                if stops[middle].input <= p { low = middle } else { high = middle - 1 }
            }
        }
        let a = Swift.min(low, stops.count - 2)
        let (first, second) = (stops[a], stops[a + 1])
        if first.input == second.input { return second.output }
        return first.output + (second.output - first.output) * (p - first.input) / (second.input - first.input)
    }

    /// `linear(0, 0.0123 4.5%, …, 1)`: each output to `outputDigits`
    /// decimals, each input as a percentage to `inputDigits` decimals; the
    /// first and last stops' inputs are implied (0 % and 100 %).
    public func text(outputDigits: Int = 5, inputDigits: Int = 3) -> String {
        let parts = stops.enumerated().map { index, stop -> String in
            let output = Self.decimal(stop.output, digits: outputDigits)
            if index == 0 && stop.input == 0 || index == stops.count - 1 && stop.input == 1 { return output }
            return "\(output) \(Self.decimal(stop.input * 100, digits: inputDigits))%"
        }
        return "linear(" + parts.joined(separator: ", ") + ")"
    }

    /// The stops exactly as `text(outputDigits:inputDigits:)` writes them.
    public func rounded(outputDigits: Int = 5, inputDigits: Int = 3) -> CSSLinearEasing {
        CSSLinearEasing(
            stops: stops.map {
                Stop(
                    input: Double(Self.decimal($0.input * 100, digits: inputDigits))! / 100,
                    output: Double(Self.decimal($0.output, digits: outputDigits))!)
            })
    }

    /// `value` to `digits` decimals without trailing zeros ("0.5", "12", "-0.01").
    public static func decimal(_ value: Double, digits: Int) -> String {
        var text = String(format: "%.\(digits)f", value)
        if text.contains(".") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text == "-0" ? "0" : text
    }
}

/// A motion to export as CSS: output progress (0 → 1) over input progress
/// (0 → 1 across `duration`), with what bounds it between the points it is
/// checked at.
public struct ExportedMotion: Sendable {
    /// Input progress of each checked point, ascending from 0 to 1.
    public var inputs: [Double]
    /// Output progress at each.
    public var outputs: [Double]
    /// The largest difference the motion can have from a straight line
    /// through two neighbouring checked points, beyond their own difference:
    /// h²/8·max|y''| for a continuous motion, 0 for a frame sequence (only
    /// the frames are shown).
    public var between: Double
    /// The duration the input progress spans, in seconds.
    public var duration: Double
    /// The largest |1 − output| after the duration (the truncation).
    public var truncation: Double
    /// The output progress function itself, where continuous.
    public var function: (@Sendable (Double) -> Double)?

    package init(
        inputs: [Double], outputs: [Double], between: Double, duration: Double, truncation: Double,
        function: (@Sendable (Double) -> Double)? = nil
    ) {
        self.inputs = inputs
        self.outputs = outputs
        self.between = between
        self.duration = duration
        self.truncation = truncation
        self.function = function
    }

    /// The exact spring from 0 to 1 starting at `velocity` (progress per
    /// second), over the whole milliseconds until it stays within
    /// `epsilon / 2` of the target (the truncation), checked on a grid fine enough that the
    /// curvature between grid points adds at most `epsilon / 10`.
    public static func exact(_ spring: Spring, velocity: Double, epsilon: Double) -> ExportedMotion {
        // Settled within half the bound, so the last segment (to exactly 1) has room to stay within it.
        let settle = spring.exactSettlingDuration(
            initialDisplacement: -1, initialVelocity: velocity, epsilon: epsilon / 2)
        let duration = Swift.max(0.001, (Swift.min(settle, 600) * 1000).rounded(.up) / 1000)
        let y: @Sendable (Double) -> Double = { p in
            let q = spring.propagator(time: p * duration)
            return 1 - q.positionFromDisplacement + q.positionFromVelocity * velocity
        }
        // |x''| ≤ ω₀·√(2E₀)·(1 + 2ζ) while the energy E = v²/2 + ω₀²u²/2 does not grow (ζ ≥ 0).
        let omega = spring.naturalFrequency
        let energy = velocity * velocity / 2 + omega * omega / 2
        let curvature = duration * duration * omega * (2 * energy).squareRoot() * (1 + 2 * spring.dampingRatio)
        var step = curvature > 0 ? (8 * 0.1 * epsilon / curvature).squareRoot() : 0.01
        step = Swift.min(0.01, Swift.max(step, 1.0 / 2_000_000))
        let count = Int((1 / step).rounded(.up))
        let inputs = (0...count).map { Double($0) / Double(count) }
        let h = 1 / Double(count)
        // After the duration: the settling definition bounds |1 − y| by epsilon.
        return ExportedMotion(
            inputs: inputs, outputs: inputs.map(y), between: h * h / 8 * curvature, duration: duration,
            truncation: Swift.max(abs(1 - y(1)), settle <= 600 ? epsilon / 2 : abs(1 - y(1))), function: y)
    }

    /// A platform's frames from 0 to 1 at `refreshRate`, over the frames up
    /// to its done frame (the duration), checked at the frames.
    public static func frames(_ motion: DisplayedMotion) -> ExportedMotion {
        let last = Swift.max(1, Swift.min(motion.doneFrame ?? (motion.values.count - 1), motion.values.count - 1))
        let inputs = (0...last).map { Double($0) / Double(last) }
        let outputs = (0...last).map { motion.values[$0] }
        return ExportedMotion(
            inputs: inputs, outputs: outputs, between: 0, duration: Double(last) / motion.refreshRate,
            truncation: abs(1 - outputs[last]), function: nil)
    }
}

/// The fewest-stops `linear()` within a vertical bound.
public enum CSSExport {
    /// What an export came to.
    public struct LinearResult: Sendable {
        /// The easing as written (rounded).
        public var easing: CSSLinearEasing
        public var text: String
        public var durationMilliseconds: Int
        /// The largest difference from the motion anywhere in 0…1, output units (× travel for px).
        public var maximumError: Double
        public var truncation: Double
        /// Stops a uniform sampling needs for the same bound (on the motion's own points).
        public var uniformStops: Int
    }

    /// Checks `easing` against the motion: the largest difference at the
    /// checked points and at the stops' inputs, plus the curvature margin.
    public static func error(of easing: CSSLinearEasing, against motion: ExportedMotion) -> Double {
        var worst = 0.0
        for (p, y) in zip(motion.inputs, motion.outputs) { worst = Swift.max(worst, abs(easing.evaluate(p) - y)) }
        if let function = motion.function {
            for stop in easing.stops where (0...1).contains(stop.input) {
                worst = Swift.max(worst, abs(stop.output - function(stop.input)))
            }
        }
        return worst + motion.between
    }

    /// Stops on the motion's points: from each stop, the farthest point the
    /// straight line to which stays within `bound` at every point between
    /// (greedy); the last stop is exactly 1 at 100 %.
    static func greedy(_ motion: ExportedMotion, bound: Double) -> [CSSLinearEasing.Stop] {
        let n = motion.inputs.count
        let output = { (k: Int) -> Double in k == n - 1 ? 1 : motion.outputs[k] }
        var stops = [CSSLinearEasing.Stop(input: 0, output: motion.outputs[0])]
        var i = 0
        while i < n - 1 {
            var best = i + 1
            var j = i + 1
            // Extend while the chord i→j holds; stop at the first that fails after a
            // run of 64 further failures (the feasible ends need not be contiguous).
            var failures = 0
            while j < n {
                let (u0, y0, u1, y1) = (motion.inputs[i], output(i), motion.inputs[j], output(j))
                var holds = true
                for k in (i + 1)..<j {
                    let line = y0 + (y1 - y0) * (motion.inputs[k] - u0) / (u1 - u0)
                    if abs(line - motion.outputs[k]) > bound {
                        holds = false
                        break
                    }
                }
                if holds {
                    best = j
                    failures = 0
                } else {
                    failures += 1
                    if failures > 64 { break }
                }
                j += 1
            }
            stops.append(CSSLinearEasing.Stop(input: motion.inputs[best], output: output(best)))
            i = best
        }
        return stops
    }

    /// Stops at `count` evenly spaced points of the motion (the last exactly 1).
    static func uniform(_ motion: ExportedMotion, count: Int) -> [CSSLinearEasing.Stop] {
        let n = motion.inputs.count
        return (0..<count).map { index in
            let k = Int((Double(index) * Double(n - 1) / Double(count - 1)).rounded())
            return CSSLinearEasing.Stop(input: motion.inputs[k], output: k == n - 1 ? 1 : motion.outputs[k])
        }
    }

    /// The smallest uniform count that meets `bound` (checked as written), by doubling then bisection.
    static func smallestUniform(_ motion: ExportedMotion, bound: Double, meets: ([CSSLinearEasing.Stop]) -> Bool)
        -> Int
    {
        let n = motion.inputs.count
        var high = 2
        while high < n && !meets(uniform(motion, count: high)) { high = Swift.min(n, high * 2) }
        if high == n && !meets(uniform(motion, count: n)) { return n }
        var low = high / 2
        while high - low > 1 {
            let middle = (low + high) / 2
            if meets(uniform(motion, count: middle)) { high = middle } else { low = middle }
        }
        return high
    }

    /// The `linear()` with the fewest stops found whose error, as written and
    /// checked everywhere (between stops too), is at most `epsilon` (output
    /// progress); never more stops than a uniform sampling that meets it.
    /// Digits are added (to at most 9 and 7) while rounding alone breaks the
    /// bound: a steep motion under a tight bound needs finer inputs.
    public static func linear(_ motion: ExportedMotion, epsilon: Double, outputDigits: Int = 5, inputDigits: Int = 3)
        -> LinearResult
    {
        var result = linear(motion, epsilon: epsilon, digits: (outputDigits, inputDigits))
        for extra in 1...4 where result.maximumError > epsilon {
            result = linear(motion, epsilon: epsilon, digits: (outputDigits + extra, inputDigits + extra))
        }
        return result
    }

    static func linear(_ motion: ExportedMotion, epsilon: Double, digits: (output: Int, input: Int)) -> LinearResult {
        func written(_ stops: [CSSLinearEasing.Stop]) -> CSSLinearEasing {
            CSSLinearEasing(stops: stops).rounded(outputDigits: digits.output, inputDigits: digits.input)
        }
        func meets(_ stops: [CSSLinearEasing.Stop]) -> Bool { error(of: written(stops), against: motion) <= epsilon }
        // The fit's share of the bound: what is left after the curvature margin, less a tenth for rounding.
        var share = Swift.max(0, epsilon - motion.between) * 0.9
        var stops = greedy(motion, bound: share)
        for _ in 0..<8 where !meets(stops) {
            share *= 0.7
            stops = greedy(motion, bound: share)
        }
        let uniformCount = smallestUniform(motion, bound: epsilon, meets: meets)
        if stops.count > uniformCount || !meets(stops) { stops = uniform(motion, count: uniformCount) }
        let easing = written(stops)
        return LinearResult(
            easing: easing, text: easing.text(outputDigits: digits.output, inputDigits: digits.input),
            durationMilliseconds: Int((motion.duration * 1000).rounded()),
            maximumError: error(of: easing, against: motion),
            truncation: motion.truncation, uniformStops: uniformCount)
    }
}

/// CSS `cubic-bezier(x1, y1, x2, y2)` (CSS Easing Level 1 §3.2): the curve
/// from (0, 0) to (1, 1) with control points (x1, y1), (x2, y2), x1 and x2 in
/// 0…1; the output at input x is the curve's y where its x equals x.
public struct CSSCubicBezier: Sendable, Equatable {
    public var x1: Double
    public var y1: Double
    public var x2: Double
    public var y2: Double

    public init(x1: Double, y1: Double, x2: Double, y2: Double) {
        self.x1 = x1
        self.y1 = y1
        self.x2 = x2
        self.y2 = y2
    }

    static func bezier(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let t = 1 - s
        return 3 * t * t * s * a + 3 * t * s * s * b + s * s * s
    }

    /// dx/ds of ``bezier(_:_:_:)`` with a = x1, b = x2: 3(1−s)²a + 6(1−s)s(b−a) + 3s²(1−b), ≥ 0 for a, b in 0…1.
    static func slope(_ s: Double, _ a: Double, _ b: Double) -> Double {
        let t = 1 - s
        return 3 * t * t * a + 6 * t * s * (b - a) + 3 * s * s * (1 - b)
    }

    /// The output at input `x` in 0…1: the curve's parameter s where x(s) = x, then y(s).
    ///
    /// x(s) is monotone (x1, x2 in 0…1), so the root is bracketed in 0…1. Newton's method from
    /// s = x converges in 4–6 steps where x′ is not small; a step that leaves the bracket (x′ near
    /// 0, as at s = 0 when x1 = 0) is replaced by bisection of it. It stops once a step moves s by
    /// less than 1e-14 or the bracket is narrower than 1e-13 (bisection alone, as this did before,
    /// took 43 halvings: the cubic-Bézier search evaluates this millions of times).
    public func evaluate(_ x: Double) -> Double {
        if x <= 0 { return 0 }
        if x >= 1 { return 1 }
        var low = 0.0
        var high = 1.0
        var s = x
        for _ in 0..<100 {
            let difference = Self.bezier(s, x1, x2) - x
            if difference == 0 { break }
            if difference < 0 { low = s } else { high = s }
            if high - low < 1e-13 {
                s = (low + high) / 2
                break
            }
            var next = s - difference / Self.slope(s, x1, x2)
            if !(next > low && next < high) { next = (low + high) / 2 }
            if abs(next - s) < 1e-14 {
                s = next
                break
            }
            s = next
        }
        return Self.bezier(s, y1, y2)
    }

    public var text: String {
        let values = [x1, y1, x2, y2].map { CSSLinearEasing.decimal($0, digits: 4) }
        return "cubic-bezier(" + values.joined(separator: ", ") + ")"
    }
}

extension CSSExport {
    /// The cubic Bézier closest to the motion by the largest difference at
    /// its checked points (Nelder–Mead from several starts), as written; its
    /// error, measured between the points too (`statedError(of:against:)`),
    /// is stated however large.
    public static func cubicBezier(_ motion: ExportedMotion) -> (curve: CSSCubicBezier, error: Double) {
        // A thinned set of points keeps the search fast; the stated error uses them all.
        let every = Swift.max(1, motion.inputs.count / 400)
        let sample = stride(from: 0, to: motion.inputs.count, by: every).map {
            (motion.inputs[$0], motion.outputs[$0])
        }
        func cost(_ p: [Double], _ points: [(Double, Double)]) -> Double {
            guard (0...1).contains(p[0]), (0...1).contains(p[2]), p.allSatisfy({ $0.isFinite && abs($0) < 100 }) else {
                return .infinity
            }
            let curve = CSSCubicBezier(x1: p[0], y1: p[1], x2: p[2], y2: p[3])
            return points.reduce(0) { Swift.max($0, abs(curve.evaluate($1.0) - $1.1)) }
        }
        /// Nelder–Mead on the largest difference from `start`, the first simplex `size` apart in
        /// x (twice that in y), until the simplex's values agree to 1e-10 or 600 steps.
        func search(from start: [Double], size: Double) -> ([Double], Double) {
            var simplex =
                [start]
                + (0..<4).map { index -> [Double] in
                    var point = start
                    point[index] += index % 2 == 0 ? size : 2 * size
                    return point
                }
            var values = simplex.map { cost($0, sample) }
            for _ in 0..<600 {
                let order = values.indices.sorted { values[$0] < values[$1] }
                simplex = order.map { simplex[$0] }
                values = order.map { values[$0] }
                if abs(values[4] - values[0]) < 1e-10 { break }
                let centroid = (0..<4).map { d in simplex[0..<4].reduce(0) { $0 + $1[d] } / 4 }
                func toward(_ t: Double) -> [Double] {
                    (0..<4).map { centroid[$0] + t * (simplex[4][$0] - centroid[$0]) }
                }
                let reflected = toward(-1)
                let r = cost(reflected, sample)
                if r < values[0] {
                    let expanded = toward(-2)
                    let e = cost(expanded, sample)
                    (simplex[4], values[4]) = e < r ? (expanded, e) : (reflected, r)
                } else if r < values[3] {
                    (simplex[4], values[4]) = (reflected, r)
                } else {
                    let contracted = toward(r < values[4] ? -0.5 : 0.5)
                    let c = cost(contracted, sample)
                    if c < Swift.min(r, values[4]) {
                        (simplex[4], values[4]) = (contracted, c)
                    } else {
                        for index in 1...4 {
                            simplex[index] = (0..<4).map {
                                simplex[0][$0] + 0.5 * (simplex[index][$0] - simplex[0][$0])
                            }
                            values[index] = cost(simplex[index], sample)
                        }
                    }
                }
            }
            let lowest = values.indices.min { values[$0] < values[$1] }!
            return (simplex[lowest], values[lowest])
        }
        var best: ([Double], Double) = ([0.25, 0.1, 0.25, 1], .infinity)
        for start in [
            [0.25, 0.1, 0.25, 1.0], [0.2, 1.2, 0.3, 1.0], [0.1, 1.5, 0.4, 1.0], [0.3, 0.5, 0.2, 1.2],
            [0.05, 0.8, 0.1, 1.0],
        ] {
            let found = search(from: start, size: 0.1)
            if found.1 < best.1 { best = found }
        }
        // The largest difference is not smooth, so the simplex can stall on a ridge short of the
        // minimum: restart from the best point with fresh, smaller simplices while that improves it.
        for size in [0.05, 0.02, 0.01, 0.005] {
            let found = search(from: best.0, size: size)
            if found.1 < best.1 { best = found }
        }
        // As written (4 decimals), against every checked point.
        let written = CSSCubicBezier(
            x1: Double(CSSLinearEasing.decimal(best.0[0], digits: 4))!,
            y1: Double(CSSLinearEasing.decimal(best.0[1], digits: 4))!,
            x2: Double(CSSLinearEasing.decimal(best.0[2], digits: 4))!,
            y2: Double(CSSLinearEasing.decimal(best.0[3], digits: 4))!)
        return (written, statedError(of: written, against: motion))
    }

    /// Subdivisions of each interval between a motion's checked points at which a Bézier's error is measured.
    static let bezierSubdivisions = 16

    /// The largest difference between `curve` and the motion: at every checked point, at
    /// ``bezierSubdivisions`` points between each two where the motion is continuous
    /// (its `function`), plus the motion's own curvature term between those (`between`,
    /// for the coarse grid: 256 times what the fine one needs). At the checked points alone
    /// the figure was up to 0.4 % short of what Chromium then showed between them
    /// (BrowserCSSTests, 24 springs at 2,001 instants).
    static func statedError(of curve: CSSCubicBezier, against motion: ExportedMotion) -> Double {
        var largest = zip(motion.inputs, motion.outputs).reduce(0) { Swift.max($0, abs(curve.evaluate($1.0) - $1.1)) }
        guard let function = motion.function else { return largest }
        for index in motion.inputs.indices.dropLast() {
            let (from, to) = (motion.inputs[index], motion.inputs[index + 1])
            for step in 1..<bezierSubdivisions {
                let x = from + (to - from) * Double(step) / Double(bezierSubdivisions)
                largest = Swift.max(largest, abs(curve.evaluate(x) - function(x)))
            }
        }
        return largest + motion.between
    }
}
