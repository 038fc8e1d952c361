import Foundation
import SpringBenchCLI
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
