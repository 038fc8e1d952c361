import Benchmarking
import Testing
import VectorKernels
import _ResultsTestSupport
import _TestSupport

/// The C yardstick computes what the kernels compute (a yardstick that is
/// fast because it is wrong would prove nothing), is sampled in the sweep's
/// rounds, and its comparison with the best backend reads the paired ratio.
@Suite("C yardstick")
struct YardstickTests {
    static let counts = [0, 1, 3, 15, 16, 17, 64, 255, 4099]

    @Test("its elementwise loops equal the naive backend bit for bit; axpy and Σa² stay in their bounds")
    func kernelsAgreeWithNaive() {
        let failures = ReferenceAgreement.failures(CYardstick.self, counts: Self.counts)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
    }

    @Test("the sweep samples it in the same rounds, one cell per kernel and size, kept apart from the backends")
    func sweepSamplesTheYardstick() throws {
        var sweep = Sweep(
            kernels: [.add, .addAllocating, .magnitudeSquared], backends: [BenchmarkBackend(SIMDBackend.self)],
            sizes: [16, 1000], seed: 7,
            sampler: InterleavedSampler(
                policy: TimingPolicy(samples: 3, minimumSampleNanoseconds: 2e4, warmupNanoseconds: 1e4),
                countAllocations: nil))
        sweep.yardstick = .cYardstick
        let probe = BandwidthProbe(elements: 1 << 12, trials: 1).run()
        let outcome = try sweep.run(probe: probe)
        #expect(outcome.measurements.allSatisfy { $0.backend == "simd" })
        #expect(outcome.measurements.count == 6)
        #expect(outcome.yardstick.count == 6)
        #expect(outcome.yardstick.allSatisfy { $0.backend == "c" && $0.samples.count == 3 && $0.summary.median > 0 })
        #expect(Set(outcome.yardstick.map { "\($0.kernel.rawValue)@\($0.size)" }).count == 6)
    }

    /// Results whose best backend's samples are `factor` times C's, round by round.
    func results(factor: Double, jitter: Double = 0.002) -> BenchmarkResults {
        var results = _ResultsTestSupport.SyntheticResults.make(
            kernels: [.add], backends: ["naive", "simd"], sizes: [4096], withWorkloads: false)
        let base = (0..<25).map { 1000 * (1 + 0.2 * Double($0 % 5)) }  // drift shared by both, round by round
        var c = results.measurements[0]
        c.backend = "c"
        c.samples = base
        c.summary = SampleStatistics.summarize(base)
        c.nanosecondsPerElement = c.summary.median / 4096
        for index in results.measurements.indices {
            let slowdown = results.measurements[index].backend == "simd" ? 1.0 : 1.5
            let samples = base.enumerated().map { $1 * factor * slowdown * (1 + jitter * Double($0 % 3 - 1)) }
            results.measurements[index].samples = samples
            results.measurements[index].summary = SampleStatistics.summarize(samples)
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: [c])
        return results
    }

    @Test(
        "the verdict follows the paired ratio of the best backend: slower, equal within noise either way, faster",
        arguments: [
            (1.10, YardstickComparison.Verdict.slower), (1.02, .equal), (1.0, .equal), (0.99, .equal), (0.96, .faster),
            (0.90, .faster),
        ])
    func verdicts(_ example: (factor: Double, verdict: YardstickComparison.Verdict)) throws {
        let comparison = try #require(YardstickComparison(results(factor: example.factor)))
        let row = try #require(comparison.rows.first)
        #expect(comparison.rows.count == 1)
        #expect(row.best == "simd")
        #expect(abs(row.ratio - example.factor) < 0.005)
        #expect(row.interval.lower <= row.ratio && row.ratio <= row.interval.upper)
        #expect(row.verdict == example.verdict, "ratio \(row.ratio) [\(row.interval.lower), \(row.interval.upper)]")
        #expect(comparison.slower.count == (example.verdict == .slower ? 1 : 0))
    }

