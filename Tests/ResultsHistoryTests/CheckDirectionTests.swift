import Foundation
import ResultsHistory
import Testing

/// `history check` on timed series: what it flags is a slowdown — a slower
/// level reaching the newest commit, or a slide up over the last K commits —
/// never the same change downwards (a speed-up); and the slide is measured over
/// exactly K = `window` commits (Guides/History.md), or all of them when the
/// series is shorter.
@Suite("history check: slowdowns flagged, the same speed-ups not; slides over exactly the window")
struct CheckDirectionTests {
    static func points(_ values: [Double]) -> [HistoryPoint] {
        values.enumerated().map { HistoryPoint(commit: String(format: "c%03d", $0.offset), value: $0.element) }
    }

    /// A level of 100 with a fixed ±0.3 % wobble (so the noise estimate is not zero), then from
    /// `at` on the level times `factor`.
    static func stepped(count: Int, at: Int, factor: Double) -> [Double] {
        let wobble = [0.0, 0.003, -0.002, 0.001, -0.003, 0.002]
        return (0..<count).map { i in 100 * (1 + wobble[i % wobble.count]) * (i >= at ? factor : 1) }
    }

    @Test("a 20 % slower level at the end is a step; the same level 20 % faster is nothing at all")
    func stepBothWays() throws {
        let detector = StepDetector()
        let slower = detector.checkTimed(Self.points(Self.stepped(count: 30, at: 26, factor: 1.2)))
        let step = try #require(
            slower.compactMap { finding -> HistoryStep? in
                if case .step(let step) = finding.kind { step } else { nil }
            }.first, "\(slower)")
        #expect(step.index == 26 && abs(step.ratio - 1.2) < 0.01, "\(step)")
        let faster = detector.checkTimed(Self.points(Self.stepped(count: 30, at: 26, factor: 1 / 1.2)))
        #expect(faster.isEmpty, "a speed-up flagged: \(faster)")
        let fasterCandidates = detector.timedCandidates(Self.points(Self.stepped(count: 30, at: 26, factor: 1 / 1.2)))
        #expect(fasterCandidates.isEmpty, "a speed-up printed as a candidate: \(fasterCandidates)")
        // Past the 10 % threshold, both ways: flagged up, not down.
        let beyond = detector.checkTimed(Self.points(Self.stepped(count: 30, at: 24, factor: 1.12)))
        #expect(beyond.contains { if case .step = $0.kind { true } else { false } }, "\(beyond)")
        #expect(detector.checkTimed(Self.points(Self.stepped(count: 30, at: 24, factor: 1 / 1.12))).isEmpty)
        // Past the 3 % minimum effect but short of the threshold: a candidate, printed, not a finding.
        let small = Self.points(Self.stepped(count: 30, at: 24, factor: 1.06))
        #expect(detector.timedCandidates(small).contains { if case .step = $0.kind { true } else { false } })
        #expect(detector.checkTimed(small).isEmpty, "\(detector.checkTimed(small))")
        #expect(StepDetector(threshold: 0.05).checkTimed(small).count >= 1, "a 5 % threshold keeps it")
    }

    /// A geometric ramp of `rate` per commit: every window's Theil–Sen slope is log(1 + rate)
    /// exactly (to rounding), so the slide over K commits is (1 + rate)^(K − 1) − 1.
    @Test("a steady ramp's slide is measured over exactly the window (or the whole series when shorter)")
    func slideOverWindow() throws {
        for (count, window) in [(40, 20), (40, 7), (12, 12), (9, 20)] {
            let rate = 0.01
            let values = (0..<count).map { 100 * pow(1 + rate, Double($0)) }
            let detector = StepDetector(threshold: 0.05, window: window)
            let findings = detector.checkTimed(Self.points(values))
            let slide = try #require(
                findings.compactMap { finding -> (Double, Int)? in
                    if case .slide(let accumulated, let commits) = finding.kind { (accumulated, commits) } else { nil }
                }.first, "\(count) commits, window \(window): \(findings)")
            let k = min(count, window)
            #expect(slide.1 == k, "\(count) commits, window \(window): over \(slide.1)")
            let expected = pow(1 + rate, Double(k - 1)) - 1
            #expect(abs(slide.0 - expected) <= 1e-9, "\(count) commits, window \(window): \(slide.0) vs \(expected)")
            // The same ramp downwards is a speed-up: nothing.
            let down = detector.checkTimed(Self.points(values.reversed()))
            #expect(down.isEmpty, "\(count) commits, window \(window): a falling ramp flagged: \(down)")
        }
    }
}
