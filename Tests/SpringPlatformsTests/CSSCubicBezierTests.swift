import SpringModel
import SpringPlatforms
import Testing
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
