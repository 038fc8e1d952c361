import Benchmarking
import Foundation
import Testing

/// Every figure the harness derives from a measurement — bytes moved, GB/s,
/// the fraction of the ceiling, the frame budget, the crossover, the single
/// choice — against values worked by hand from their definitions.
@Suite("Measurement figures: worked examples")
struct FigureOracleTests {
    /// Bytes per element from the operation's definition: each 8-byte operand
    /// read, plus each written (write-allocate traffic not counted).
    /// `c = a + b`: read a, b, write c. `a += b`: read a, b, write a.
    /// `y += αx`: read x, y, write y. `a *= s`: read a, write a. `Σa²`: read a.
    @Test(
        "bytes per element and the probe pattern bounding each kernel",
        arguments: [
            (Kernel.add, 2, 1, ProbePattern.add), (.subtract, 2, 1, .add), (.addAllocating, 2, 1, .add),
            (.addInPlace, 2, 1, .triadInPlace), (.subtractInPlace, 2, 1, .triadInPlace), (.axpy, 2, 1, .triadInPlace),
            (.scale, 1, 1, .scaleInPlace), (.magnitudeSquared, 1, 0, .read),
        ])
    func bytesPerElement(kernel: Kernel, reads: Int, writes: Int, pattern: ProbePattern) {
        #expect(kernel.bytesPerElement == 8 * (reads + writes))
        #expect(kernel.probePattern == pattern)
        // The bounding pattern moves the same bytes per element.
        #expect(pattern.bytesPerElement == kernel.bytesPerElement)
    }

    @Test(
        "probe patterns count their own bytes",
        arguments: [
            (ProbePattern.copy, 16), (.scale, 16), (.add, 24), (.triad, 24), (.scaleInPlace, 16), (.triadInPlace, 24),
            (.read, 8),
        ])
    func probeBytes(pattern: ProbePattern, bytes: Int) {
        #expect(pattern.bytesPerElement == bytes)
    }

    /// add at N = 1000 in 2000 ns moves 24 000 bytes: 12 GB/s (10⁹ bytes per
    /// second = bytes per ns) and 2 ns per element; against a 16 GB/s
    /// ceiling that is 75 %.
    @Test("throughput: GB/s, ns per element and the fraction of a ceiling")
    func throughput() {
        let t = Throughput(kernel: .add, size: 1000, nanosecondsPerOperation: 2000)
        #expect(t.gigabytesPerSecond == 12)
        #expect(t.nanosecondsPerElement == 2)
        #expect(t.fraction(of: 16) == 0.75)
        let s = Throughput(kernel: .scale, size: 4096, nanosecondsPerOperation: 1024)
        #expect(s.gigabytesPerSecond == 64)
        #expect(s.nanosecondsPerElement == 0.25)
    }

    /// A measurement's fraction is its median rate over the probe's *median*
    /// rate for the kernel's ceiling pattern (typical against typical), not
    /// over the best trial. Samples 90…110 ns (median 100) for add at N = 100:
    /// 2400 bytes / 100 ns = 24 GB/s; probe median for add with streaming
    /// stores 30 GB/s → 0.8 (the ordinary add's 12 GB/s is not add's ceiling).
    @Test("a measurement's fraction of bandwidth is against the probe's median rate")
    func measurementFractionAgainstMedian() {
        let probe = BandwidthProbeResult(
            elements: 1 << 20, bytesPerArray: 8 << 20, trials: 5,
            patterns: [
                .init(pattern: .add, bestGigabytesPerSecond: 14, medianGigabytesPerSecond: 12),
                .init(pattern: .addStreaming, bestGigabytesPerSecond: 40, medianGigabytesPerSecond: 30),
                .init(pattern: .triadInPlace, bestGigabytesPerSecond: 50, medianGigabytesPerSecond: 20),
            ])
        let samples = (0..<21).map { 90 + Double($0) }
        let cell = InterleavedSampler.CellSamples(iterationsPerSample: 7, samples: samples, allocationsPerOperation: 0)
        let add = Sweep.measurement(kernel: .add, backend: "x", size: 100, cell: cell, probe: probe, seed: 1)
        #expect(add.summary.median == 100)
        #expect(add.gigabytesPerSecond == 24)
        #expect(abs(add.fractionOfBandwidth - 0.8) < 1e-15)
        #expect(add.nanosecondsPerElement == 1)
        #expect(add.iterationsPerSample == 7)
        let axpy = Sweep.measurement(kernel: .axpy, backend: "x", size: 100, cell: cell, probe: probe, seed: 1)
        #expect(abs(axpy.fractionOfBandwidth - 1.2) < 1e-15)
    }

