import Foundation
import ODEReference
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _TestSupport

/// `springbench export --css-linear`: every easing written, read back and
/// evaluated as CSS Easing Level 2 defines `linear()` (``CSSLinearReader``,
/// written from the specification), stays within the
/// stated bound of the spring computed by the ODE reference (Dormand–Prince
/// 5(4), tolerances 1e-12) at dense points, and uses no more stops than an
/// evenly spaced sampling that meets the same bound.
@Suite struct CSSLinearExportTests {
    /// The spring's progress (0 → 1, starting at `velocity` progress/s) at `times`, by the ODE reference.
    static func reference(_ spring: Spring, velocity: Double, at times: [Double]) throws -> [Double] {
        let (k, c, m) = (spring.stiffness, spring.damping, spring.mass)
        let system = AccelerationField<Double> { _, x, v in (-k * (x - 1) - c * v) / m }
        let integrator = AdaptiveIntegrator(system: system, relativeTolerance: 1e-12, absoluteTolerance: 1e-13)
        return try integrator.integrate(from: 0, position: 0, velocity: velocity, sampledAt: times).samples.map(
            \.position)
    }

    /// One random spring of ``withinBound(_:)``: the seeded sequence drawn in order, so that the
    /// trials (each a test case of its own, run in parallel) are the springs a loop over them drew.
    struct Trial: Sendable, CustomTestStringConvertible {
        var index: Int
        var omega: Double
        var zeta: Double
        var testDescription: String { "trial \(index): ω \(omega), ζ \(zeta)" }

        static let all: [Trial] = {
            var rng = SplitMix64(seed: 281)
            return (0..<TestDepth.scaled(quick: 8, deep: 48)).map { index in
                let omega = 4 * exp(Double.random(in: 0...log(10.0), using: &rng))
                return Trial(index: index, omega: omega, zeta: Double.random(in: 0.1...1.4, using: &rng))
            }
        }()
    }

    @Test(
        "Random springs, velocities and tolerances: within the stated bound of the ODE reference everywhere",
        arguments: Trial.all)
    func withinBound(_ parameters: Trial) throws {
        let (trial, omega, zeta) = (parameters.index, parameters.omega, parameters.zeta)
        let spring = try Spring(naturalFrequency: omega, dampingRatio: zeta)
        let travel = [100.0, 20, 500][trial % 3]
        let tolerance = [0.5, 0.1, 2, 0.05][trial % 4]
        let epsilon = tolerance / travel
        let velocity = [0.0, 2, -3, 8][trial % 4]
        let motion = ExportedMotion.exact(spring, velocity: velocity, epsilon: epsilon)
        let result = CSSExport.linear(motion, epsilon: epsilon)
        let points = try #require(CSSLinearReader.points(result.text), "trial \(trial): \(result.text.prefix(80))")
        #expect(points.count == result.easing.stops.count)
        #expect(result.maximumError <= epsilon, "trial \(trial): stated \(result.maximumError) > \(epsilon)")
        // Dense points: 8,000 evenly (20,000 in make check), plus each stop's input and its neighbours at ±1e-7.
        let duration = Double(result.durationMilliseconds) / 1000
        let dense = TestDepth.scaled(quick: 8_000, deep: 20_000)
        var inputs = (0...dense).map { Double($0) / Double(dense) }
        for point in points { inputs += [point.input, point.input - 1e-7, point.input + 1e-7] }
        inputs = Array(Set(inputs.filter { (0...1).contains($0) })).sorted()
        let truth = try Self.reference(spring, velocity: velocity, at: inputs.map { $0 * duration })
        var worst = 0.0
        for (p, y) in zip(inputs, truth) {
            worst = Swift.max(worst, abs(CSSLinearReader.evaluate(points, at: p) - y))
        }
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
            for (p, y) in zip(inputs, truth) where abs(CSSLinearReader.evaluate(uniform, at: p) - y) > epsilon {
                return false
            }
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

    @Test("The reader follows the specification: implied inputs, clamping, even spreading, holds")
    func reader() throws {
        let spread = try #require(CSSLinearReader.points("linear(0, 0.25, 1)"))
        #expect(spread.map(\.input) == [0, 0.5, 1])
        let clamped = try #require(CSSLinearReader.points("linear(0, 0.5 60%, 0.7 40%, 1)"))
        #expect(clamped.map(\.input) == [0, 0.6, 0.6, 1])
        #expect(CSSLinearReader.evaluate(clamped, at: 0.6) == 0.7)
        let hold = try #require(CSSLinearReader.points("linear(0, 0.5 25% 75%, 1)"))
        #expect(hold.map(\.input) == [0, 0.25, 0.75, 1] && CSSLinearReader.evaluate(hold, at: 0.5) == 0.5)
        // Outside 0…1 the end segments extend.
        #expect(
            CSSLinearReader.evaluate(spread, at: 1.5) == 1.75 && CSSLinearReader.evaluate(spread, at: -0.5) == -0.25)
        // The production evaluator agrees.
        let easing = CSSLinearEasing(stops: [
            .init(input: 0, output: 0), .init(input: 0.5, output: 0.25), .init(input: 1, output: 1),
        ])
        for p in stride(from: -0.5, through: 1.5, by: 0.01) {
            #expect(abs(easing.evaluate(p) - CSSLinearReader.evaluate(spread, at: p)) < 1e-15)
        }
    }
}
