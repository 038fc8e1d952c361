import Benchmarking
import Foundation
import SpringBenchSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Runs the built `springbench` executable as a user would, with a deadline.
public struct CLIRunner: Sendable {
    /// What one run did.
    public struct Outcome: Sendable, CustomStringConvertible {
        public var arguments: [String]
        /// The exit status, or nil when the process was killed by a signal (a trap) or by the deadline.
        public var status: Int32?
        public var signal: Int32?
        public var timedOut: Bool
        public var stdout: String
        public var stderr: String
        public var seconds: Double
        /// What the command left in its TMPDIR (nothing, when it ended by itself).
        public var leftovers: [String] = []

        public var errorLines: [Substring] { stderr.split(separator: "\n").filter { $0.hasPrefix("error:") } }

        public var description: String {
            "springbench \(arguments.joined(separator: " ")) → status \(status.map(String.init) ?? "none")"
                + (signal.map { ", signal \($0)" } ?? "") + (timedOut ? ", timed out" : "")
                + ", \(String(format: "%.1f", seconds)) s\nstderr: \(stderr.prefix(600))\nstdout: \(stdout.prefix(300))"
        }
    }

    /// The committed results file (Reports/data/bench-results.json), as an input every command reads.
    public static var committedResults: String {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<3 { directory.deleteLastPathComponent() }
        return directory.appendingPathComponent("Reports/data/bench-results.json").path
    }

    /// The `springbench-sampler` product beside ``executable`` (the other build `make report` samples).
    public static var samplerExecutable: String {
        URL(fileURLWithPath: executable).deletingLastPathComponent().appendingPathComponent("springbench-sampler").path
    }

    /// The executable beside the test bundle (`swift build --build-tests` builds both).
    public static let executable: String = {
        let bundle = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [bundle, bundle.deletingLastPathComponent()] {
            let path = candidate.appendingPathComponent("springbench").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        var directory = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        for _ in 0..<4 {
            let path = directory.appendingPathComponent(".build/debug/springbench").path
            if FileManager.default.isExecutableFile(atPath: path) { return path }
            directory = directory.deletingLastPathComponent()
        }
        return ".build/debug/springbench"
    }()

    /// The children's environment, read once: a trap is a failure either way,
    /// and its backtrace would only cost seconds.
    public static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        // What the tests run around a measurement, not the measurement: the probe and cache
        // share are stand-ins (seconds, not 17–19 s per debug `bench`; ProbeStandIn).
        environment[ProbeStandIn.variable] = "1"
        return environment
    }()

    /// Runs `springbench arguments…` in `directory` (by default a fresh, empty
    /// scratch directory: every command runs from one, as a new user's would)
    /// with a TMPDIR of its own, which must be empty again when the command
    /// ends (exit or SIGINT/SIGTERM/SIGHUP); kills it after `deadline` seconds.
    /// With `interrupt`, sends that signal after the given seconds.
    public static func run(
        _ arguments: [String], in directory: String? = nil, deadline: Double = 30,
        interrupt: (signal: Int32, after: Double)? = nil, environment extra: [String: String] = [:]
    ) async -> Outcome {
        // The wait runs on a thread of its own: blocking one of the
        // cooperative pool's threads (two on a 2-core machine) for a child's
        // whole run would halve the test run's parallelism meanwhile.
        let outcome = await withCheckedContinuation { continuation in
            Thread {
                continuation.resume(
                    returning: runBlocking(
                        arguments, in: directory, deadline: deadline, interrupt: interrupt, recordingLeftovers: false,
                        environment: extra))
            }.start()
        }
        if !outcome.leftovers.isEmpty {
            Issue.record("springbench \(arguments.joined(separator: " ")) left \(outcome.leftovers) in TMPDIR")
        }
        return outcome
    }