    static func workload(_ size: Int, _ median: Double) -> WorkloadMeasurement {
        let summary = SampleSummary(
            count: 1, median: median, p10: median, p90: median, minimum: median, maximum: median, mad: 0,
            medianInterval: ConfidenceInterval(lower: median, upper: median, level: 0.95))
        return WorkloadMeasurement(
            workload: "w", backend: "b", size: size, iterationsPerSample: 1, samples: [median], summary: summary,
            nanosecondsPerElement: median / Double(size), allocationsPerOperation: 0)
    }

    /// Budget 10 000 ns. Sizes 100, 1000, 10 000 at 1000, 6000, 16 000 ns:
    /// the budget is crossed between 1000 (6000 ns) and 10 000 (16 000 ns);
    /// linearly, 1000 + (10 000 − 6000)·9000/10 000 = 4600 points.
    @Test("frame capacity interpolates between the sizes around the budget")
    func frameCapacityInterpolates() throws {
        let capacity = try #require(
            FrameBudget.capacities(
                [Self.workload(10_000, 16_000), Self.workload(100, 1000), Self.workload(1000, 6000)],
                budgetNanoseconds: 10_000
            ).first)
        #expect(abs(capacity.points - 4600) < 1e-9)
        #expect(!capacity.extrapolated)
        #expect(capacity.largestFittingSize == 1000)
        #expect(capacity.frameNanosecondsAtLargestFitting == 6000)
        #expect(!capacity.allFit)
        #expect(capacity.smallestSize == 100)
    }

    @Test("frame capacity: proportional below the smallest size, extrapolated past the largest")
    func frameCapacityEnds() throws {
        // Smallest size already over: 100 points in 20 000 ns → 50 fit in 10 000.
        let over = try #require(
            FrameBudget.capacities(
                [Self.workload(100, 20_000), Self.workload(1000, 90_000)], budgetNanoseconds: 10_000
            ).first)
        #expect(over.points == 50 && !over.extrapolated && over.largestFittingSize == nil && !over.allFit)
        // All fit: the largest, 1000 points in 2500 ns, scaled: 4000, marked extrapolated.
        let all = try #require(
            FrameBudget.capacities(
                [Self.workload(100, 300), Self.workload(1000, 2500)], budgetNanoseconds: 10_000
            ).first)
        #expect(all.points == 4000 && all.extrapolated && all.allFit && all.largestFittingSize == 1000)
    }

    /// Noise near the budget: 1000 ns at 100, 12 000 at 1000, 9000 at 10 000.
    /// The capacity is bracketed by the first size over budget (1000):
    /// 100 + 9000·900/11 000 ≈ 836.4 points, and the largest measured size
    /// that fits is the one that bracket starts from (100), not the noisy 10 000
    /// beyond it: the two columns of the frame-budget table agree.
    @Test("a size that fits beyond one over budget does not count: both figures come from one bracket")
    func frameCapacityNotMonotone() throws {
        let capacity = try #require(
            FrameBudget.capacities(
                [Self.workload(100, 1000), Self.workload(1000, 12_000), Self.workload(10_000, 9000)],
                budgetNanoseconds: 10_000
            ).first)
        #expect(abs(capacity.points - (100 + 9000.0 * 900 / 11_000)) < 1e-9)
        #expect(capacity.largestFittingSize == 100 && capacity.frameNanosecondsAtLargestFitting == 1000)
        #expect(!capacity.allFit && !capacity.extrapolated)
        #expect(capacity.points >= Double(capacity.largestFittingSize!))
    }

    @Test("a size just over the budget does not fit; one exactly at it does")
    func frameBudgetBoundary() throws {
        let capacity = try #require(
            FrameBudget.capacities(
                [Self.workload(100, 5000), Self.workload(200, 10_000), Self.workload(400, 10_500)],
                budgetNanoseconds: 10_000
            ).first)
        #expect(capacity.largestFittingSize == 200)
        #expect(capacity.frameNanosecondsAtLargestFitting == 10_000)
        // Between 200 (10 000 ns) and 400 (10 500 ns): 200 + 0·… = 200.
        #expect(capacity.points == 200)
        #expect(FrameBudget.frameNanoseconds == 1e9 / 120)
    }

    static func cell(_ backend: String, size: Int, median: Double, halfWidth: Double = 0.01) -> KernelMeasurement {
        let summary = SampleSummary(
            count: 3, median: median, p10: median, p90: median, minimum: median, maximum: median, mad: 0,
            medianInterval: ConfidenceInterval(
                lower: median * (1 - halfWidth), upper: median * (1 + halfWidth), level: 0.95))
        return KernelMeasurement(
            kernel: .axpy, backend: backend, size: size, iterationsPerSample: 1, samples: [median], summary: summary,
            nanosecondsPerElement: median / Double(size), gigabytesPerSecond: 1, fractionOfBandwidth: 0.5,
            allocationsPerOperation: 0)
    }

    /// SIMD/OpenBLAS medians: 1000/2000 at 100 points, 4000/1000 at 10 000:
    /// log ratio from log ½ to log 4, zero at t = log 2/(log 2 + log 4) = ⅓ of
    /// the way on log-size axes: 100·(10 000/100)^⅓ = 100·100^⅓ ≈ 464.16.
    @Test("the crossover size is interpolated on log–log axes")
    func crossoverOnLogAxes() throws {
        let advice = try #require(
            Recommendation(measurements: [
                Self.cell("simd", size: 100, median: 1000), Self.cell("openblas", size: 100, median: 2000),
                Self.cell("simd", size: 10_000, median: 4000), Self.cell("openblas", size: 10_000, median: 1000),
            ]).kernels.first)
        let crossover = try #require(advice.crossovers.first)
        #expect(abs(crossover.estimatedSize - 100 * pow(100, 1.0 / 3)) < 1e-9)
    }

    @Test("a winner is clear only when its interval lies wholly below every other's")
    func clearWinner() throws {
        // 100 ± 10 % against 105 ± 1 %: the best's upper end (110) passes the
        // runner-up's lower end (103.95): not clear, though 100 < 103.95.
        let overlapping = try #require(
            Recommendation(measurements: [
                Self.cell("simd", size: 64, median: 100, halfWidth: 0.1), Self.cell("naive", size: 64, median: 105),
            ]).kernels.first?.verdicts.first)
        #expect(overlapping.fastest == "simd" && !overlapping.isClear)
        let separate = try #require(
            Recommendation(measurements: [
                Self.cell("simd", size: 64, median: 100, halfWidth: 0.02), Self.cell("naive", size: 64, median: 105),
            ]).kernels.first?.verdicts.first)
        #expect(separate.isClear && abs(separate.margin - 1.05) < 1e-15)
    }

    /// The single choice minimises the worst ratio to the fastest backend.
    /// At 64: naive 100, simd 120 (simd 1.2×). At 4096: simd 1000, naive 1500
    /// (naive 1.5×). Worst ratios: naive 1.5, simd 1.2 → SIMD, worst 1.2× at 64.
    @Test("the single choice is the backend whose worst cell is least behind")
    func singleChoice() throws {
        let choice = try #require(
            Recommendation(measurements: [
                Self.cell("naive", size: 64, median: 100), Self.cell("simd", size: 64, median: 120),
                Self.cell("naive", size: 4096, median: 1500), Self.cell("simd", size: 4096, median: 1000),
            ]).singleChoice)
        #expect(choice.backend == "simd")
        #expect(abs(choice.worstRatio - 1.2) < 1e-15)
        #expect(choice.worstSize == 64 && choice.worstKernel == .axpy && choice.coversEverything)
        let advice = try #require(
            Recommendation(measurements: [
                Self.cell("naive", size: 64, median: 100), Self.cell("simd", size: 64, median: 120),
                Self.cell("naive", size: 4096, median: 1500), Self.cell("simd", size: 4096, median: 1000),
            ]).kernels.first)
        #expect(advice.safestChoice == "simd" && abs(advice.safestChoiceWorstRatio - 1.2) < 1e-15)
    }
}
