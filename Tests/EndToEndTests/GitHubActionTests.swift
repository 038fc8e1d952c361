import Foundation
import Testing
import _CLITestSupport

/// The GitHub Action (action.yml, Scripts/action/run.sh) against a fake GitHub
/// environment: the step-summary, output and event files a runner provides,
/// a stand-in `springbench` that records its arguments and answers as told,
/// and once the real tool (an A/A comparison of the built executable).
@Suite struct GitHubActionTests {
    static let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Scripts/action/run.sh").path

    /// The stand-in: logs each call's arguments (one line), then acts like the
    /// command it was given, exiting with FAKE_EXIT (compare-builds) or
    /// FAKE_CHECK_EXIT (history check).
    static let fake = """
        #!/usr/bin/env bash
        printf '%s\\n' "$*" >>"$FAKE_LOG"
        args=("$@")
        for ((i = 0; i < ${#args[@]}; i++)); do
            case "${args[i]}" in
            --summary-file) echo "| fake compare table |" >>"${args[i + 1]}" ;;
            --export) spec="${args[i + 1]}"; echo '[]' >"${spec#*=}" ;;
            --keep) mkdir -p "${args[i + 1]}" ;;
            --output) echo '{}' >"${args[i + 1]}" ;;
            esac
        done
        case "$1" in
        compare-builds)
            echo "## fake compare report"
            [ -n "${FAKE_STDERR:-}" ] && echo "$FAKE_STDERR" >&2
            exit "${FAKE_EXIT:-0}" ;;
        history)
            [ "$2" = check ] && { echo "history check: fake finding"; exit "${FAKE_CHECK_EXIT:-0}"; }
            echo "recorded" ;;
        esac
        exit 0
        """

    /// A fresh fake runner: its files, the stand-in and its log.
    struct Runner {
        let directory: String
        var environment: [String: String]

        init(
            event: String? =
                #"{"pull_request": {"number": 7, "base": {"sha": "base0123456789"}, "head": {"sha": "prhead999"}}}"#
        ) throws {
            directory = CLIRunner.temporaryDirectory()
            // Two copies: the baseline's and the current build's, told apart by path.
            let fake = directory + "/springbench", baseline = directory + "/base-springbench"
            for path in [fake, baseline] {
                try GitHubActionTests.fake.write(toFile: path, atomically: true, encoding: .utf8)
                chmod(path, 0o755)
            }
            let eventPath = directory + "/event.json"
            if let event { try event.write(toFile: eventPath, atomically: true, encoding: .utf8) }
            for file in ["summary.md", "output.txt", "calls.log"] {
                _ = FileManager.default.createFile(atPath: directory + "/" + file, contents: nil)
            }
            try FileManager.default.createDirectory(
                atPath: directory + "/runner-temp", withIntermediateDirectories: true)
            environment = [
                "GITHUB_STEP_SUMMARY": directory + "/summary.md", "GITHUB_OUTPUT": directory + "/output.txt",
                "GITHUB_EVENT_PATH": eventPath, "GITHUB_SHA": "head0123456789", "GITHUB_REF_NAME": "main",
                "RUNNER_TEMP": directory + "/runner-temp", "FAKE_LOG": directory + "/calls.log",
                "SB_CURRENT": fake, "SB_BASELINE": baseline, "SB_BASE_REF": "", "SB_ARGUMENTS": "", "SB_THRESHOLD": "",
                "SB_DATABASE": "", "FAKE_EXIT": "0", "FAKE_CHECK_EXIT": "0", "FAKE_STDERR": "",
            ]
        }

        func run(_ mode: String, _ extra: [String: String] = [:]) -> CLIRunner.Outcome {
            CLIRunner.runBlocking(
                [GitHubActionTests.script, mode], deadline: 120, executable: "/bin/bash",
                environment: environment.merging(extra) { $1 })
        }

        func read(_ name: String) -> String {
            (try? String(contentsOfFile: directory + "/" + name, encoding: .utf8)) ?? ""
        }

        /// The step's outputs, `name=value` lines of GITHUB_OUTPUT.
        var outputs: [String: String] {
            var result: [String: String] = [:]
            for line in read("output.txt").split(separator: "\n") {
                let parts = line.split(separator: "=", maxSplits: 1)
                if parts.count == 2 { result[String(parts[0])] = String(parts[1]) }
            }
            return result
        }

        var calls: [String] { read("calls.log").split(separator: "\n").map(String.init) }

        func comment() -> String {
            guard let path = outputs["comment-file"] else { return "" }
            return (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        }
    }

