import Benchmarking
import Foundation
import SpringBenchFiles
import SpringBenchSupport

/// Runs a command under `valgrind --tool=callgrind`, collecting only inside
/// ``InstructionCountWorkload/regionSymbol`` and dumping after every region,
/// and returns the instructions of each region in order.
public struct CallgrindRunner {
    public enum Failure: Error, CustomStringConvertible {
        case valgrindMissing
        case failed(status: Int32, log: String)
        case unreadableDump(String)

        public var description: String {
            switch self {
            case .valgrindMissing:
                return
                    "valgrind is not installed; install it with `apt-get install valgrind` (or run `bash .ci/ensure-deps`)"
            case .failed(let status, let log):
                return "valgrind exited with status \(status):\n\(log)"
            case .unreadableDump(let path):
                return "callgrind wrote no readable total in \(path)"
            }
        }
    }

    /// The valgrind executable (found on PATH unless absolute).
    public var valgrind: String

    public init(valgrind: String = "valgrind") {
        self.valgrind = valgrind
    }

    /// `valgrind --version`, e.g. "valgrind-3.19.0"; nil when valgrind cannot run.
    public func version() -> String? {
        guard let output = try? capture([valgrind, "--version"]), output.status == 0 else { return nil }
        return output.text.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs `command` under callgrind; returns one instruction count per region call,
    /// in the order the regions ran.
    public func regionInstructions(command: [String]) throws -> [UInt64] {
        guard version() != nil else { throw Failure.valgrindMissing }
        // The run's own directory: removed on return, on error and on an interrupt.
        let temporary = try RunTemporaryDirectory(purpose: "callgrind")
        defer { temporary.remove() }
        let directory = URL(fileURLWithPath: temporary.path)
        // Valgrind 3.19 cannot read the DWARF that swiftc emits and gives up
        // on the whole run; a copy without debug sections keeps the symbol
        // table, which is all --toggle-collect needs.
        var command = command
        if let executable = command.first {
            let stripped = directory.appendingPathComponent("worker").path
            if let result = try? capture(["strip", "--strip-debug", "-o", stripped, executable]), result.status == 0 {
                command[0] = stripped
            }
        }
        let base = directory.appendingPathComponent("callgrind.out").path
        let symbol = InstructionCountWorkload.regionSymbol
        let arguments =
            [
                valgrind, "--tool=callgrind", "--collect-atstart=no",
                "--toggle-collect=\(symbol)", "--dump-after=\(symbol)",
                "--callgrind-out-file=\(base)", "--log-file=\(directory.path)/valgrind.log",
            ] + command
        let result = try capture(arguments)
        guard result.status == 0 else {
            let log = (try? String(contentsOfFile: "\(directory.path)/valgrind.log", encoding: .utf8)) ?? ""
            throw Failure.failed(status: result.status, log: String((result.text + log).suffix(4000)))
        }
        // Dumps are callgrind.out.1, .2, …; the unsuffixed file is the (empty) rest.
        let dumps = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .compactMap { name -> (Int, String)? in
                guard name.hasPrefix("callgrind.out."), let index = Int(name.dropFirst("callgrind.out.".count)) else {
                    return nil
                }
                return (index, directory.appendingPathComponent(name).path)
            }
            .sorted { $0.0 < $1.0 }
        return try dumps.map { try Self.total(ofDump: $0.1) }
    }

    /// The `summary:` (or `totals:`) line of a callgrind output file.
    static func total(ofDump path: String) throws -> UInt64 {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        for prefix in ["summary:", "totals:"] {
            if let line = text.split(separator: "\n").first(where: { $0.hasPrefix(prefix) }),
                let value = line.dropFirst(prefix.count).split(separator: " ").first.flatMap({ UInt64($0) })
            {
                return value
            }
        }
        throw Failure.unreadableDump(path)
    }

    /// Runs a process, returning its exit status and combined output.
    func capture(_ arguments: [String]) throws -> (status: Int32, text: String) {
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_DETERMINISTIC_HASHING"] = "1"
        environment["OPENBLAS_NUM_THREADS"] = "1"
        let (termination, output) = try ChildProcess.capture(
            executable: "/usr/bin/env", arguments: arguments, environment: environment)
        switch termination {
        case .exited(let status): return (status, output)
        case .signalled(let signal): return (128 + signal, output)
        }
    }
}

extension InstructionCounts {
    /// The fixed set the CI gate counts: every kernel on every backend at an
    /// L1-sized and an L2-sized length (counts per element do not change
    /// beyond the caches; only time does).
    public static func defaultCells(backends: [String]) -> [CellKey] {
        var cells: [CellKey] = []
        for kernel in Kernel.allCases {
            for backend in backends {
                for size in [16, 1 << 12] { cells.append(CellKey(kernel: kernel, backend: backend, size: size)) }
            }
        }
        return cells
    }

    /// Kernel calls in the two regions of every cell.
    public static let defaultCallsPerRegion = [2, 10]

    /// Counts `cells` by running `workerCommand` (which must run
    /// `InstructionCountWorkload.run(cells:callsPerRegion:doubled:seed:)` on
    /// the same cells) under callgrind.
    public static func measure(
        cells: [CellKey], callsPerRegion: [Int] = defaultCallsPerRegion,
        workerCommand: [String], machine: MachineRecord, runner: CallgrindRunner = CallgrindRunner()
    ) throws -> InstructionCounts {
        let regions = try runner.regionInstructions(command: workerCommand)
        guard regions.count == cells.count * callsPerRegion.count else {
            throw CallgrindRunner.Failure.failed(
                status: 0,
                log: "expected \(cells.count * callsPerRegion.count) regions, callgrind dumped \(regions.count)")
        }
        let entries = cells.enumerated().map { index, cell in
            InstructionCountEntry(
                kernel: cell.kernel, backend: cell.backend, size: cell.size,
                regionInstructions: Array(regions[(2 * index)..<(2 * index + 2)]), callsPerRegion: callsPerRegion)
        }
        return InstructionCounts(
            machine: machine, valgrindVersion: runner.version() ?? "unknown",
            callsPerRegion: callsPerRegion, entries: entries)
    }
}
