import ArgumentParser
import Benchmarking
import Foundation
import RegressionGate
import SpringBenchFiles

/// `springbench baseline`: named results kept in `Benchmarks/baselines/` for
/// `compare` (the store itself is ``BaselineStore``).
package struct BaselineCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "baseline",
        abstract: "Keep named baselines for `springbench compare`.",
        subcommands: [Save.self, List.self]
    )

    package struct Save: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
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
        package var name: String

        @Option(help: "Store this existing results or instruction-count file instead of measuring.")
        var from: String?

        @Flag(help: "Measure instruction counts under callgrind instead of wall-clock time.")
        package var instructions = false

        @Option(
            name: [.customLong("output-directory"), .customLong("directory")],
            help: "Where baselines live (--directory is the older name).")
        var directory = BaselineStore.defaultDirectory

        @Option(name: .customLong("debug-doubled-backend"), help: .hidden)
        package var doubledBackends: [String] = []

        @OptionGroup(title: "Measurement (as for `springbench bench`)")
        package var sweep: SweepOptions

        package var store: BaselineStore { BaselineStore(directory: directory) }

        package func validate() throws {
            try validateName()
            _ = try OutputLocation.file(store.path(of: name), option: "--output-directory")
            if let from {
                // --from copies a file as it is: an option that would change what is measured is a mistake.
                let ignored =
                    (instructions ? ["--instructions"] : []) + sweep.given
                    + (doubledBackends.isEmpty ? [] : ["--debug-doubled-backend"])
                if !ignored.isEmpty {
                    throw ValidationError(
                        "--from copies \(from) as it is; \(ignored.joined(separator: ", ")) would change nothing "
                            + "(measure with them instead, without --from)")
                }
                try OutputLocation.refuse(("--output-directory", store.path(of: name)), ifInput: [("--from", from)])
            }
            if from == nil, !instructions { _ = try sweep.plan(.gate) }
        }

        package func run() throws {
            try exitingOnUsageError {
                try validateName()
                let document: ResultsDocument
                if let from {
                    do {
                        document = try ResultsDocument.load(from: from)
                    } catch let error as ComparisonError {
                        throw UsageError(error.description)
                    }
                } else if instructions {
                    let cells = try InstructionCounting.cells(
                        kernels: sweep.kernels, backends: sweep.backends, sizes: sweep.sizes)
                    document = .instructions(try InstructionCounting.count(cells: cells, doubled: doubledBackends))
                } else {
                    document = .wallClock(
                        try BenchmarkSession.run(
                            try sweep.plan(.gate), catalogue: try DebugDoubling.catalogue(doubledBackends)))
                }
                let path = store.path(of: name)
                let target = try OutputLocation.file(path, option: "--output-directory")
                do {
                    try store.save(document, to: target)
                } catch {
                    throw UsageError("\(error)")
                }
                print("saved baseline \"\(name)\" to \(path); compare with `springbench compare \(name) CURRENT`")
            }
        }

        /// The name, checked as ``BaselineStore/validate(name:)`` checks it (a usage error otherwise).
        func validateName() throws {
            do {
                try BaselineStore.validate(name: name)
            } catch {
                // Typed throws: `error` is a BaselineStore.Refusal.
                throw ValidationError(error.description)
            }
        }
    }

    package struct List: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "List the stored baselines.")

        @Option(
            name: [.customLong("output-directory"), .customLong("directory")],
            help: "Where baselines live (--directory is the older name).")
        package var directory = BaselineStore.defaultDirectory

        package func run() throws {
            for entry in BaselineStore(directory: directory).list() {
                let kind: String
                switch entry.document {
                case .wallClock(let results)?:
                    kind = "wall-clock, \(results.measurements.count) cells, \(results.machine.date)"
                case .instructions(let counts)?:
                    kind = "instructions, \(counts.entries.count) cells, \(counts.machine.date)"
                case nil: kind = "unreadable"
                }
                print("\(entry.name)\t\(kind)")
            }
        }
    }
}
