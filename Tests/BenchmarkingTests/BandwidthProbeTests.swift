import Benchmarking
import Testing

/// The probe's figures from a scripted clock: what it reports is a function
/// of the trial times, checked exactly, without asserting anything about the
/// machine's speed.
@Suite("Bandwidth probe figures")
struct BandwidthProbeTests {
    /// Each pass (two clock readings) takes the next of `trialNanoseconds`
    /// for its trial, the same for every pattern of that trial.
    final class ScriptedClock: @unchecked Sendable {
        let trialNanoseconds: [UInt64]
        let patterns = ProbePattern.allCases.count
        var readings = 0
        var now: UInt64 = 1_000_000
        init(_ trialNanoseconds: [UInt64]) { self.trialNanoseconds = trialNanoseconds }
        func read() -> UInt64 {
            defer { readings += 1 }
            if readings % 2 == 1 {
                let pass = readings / 2
                now += trialNanoseconds[pass / patterns]
            }
            return now
        }
    }

    @Test("best is the fastest trial's rate and median the middle one's, per pattern")
    func bestAndMedian() {
        let clock = ScriptedClock([4000, 1000, 3000, 2000, 5000])
        let probe = BandwidthProbe(elements: 1024, trials: 5)
        let result = probe.run(now: clock.read)
        #expect(result.trials == 5 && result.elements == 1024 && result.bytesPerArray == 8192)
        for pattern in ProbePattern.allCases {
            let bytes = Double(pattern.bytesPerElement * 1024)
            // Bytes per nanosecond is GB/s.
            #expect(result.bestGigabytesPerSecond(pattern) == bytes / 1000, "\(pattern)")
            #expect(result.medianGigabytesPerSecond(pattern) == bytes / 3000, "\(pattern)")
        }
    }

    /// A wall clock that moves `step` nanoseconds each time the probe reads it
    /// (once before the first trial and once before each decision to go on).
    final class SteppingClock: @unchecked Sendable {
        let step: UInt64
        var now: UInt64 = 0
        init(step: UInt64) { self.step = step }
        func read() -> UInt64 {
            defer { now += step }
            return now
        }
    }

    @Test("A budget stops starting trials once five are done and the time is spent; the result says how many ran")
    func budgetCutsTrials() {
        // The decision before trial k reads the clock k s after the start (1 s steps): with a
        // 7.5 s budget, trials 1…7 start (the 7th at 7 s); the 8th would start at 8 s.
        var probe = BandwidthProbe(elements: 1024, trials: 25)
        probe.budgetNanoseconds = 7.5e9
        let result = probe.run(
            now: ScriptedClock(Array(repeating: 1000, count: 25)).read,
            wallNow: SteppingClock(step: 1_000_000_000).read)
        #expect(result.trials == 7)
        // Never fewer than five, however short the budget.
        probe.budgetNanoseconds = 1
        #expect(
            probe.run(
                now: ScriptedClock(Array(repeating: 1000, count: 25)).read,
                wallNow: SteppingClock(step: 1_000_000_000).read
            ).trials == BandwidthProbe.minimumTrials)
        // Fewer asked than the minimum: all of them.
        var small = BandwidthProbe(elements: 1024, trials: 3)
        small.budgetNanoseconds = 1
        #expect(
            small.run(
                now: ScriptedClock([1000, 1000, 1000]).read,
                wallNow: SteppingClock(step: 1_000_000_000).read
            ).trials == 3)
        // No budget: every trial, however slow.
        probe.budgetNanoseconds = nil
        #expect(
            probe.run(
                now: ScriptedClock(Array(repeating: 1000, count: 25)).read,
                wallNow: SteppingClock(step: 1_000_000_000).read
            ).trials == 25)
    }

    @Test("The standard presets carry the 20 s budget; trials asked for run in full")
    func presetBudgets() {
        #expect(BenchmarkPlan(.standard, backends: ["naive"]).probeBudgetSeconds == 20)
        #expect(BenchmarkPlan(.gate, backends: ["naive"]).probeBudgetSeconds == 20)
        #expect(BenchmarkPlan(.quick, backends: ["naive"]).probeTrials <= BandwidthProbe.minimumTrials)
        #expect(BenchmarkPlan(.paired, backends: ["naive"]).probeTrials <= BandwidthProbe.minimumTrials)
    }
}
