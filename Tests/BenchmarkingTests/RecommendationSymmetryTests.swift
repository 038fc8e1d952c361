import Benchmarking
import Foundation
import Testing

/// The recommendation's two-backend figures with the backends swapped — in
/// the order they are listed and in the names they carry. "Equal within x %"
/// and a crossover's size are symmetric: they must not change; a margin is a
/// ratio of the slower over the faster whichever comes first.
@Suite("Recommendation with the backends swapped")
struct RecommendationSymmetryTests {
    /// One cell with its median and its own median interval [median·(1 − below), median·(1 + above)].
    static func cell(_ backend: String, size: Int, median: Double, below: Double, above: Double) -> KernelMeasurement {
        let summary = SampleSummary(
            count: 21, median: median, p10: median * 0.9, p90: median * 1.1, minimum: median * 0.8,
            maximum: median * 1.2, mad: median * 0.01,
            medianInterval: ConfidenceInterval(lower: median * (1 - below), upper: median * (1 + above), level: 0.95))
        return KernelMeasurement(
            kernel: .axpy, backend: backend, size: size, iterationsPerSample: 1, samples: [median], summary: summary,
            nanosecondsPerElement: median / Double(size), gigabytesPerSecond: 1, fractionOfBandwidth: 0.5,
            allocationsPerOperation: 0)
    }

    /// Two overlapping backends: (median, below, above) of each.
    static let pairs: [((Double, Double, Double), (Double, Double, Double))] = [
        ((100, 0.01, 0.01), (100, 0.05, 0.02)),  // equal medians, different widths
        ((100, 0.03, 0.01), (101, 0.01, 0.04)),  // skewed intervals
        ((100, 0.001, 0.08), (103, 0.06, 0.001)),
    ]

    @Test("equal within x % is the same whichever backend is listed first or named first", arguments: 0..<3)
    func equalWithinIsSymmetric(_ index: Int) throws {
        let (a, b) = Self.pairs[index]
        func verdict(_ first: (String, (Double, Double, Double)), _ second: (String, (Double, Double, Double)))
            throws -> Recommendation.Verdict
        {
            let cells = [first, second].map { name, figures in
                Self.cell(name, size: 64, median: figures.0, below: figures.1, above: figures.2)
            }
            return try #require(Recommendation(measurements: cells).kernels.first?.verdicts.first)
        }
        let verdicts = [
            try verdict(("simd", a), ("openblas", b)), try verdict(("openblas", b), ("simd", a)),
            try verdict(("simd", b), ("openblas", a)), try verdict(("openblas", a), ("simd", b)),
        ]
        // The largest difference the two intervals leave possible, either way.
        let (lowA, highA) = (a.0 * (1 - a.1), a.0 * (1 + a.2)), (lowB, highB) = (b.0 * (1 - b.1), b.0 * (1 + b.2))
        let expected = max(highA / lowB, highB / lowA) - 1
        for verdict in verdicts {
            #expect(!verdict.isClear)
            let within = try #require(verdict.equalWithin)
            #expect(abs(within - expected) <= 1e-12, "\(verdicts.map(\.equalWithin))")
            #expect(Set(verdict.tied) == ["simd", "openblas"])
            #expect(abs(verdict.margin - max(a.0, b.0) / min(a.0, b.0)) <= 1e-12)
        }
    }

    @Test("a crossover's estimated size does not depend on which backend is which")
    func crossoverIsSymmetric() throws {
        // One backend 3× faster at 256, the other 2× faster at 64 Ki: the
        // log–log line of their ratio crosses 1 at one size, whichever is named first.
        func crossover(_ small: String, _ large: String) throws -> Recommendation.Crossover {
            let cells = [
                Self.cell(small, size: 256, median: 100, below: 0.01, above: 0.01),
                Self.cell(large, size: 256, median: 300, below: 0.01, above: 0.01),
                Self.cell(small, size: 65_536, median: 60_000, below: 0.01, above: 0.01),
                Self.cell(large, size: 65_536, median: 30_000, below: 0.01, above: 0.01),
            ]
            return try #require(Recommendation(measurements: cells).kernels.first?.crossovers.first)
        }
        let forward = try crossover("simd", "openblas"), backward = try crossover("openblas", "simd")
        #expect(forward.from == "simd" && forward.to == "openblas")
        #expect(backward.from == "openblas" && backward.to == "simd")
        // log(3) / (log(3) + log(2)) of the way from log 256 to log 64 Ki.
        let expected = exp(log(256.0) + log(3) / (log(3) + log(2)) * (log(65_536.0) - log(256.0)))
        #expect(abs(forward.estimatedSize - expected) <= 1e-9 * expected)
        #expect(abs(backward.estimatedSize - expected) <= 1e-9 * expected)
    }

    @Test("against C or a reference: the verdict on the reciprocal interval is the mirror, noise allowed both ways")
    func yardstickVerdictMirrors() {
        let ends = [0.8, 0.97, 0.975, 0.99, 1, 1.01, 1.025, 1.035, 1.2]
        for noise in [YardstickComparison.noise, 0.1] {
            for lower in ends {
                for upper in ends where upper >= lower {
                    let interval = ConfidenceInterval(lower: lower, upper: upper, level: 0.95)
                    let swapped = ConfidenceInterval(lower: 1 / upper, upper: 1 / lower, level: 0.95)
                    let verdict = YardstickComparison.verdict(interval, noise: noise)
                    let mirrored: [YardstickComparison.Verdict: YardstickComparison.Verdict] = [
                        .faster: .slower, .slower: .faster, .equal: .equal,
                    ]
                    #expect(
                        YardstickComparison.verdict(swapped, noise: noise) == mirrored[verdict],
                        "[\(lower), \(upper)] with noise \(noise)")
                }
            }
        }
        // A 1 % lead and a 2 % lag are both inside 3 %.
        let lead = ConfidenceInterval(lower: 0.985, upper: 0.995, level: 0.95)
        let lag = ConfidenceInterval(lower: 1.015, upper: 1.025, level: 0.95)
        #expect(YardstickComparison.verdict(lead) == .equal && YardstickComparison.verdict(lag) == .equal)
    }
}