    @Test(
        "compare: the event's base commit, baseline first, the threshold; each exit status is its verdict, comment and step status",
        arguments: [
            (Int32(0), "pass", "no regression"), (1, "regression", "regression"), (2, "unusable", "could not judge"),
        ])
    func compare(status: Int32, verdict: String, heading: String) throws {
        let runner = try Runner()
        let outcome = runner.run(
            "compare",
            [
                "FAKE_EXIT": "\(status)", "SB_THRESHOLD": "7", "SB_ARGUMENTS": "--sizes 16,4Ki --kernels add",
                "FAKE_STDERR": status == 2 ? "error: --sizes: 0 is not a point count (1…16Mi)" : "",
            ])
        #expect(outcome.status == status, "\(outcome)")
        let call = try #require(runner.calls.first)
        let current = runner.environment["SB_CURRENT"]!, baseline = runner.environment["SB_BASELINE"]!
        #expect(call.hasPrefix("compare-builds \(baseline) \(current) --threshold 7 --format markdown"), "\(call)")
        #expect(call.hasSuffix("--sizes 16,4Ki --kernels add"), "\(call)")
        let outputs = runner.outputs
        #expect(outputs["verdict"] == verdict && outputs["exit-code"] == "\(status)", "\(outputs)")
        let comment = runner.comment()
        #expect(comment.hasPrefix("<!-- springbench-action -->\n### SpringBench: \(heading)"), "\(comment)")
        #expect(comment.contains("Baseline `base0123456789`, current `head0123456789`."), "\(comment)")
        #expect(comment.contains("## fake compare report"), "\(comment)")
        #expect(runner.read("summary.md").contains("| fake compare table |"))
        if status == 2 {
            #expect(comment.contains("error: --sizes: 0 is not a point count"), "\(comment)")
            #expect(runner.read("summary.md").contains("could not judge (exit 2)"))
        }
        // The exports the step promises exist where its output says.
        let exports = try #require(outputs["exports-directory"])
        for file in ["benchmark.json", "cells.csv"] {
            #expect(FileManager.default.fileExists(atPath: exports + "/" + file), "\(file)")
        }
    }

    @Test("compare: base-ref replaces the event; without either it is exit 2 naming GITHUB_EVENT_PATH, nothing run")
    func baseRevision() throws {
        let given = try Runner(event: #"{"pull_request": {"base": {"sha": "fromevent"}}}"#)
        #expect(given.run("compare", ["SB_BASE_REF": "v1.2.3"]).status == 0)
        #expect(given.comment().contains("Baseline `v1.2.3`"), "\(given.comment())")

        let push = try Runner(event: #"{"ref": "refs/heads/main"}"#)
        let outcome = push.run("compare")
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.stderr.contains("GITHUB_EVENT_PATH") && outcome.stderr.contains("base-ref"), "\(outcome)")
        #expect(push.calls.isEmpty, "\(push.calls)")
        #expect(push.outputs["verdict"] == "unusable")

        let broken = try Runner(event: "{not json")
        #expect(broken.run("compare").status == 2)
        #expect(broken.calls.isEmpty)
    }

    @Test("Outside a runner (no GITHUB_OUTPUT) or with an unknown mode: exit 2 saying which, nothing run")
    func notARunner() throws {
        let runner = try Runner()
        let outcome = runner.run("compare", ["GITHUB_OUTPUT": ""])
        #expect(outcome.status == 2 && outcome.stderr.contains("GITHUB_OUTPUT is not set"), "\(outcome)")
        let mode = runner.run("publish")
        #expect(mode.status == 2 && mode.stderr.contains("usage: run.sh compare|history"), "\(mode)")
        let missing = runner.run("compare", ["SB_CURRENT": runner.directory + "/nothing-here"])
        #expect(missing.status == 2 && missing.stderr.contains("is not an executable"), "\(missing)")
        #expect(runner.calls.isEmpty)
    }

    @Test(
        "history: bench, record at GITHUB_SHA on GITHUB_REF_NAME into the database, check; a finding fails the step",
        arguments: [Int32(0), 1])
    func history(check: Int32) throws {
        let runner = try Runner(event: nil)
        let database = runner.directory + "/history.sqlite"
        let outcome = runner.run(
            "history", ["SB_DATABASE": database, "SB_ARGUMENTS": "--quick", "FAKE_CHECK_EXIT": "\(check)"])
        #expect(outcome.status == check, "\(outcome)")
        let calls = runner.calls
        #expect(calls.count == 3, "\(calls)")
        let results = runner.directory + "/runner-temp/springbench/results.json"
        #expect(calls.first == "bench --output \(results) --quick")
        #expect(
            calls.dropFirst().first
                == "history record \(results) --commit head0123456789 --branch main --database \(database)")
        #expect(calls.last == "history check --database \(database)")
        #expect(runner.outputs["verdict"] == (check == 0 ? "pass" : "regression"))
        #expect(runner.read("summary.md").contains("history check: fake finding"))
    }

    @Test("compare with the real tool: an A/A run of the built springbench through the action, its exports readable")
    func realTool() throws {
        let runner = try Runner()
        let outcome = runner.run(
            "compare",
            [
                "SB_CURRENT": CLIRunner.executable, "SB_BASELINE": CLIRunner.executable,
                "SB_ARGUMENTS": "--quick --kernels add --backends naive --sizes 16 --epochs 8",
            ])
        // A/A on a shared machine may still exceed 10 % at 99 %; what is checked is the plumbing.
        #expect(outcome.status == 0 || outcome.status == 1, "\(outcome)")
        let outputs = runner.outputs
        #expect(outputs["verdict"] == (outcome.status == 0 ? "pass" : "regression"), "\(outputs)")
        let report = try String(contentsOfFile: try #require(outputs["report-file"]), encoding: .utf8)
        #expect(report.contains("add") && !report.isEmpty, "\(report)")
        #expect(runner.read("summary.md").contains(report.split(separator: "\n").first.map(String.init) ?? "?"))
        let exports = try #require(outputs["exports-directory"])
        let benchmark = try Data(contentsOf: URL(fileURLWithPath: exports + "/benchmark.json"))
        let entries = try #require(try JSONSerialization.jsonObject(with: benchmark) as? [[String: Any]])
        #expect(entries.contains { ($0["name"] as? String)?.hasPrefix("add.naive.16") == true }, "\(entries)")
        #expect(try String(contentsOfFile: exports + "/cells.csv", encoding: .utf8).contains("add.naive.16"))
    }
}
