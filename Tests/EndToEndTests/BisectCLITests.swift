import Benchmarking
import Foundation
import ResultsHistory
import SpringBenchCLI
import SpringBenchFiles
import SpringBenchSupport
import Testing
import _CLITestSupport
import _ResultsTestSupport
import _TestSupport

extension RunsAlone {
    /// `springbench bisect`: its refusals (cheap, every run) and, in
    /// `make check`, the whole search on the fixture repository
    /// (Tests/Fixtures/bisect: ten commits, the sixth makes a backend's add four
    /// times slower), built and timed for real.
    @Suite(.serialized) struct BisectCLITests {
        static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().path

        struct Fixture {
            var directory: String
            var good: String
            var bad: String
            var slow: String
        }

        /// A fresh fixture repository (git only: nothing is built).
        static func makeFixture() throws -> Fixture {
            let directory = CLIRunner.temporaryDirectory() + "/repository"
            let run = try ChildProcess.capture(
                executable: "/usr/bin/env",
                arguments: ["bash", root + "/Tests/Fixtures/bisect/make-repository.sh", root, directory])
            guard case .exited(0) = run.termination else { throw CocoaError(.fileWriteUnknown) }
            var shas: [String: String] = [:]
            for line in run.output.split(separator: "\n") {
                let parts = line.split(separator: " ")
                if parts.count == 2 { shas[String(parts[0])] = String(parts[1]) }
            }
            return Fixture(directory: directory, good: shas["good"]!, bad: shas["bad"]!, slow: shas["slow"]!)
        }

        static func worktrees(of repository: String) -> Int {
            let run = try? ChildProcess.capture(
                executable: "/usr/bin/env", arguments: ["git", "-C", repository, "worktree", "list", "--porcelain"])
            return run?.output.split(separator: "\n").filter { $0.hasPrefix("worktree ") }.count ?? -1
        }

        /// A history of the fixture's ten commits (good first) on this machine, in
        /// debug builds: add.fixture.4Ki +10 % from the slow commit on,
        /// subtract.fixture.4Ki +10 % from the eighth commit (a README change).
        static func history(of fixture: Fixture) throws -> String {
            let log = try ChildProcess.capture(
                executable: "/usr/bin/env",
                arguments: ["git", "-C", fixture.directory, "log", "--reverse", "--format=%H"])
            let commits = log.output.split(separator: "\n").map(String.init)
            let slow = try #require(commits.firstIndex(of: fixture.slow))
            let path = fixture.directory + "/../history.sqlite"
            let history = try HistoryDatabase(target: OutputTarget.file(path, option: "--database"), create: true)
            defer { try? history.close() }
            for (index, commit) in commits.enumerated() {
                let wobble = index % 2 == 0 ? 1.004 : 0.996
                let add = (index >= slow ? 1.10 : 1.0) * wobble
                let subtract = (index >= 7 ? 1.10 : 1.0) * wobble
                var results = SyntheticResults.make(
                    kernels: [.add, .subtract], backends: ["fixture"], sizes: [4096], withWorkloads: false,
                    model: { kernel, _, _ in kernel == .add ? add : subtract })
                results.machine.buildConfiguration = "debug"
                results.machine.targetCPU = "x86-64 (baseline, SSE2)"
                _ = try history.record(
                    results, commit: commit, branch: "main", machine: ProcessInfo.processInfo.hostName)
            }
            return path
        }

