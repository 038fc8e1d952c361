import Foundation
import SpringBenchCLI
import Testing
import _CLITestSupport

/// Every command's bad-input paths, as a user meets them: exit 2, one `error:`
/// line naming the option (or argument) at fault, nothing written, no trap, no hang.
@Suite struct BadInputTests {
    /// (arguments, what the error line must name).
    static let cases: [([String], String)] = [
        // spring / convert
        (["spring", "--duration", "-1"], "--duration"),
        (["spring", "--duration", "0"], "--duration"),
        (["spring", "--duration", "nan"], "--duration"),
        (["spring", "--duration", "inf"], "--duration"),
        (["spring", "--bounce", "-2"], "--bounce"),
        (["spring", "--bounce", "-1"], "--bounce"),
        (["spring", "--mass", "0", "--stiffness", "1", "--damping", "1"], "--mass"),
        (["spring", "--stiffness", "-1", "--damping", "1"], "--stiffness"),
        (["spring", "--stiffness", "1", "--damping", "-1"], "--damping"),
        (["spring", "--epsilon", "0"], "--epsilon"),
        (["spring", "--epsilon", "1"], "--epsilon"),
        (["spring", "--times", "-1"], "--times"),
        (["spring", "--times", "nan"], "--times"),
        (["spring", "--times", ""], "--times"),
        (["spring", "--until", "0"], "--until"),
        (["spring", "--until", "1", "--samples", "1"], "--samples"),
        (["spring", "--until", "1", "--samples", "99999999999"], "--samples"),
        (["spring", "--from", "1", "--to", "1", "--relative-velocity", "1"], "--relative-velocity"),
        (["spring", "--from", "nan"], "--from"),
        (["spring", "--preset", "nope"], "--preset"),
        (["spring", "--duration", "1", "--tension", "3"], "--tension"),
        (["convert", "--android-stiffness", "0"], "--android-stiffness"),
        (["convert", "--pop-bounciness", "-5"], "--pop-bounciness"),
        (["convert", "--format", "nope"], "--format"),
        // bench: checked before any measuring
        (["bench", "--sizes", "16,16"], "--sizes"),
        (["bench", "--sizes", "0"], "--sizes"),
        (["bench", "--sizes", "abc"], "--sizes"),
        (["bench", "--sizes", ""], "--sizes"),
        (["bench", "--sizes", "2e12"], "--sizes"),
        (["bench", "--samples", "2"], "--samples"),
        (["bench", "--samples", "-5"], "--samples"),
        (["bench", "--min-sample-ms", "0"], "--min-sample-ms"),
        (["bench", "--min-sample-ms", "nan"], "--min-sample-ms"),
        (["bench", "--openblas-threads", "0"], "--openblas-threads"),
        (["bench", "--probe-trials", "0"], "--probe-trials"),
        (["bench", "--target-precision", "2"], "--target-precision"),
        (["bench", "--target-precision", "80%"], "--target-precision"),
        (["bench", "--target-precision", "0.01%"], "--target-precision"),
        (["bench", "--target-precision", "nan%"], "--target-precision"),
        (["bench", "--target-precision", "2%", "--precision-budget", "0"], "--precision-budget"),
        (["bench", "--target-precision", "2%", "--precision-budget", "1e9"], "--precision-budget"),
        (["bench", "--precision-budget", "5"], "--precision-budget"),
        (["compare-builds", "a", "b", "--target-precision", "80%"], "--target-precision"),
        (["bench", "--kernels", "nope"], "--kernels"),
        (["bench", "--kernels", "add,add"], "--kernels"),
        (["bench", "--backends", "nope"], "--backends"),
        (["bench", "--backends", "simd,simd"], "--backends"),
        (["bench", "--output", ""], "--output"),
        (["bench", "--seed", "-1"], "--seed"),
        (["bench", "--loops-library", "missing-loops.so"], "--loops-library missing-loops.so"),
        (["bench", "--loops-library", ""], "--loops-library"),
        (["bench", "--reference-sampler", "missing-sampler"], "--reference-sampler"),
        (["recommend", "--input", "missing.json"], "missing.json"),
        (["recommend", "--format", "nope"], "--format"),
        // report
        (["report", "--input", "missing.json"], "--input"),
        (["report", "--output-directory", ""], "--output-directory"),
        (["report", "--output-directory", "/"], "--output-directory"),
        // compare
        (["compare", "missing-a.json", "missing-b.json"], "missing-a.json"),
        (["compare", "a.json", "b.json", "--threshold", "0"], "--threshold"),
        (["compare", "a.json", "b.json", "--threshold", "-3"], "--threshold"),
        (["compare", "a.json", "b.json", "--threshold-for", "nope=5"], "--threshold-for"),
        (["compare", "a.json", "b.json", "--confidence", "0"], "--confidence"),
        (["compare", "a.json", "b.json", "--format", "nope"], "--format"),
        // baselines
        (["baseline", "save", "bad name!"], "baseline name"),
        (["baseline", "save", "x", "--from", "missing.json"], "missing.json"),
        // the paired gate
        (["compare-builds", "/nonexistent/a", "/nonexistent/b", "--sizes", "16"], "/nonexistent/a"),
        (["compare-builds", "a", "b", "--epochs", "0"], "--epochs"),
        (["compare-builds", "a", "b", "--epochs", "3"], "--epochs"),
        (["compare-builds", "a", "b", "--sizes", "16,16"], "--sizes"),
        // instruction counts
        (["instructions", "--sizes", "2Mi"], "--sizes"),
        (["instructions", "--backends", "nope"], "--backends"),
        // verification
        (["verify", "--damping-formula", "1+", "--no-report"], "--damping-formula"),
        (["verify", "--output-directory", ""], "--output-directory"),
        // match
        (["match", "--to", "nowhere"], "--to"),
        (["match", "--to", "compose", "--refresh-rates", "0"], "--refresh-rates"),
        (["match", "--to", "compose", "--refresh-rates", "60,,120"], "--refresh-rates"),
        (["match", "--to", "compose", "--travel", "0"], "--travel"),
        (["match", "--to", "compose", "--travel", "nan"], "--travel"),
        (["match", "--to", "compose", "--velocity", "inf"], "--velocity"),
        (["match", "--to", "compose", "--source-platform", "css"], "--source-platform"),
        (["match", "--to", "compose", "--duration", "-1"], "--duration"),
        // export (CSS)
        (["export"], "--css-linear"), (["export", "--css-linear", "--tolerance", "0"], "--tolerance"),
        (["export", "--css-linear", "--tolerance", "50"], "--tolerance"),
        (["export", "--css-linear", "--travel", "0"], "--travel"),
        (["export", "--css-linear", "--velocity", "1e300"], "--velocity"),
        (["export", "--css-linear", "--platform", "css"], "--platform"),
        (["export", "--css-linear", "--refresh-rate", "0"], "--refresh-rate"),
        (["export", "--keyframes", "--property", "color"], "--property"),
        (["export", "--keyframes", "--name", "1x"], "--name"),
        (["export", "--cubic-bezier", "--bounce", "2"], "--bounce"),
        // the tool itself
        (["no-such-command"], "no-such-command"),
        (["spring", "--no-such-option"], "--no-such-option"),
    ]

