#if canImport(Glibc)
    import Glibc
#endif

/// Monotonic time in nanoseconds (`CLOCK_MONOTONIC`, unaffected by clock changes).
@inline(__always)
public func monotonicNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// CPU time the calling thread has run, in nanoseconds (`CLOCK_THREAD_CPUTIME_ID`,
/// user plus system time, page faults included).
@inline(__always)
public func threadCPUNanoseconds() -> UInt64 {
    var now = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
    return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
}

/// What a sample's duration is measured with.
public enum SampleClock: String, Codable, Sendable, CaseIterable {
    /// Elapsed monotonic time.
    case wall
    /// The measuring thread's CPU time. On a shared machine a thread waits its
    /// turn for a core, which wall time counts and CPU time does not: on this
    /// 2-vCPU machine under a load average of 7, wall-clock medians of
    /// unchanged code moved 0.3–4.6× between runs, CPU-time medians 0.45–1.9×.
    /// On an idle machine the two agree for single-threaded work; work on other
    /// threads (OpenBLAS with more than one thread) is invisible to it.
    case threadCPU = "thread-cpu"

    @inline(__always)
    public func now() -> UInt64 {
        switch self {
        case .wall: return monotonicNanoseconds()
        case .threadCPU: return threadCPUNanoseconds()
        }
    }
}

/// Keeps a value alive and opaque to the optimiser, so work whose result is
/// otherwise unused cannot be removed.
@inline(never)
public func blackHole<T>(_ value: T) {
    withExtendedLifetime(value) {}
}

/// How long and how often a timed operation runs.
public struct TimingPolicy: Sendable, Equatable {
    /// Timed samples per cell.
    public var samples: Int
    /// Each sample repeats the operation until it lasts at least this long, so
    /// the clock's resolution and the call overhead vanish in the average.
    public var minimumSampleNanoseconds: Double
    /// Untimed running before calibration (caches, page faults, lazy set-up).
    public var warmupNanoseconds: Double
    /// What samples are timed with (calibration and warm-up use wall time).
    public var clock: SampleClock
    /// Sample past ``samples`` until every measured cell's 95 % median
    /// interval has a half-width of at most this fraction of its median
    /// (`--target-precision`), or ``precisionBudgetNanoseconds`` of extra
    /// rounds pass, or ``maximumSamples`` are taken; nil: exactly ``samples``.
    public var targetPrecision: Double?
    /// Wall-clock time the extra rounds of one sampler call may take.
    public var precisionBudgetNanoseconds: Double = 10e9
    /// No cell takes more samples than this, target or not.
    public var maximumSamples = 1000

    public init(
        samples: Int, minimumSampleNanoseconds: Double, warmupNanoseconds: Double, clock: SampleClock = .threadCPU
    ) {
        precondition(samples >= 1, "samples must be >= 1")
        self.samples = samples
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
        self.warmupNanoseconds = warmupNanoseconds
        self.clock = clock
    }

    /// The default sweep: 25 samples of at least 2 ms.
    public static let standard = TimingPolicy(samples: 25, minimumSampleNanoseconds: 2e6, warmupNanoseconds: 5e6)
    /// `--quick`: 11 samples of at least 0.5 ms.
    public static let quick = TimingPolicy(samples: 11, minimumSampleNanoseconds: 5e5, warmupNanoseconds: 1e6)
}

/// An operation to time: `run(n)` performs it `n` times.
public struct TimedOperation {
    public let run: (Int) -> Void

    public init(run: @escaping (Int) -> Void) {
        self.run = run
    }

    /// Nanoseconds per operation over one batch of `iterations`, by `clock`.
    public func sample(iterations: Int, clock: SampleClock = .wall) -> Double {
        sample(iterations: iterations, now: clock.now)
    }

    /// Nanoseconds per operation over one batch of `iterations`, timed by `now`.
    @inline(__always)
    package func sample(iterations: Int, now: () -> UInt64) -> Double {
        let start = now()
        run(iterations)
        let elapsed = now() &- start
        return Double(elapsed) / Double(iterations)
    }

    /// Warms up, then finds how many iterations make a sample last at least
    /// `policy.minimumSampleNanoseconds` (at least one), by wall-clock time.
    public func calibrate(_ policy: TimingPolicy) -> Int {
        calibrate(policy, now: monotonicNanoseconds)
    }

    /// ``calibrate(_:)`` with the clock passed in: tests drive it with a clock
    /// that advances by a known amount per call, so what they assert does not
    /// depend on the machine's speed or load.
    public func calibrate(_ policy: TimingPolicy, now: () -> UInt64) -> Int {
        calibration(policy, now: now).iterations
    }

    /// ``calibrate(_:)`` that also returns the nanoseconds per call of its
    /// last, accepted batch: what bounds a later sample's length
    /// (the sampler refuses a sample that would last too long).
    public func calibration(_ policy: TimingPolicy) -> (iterations: Int, nanosecondsPerCall: Double) {
        calibration(policy, now: monotonicNanoseconds)
    }

    /// ``calibration(_:)`` with the clock passed in.
    public func calibration(_ policy: TimingPolicy, now: () -> UInt64) -> (iterations: Int, nanosecondsPerCall: Double)
    {
        let warmupEnd = now() &+ UInt64(policy.warmupNanoseconds)
        repeat { run(1) } while now() < warmupEnd
        var iterations = 1
        while true {
            let perOperation = sample(iterations: iterations, now: now)
            let total = perOperation * Double(iterations)
            if total >= policy.minimumSampleNanoseconds { return (iterations, perOperation) }
            // Aim 20 % past the minimum; grow at most 100× per step in case the
            // first batch was unusually fast.
            let needed = policy.minimumSampleNanoseconds * 1.2 / max(perOperation, 0.01)
            iterations = min(max(iterations * 2, Int(needed.rounded(.up))), iterations * 100)
        }
    }
}
