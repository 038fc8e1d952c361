import ResultsHistory
import Testing

/// The figures of Guides/History.md: the detector on 1000 simulated
/// histories of 200 commits per case (``HistorySimulation``, seeded).
@Suite struct HistorySimulationTests {
    @Test func falseAlarmsOnAAHistoriesAreRare() {
        let rates = HistorySimulation.rates(change: .none, seed: 27)
        print("A/A: \(rates)")
        #expect(rates.checkFindings <= 0.05, "\(rates)")
        #expect(rates.anyStep <= 0.05, "\(rates)")
    }

    @Test(arguments: [0.05, 0.10, 0.20]) func injectedStepsAreFound(fraction: Double) {
        // In the middle of the history: does the report mark it (±2 commits)?
        let middle = HistorySimulation.rates(change: .step(fraction: fraction, at: 100), seed: 28)
        // Ten commits before the newest: does check fail?
        let recent = HistorySimulation.rates(change: .step(fraction: fraction, at: 190), seed: 29)
        print(String(format: "step %.0f %%: middle %@; recent %@", fraction * 100, "\(middle)", "\(recent)"))
        if fraction >= 0.10 {
            #expect(middle.stepPlaced >= 0.95, "\(middle)")
        }
        // A step must reach the check's threshold (10 %) to fail it: beyond it, nearly always.
        if fraction > 0.10 {
            #expect(recent.checkFindings >= 0.80, "\(recent)")
        } else if fraction < 0.10 {
            #expect(middle.stepPlaced >= 0.50, "\(middle)")
        }
    }

    @Test func aOnePercentDriftIsASlide() {
        let rates = HistorySimulation.rates(change: .drift(perCommit: 0.01, commits: 30), seed: 30)
        print("drift 1 %/commit over the last 30: \(rates)")
        // check fails (exit 1) on nearly all; most are named a slide, the rest a step.
        #expect(rates.checkFindings >= 0.95, "\(rates)")
        #expect(rates.checkSlides >= 0.80, "\(rates)")
    }

    @Test func exactCountsStepOnEveryChange() {
        let steps = StepDetector.exactSteps([100, 100, 101, 101, 100])
        #expect(steps.map(\.index) == [2, 4])
        let points = [100.0, 100, 101].enumerated().map { HistoryPoint(commit: "c\($0.offset)", value: $0.element) }
        #expect(StepDetector.checkExact(points).count == 1)
        let improved = [101.0, 101, 100].enumerated().map { HistoryPoint(commit: "c\($0.offset)", value: $0.element) }
        #expect(StepDetector.checkExact(improved).isEmpty)
    }
}
