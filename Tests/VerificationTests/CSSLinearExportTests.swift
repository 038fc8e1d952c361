import Foundation
import ODEReference
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _TestSupport

/// `springbench export --css-linear`: every easing written, read back and
/// evaluated as CSS Easing Level 2 defines `linear()` (a reader written here
/// from the specification, https://drafts.csswg.org/css-easing-2/#linear-easing-function,
/// w3c/csswg-drafts `css-easing-2/Overview.bs` at b5cf7d98), stays within the
/// stated bound of the spring computed by the ODE reference (Dormand–Prince
/// 5(4), tolerances 1e-12) at dense points, and uses no more stops than an
/// evenly spaced sampling that meets the same bound.
@Suite struct CSSLinearExportTests {
    /// The specification's canonical points of a `linear(…)` text; nil when it does not parse.
    static func points(_ text: String) -> [(input: Double, output: Double)]? {
        guard text.hasPrefix("linear("), text.hasSuffix(")") else { return nil }
        let body = text.dropFirst("linear(".count).dropLast()
        var raw: [(output: Double, input: Double?)] = []
        for part in body.split(separator: ",") {
            let tokens = part.split(separator: " ").map(String.init)
            guard let first = tokens.first, let output = Double(first), tokens.count <= 3 else { return nil }
            let inputs = tokens.dropFirst().map { token -> Double? in
                guard token.hasSuffix("%"), let value = Double(token.dropLast()) else { return nil }
                return value / 100
            }
            if inputs.contains(where: { $0 == nil }) { return nil }
            if inputs.isEmpty { raw.append((output, nil)) }
            for input in inputs { raw.append((output, input)) }
        }
        guard raw.count >= 2 else { return nil }
        // Spec: the first missing input is 0, the last max(1, largest so far); an input is
        // clamped up to the largest before it; runs without an input are spread evenly.
        if raw[0].input == nil { raw[0].input = 0 }
        var largest = raw[0].input!
        for index in 1..<raw.count {
            if let input = raw[index].input {
                raw[index].input = Swift.max(input, largest)
                largest = raw[index].input!
            }
        }
        if raw[raw.count - 1].input == nil { raw[raw.count - 1].input = Swift.max(1, largest) }
        var index = 0
        while index < raw.count {
            if raw[index].input == nil {
                let start = index - 1
                var end = index
                while raw[end].input == nil { end += 1 }
                let (a, b) = (raw[start].input!, raw[end].input!)
                for k in index..<end { raw[k].input = a + (b - a) * Double(k - start) / Double(end - start) }
                index = end
            }
            index += 1
        }
        return raw.map { ($0.input!, $0.output) }
    }

    /// The specification's evaluation at input progress `p`.
    static func evaluate(_ points: [(input: Double, output: Double)], at p: Double) -> Double {
        // The last point with input ≤ p (inputs are ascending after canonicalization), by bisection.
        var low = 0
        var high = points.count - 1
        if p < points[0].input { high = 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if points[middle].input <= p { low = middle } else { high = middle - 1 }
        }
        var a = low
        if a == points.count - 1 { a -= 1 }
        let (first, second) = (points[a], points[a + 1])
        if first.input == second.input { return second.output }
        return first.output + (second.output - first.output) * (p - first.input) / (second.input - first.input)
    }

    /// The spring's progress (0 → 1, starting at `velocity` progress/s) at `times`, by the ODE reference.
    static func reference(_ spring: Spring, velocity: Double, at times: [Double]) throws -> [Double] {
        let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
        let system = AccelerationField<Double> { _, x, v in (-k * (x - 1) - c * v) / m }
        let integrator = AdaptiveIntegrator(system: system, relativeTolerance: 1e-12, absoluteTolerance: 1e-13)
        return try integrator.integrate(from: 0, position: 0, velocity: velocity, sampledAt: times).samples.map(
            \.position)
    }

