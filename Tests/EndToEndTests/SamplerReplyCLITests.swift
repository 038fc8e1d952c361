import Benchmarking
import Foundation
import Testing
import _CLITestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension RunsAlone {
    /// A sampler's replies are input: `compare-builds` with a build whose sampler
    /// answers zero times exits 2 with one error line naming the build and the
    /// field, and writes nothing (it used to print "No regression").
    @Suite struct SamplerReplyCLITests {
        /// A shell-script sampler: a valid hello and probe, then `sample` zero.
        static func zeroSampler(in directory: String) throws -> String {
            let machine = MachineRecord.current(
                backends: BackendCatalogue.builtIn.backends.map(\.details), commandLine: "test")
            let probe = BandwidthProbeResult(
                elements: 1024, bytesPerArray: 8192, trials: 1,
                patterns: ProbePattern.allCases.map {
                    .init(pattern: $0, bestGigabytesPerSecond: 10, medianGigabytesPerSecond: 9)
                })
            let encoder = JSONEncoder()
            // Protocol version 2 (SamplerProtocol.version; this target does not link RegressionGate).
            let replies = [
                "hello": #"{"hello":{"protocolVersion":2,"machine":"#
                    + String(decoding: try encoder.encode(machine), as: UTF8.self) + "}}",
                "probe": #"{"probe":{"_0":"# + String(decoding: try encoder.encode(probe), as: UTF8.self) + "}}",
                "prepare": #"{"prepared":{"iterations":10}}"#,
                "sample": #"{"sample":{"nanoseconds":0}}"#,
                "allocations": #"{"allocations":{"perOperation":0}}"#,
            ]
            var cases = ""
            for (kind, reply) in replies {
                try (reply + "\n").write(toFile: "\(directory)/\(kind).json", atomically: true, encoding: .utf8)
                cases += "    '{\"\(kind)\"'*) cat \"$d/\(kind).json\";;\n"
            }
            let path = directory + "/zero-sampler"
            try
                ("#!/bin/sh\nd=$(dirname \"$0\")\nwhile IFS= read -r line; do\n  case \"$line\" in\n\(cases)"
                + "    '{\"quit\"'*) echo '{\"bye\":{}}'; exit 0;;\n  esac\ndone\n").write(
                    toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
            return path
        }

        @Test(
            "compare-builds with a sampler answering zero times: exit 2, one error line naming the build and sample.nanoseconds, no file kept"
        )
        func compareBuildsZeroTimes() async throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sampler = try Self.zeroSampler(in: directory)
            let outcome = await CLIRunner.run(
                [
                    "compare-builds", sampler, sampler, "--sizes", "16", "--kernels", "add", "--backends", "naive",
                    "--epochs", "1", "--samples", "12", "--keep", directory + "/kept",
                ], deadline: 60)
            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.errorLines.count == 1, "\(outcome)")
            let line = String(outcome.errorLines.first ?? "")
            #expect(
                line.contains(sampler) && line.contains("sample.nanoseconds = 0") && line.contains("> 0"), "\(outcome)")
            #expect(!outcome.stdout.contains("No regression"), "\(outcome)")
            #expect(!FileManager.default.fileExists(atPath: directory + "/kept/baseline.json"))
            #expect(!FileManager.default.fileExists(atPath: directory + "/kept/current.json"))
        }

        @Test(
            "bench --other-build with a sampler answering zero times: exit 2, one error line naming --other-build and the field, no results file"
        )
        func benchOtherBuildZeroTimes() async throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let sampler = try Self.zeroSampler(in: directory)
            let output = directory + "/results.json"
            let outcome = await CLIRunner.run(
                [
                    "bench", "--other-build", sampler, "--sizes", "16", "--kernels", "add", "--backends", "naive",
                    "--samples", "3", "--probe-trials", "1", "--no-workloads", "--output", output,
                ], deadline: 120)
            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.errorLines.count == 1, "\(outcome)")
            let line = String(outcome.errorLines.first ?? "")
            #expect(
                line.contains("--other-build") && line.contains(sampler) && line.contains("sample.nanoseconds = 0")
                    && !line.contains("--output"), "\(outcome)")
            #expect(!FileManager.default.fileExists(atPath: output))
        }
    }
}
