import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _TestSupport

/// `export --cubic-bezier`: the closest cubic Bézier found. On a motion that
/// *is* a cubic Bézier the search must find it: the stated error is then only
/// the writing's rounding. Each control point is written with 4 decimals
/// (±5e-5); y1 and y2 enter the output with weights 3(1−s)²s and 3(1−s)s²,
/// both ≤ 4/9, and x1, x2 move the curve's x by the same weights, which the
/// output feels times the curve's slope (at most 4.6 on the curves here: the
/// steepest is y1/x1 = 1.56/0.34 at the start). So the written curve is within
/// 4/9·1e-4·(1 + 4.6) ≈ 2.5e-4 of the true one; the bound below is 3e-4.
@Suite("The cubic-Bézier export finds a Bézier motion's own curve")
struct CubicBezierFitTests {
    @Test(
        "ease-in-out, ease-out and an overshoot: found within the writing's rounding",
        arguments: [(0.42, 0.0, 0.58, 1.0), (0.0, 0.0, 0.58, 1.0), (0.34, 1.56, 0.64, 1.0)])
    func findsTheCurve(_ curve: (Double, Double, Double, Double)) throws {
        let inputs = (0...1000).map { Double($0) / 1000 }
        let motion = ExportedMotion(
            inputs: inputs, outputs: inputs.map { CSSCubicBezierReader.evaluate(curve, at: $0) }, between: 0,
            duration: 1,
            truncation: 0, function: nil)
        let (found, error) = CSSExport.cubicBezier(motion)
        #expect(error <= 3e-4, "\(curve): found \(found.text), error \(error)")
        // The stated error is the written curve's largest difference at the motion's points.
        let measured = zip(inputs, motion.outputs).map {
            abs(CSSCubicBezierReader.evaluate((found.x1, found.y1, found.x2, found.y2), at: $0) - $1)
        }
        .max()!
        #expect(abs(measured - error) <= 1e-9, "\(curve): stated \(error), measured \(measured)")
    }
}

/// `CSSCubicBezier.evaluate` against the definition (``CSSCubicBezierReader``:
/// 80 halvings). Where x′(s) vanishes (x1 = 0 at s = 0, x2 = 1 at s = 1,
/// x1 = 1 and x2 = 0 at s = ½) the input fixes s only to the interval where
/// the computed x(s) is within τ = 2e-15 of it (a few roundings of the cubic,
/// whose terms are ≤ 1), so each case's bound is computed: that interval's
/// width (found by bisection here) plus the implementation's stopping rule
/// (its bracket below 1e-13, or a Newton step below 1e-14: 2e-13 covers
/// both), times the largest |y′(s)|, which is at most
/// 3·max(|y1|, |y2 − y1|, |1 − y2|) (y′ is 3 times a quadratic Bernstein
/// polynomial of those differences), plus 1e-15 for y's own rounding.
@Suite("A cubic Bézier's output is the definition's")
struct CubicBezierEvaluateTests {
    static func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
    }

    /// The first s in 0…1 where `coordinate(s) ≥ target` (the curve's x is monotone).
    static func first(atLeast target: Double, _ a: Double, _ b: Double) -> Double {
        var (low, high) = (0.0, 1.0)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if coordinate(middle, a, b) < target { low = middle } else { high = middle }
        }
        return high
    }

    @Test("seeded curves, the flat ends and the flat middle among them: within the input's own uncertainty")
    func matchesTheDefinition() {
        var rng = SplitMix64(seed: 977)
        let edges: [(Double, Double)] = [(0, 1), (1, 0), (0, 0), (1, 1), (0, 0.5), (0.5, 1)]
        var worstShare = 0.0
        for index in 0..<120 {
            var (x1, x2) = (Double.random(in: 0...1, using: &rng), Double.random(in: 0...1, using: &rng))
            if index < edges.count { (x1, x2) = edges[index] }
            let y1 = Double.random(in: -2...3, using: &rng)
            let y2 = Double.random(in: -2...3, using: &rng)
            let curve = CSSCubicBezier(x1: x1, y1: y1, x2: x2, y2: y2)
            let slope: Double = 3 * Swift.max(abs(y1), abs(y2 - y1), abs(1 - y2))
            var inputs: [Double] = [1e-9, 0.5, 1 - 1e-9]
            inputs += (1..<40).map { Double($0) / 40 }
            for _ in 0..<20 { inputs.append(Double.random(in: 0...1, using: &rng)) }
            for x in inputs where x > 0 && x < 1 {
                let tau = 2e-15
                let width = Self.first(atLeast: x + tau, x1, x2) - Self.first(atLeast: x - tau, x1, x2)
                let bound = slope * (width + 2e-13) + 1e-15
                let difference = abs(curve.evaluate(x) - CSSCubicBezierReader.evaluate((x1, y1, x2, y2), at: x))
                #expect(difference <= bound, "cubic-bezier(\(x1), \(y1), \(x2), \(y2)) at \(x): off by \(difference)")
                worstShare = Swift.max(worstShare, difference / bound)
            }
        }
        // The ends: exactly 0 and 1 outside the open interval.
        let curve = CSSCubicBezier(x1: 0.3, y1: 1.5, x2: 0.6, y2: -0.5)
        #expect(curve.evaluate(0) == 0 && curve.evaluate(-0.5) == 0 && curve.evaluate(1) == 1 && curve.evaluate(7) == 1)
        #expect(worstShare > 0, "every case agreed exactly: the comparison saw nothing")
    }
}
