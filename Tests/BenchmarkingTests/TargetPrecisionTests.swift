import Benchmarking
import Testing
import VectorKernels

/// `--target-precision`: whole rounds continue past the minimum until every
/// measured cell's median interval is narrow enough, or the budget or the
/// sample cap ends them; cells that fell short are named.
@Suite struct TargetPrecisionTests {
    /// A cell whose samples repeat `values` in turn, whatever the clock.
    final class ScriptedCell: SampledCell, @unchecked Sendable {
        let values: [Double]
        var taken = 0

        init(_ values: [Double]) { self.values = values }

        func calibrate(_ policy: TimingPolicy) -> Int { 1 }
        func sample(iterations: Int, clock: SampleClock) -> Double {
            defer { taken += 1 }
            return values[taken % values.count]
        }
        func warm() {}
        func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? { nil }
    }

    static func policy(target: Double?, samples: Int = 5, maximum: Int = 40, budgetSeconds: Double = 1e6)
        -> TimingPolicy
    {
        var policy = TimingPolicy(samples: samples, minimumSampleNanoseconds: 1, warmupNanoseconds: 0, clock: .wall)
        policy.targetPrecision = target
        policy.maximumSamples = maximum
        policy.precisionBudgetNanoseconds = budgetSeconds * 1e9
        return policy
    }

    @Test("Without a target, exactly the policy's samples; a quiet target is met at the minimum")
    func quietStopsEarly() {
        var rng = SplitMix64(seed: 1)
        let quiet = ScriptedCell([100, 100.5, 99.5])
        let fixed = InterleavedSampler(policy: Self.policy(target: nil), countAllocations: nil)
            .sample([quiet], using: &rng)
        #expect(fixed[0].samples.count == 5)
        // 6 samples are the fewest the order-statistic interval needs; ±0.5 % is within 2 %.
        let targeted = InterleavedSampler(policy: Self.policy(target: 0.02, samples: 6), countAllocations: nil)
            .sample([ScriptedCell([100, 100.5, 99.5])], using: &rng)
        #expect(targeted[0].samples.count == 6)
    }

    @Test("A noisy cell keeps every cell sampling, round by round, until the cap")
    func noisyRunsToTheCap() {
        var rng = SplitMix64(seed: 2)
        let quiet = ScriptedCell([100])
        let noisy = ScriptedCell([100, 150])
        let results = InterleavedSampler(policy: Self.policy(target: 0.02), countAllocations: nil)
            .sample([quiet, noisy], using: &rng)
        // Whole rounds: sample i of every cell comes from round i, so pairing by round still holds.
        #expect(results.map(\.samples.count) == [40, 40])
    }

    @Test("Only the flagged cells decide: a noisy ceiling cell does not extend the rounds")
    func flaggedCellsOnly() {
        var rng = SplitMix64(seed: 3)
        let results = InterleavedSampler(policy: Self.policy(target: 0.02, samples: 6), countAllocations: nil)
            .sample(
                [ScriptedCell([100]), ScriptedCell([100, 150])], using: &rng, precisionCells: [true, false])
        #expect(results.map(\.samples.count) == [6, 6])
    }

    @Test("The budget ends the extra rounds: a clock that moves 1 s per look stops after the budget's seconds")
    func budgetEnds() {
        var rng = SplitMix64(seed: 4)
        var clock: UInt64 = 0
        let results = InterleavedSampler(
            policy: Self.policy(target: 0.02, budgetSeconds: 3), countAllocations: nil
        ).sample([ScriptedCell([100, 150])], using: &rng) {
            clock += 1_000_000_000
            return clock
        }
        // Round 5 starts the budget at 1 s; rounds start at 2 s and 3 s; at 4 s, 3 s have passed.
        #expect(results[0].samples.count == 7)
    }

    @Test("The order-statistic half-width: ranks n/2 ∓ 1.96·√n/2, infinite below 6 samples")
    func orderStatistic() {
        let values = (1...10).map(Double.init)
        // n = 10: ranks 1 and 9 (0-based) → (10 − 2) / 2 / 5.5.
        #expect(abs(SampleStatistics.orderStatisticHalfWidth(values.shuffled()) - 8.0 / 2 / 5.5) < 1e-12)
        // A skewed sample, whose two halves differ: n = 16, ranks 4 and 12 (5 and 20), median 8.5.
        // Half the whole width, 15 / 2 / 8.5, not the narrower half 3.5 / 8.5 (which stops early)
        // nor the wider 11.5 / 8.5.
        let skewed: [Double] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 20, 21, 22, 23]
        #expect(abs(SampleStatistics.orderStatisticHalfWidth(skewed.shuffled()) - 15.0 / 2 / 8.5) < 1e-12)
        #expect(SampleStatistics.orderStatisticHalfWidth([1, 2, 3, 4, 5]) == .infinity)
        #expect(SampleStatistics.orderStatisticHalfWidth(Array(repeating: 7, count: 30)) == 0)
    }

    @Test("The cells short of the target are those whose recorded interval is wider; MDC is twice the half-width")
    func shortOfPrecision() {
        var results = BenchmarkResults(
            machine: .current(backends: [], commandLine: ""),
            configuration: SweepConfiguration(
                kernels: [.add], backends: ["naive"], sizes: [16, 256], samples: 5, minimumSampleNanoseconds: 1,
                openBLASThreads: 1, quick: false, seed: 1),
            probe: BandwidthProbeResult(elements: 1024, bytesPerArray: 8192, trials: 1, patterns: []),
            measurements: [16, 256].map { size in
                let median = 100.0
                let half = size == 16 ? 3.0 : 1.0
                let summary = SampleSummary(
                    count: 5, median: median, p10: 99, p90: 101, minimum: 98, maximum: 102, mad: 1,
                    medianInterval: ConfidenceInterval(lower: median - half, upper: median + half, level: 0.95))
                return KernelMeasurement(
                    kernel: .add, backend: "naive", size: size, iterationsPerSample: 1, samples: [median],
                    summary: summary, nanosecondsPerElement: 1, gigabytesPerSecond: 1, fractionOfBandwidth: 1,
                    allocationsPerOperation: 0)
            }, workloads: [], elapsedSeconds: 1)
        #expect(results.cellsShortOfPrecision.isEmpty)  // no target
        results.configuration.targetPrecision = 0.02
        #expect(results.cellsShortOfPrecision.map(\.size) == [16])
        #expect(abs(results.measurements[0].summary.minimumDetectableChange - 0.06) < 1e-12)
        #expect(abs(results.measurements[1].summary.relativeHalfWidth - 0.01) < 1e-12)
    }
}
