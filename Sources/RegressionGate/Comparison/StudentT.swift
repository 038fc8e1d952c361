import Benchmarking
import Foundation

/// Student's t distribution, enough for two-sided intervals.
package enum StudentT {
    /// P(|T| ≤ t) for ν degrees of freedom, ν a positive integer
    /// (Abramowitz & Stegun 26.7.3 and 26.7.4, exact finite series).
    static func centralProbability(_ t: Double, degreesOfFreedom nu: Int) -> Double {
        precondition(nu >= 1, "degrees of freedom must be >= 1")
        let theta = atan(abs(t) / Double(nu).squareRoot())
        let c = cos(theta), s = sin(theta)
        if nu % 2 == 1 {
            guard nu > 1 else { return 2 * theta / .pi }
            var term = c, sum = c
            var k = 2
            while k <= nu - 3 {
                term *= c * c * Double(k) / Double(k + 1)
                sum += term
                k += 2
            }
            return 2 / .pi * (theta + s * sum)
        } else {
            var term = 1.0, sum = 1.0
            var k = 1
            while k <= nu - 3 {
                term *= c * c * Double(k) / Double(k + 1)
                sum += term
                k += 2
            }
            return s * sum
        }
    }

    /// The z with P(|Z| ≤ z) = `level` for a standard normal Z (the limit
    /// ν → ∞): P(|Z| ≤ z) = erf(z/√2), solved by bisection (to 1e-12).
    package static func normalTwoSidedQuantile(level: Double) -> Double {
        var low = 0.0, high = 40.0
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if erf(middle / 2.0.squareRoot()) < level { low = middle } else { high = middle }
            if high - low < 1e-12 { break }
        }
        return (low + high) / 2
    }

    /// The t with P(|T| ≤ t) = `level`, by bisection (to 1e-9).
    package static func twoSidedQuantile(level: Double, degreesOfFreedom nu: Int) -> Double {
        var low = 0.0, high = 1e6
        for _ in 0..<200 {
            let middle = (low + high) / 2
            if centralProbability(middle, degreesOfFreedom: nu) < level { low = middle } else { high = middle }
            if high - low < 1e-9 { break }
        }
        return (low + high) / 2
    }
}
