import Benchmarking
import Testing

/// The timing engine's contract, checked without asserting how fast anything is.
@Suite("Timing engine")
struct TimingTests {
    @Test("calibration stops at the first batch that reaches the minimum, without overshooting")
    func calibrationReachesTheMinimum() {
        let policy = TimingPolicy(samples: 3, minimumSampleNanoseconds: 2e5, warmupNanoseconds: 1e4)
        let slow = TimedOperation { n in
            let end = monotonicNanoseconds() + UInt64(n) * 50_000
            while monotonicNanoseconds() < end {}
        }
        // Each call takes at least 50 µs, and noise only lengthens a sample, so
        // calibration aims at most at ⌈1.2 · 200 µs / 50 µs⌉ = 5 calls: more
        // would mean it overshoots. (No lower bound: a preempted first sample
        // may already pass the minimum.)
        let slowIterations = slow.calibrate(policy)
        #expect((1...5).contains(slowIterations), "\(slowIterations)")
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
