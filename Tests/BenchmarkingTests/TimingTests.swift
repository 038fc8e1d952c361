import Benchmarking
import Testing

/// The timing engine's contract, checked without asserting how fast anything is.
@Suite("Timing engine")
struct TimingTests {
    /// A clock that moves only when the operation runs: each call costs
    /// `cost` nanoseconds of its time, whatever the machine does meanwhile.
    final class ScriptedClock: @unchecked Sendable {
        var now: UInt64 = 1_000_000
        var calls = 0
        let cost: UInt64
        init(cost: UInt64) { self.cost = cost }
        var operation: TimedOperation {
            TimedOperation { [self] n in
                calls += n
                now += UInt64(n) * cost
            }
        }
    }

    /// Calibration's rule, followed by hand: start at 1 call; while a batch is
    /// shorter than the minimum, aim at 1.2 × the minimum at the measured cost
    /// (at least double, at most 100× the last count); return the first count
    /// whose batch reaches the minimum.
    @Test(
        "calibration returns the first count whose batch reaches the minimum",
        arguments: [
            // (cost ns, minimum ns, expected): 50 µs per call, 200 µs minimum:
            // 1 call → 50 µs; ⌈1.2·200/50⌉ = 5 → 250 µs ≥ 200 → 5.
            (UInt64(50_000), 2e5, 5),
            // A batch exactly at the minimum is long enough (≥, not >).
            (200_000, 2e5, 1),
            // 1 ns per call, 2 ms: 1 → 100 (×100 cap) → 10 000 → 1 000 000 (caps)
            // → 1 ms < 2 ms, so ⌈1.2·2e6/1⌉ = 2 400 000, which reaches 2.4 ms.
            (1, 2e6, 2_400_000),
            // 3 µs per call, 1 ms: 1 → 100 (cap; 400 wanted) → 300 µs < 1 ms,
            // ⌈1.2e6/3000⌉ = 400 → 1.2 ms → 400.
            (3_000, 1e6, 400),
            // The aim after a capped step: 600 ns, 1 ms: 1 → 100 (cap) → 60 µs;
            // ⌈1.2e6/600⌉ = 2000 → 1.2 ms → 2000.
            (600, 1e6, 2000),
            // Doubling wins over the aim: 1 µs, 150 µs: 1 → 100 (cap; 180
            // wanted) → 100 µs; 180 < 2·100, so 200 → 200 µs → 200.
            (1_000, 1.5e5, 200),
        ])
    func calibrationFollowsItsRule(cost: UInt64, minimum: Double, expected: Int) {
        let clock = ScriptedClock(cost: cost)
        let policy = TimingPolicy(samples: 3, minimumSampleNanoseconds: minimum, warmupNanoseconds: 0)
        let iterations = clock.operation.calibrate(policy, now: { clock.now })
        #expect(iterations == expected)
    }

    @Test("warm-up runs single calls until its time has passed, then calibration starts")
    func warmupRunsForItsTime() {
        // 1 µs per call and a 10 µs warm-up: exactly 10 warm-up calls, then a
        // 1 µs batch (1 call) ≥ the 1 µs minimum ends calibration: 11 calls.
        let clock = ScriptedClock(cost: 1_000)
        let policy = TimingPolicy(samples: 3, minimumSampleNanoseconds: 1_000, warmupNanoseconds: 10_000)
        #expect(clock.operation.calibrate(policy, now: { clock.now }) == 1)
        #expect(clock.calls == 11)
    }

    @Test("a sample is the batch's elapsed time divided by its calls")
    func sampleIsTimePerCall() {
        let clock = ScriptedClock(cost: 750)
        #expect(clock.operation.sample(iterations: 8, now: { clock.now }) == 750)
        #expect(clock.calls == 8)
    }

    @Test("the monotonic clock never goes backwards")
    func clockIsMonotonic() {
        var previous = monotonicNanoseconds()
        for _ in 0..<10_000 {
            let now = monotonicNanoseconds()
            #expect(now >= previous)
            previous = now
        }
    }
}
