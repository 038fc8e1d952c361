import ArgumentParser
import Benchmarking
import SpringBenchFiles
import RegressionGate
import Foundation

/// `springbench baseline`: named results kept in `Benchmarks/baselines/` for `compare`.
struct BaselineCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Keep named baselines for `springbench compare`.",
        subcommands: [Save.self, List.self]
    )

    static let defaultDirectory = "Benchmarks/baselines"

    /// A compare argument: an existing file, a `.json` path, or a baseline name.
    static func resolve(_ argument: String) throws -> String {
        if FileManager.default.fileExists(atPath: argument) || argument.hasSuffix(".json") || argument.contains("/") {
            return argument
        }
        let path = "\(defaultDirectory)/\(argument).json"
        guard FileManager.default.fileExists(atPath: path) else {
            let known = (try? FileManager.default.contentsOfDirectory(atPath: defaultDirectory))?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw UsageError(
                "no baseline named \"\(argument)\" (looked for \(path); known: \(known.isEmpty ? "none" : known.joined(separator: ", "))); create it with `springbench baseline save \(argument)` or pass a results file")
        }
        return path
    }

    /// The file of baseline `name` in `directory`.
    static func path(of name: String, in directory: String) -> String {
        directory.hasSuffix("/") ? "\(directory)\(name).json" : "\(directory)/\(name).json"
    }

    static func validateName(_ name: String) throws {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw ValidationError("baseline name \"\(name)\" must be letters, digits, '-', '_' or '.' (it becomes a file name)")
        }
    }

    struct Save: ParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Measure (or copy --from a results file) and store as DIRECTORY/NAME.json.",
            discussion: """
                Without --from, runs the timed sweep with the measurement options below (as \
                `springbench bench`, without the spring workloads; --output is ignored: the results go \
                only to the baseline, never over Reports/) or, with --instructions, \
                the callgrind instruction counts (`springbench instructions`, honouring --kernels, \
                --backends and --sizes). The file is checked before it is stored.
                """
        )

        @Argument(help: "Baseline name, e.g. main (letters, digits, '-', '_', '.').")
        var name: String

        @Option(help: "Store this existing results or instruction-count file instead of measuring.")
        var from: String?

        @Flag(help: "Measure instruction counts under callgrind instead of wall-clock time.")
        var instructions = false

        @Option(name: [.customLong("output-directory"), .customLong("directory")], help: "Where baselines live (--directory is the older name).")
        var directory = BaselineCommand.defaultDirectory

        @Option(name: .customLong("debug-doubled-backend"), help: .hidden)
        var doubledBackends: [String] = []

        @OptionGroup(title: "Measurement (as for `springbench bench`)")
        var sweep: SweepOptions

        func validate() throws {
            try BaselineCommand.validateName(name)
            _ = try OutputLocation.file(BaselineCommand.path(of: name, in: directory), option: "--output-directory")
            if from == nil, !instructions { _ = try sweep.plan(.gate) }
        }

        func run() throws {
            try exitingOnUsageError {
                try BaselineCommand.validateName(name)
                let document: ResultsDocument
                if let from {
                    do {
                        document = try ResultsDocument.load(from: from)
                    } catch let error as ComparisonError {
                        throw UsageError(error.description)
                    }
                } else if instructions {
                    let cells = try InstructionsCommand.cells(kernels: sweep.kernels, backends: sweep.backends, sizes: sweep.sizes)
                    document = .instructions(try InstructionsCommand.count(cells: cells, doubled: doubledBackends))
                } else {
                    document = .wallClock(try BenchmarkSession.run(
                        try sweep.plan(.gate), catalogue: try DebugDoubling.catalogue(doubledBackends)))
                }
                let path = BaselineCommand.path(of: name, in: directory)
                let target = try OutputLocation.file(path, option: "--output-directory")
                do {
                    try document.write(to: target)
                } catch {
                    throw UsageError("\(error)")
                }
                print("saved baseline \"\(name)\" to \(path); compare with `springbench compare \(name) CURRENT`")
            }
        }
    }

    struct List: ParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List the stored baselines.")

        @Option(name: [.customLong("output-directory"), .customLong("directory")], help: "Where baselines live (--directory is the older name).")
        var directory = BaselineCommand.defaultDirectory

        func run() throws {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: directory))?
                .filter { $0.hasSuffix(".json") }.sorted() ?? []
            for name in names {
                let path = "\(directory)/\(name)"
                let kind: String
                switch try? ResultsDocument.load(from: path) {
                case .wallClock(let results)?: kind = "wall-clock, \(results.measurements.count) cells, \(results.machine.date)"
                case .instructions(let counts)?: kind = "instructions, \(counts.entries.count) cells, \(counts.machine.date)"
                case nil: kind = "unreadable"
                }
                print("\(name.dropLast(5))\t\(kind)")
            }
        }
    }
}
