import Benchmarking
import SpringBenchBackends
import Testing

/// The recommendation logic on measurements with known answers.
@Suite("Choosing a backend")
struct RecommendationTests {
    /// A measurement whose samples sit tightly (±1 %) or loosely (±40 %) around `median`.
    static func cell(_ backend: String, size: Int, median: Double, spread: Double = 0.01) -> KernelMeasurement {
        let samples = (0..<21).map { median * (1 + spread * (Double($0) - 10) / 10) }
        let summary = SampleStatistics.summarize(samples)
        return KernelMeasurement(
            kernel: .axpy, backend: backend, size: size, iterationsPerSample: 1, samples: samples, summary: summary,
            nanosecondsPerElement: median / Double(size), gigabytesPerSecond: 1, fractionOfBandwidth: 0.5,
            allocationsPerOperation: 0)
    }

    @Test("a clear winner, its margin, and the crossover between sizes")
    func clearWinnersAndCrossover() throws {
        let measurements = [
            Self.cell("simd", size: 16, median: 10), Self.cell("openblas", size: 16, median: 40),
            Self.cell("simd", size: 4096, median: 1000), Self.cell("openblas", size: 4096, median: 1100),
            Self.cell("simd", size: 1 << 20, median: 400_000), Self.cell("openblas", size: 1 << 20, median: 200_000),
        ]
        let advice = try #require(Recommendation(measurements: measurements).kernels.first)
        #expect(advice.kernel == .axpy)
        #expect(advice.verdicts.map(\.winner) == ["simd", "simd", "openblas"])
        #expect(abs(advice.verdicts[0].margin - 4) < 1e-12)
        #expect(advice.ranges.count == 2)
        #expect(advice.ranges[0].fromSize == 16 && advice.ranges[0].toSize == 4096 && advice.ranges[0].winner == "simd")
        #expect(abs(advice.ranges[0].minimumMargin - 1.1) < 1e-12)
        let crossover = try #require(advice.crossovers.first)
        #expect(crossover.from == "simd" && crossover.to == "openblas")
        #expect(crossover.betweenSizes == 4096...(1 << 20))
        // log ratio goes from log(1000/1100) to log(2): the crossing lies just past 4 Ki.
        #expect(crossover.estimatedSize > 4096 && crossover.estimatedSize < 16384)
        // OpenBLAS is 4x slower at 16 points; SIMD only 2x slower at 1 Mi.
        #expect(advice.safestChoice == "simd" && abs(advice.safestChoiceWorstRatio - 2) < 1e-12)
    }

    @Test("overlapping intervals give no clear winner")
    func overlapMeansNoWinner() throws {
        let measurements = [
            Self.cell("simd", size: 256, median: 100, spread: 0.4),
            Self.cell("openblas", size: 256, median: 103, spread: 0.4),
        ]
        let verdict = try #require(Recommendation(measurements: measurements).kernels.first?.verdicts.first)
        #expect(verdict.fastest == "simd")
        #expect(!verdict.isClear)
        #expect(verdict.winner == nil)
    }
}
