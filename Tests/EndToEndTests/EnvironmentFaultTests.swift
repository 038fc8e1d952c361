import Foundation
import SpringBenchCLI
import SpringBenchSupport
import Testing
import _CLITestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// Faults of the environment: exit 2 with one error line, never a hang.
@Suite struct EnvironmentFaultTests {
    @Test("A sampler that never answers is stopped after its deadline: compare-builds exits 2, it does not hang")
    func silentSampler() async throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let script = directory + "/silent"
        try "#!/bin/sh\nexec sleep 600\n".write(toFile: script, atomically: true, encoding: .utf8)
        chmod(script, 0o755)
        let outcome = await CLIRunner.run(
            ["compare-builds", script, script, "--sizes", "16", "--keep", directory + "/kept"],
            deadline: 120)
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.errorLines.count == 1 && outcome.stderr.contains("gave no answer"), "\(outcome)")
        #expect(!FileManager.default.fileExists(atPath: directory + "/kept/baseline.json"))
    }

    @Test(
        "Standard output on a full device: exit 2 and one error line, not a success with the output lost",
        arguments: [
            ["spring", "--duration", "0.5", "--bounce", "0.2", "--format", "json"],
            ["export", "--duration", "0.5", "--bounce", "0.2", "--css-linear"],
        ])
    func fullStandardOutput(_ arguments: [String]) throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let quoted = ([CLIRunner.executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let run = try ChildProcess.capture(executable: "/bin/sh", arguments: ["-c", "exec \(quoted) > /dev/full"])
        guard case .exited(let status) = run.termination else {
            Issue.record("\(arguments): \(run.termination)")
            return
        }
        #expect(status == 2, "\(arguments): \(run.output)")
        let errors = run.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors.first?.contains("standard output") == true, "\(run.output)")
        // The same command to a writable standard output succeeds.
        let fine = try ChildProcess.capture(executable: "/bin/sh", arguments: ["-c", "exec \(quoted) > /dev/null"])
        #expect(fine.termination == .exited(0), "\(arguments): \(fine.output)")
    }

    @Test("Standard output closed by its reader part way (| head): exit 2 naming standard output, no SIGPIPE death")
    func closedStandardOutput() throws {
        // samples-csv of the committed results: far more than a pipe's 64 KiB buffer.
        let quoted = [
            CLIRunner.executable, "export-results", "--input", CLIRunner.committedResults, "--format", "samples-csv",
            "--output", "-",
        ].map { "'\($0)'" }.joined(separator: " ")
        let directory = CLIRunner.temporaryDirectory()
        let status = directory + "/status"
        let run = try ChildProcess.capture(
            executable: "/bin/sh", arguments: ["-c", "( \(quoted); echo $? > '\(status)' ) | head -c 100 > /dev/null"])
        #expect(run.termination == .exited(0), "\(run.output)")
        let code = try String(contentsOfFile: status, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(code == "2", "exit \(code) (141 is a SIGPIPE death): \(run.output)")
        let errors = run.output.split(separator: "\n").filter { $0.hasPrefix("error:") }
        #expect(errors.count == 1 && errors.first?.contains("standard output") == true, "\(run.output)")
    }

    @Test("--summary-file on a full device is an environment fault: exit 2, one error line")
    func fullDisk() throws {
        guard FileManager.default.isWritableFile(atPath: "/dev/full") else { return }
        let file = CLIRunner.committedResults
        let outcome = SpringBenchCLI.run(["compare", file, file, "--summary-file", "/dev/full"])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(
            outcome.errorLines.count == 1 && outcome.errorLines.first?.contains("--summary-file") == true, "\(outcome)")
    }
}