    @Test("Random springs, velocities and tolerances: within the stated bound of the ODE reference everywhere")
    func withinBound() throws {
        var rng = SplitMix64(seed: 281)
        for trial in 0..<TestDepth.scaled(quick: 8, deep: 48) {
            let omega = 4 * exp(Double.random(in: 0...log(10.0), using: &rng))
            let zeta = Double.random(in: 0.1...1.4, using: &rng)
            let spring = try Spring(naturalFrequency: omega, dampingRatio: zeta)
            let travel = [100.0, 20, 500][trial % 3]
            let tolerance = [0.5, 0.1, 2, 0.05][trial % 4]
            let epsilon = tolerance / travel
            let velocity = [0.0, 2, -3, 8][trial % 4]
            let motion = ExportedMotion.exact(spring, velocity: velocity, epsilon: epsilon)
            let result = CSSExport.linear(motion, epsilon: epsilon)
            let points = try #require(Self.points(result.text), "trial \(trial): \(result.text.prefix(80))")
            #expect(points.count == result.easing.stops.count)
            #expect(result.maximumError <= epsilon, "trial \(trial): stated \(result.maximumError) > \(epsilon)")
            // Dense points: 8,000 evenly (20,000 in make test-deep), plus each stop's input and its neighbours at ±1e-7.
            let duration = Double(result.durationMilliseconds) / 1000
            let dense = TestDepth.scaled(quick: 8_000, deep: 20_000)
            var inputs = (0...dense).map { Double($0) / Double(dense) }
            for point in points { inputs += [point.input, point.input - 1e-7, point.input + 1e-7] }
            inputs = Array(Set(inputs.filter { (0...1).contains($0) })).sorted()
            let truth = try Self.reference(spring, velocity: velocity, at: inputs.map { $0 * duration })
            var worst = 0.0
            for (p, y) in zip(inputs, truth) { worst = Swift.max(worst, abs(Self.evaluate(points, at: p) - y)) }
            // The ODE reference's own error is below 1e-9 at these tolerances.
            #expect(worst <= epsilon + 1e-9, "trial \(trial): \(worst * travel) > \(tolerance) over \(travel)")
            #expect(
                worst <= result.maximumError + 1e-9,
                "trial \(trial): checked \(worst) above stated \(result.maximumError)")
            // After the duration the easing holds 1; the spring stays within the stated truncation.
            let after = try Self.reference(
                spring, velocity: velocity, at: (0...200).map { duration + Double($0) * duration / 20 })
            let left = after.map { abs(1 - $0) }.max()!
            #expect(left <= result.truncation + 1e-9 && result.truncation <= epsilon, "trial \(trial)")

            // The fewest evenly spaced stops on the reference that meet the bound at the dense points.
            func uniformMeets(_ count: Int) throws -> Bool {
                let stopInputs = (0..<count).map { Double($0) / Double(count - 1) }
                var stopOutputs = try Self.reference(spring, velocity: velocity, at: stopInputs.map { $0 * duration })
                stopOutputs[count - 1] = 1
                let uniform = Array(zip(stopInputs, stopOutputs))
                for (p, y) in zip(inputs, truth) where abs(Self.evaluate(uniform, at: p) - y) > epsilon { return false }
                return true
            }
            var low = 1
            var high = 2
            while try !uniformMeets(high) {
                low = high
                high *= 2
            }
            while high - low > 1 {
                let middle = (low + high) / 2
                if try uniformMeets(middle) { high = middle } else { low = middle }
            }
            #expect(points.count <= high, "trial \(trial): \(points.count) stops, evenly spaced need \(high)")
        }
    }

    @Test("The reader follows the specification: implied inputs, clamping, even spreading, holds")
    func reader() throws {
        let spread = try #require(Self.points("linear(0, 0.25, 1)"))
        #expect(spread.map(\.input) == [0, 0.5, 1])
        let clamped = try #require(Self.points("linear(0, 0.5 60%, 0.7 40%, 1)"))
        #expect(clamped.map(\.input) == [0, 0.6, 0.6, 1])
        #expect(Self.evaluate(clamped, at: 0.6) == 0.7)
        let hold = try #require(Self.points("linear(0, 0.5 25% 75%, 1)"))
        #expect(hold.map(\.input) == [0, 0.25, 0.75, 1] && Self.evaluate(hold, at: 0.5) == 0.5)
        // Outside 0…1 the end segments extend.
        #expect(Self.evaluate(spread, at: 1.5) == 1.75 && Self.evaluate(spread, at: -0.5) == -0.25)
        // The production evaluator agrees.
        let easing = CSSLinearEasing(stops: [
            .init(input: 0, output: 0), .init(input: 0.5, output: 0.25), .init(input: 1, output: 1),
        ])
        for p in stride(from: -0.5, through: 1.5, by: 0.01) {
            #expect(abs(easing.evaluate(p) - Self.evaluate(spread, at: p)) < 1e-15)
        }
    }
}
