import Benchmarking
import Foundation
import Testing
import VectorKernels
import _ResultsTestSupport

/// Each cell's time relative to the C yardstick: taken round by round
/// (sample i of the cell over sample i of the yardstick of the same kernel
/// and size), its median and interval summarised, and kept through JSON.
@Suite("reference ratio: per-round ratios to the yardstick of the same kernel and size")
struct ReferenceRatioTests {
    static func results(yardstickSamples: [Double]?) -> BenchmarkResults {
        var results = SyntheticResults.make(
            kernels: [.add, .scale], backends: ["naive"], sizes: [16, 4096], withWorkloads: false)
        for index in results.measurements.indices {
            // Rounds 2 and 4 are disturbed 3× for the cell and the yardstick alike.
            let base = results.measurements[index].kernel == .add ? 10.0 : 20.0
            results.measurements[index].samples = [base, 3 * base, base, 3 * base, base]
        }
        if let yardstickSamples {
            var add16 = results.measurements.first { $0.kernel == .add && $0.size == 16 }!
            add16.backend = "c"
            add16.samples = yardstickSamples
            add16.summary = SampleStatistics.summarize(yardstickSamples)
            results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: [add16])
        }
        results.attachReferenceRatios()
        return results
    }

    @Test("a disturbance shared by a round cancels; only cells with a yardstick of their kernel and size get one")
    func roundByRound() throws {
        let results = Self.results(yardstickSamples: [5, 15, 5, 15, 4])
        let add16 = try #require(results.measurements.first { $0.kernel == .add && $0.size == 16 })
        let relative = try #require(add16.relative)
        // Ratios 2, 2, 2, 2, 2.5: median 2 (the ratio of the medians, 10/5, is also 2 here,
        // but the per-round ratio is steady where the cell's own samples vary 3×).
        #expect(relative.reference == "c" && relative.median == 2, "\(relative)")
        #expect(relative.medianInterval.lower <= 2 && relative.medianInterval.upper >= 2)
        #expect(results.referenceRatioSamples(of: add16) == [2, 2, 2, 2, 2.5])
        for other in results.measurements where !(other.kernel == .add && other.size == 16) {
            #expect(other.relative == nil, "\(other.kernel) \(other.size)")
        }
        // Kept through the file.
        let decoded = try JSONDecoder().decode(BenchmarkResults.self, from: try JSONEncoder().encode(results))
        #expect(decoded.measurements == results.measurements)
    }

    @Test("no yardstick, or one not taken in the same rounds (another count): no ratio")
    func noReference() {
        #expect(Self.results(yardstickSamples: nil).measurements.allSatisfy { $0.relative == nil })
        #expect(Self.results(yardstickSamples: [5, 15, 5]).measurements.allSatisfy { $0.relative == nil })
        #expect(ReferenceRatio.roundRatios([1, 2], reference: [1, 0]) == nil)
    }
}
