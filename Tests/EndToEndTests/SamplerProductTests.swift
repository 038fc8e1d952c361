import Benchmarking
import Foundation
import Testing
import _CLITestSupport

/// `springbench-sampler`, the small product `make report` builds for SwiftPM's
/// default build: it samples as the other build of `bench --other-build`
/// exactly as a whole `springbench` would, and refuses anything but the
/// sampler's own arguments.
@Suite struct SamplerProductTests {
    @Test(
        "anything but `sampler [--openblas-threads N]` is exit 2 with one error line",
        arguments: [
            [], ["bench"], ["sampler", "--openblas-threads", "0"], ["sampler", "--openblas-threads"],
            ["sampler", "--openblas-threads", "x"], ["sampler", "--quick"],
        ])
    func refusesOtherArguments(arguments: [String]) {
        let outcome = CLIRunner.runBlocking(arguments, deadline: 30, executable: CLIRunner.samplerExecutable)
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1, "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
    }
}

extension RunsAlone {
    /// The sampler product timed as `bench --other-build`.
    @Suite struct SamplerProductBenchTests {
        @Test(
            "bench --other-build springbench-sampler: the other build's cells are the run's own, same build record")
        func benchWithTheSamplerProduct() throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let output = directory + "/results.json"
            let outcome = CLIRunner.runBlocking(
                [
                    "bench", "--other-build", CLIRunner.samplerExecutable, "--sizes", "16,4Ki", "--kernels",
                    "add,magnitudeSquared", "--backends", "naive,simd", "--samples", "3", "--probe-trials", "1",
                    "--no-workloads", "--no-cache-check", "--no-yardstick", "--output", output,
                ], deadline: 300)
            #expect(outcome.status == 0, "\(outcome)")
            let results = try BenchmarkResults.load(from: output)
            let others = try #require(results.otherBuilds, "no other build in \(output)")
            #expect(others.count == 1)
            let own = results.measurements.map { "\($0.kernel).\($0.backend).\($0.size)" }
            #expect(own.count == 8)
            #expect(others[0].measurements.map { "\($0.kernel).\($0.backend).\($0.size)" } == own)
            #expect(others[0].machine.targetCPU == results.machine.targetCPU, "both are this test's debug build")
            #expect(others[0].measurements.allSatisfy { $0.summary.median > 0 })
        }
    }
}
