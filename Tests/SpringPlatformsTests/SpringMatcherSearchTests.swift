import Foundation
import SpringModel
import SpringPlatforms
import Testing

/// The two searches `match` runs, on functions whose minimum is known.
@Suite struct MatchSearchTests {
    static let matcher = SpringMatcher(
        source: .exact(try! Spring(stiffness: 100, damping: 10), epsilon: 0.001), target: .flutter,
        refreshRates: [60], from: 0, to: 1, initialVelocity: 0)

    static func candidate(_ point: [Double]) -> SpringMatcher.Candidate {
        SpringMatcher.Candidate(point: point, values: [:], spring: try! Spring(stiffness: 1, damping: 1), objective: 0)
    }

    @Test("Levenberg–Marquardt reaches the zero of a nonlinear least-squares problem to 1e-10")
    func levenbergMarquardt() throws {
        // r(p) = (p₀ − 3, 10·(p₁ − 0.5), (p₀ − 3)·(p₁ − 0.5), e^{p₁} − e^{0.5}): zero only at (3, 0.5).
        let residuals = { (p: [Double]) -> [Double]? in
            [p[0] - 3, 10 * (p[1] - 0.5), (p[0] - 3) * (p[1] - 0.5), exp(p[1]) - exp(0.5)]
        }
        let found = try #require(
            Self.matcher.levenbergMarquardt(
                from: Self.candidate([2.2, 1.4]), residuals: residuals, candidate: { Self.candidate($0) }))
        #expect(abs(found.point[0] - 3) < 1e-10 && abs(found.point[1] - 0.5) < 1e-10, "\(found.point)")
        // No step improves at the minimum itself: nil.
        #expect(
            Self.matcher.levenbergMarquardt(
                from: Self.candidate([3, 0.5]), residuals: residuals, candidate: { Self.candidate($0) }) == nil)
    }

    @Test("Nelder–Mead reaches the minimum of a non-smooth maximum to 1e-8")
    func nelderMead() {
        var calls = 0
        let objective = { (p: [Double]) -> (Double, SpringMatcher.Candidate?) in
            calls += 1
            var c = Self.candidate(p)
            c.objective = max(abs(p[0] - 1), 2 * abs(p[1] + 2))
            return (c.objective, c)
        }
        var start = Self.candidate([0.3, -1.1])
        start.objective = objective([0.3, -1.1]).0
        let found = Self.matcher.nelderMead(from: start, objective: objective)
        #expect(abs(found.point[0] - 1) < 1e-8 && abs(found.point[1] + 2) < 1e-8, "\(found.point)")
        #expect(found.objective < 1e-8 && calls <= 400 * 4)
    }
}
