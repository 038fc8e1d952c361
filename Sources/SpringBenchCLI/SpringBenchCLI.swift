import ArgumentParser
import Benchmarking
import CAllocationCounting
import Foundation
import SpringBenchFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The `springbench` command-line tool as a library.
///
/// A package of your own gets every command (verify, bench, recommend, report,
/// compare-builds, …) with its backends in the catalogue, timed through the same
/// specialised code as the built-in ones:
///
/// ```swift
/// import Benchmarking
/// import SpringBenchCLI
///
/// @main enum MyBench {
///     static func main() { SpringBenchCLI.main(adding: [BenchmarkBackend(MyBackend.self)]) }
/// }
/// ```
public enum SpringBenchCLI {
    /// Parses the process's arguments and runs the command, with `backends`
    /// added after the built-in ones. Exits: 0 success, 1 a finding (a failed
    /// check, a regression), 2 unusable input, with one `error:` line.
    public static func main(adding backends: [BenchmarkBackend] = []) -> Never {
        // An interrupt removes this run's staging and temporary directories.
        InterruptCleanup.install()
        // A reader that closes the pipe early (`| head`) makes writes fail with EPIPE, which ends
        // the command with exit 2 naming standard output, not a death by SIGPIPE (141) that a
        // script cannot tell from a crash. Children get the default back (ChildProcess resets it).
        signal(SIGPIPE, SIG_IGN)
        do {
            CommandContext.catalogue = try BackendCatalogue.builtIn.adding(contentsOf: backends)
        } catch {
            printError("error: \(error)")
            exit(2)
        }
        // The command's inputs are recorded so that none of its outputs replaces one.
        let status = CommandInputs.$current.withValue(CommandInputs()) {
            execute(Array(CommandLine.arguments.dropFirst()))
        }
        exit(flushingStandardOutput(status))
    }

    /// `status`, or 2 with one error line when standard output could not take
    /// what was printed (a full device, a closed stream): an export, a table
    /// or JSON lost on the way out must not end as a success.
    static func flushingStandardOutput(_ status: Int32) -> Int32 {
        errno = 0
        let flushed = fflush(nil) == 0
        let code = Console.outputFailure != 0 ? Console.outputFailure : flushed ? 0 : errno
        guard code != 0 || !flushed else { return status }
        let reason = code != 0 ? String(cString: strerror(code)) : "a write failed"
        printError("error: standard output: \(reason); what the command printed there is incomplete")
        return 2
    }

    /// The command line being run in process (``run(_:)``); nil in the
    /// executable, whose arguments are the process's.
    @TaskLocal static var arguments: [String]?

    /// What one command line did, run in process.
    package struct Outcome: Sendable, CustomStringConvertible {
        /// The exit status the executable would end with.
        package var status: Int32
        package var stdout: String
        package var stderr: String

        /// The lines of standard error that start with `error:`.
        package var errorLines: [Substring] { stderr.split(separator: "\n").filter { $0.hasPrefix("error:") } }

        package var description: String {
            "status \(status)\nstderr: \(stderr.prefix(600))\nstdout: \(stdout.prefix(300))"
        }
    }

    /// Runs `springbench arguments…` in this process, exactly as the
    /// executable would (the same parsing, validation, error lines and exit
    /// status), with standard output and error captured: the tests' way to
    /// check options without starting a process per case. The built-in
    /// catalogue serves; signals and process exit are the executable's, and
    /// are tested on it. A run's machine measurements (the cache share and
    /// the bandwidth probe, also in the samplers it starts) are stand-ins
    /// (``ProbeStandIn``) unless `standInProbe` is false: these runs check
    /// what surrounds a measurement.
    package static func run(_ arguments: [String], standInProbe: Bool = true) -> Outcome {
        let capture = Console.Capture()
        // A registry of its own: a concurrent in-process run never sees this one's inputs.
        let status = Console.$capture.withValue(capture) {
            CommandInputs.$current.withValue(CommandInputs()) {
                ProbeStandIn.$active.withValue(standInProbe) {
                    $arguments.withValue(arguments) { execute(arguments) }
                }
            }
        }
        return Outcome(status: status, stdout: capture.out, stderr: capture.error)
    }

    /// Parses and runs one command line; returns the exit status. Exits: 0
    /// success, 1 a finding, 2 unusable input with one `error:` line.
    static func execute(_ arguments: [String]) -> Int32 {
        do {
            var command = try SpringBenchCommand.parseAsRoot(arguments)
            try command.run()
            return 0
        } catch let error as UsageError {
            printError("error: \(error.description)")
            return 2
        } catch let error as OutputError {
            printError("error: \(error.description)")
            return 2
        } catch let error as DocumentFileError {
            printError("error: \(error.description)")
            return 2
        } catch {
            let code = SpringBenchCommand.exitCode(for: error)
            let message = SpringBenchCommand.fullMessage(for: error)
            if code == .validationFailure {
                // ArgumentParser's own parse errors (unknown option, malformed
                // value) exit 64 and say "Error:"; every kind of unusable input
                // exits 2 here, with the one `error:` prefix.
                // One `error:` line: the usage ArgumentParser appends is
                // `--help`'s job, and would bury the message in CI logs.
                let withoutUsage = message.range(of: "\nUsage:").map { String(message[..<$0.lowerBound]) } ?? message
                printError(errorLine(withoutUsage.trimmingCharacters(in: .newlines)))
                return 2
            }
            // --help, --version (exit 0, on standard output) and a command's
            // own ExitCode (its message already printed).
            if !message.isEmpty {
                if code == .success { print(message) } else { printError(message) }
            }
            return code.rawValue
        }
    }

    /// `message` with ArgumentParser's `Error: ` replaced by `error: `.
    package static func errorLine(_ message: String) -> String {
        message.hasPrefix("Error: ") ? "error: " + message.dropFirst("Error: ".count) : "error: " + message
    }
}

/// What every command shares for one process: the backend catalogue (built-in
/// plus a user's) and the allocation counter the tool links.
package enum CommandContext {
    package nonisolated(unsafe) static var catalogue = BackendCatalogue.builtIn

    /// Counts the heap allocations `body` makes on the calling thread
    /// (`CAllocationCounting` replaces malloc in every executable linking this library).
    static func countAllocations(_ body: () -> Void) -> Int {
        springbench_allocation_counting_begin()
        body()
        return Int(springbench_allocation_counting_end())
    }
}

/// The version of SpringBench: defined here only; `--version` and the
/// CHANGELOG's newest entry agree with it (a test checks).
public enum SpringBenchVersion {
    public static let current = "0.2.0"
}