    /// Results at 16 and 256 points where, round by round, `naive`'s
    /// add-alloc takes `allocating` ns longer than C's and `simd`'s 5 ns
    /// longer still, while `naive`'s add takes `reused` ns longer than C's
    /// (and `simd`'s add is the fastest of all, to show the split keeps to
    /// the add-alloc backend). C's own time drifts from round to round by up
    /// to 4×, which the pairing must cancel.
    func allocationResults(allocating: Double, reused: Double) -> BenchmarkResults {
        var results = _ResultsTestSupport.SyntheticResults.make(
            kernels: [.add, .addAllocating], backends: ["simd", "naive"], sizes: [16, 256], withWorkloads: false)
        var yardstick: [KernelMeasurement] = []
        for size in [16, 256] {
            let drift = (0..<25).map { 1 + 3 * Double(($0 * 7) % 11) / 10 }
            let cAllocating = drift.map { 20 * $0 + Double(size) / 8 }
            let cReused = drift.map { 4 * $0 + Double(size) / 8 }
            for (kernel, base) in [(Kernel.addAllocating, cAllocating), (.add, cReused)] {
                var c = results.measurements.first { $0.kernel == kernel && $0.size == size }!
                c.backend = "c"
                c.samples = base
                c.summary = SampleStatistics.summarize(base)
                yardstick.append(c)
            }
            for index in results.measurements.indices where results.measurements[index].size == size {
                let m = results.measurements[index]
                let samples: [Double] =
                    switch (m.kernel, m.backend) {
                    case (.addAllocating, "naive"): cAllocating.map { $0 + allocating }
                    case (.addAllocating, _): cAllocating.map { $0 + allocating + 5 }
                    case (_, "naive"): cReused.map { $0 + reused }
                    default: cReused.map { $0 - 3 }
                    }
                results.measurements[index].samples = samples
                results.measurements[index].summary = SampleStatistics.summarize(samples)
            }
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: yardstick)
        return results
    }

    @Test(
        "the allocating add's gap to C is split into the loop's and the allocation's, by paired differences",
        arguments: [(31.0, -2.5), (0.0, 0.0), (-4.0, 1.5)])
    func allocationSplit(_ example: (allocating: Double, reused: Double)) throws {
        let comparison = try #require(
            YardstickComparison(allocationResults(allocating: example.allocating, reused: example.reused)))
        #expect(comparison.allocationSplits.map(\.size) == [16, 256])
        for split in comparison.allocationSplits {
            #expect(split.backend == "naive")
            #expect(abs(split.allocatingGap - example.allocating) < 1e-9, "\(split)")
            #expect(abs(split.reusedGap - example.reused) < 1e-9, "\(split)")
            #expect(abs(split.allocationExcess - (example.allocating - example.reused)) < 1e-9)
            // Every paired difference is the same, so the interval is that point.
            #expect(abs(split.allocatingGapInterval.lower - example.allocating) < 1e-9)
            #expect(abs(split.allocatingGapInterval.upper - example.allocating) < 1e-9)
            #expect(abs(split.reusedGapInterval.lower - example.reused) < 1e-9)
        }
    }

    @Test("no split where the add or the allocating add is missing on either side")
    func allocationSplitNeedsBothKernels() throws {
        var results = allocationResults(allocating: 10, reused: 0)
        results.yardstick?.measurements.removeAll { $0.kernel == .add && $0.size == 16 }
        results.measurements.removeAll { $0.kernel == .addAllocating && $0.size == 256 }
        let comparison = try #require(YardstickComparison(results))
        #expect(comparison.allocationSplits.isEmpty)
        let kernelsOnly = YardstickComparison(self.results(factor: 1.1))
        #expect(kernelsOnly?.allocationSplits.isEmpty == true)
    }

    @Test("no yardstick, no comparison")
    func absentYardstick() {
        #expect(YardstickComparison(_ResultsTestSupport.SyntheticResults.make(withWorkloads: false)) == nil)
    }
}
