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

    @Test(
        "steps that follow each other: each ratio is its own level over the one before, not including the next",
        arguments: [(1.10, 1.20), (1.25, 0.8), (0.9, 0.85), (1.05, 1.5)])
    func consecutiveSteps(_ first: Double, _ second: Double) throws {
        // Three levels of 8 commits each, with the same small wobble as above.
        let levels: [Double] = [100, 100 * first, 100 * first * second]
        let values: [Double] = (0..<24).map { index in
            let wobble: Double = index % 2 == 0 ? 2e-4 : -2e-4
            return levels[index / 8] * (1 + wobble)
        }
        let steps = StepDetector().timedSteps(values)
        #expect(steps.map { $0.index } == [8, 16], "\(steps)")
        guard steps.count == 2 else { return }
        // Each level's wobble averages out over its 8 commits: the ratios are the factors.
        #expect(abs(steps[0].ratio / first - 1) < 1e-9, "first step \(steps[0].ratio), not \(first)")
        #expect(abs(steps[1].ratio / second - 1) < 1e-9, "second step \(steps[1].ratio), not \(second)")
    }
}