    /// Each case in process (the executable's parsing, validation and error
    /// lines, output captured), its files in a scratch directory that must
    /// stay empty.
    @Test(
        "Bad input: exit 2, one error: line naming the option, nothing written", .timeLimit(.minutes(10)),
        arguments: cases)
    func badInput(_ arguments: [String], _ named: String) throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = SpringBenchCLI.run(CLIRunner.scratchArguments(arguments, in: directory))
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1, "\(outcome)")
        #expect(outcome.errorLines.first?.contains(named) == true, "the error should name \(named): \(outcome)")
        #expect(CLIRunner.contents(of: directory).isEmpty, "left \(CLIRunner.contents(of: directory)): \(outcome)")
    }

    /// The same through the executable, one case per command, from a scratch
    /// working directory with relative paths as a user types them: the
    /// process's exit status and streams, and nothing left in its directory.
    @Test(
        "Bad input through the executable: exit 2, one error line, nothing left in its directory",
        arguments: [
            (["spring", "--duration", "-1"], "--duration"), (["bench", "--sizes", "16,16"], "--sizes"),
            (["report", "--input", "missing.json"], "--input"),
            (["compare", "a.json", "b.json", "--threshold", "0"], "--threshold"),
            (["verify", "--damping-formula", "1+", "--no-report"], "--damping-formula"),
            (["no-such-command"], "no-such-command"),
        ])
    func badInputProcess(_ arguments: [String], _ named: String) async throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = await CLIRunner.run(arguments, in: directory, deadline: 60)
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1, "\(outcome)")
        #expect(outcome.errorLines.first?.contains(named) == true, "the error should name \(named): \(outcome)")
        #expect(CLIRunner.contents(of: directory).isEmpty, "left \(CLIRunner.contents(of: directory)): \(outcome)")
    }

    @Test("Files with impossible values are unusable input for report, recommend, compare and baseline save")
    func impossibleFiles() throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let results =
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: CLIRunner.committedResults))) as! [String: Any]
        func variant(_ name: String, _ change: (inout [String: Any]) -> Void) throws -> String {
            var copy = results
            change(&copy)
            let path = directory + "/" + name
            try JSONSerialization.data(withJSONObject: copy).write(to: URL(fileURLWithPath: path))
            return path
        }
        func changeFirstMeasurement(_ document: inout [String: Any], _ change: (inout [String: Any]) -> Void) {
            var measurements = document["measurements"] as! [[String: Any]]
            change(&measurements[0])
            document["measurements"] = measurements
        }
        let zero = try variant("zero.json") { document in
            changeFirstMeasurement(&document) { m in
                var summary = m["summary"] as! [String: Any]
                summary["median"] = 0
                m["summary"] = summary
            }
        }
        let huge = try variant("huge.json") { document in changeFirstMeasurement(&document) { $0["size"] = 1 << 62 } }
        let duplicate = try variant("duplicate.json") { document in
            var measurements = document["measurements"] as! [[String: Any]]
            measurements.append(measurements[0])
            document["measurements"] = measurements
        }
        let foreign = try variant("foreign.json") { $0["schema"] = "springbench.bench-results/999" }
        let output = directory + "/out"
        for file in [zero, huge, duplicate, foreign] {
            for arguments in [
                ["report", "--input", file, "--output-directory", output], ["recommend", "--input", file],
                ["compare", file, file], ["baseline", "save", "x", "--from", file, "--directory", output],
            ] {
                let outcome = SpringBenchCLI.run(arguments)
                #expect(outcome.status == 2, "\(outcome)")
                #expect(outcome.errorLines.count == 1, "\(outcome)")
                #expect(outcome.stderr.contains(URL(fileURLWithPath: file).lastPathComponent), "\(outcome)")
                #expect(
                    !FileManager.default.fileExists(atPath: output),
                    "\(arguments) wrote \(CLIRunner.contents(of: output))")
            }
        }
    }

    /// The committed results of the last `make report`, a realistic file to damage.
}
