import Foundation
import ResultsHistory
import Testing

/// A history read backwards: a step up becomes the same step down. The
/// detector must find it either way, at the same commit, with the reciprocal
/// ratio — the minimum effect holds both ways (Guides/History.md, "Steps").
@Suite("Step detection both ways")
struct StepSymmetryTests {
    /// Ten commits at 100, ten at 100·`factor`, with a small alternating wobble.
    static func series(_ factor: Double) -> [Double] {
        (0..<20).map { index in (index < 10 ? 100 : 100 * factor) * (1 + (index % 2 == 0 ? 2e-4 : -2e-4)) }
    }

    @Test(
        "a step and its mirror are both found, or neither, with reciprocal ratios",
        arguments: [1.0305, 1.031, 1.05, 1.2, 1.02, 1.029])
    func mirroredStep(_ factor: Double) throws {
        let detector = StepDetector()
        let up = detector.timedSteps(Self.series(factor))
        let down = detector.timedSteps(Self.series(1 / factor))
        let reversed = detector.timedSteps(Array(Self.series(factor).reversed()))
        let expectedCount = factor >= 1.0305 ? 1 : 0
        #expect(up.count == expectedCount, "\(up)")
        #expect(down.count == expectedCount, "\(down)")
        #expect(reversed.count == expectedCount, "\(reversed)")
        for (rise, fall) in zip(up, down) {
            #expect(rise.index == 10 && fall.index == 10)
            #expect(abs(rise.ratio * fall.ratio - 1) < 1e-12, "\(rise.ratio) vs \(fall.ratio)")
        }
    }
}
