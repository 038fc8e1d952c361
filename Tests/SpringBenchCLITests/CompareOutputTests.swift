import Benchmarking
import Foundation
import SpringBenchCLI
import Testing
import _CLITestSupport
import _ResultsTestSupport

/// `springbench compare --format json` as a user runs it: every field's value
/// from the files and options given, the rows in the documented order.
@Suite("compare --format json, every field")
struct CompareOutputTests {
    /// Equal to a unit in the last place or two: Foundation's JSON reader
    /// does not always round a 17-digit number to the nearest double.
    static func close(_ value: Any?, _ expected: Double) -> Bool {
        (value as? Double).map { abs($0 - expected) <= 1e-15 * abs(expected) } ?? false
    }

    @Test("thresholds, paths, verdict, and each row's cell, medians, threshold and verdict, worst first")
    func json() throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let baselinePath = directory + "/base.json", currentPath = directory + "/current.json"
        let baseline = SyntheticRuns.results(seed: 1)
        // SIMD 50 % slower (regressed), naive 40 % faster (improved), OpenBLAS the same.
        let current = SyntheticRuns.results(seed: 2, factorFor: ["simd": 1.5, "naive": 0.6])
        try baseline.write(to: baselinePath)
        try current.write(to: currentPath)
        let outcome = SpringBenchCLI.run([
            "compare", baselinePath, currentPath, "--format", "json", "--threshold", "15", "--threshold-for",
            "axpy=5",
        ])
        #expect(outcome.status == 1, "\(outcome)")
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome)")
        #expect(object["schema"] as? String == "springbench.comparison/1")
        #expect(object["verdict"] as? String == "regression")
        #expect(object["exitCode"] as? Int == 1)
        #expect(object["baseline"] as? String == baselinePath)
        #expect(object["current"] as? String == currentPath)
        #expect(object["defaultThreshold"] as? Double == 0.15)
        #expect(object["kernelThresholds"] as? [String: Double] == ["axpy": 0.05])
        #expect(object["level"] as? Double == 0.99)
        #expect(object["acrossMachines"] as? Bool == false)
        #expect(object["paired"] as? Bool == false)
        #expect(object["onlyInBaseline"] as? [String] == [])
        #expect(object["onlyInCurrent"] as? [String] == [])
        #expect((object["headline"] as? String)?.hasPrefix("Regression in add.simd.4Ki (+") == true)
        let rows = try #require(object["rows"] as? [[String: Any]])
        // The samples as compare reads them: from the files.
        let baselineRead = try BenchmarkResults.load(from: baselinePath)
        let currentRead = try BenchmarkResults.load(from: currentPath)
        let expected: [(Kernel, String, Int, String)] = [
            (.add, "simd", 4096, "regressed"), (.axpy, "simd", 16, "regressed"), (.add, "naive", 4096, "improved"),
            (.magnitudeSquared, "openblas", 1 << 20, "unchanged"),
        ]
        try #require(rows.count == expected.count, "\(outcome.stdout)")
        func median(_ results: BenchmarkResults, _ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
            let samples = results.measurements.first {
                $0.kernel == kernel && $0.backend == backend && $0.size == size
            }!
            .samples.sorted()
            return samples.count % 2 == 1
                ? samples[samples.count / 2] : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
        }
        for (row, (kernel, backend, size, verdict)) in zip(rows, expected) {
            let cell = try #require(row["cell"] as? [String: Any])
            #expect(cell["kernel"] as? String == kernel.rawValue)
            #expect(cell["backend"] as? String == backend)
            #expect(cell["size"] as? Int == size)
            #expect(row["verdict"] as? String == verdict, "\(cell)")
            #expect(row["threshold"] as? Double == (kernel == .axpy ? 0.05 : 0.15), "\(cell)")
            let before = median(baselineRead, kernel, backend, size)
            let after = median(currentRead, kernel, backend, size)
            #expect(Self.close(row["baseline"], before), "\(cell)")
            #expect(Self.close(row["current"], after), "\(cell)")
            let interval = try #require(row["interval"] as? [String: Any])
            let ratio = try #require(interval["ratio"] as? Double)
            #expect(abs(ratio - after / before) <= 1e-15 * ratio, "\(cell)")
            #expect((interval["lower"] as? Double).map { $0 < ratio } == true, "\(cell)")
            #expect((interval["upper"] as? Double).map { $0 > ratio } == true, "\(cell)")
            #expect(interval["level"] as? Double == 0.99, "\(cell)")
        }
    }
}
