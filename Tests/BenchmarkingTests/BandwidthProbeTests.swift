import Testing

@testable import Benchmarking

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
}