        @Test("Bad bisect input: exit 2, one error line naming the option, no worktree left")
        func badInput() throws {
            let fixture = try Self.makeFixture()
            defer { try? FileManager.default.removeItem(atPath: fixture.directory + "/..") }
            let base = ["bisect", "--repository", fixture.directory, "--product", "fixture-bench"]
            let cases: [([String], String)] = [
                (["--good", fixture.good, "--cell", "add.simd"], "--cell"),
                (["--good", fixture.good, "--cell", "nokernel.simd.16"], "--cell"),
                (["--good", fixture.good, "--cell", "add.simd.0"], "--cell"),
                (["--good", fixture.good, "--cell", "add.simd.16", "--epochs", "7"], "--epochs"),
                (["--good", fixture.good, "--cell", "add.simd.16", "--samples", "2"], "--samples"),
                (["--good", fixture.good, "--cell", "add.simd.16", "--confidence", "100"], "--confidence"),
                (["--good", fixture.good, "--cell", "add.simd.16", "--threshold", "-5"], "--threshold"),
                (["--good", fixture.good, "--cell", "add.simd.16", "--threshold", "nan"], "--threshold"),
                (
                    ["--good", fixture.good, "--cell", "add.simd.16", "--build-configuration", "fast"],
                    "--build-configuration"
                ),
                (["--good", fixture.good, "--cell", "add.simd.16", "--target-cpu", "zen;rm"], "--target-cpu"),
                (["--good", fixture.good, "--cell", "add.simd.16", "--package-path", "../up"], "--package-path"),
                (["--good", "no-such-revision", "--cell", "add.simd.16"], "--good"),
                (["--good", "--", "--cell", "add.simd.16"], "--good"),
                (["--good", fixture.bad, "--bad", fixture.good, "--cell", "add.simd.16"], "--good"),
                (["--good", fixture.bad, "--bad", fixture.bad, "--cell", "add.simd.16"], "--bad"),
                (["--good", fixture.good, "--bad", "nope", "--cell", "add.simd.16"], "--bad"),
            ]
            for (arguments, named) in cases {
                let outcome = SpringBenchCLI.run(base + arguments)
                #expect(outcome.status == 2, "\(arguments): \(outcome)")
                let errors = outcome.stderr.split(separator: "\n").filter { $0.hasPrefix("error:") }
                #expect(errors.count == 1, "\(arguments): \(outcome)")
                #expect(errors.first?.contains(named) == true, "\(arguments) should name \(named): \(outcome)")
            }
            #expect(Self.worktrees(of: fixture.directory) == 1)
            let outside = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: outside) }
            let outcome = SpringBenchCLI.run([
                "bisect", "--repository", outside, "--good", "HEAD~1", "--cell", "add.simd.16",
            ])
            #expect(outcome.status == 2 && outcome.stderr.contains("--repository"), "\(outcome)")
        }

        @Test("SIGINT or SIGTERM during bisect's build: no worktree entry, no tree, no build left running")
        func interruptedBuildLeavesNoWorktree() async throws {
            let fixture = try Self.makeFixture()
            let work = fixture.directory + "/../work"
            defer { try? FileManager.default.removeItem(atPath: fixture.directory + "/..") }
            for (signal, after) in [(SIGINT, 2.0), (SIGTERM, 5.0), (SIGHUP, 8.0)] {
                let outcome = await CLIRunner.run(
                    [
                        "bisect", "--repository", fixture.directory, "--product", "fixture-bench",
                        "--build-configuration", "debug", "--work-directory", work, "--good", fixture.good,
                        "--bad", fixture.bad, "--cell", "add.fixture.4Ki",
                    ], deadline: 300, interrupt: (signal, after))
                // The fixture's first debug build takes longer than any of the delays.
                #expect(outcome.signal == signal, "\(outcome)")
                #expect(Self.worktrees(of: fixture.directory) == 1, "git still lists the bisect's worktree")
                #expect(!FileManager.default.fileExists(atPath: work + "/tree"), "the worktree's files are left")
                // Any process whose command line names this test's directory (its unique name, as
                // a compiler may get the paths resolved): `swift build` (--scratch-path), and the
                // compilers it starts on the tree's files, the manifest's among them (SwiftPM starts
                // that one in a process group of its own).
                let unique = URL(fileURLWithPath: fixture.directory).deletingLastPathComponent().lastPathComponent
                let builds = try ChildProcess.capture(
                    executable: "/usr/bin/env", arguments: ["pgrep", "-a", "-f", "--", unique])
                #expect(builds.output.isEmpty, "the build or a compiler it started is left running: \(builds.output)")
            }
        }

        @Test(
            "Bisect finds the fixture's slow commit, refuses a backend the builds lack and names a commit that does not build",
            .enabled(if: TestDepth.isDeep), .timeLimit(.minutes(20)))
        func endToEnd() throws {
            let fixture = try Self.makeFixture()
            let work = fixture.directory + "/../work"
            defer { try? FileManager.default.removeItem(atPath: fixture.directory + "/..") }
            // 8 epochs (the least allowed), as the history check below: the slow commit is 4× slower,
            // far outside what 8 epochs can blur, and each step costs half the sampling of 16.
            let base = [
                "bisect", "--repository", fixture.directory, "--product", "fixture-bench", "--build-configuration",
                "debug",
                "--work-directory", work, "--good", fixture.good, "--bad", fixture.bad, "--epochs", "8",
            ]
            let found = SpringBenchCLI.run(base + ["--cell", "add.fixture.4Ki", "--format", "json"])
            #expect(found.status == 0, "\(found)")
            let document = try JSONSerialization.jsonObject(with: Data(found.stdout.utf8)) as? [String: Any]
            let foundSHA = (document?["found"] as? [String: Any])?["sha"] as? String
            #expect(foundSHA == fixture.slow, "\(found)")
            let steps = document?["steps"] as? [[String: Any]] ?? []
            #expect((1...4).contains(steps.count), "⌈log₂ 9⌉ = 4 steps at most: \(steps.count)")
            let own = (document?["ownChange"] as? [String: Any])?["lower"] as? Double ?? 0
            #expect(own > 2, "the slow commit makes four passes instead of one: \(found.stdout)")
            #expect(Self.worktrees(of: fixture.directory) == 1, "the worktree is removed")

            // A cell whose change is nil (subtract did not change): nothing to bisect, exit 1.
            let unchanged = SpringBenchCLI.run(base + ["--cell", "subtract.fixture.4Ki"])
            #expect(unchanged.status == 1, "\(unchanged)")
            #expect(unchanged.stdout.contains("nothing to bisect"), "\(unchanged)")

            let unknown = SpringBenchCLI.run(base + ["--cell", "add.nosuch.4Ki"])
            #expect(
                unknown.status == 2 && unknown.stderr.contains("--cell") && unknown.stderr.contains("fixture"),
                "\(unknown)")

            // history check --confirm on a history of the fixture's commits: add steps +10 % at the slow
            // commit (true: the builds confirm it), subtract steps +10 % at a README commit (false: left out).
            let database = try Self.history(of: fixture)
            let check = SpringBenchCLI.run([
                "history", "check", "--database", database, "--confirm", "--repository", fixture.directory,
                "--product", "fixture-bench", "--work-directory", work, "--epochs", "8",
            ])
            #expect(check.status == 1, "\(check)")
            let lines = check.stdout.split(separator: "\n").map(String.init)
            let add = lines.firstIndex { $0.hasPrefix("add.fixture.4Ki") && $0.contains("step +") }
            let subtract = lines.firstIndex { $0.hasPrefix("subtract.fixture.4Ki") && $0.contains("step +") }
            #expect(add.map { lines[$0 + 1].hasSuffix(": confirmed") } == true, "\(check)")
            #expect(subtract.map { lines[$0 + 1].hasSuffix("not confirmed, left out") } == true, "\(check)")
            #expect(lines.last == "history check: 1 finding", "\(check)")
            #expect(Self.worktrees(of: fixture.directory) == 1)

            let broken = SpringBenchCLI.run(
                base.map { $0 == "fixture-bench" ? "no-such-product" : $0 } + ["--cell", "add.fixture.4Ki"])
            #expect(broken.status == 2 && broken.stderr.contains("swift build"), "\(broken)")
            #expect(Self.worktrees(of: fixture.directory) == 1)
        }
    }
}