    /// `run(_:in:deadline:interrupt:)` on the calling thread, for callers
    /// that are threads themselves (`DispatchQueue.concurrentPerform`).
    public static func runBlocking(
        _ arguments: [String], in directory: String? = nil, deadline: Double = 30,
        interrupt: (signal: Int32, after: Double)? = nil, recordingLeftovers: Bool = true,
        executable: String = CLIRunner.executable, environment extra: [String: String] = [:]
    ) -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let work = scratch.appendingPathComponent("work"), temporary = scratch.appendingPathComponent("tmp")
        try? FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try? FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
        var environment = Self.environment.merging(extra) { $1 }
        environment["TMPDIR"] = temporary.path
        let out = scratch.appendingPathComponent("stdout"), err = scratch.appendingPathComponent("stderr")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let clock = ContinuousClock()
        let start = clock.now
        let process: ChildProcess
        do {
            // posix_spawn, not Foundation's Process: its run() crashed this
            // test runner when tests started processes in parallel
            // (Guides/MachineFacts.md, "Child processes").
            process = try ChildProcess(
                executable: executable, arguments: arguments, environment: environment,
                directory: directory ?? work.path,
                standardInput: .nullDevice, standardOutput: .file(out.path), standardError: .file(err.path))
        } catch {
            return Outcome(
                arguments: arguments, status: nil, signal: nil, timedOut: false, stdout: "",
                stderr: "\(error)", seconds: 0)
        }
        var termination: ChildProcess.Termination?
        if let interrupt {
            termination = process.wait(seconds: interrupt.after)
            if termination == nil {
                process.send(interrupt.signal)
                termination = process.wait(seconds: deadline)
            }
        } else {
            termination = process.wait(seconds: deadline)
        }
        let timedOut = termination == nil
        if timedOut {
            process.send(SIGKILL)
            termination = process.wait(seconds: 2)
        }
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18
        var status: Int32?, signal: Int32?
        switch termination {
        case .exited(let code)?: status = timedOut ? nil : code
        case .signalled(let number)?: signal = timedOut ? nil : number
        case nil: break
        }
        let left = timedOut ? [] : contents(of: temporary.path)
        if recordingLeftovers, !left.isEmpty {
            Issue.record("springbench \(arguments.joined(separator: " ")) left \(left) in TMPDIR")
        }
        return Outcome(
            arguments: arguments, status: status, signal: signal, timedOut: timedOut,
            stdout: (try? String(contentsOf: out, encoding: .utf8)) ?? "",
            stderr: (try? String(contentsOf: err, encoding: .utf8)) ?? "", seconds: seconds, leftovers: left)
    }

    /// A fresh empty directory for a test's outputs, removed when the test
    /// process exits (whether or not the test removed it: a test that fails
    /// or stops early leaves nothing in TMPDIR either).
    public static func temporaryDirectory() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("springbench-cli-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        made.withLock { made in
            if made.isEmpty { atexit { CLIRunner.removeMadeDirectories() } }
            made.append(url.path)
        }
        return url.path
    }

    /// The directories ``temporaryDirectory()`` made in this process.
    private static let made = Mutex<[String]>([])

    private static func removeMadeDirectories() {
        for path in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Every file under `directory`, relative.
    public static func contents(of directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).sorted()
    }

    /// `arguments` for an in-process run whose files belong in `directory`:
    /// the relative files a case names (`missing.json`, the builds `a` and
    /// `b`) are placed there, and a command that writes by default (`bench`,
    /// `instructions`, `report`, `verify`) is given an output there unless the
    /// case is about that option; whatever a broken check let through would
    /// land in `directory` and be found.
    public static func scratchArguments(_ arguments: [String], in directory: String) -> [String] {
        let builds = arguments.first == "compare-builds" ? arguments.dropFirst().prefix(2) : []
        let placed = arguments.enumerated().map { index, argument in
            let file = argument.hasSuffix(".json") || (builds.indices.contains(index) && !argument.hasPrefix("-"))
            return file && !argument.hasPrefix("/") ? directory + "/" + argument : argument
        }
        let outputs: [String: String] = [
            "bench": "--output", "instructions": "--output", "report": "--output-directory",
            "verify": "--output-directory",
        ]
        guard let command = arguments.first, let option = outputs[command], !arguments.contains(option) else {
            return placed
        }
        return placed + [option, directory + "/" + (option == "--output" ? "out.json" : "out")]
    }
}
