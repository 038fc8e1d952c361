import ArgumentParser
import Benchmarking
import Foundation
import RegressionGate
import SpringBenchFiles

/// `springbench instructions`: instructions per element under callgrind, the
/// deterministic input of the CI gate.
package struct InstructionsCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "instructions",
        abstract: "Count instructions per element with valgrind --tool=callgrind (exact and repeatable).",
        discussion: """
            Runs one process under callgrind that executes each kernel × backend × size k₁ = 2 and \
            k₂ = 10 times inside a function callgrind alone collects, and reports \
            (I(k₂) − I(k₁)) / (8·N): set-up and call overhead cancel. The same build gives the same \
            counts in every run. Default set: every kernel and backend at 16 and 4Ki points.
            """
    )

    @Option(help: "Comma-separated kernels; default all.")
    package var kernels: String?

    @Option(help: "Comma-separated backends; default all.")
    package var backends: String?

    @Option(help: "Comma-separated point counts, each ≤ 1Mi; default 16,4Ki.")
    package var sizes: String?

    @Option(help: "Where to write the instruction counts JSON.")
    package var output = "Reports/data/instruction-counts.json"

    @Option(name: .customLong("debug-doubled-backend"), help: .hidden)
    package var doubledBackends: [String] = []

    package func validate() throws {
        do {
            _ = try InstructionCounting.cells(kernels: kernels, backends: backends, sizes: sizes)
        } catch let error as UsageError {
            throw ValidationError(error.description)
        }
        _ = try OutputLocation.file(output, option: "--output")
    }

    package func run() throws {
        try exitingOnUsageError {
            let target = try OutputLocation.file(output, option: "--output")
            let cells = try InstructionCounting.cells(kernels: kernels, backends: backends, sizes: sizes)
            let counts = try InstructionCounting.count(cells: cells, doubled: doubledBackends)
            do { try counts.write(to: target) } catch { throw UsageError("\(error)") }
            print("wrote \(output): \(counts.entries.count) cells, instructions per element:")
            for entry in counts.entries {
                print(
                    "  \(entry.kernel.rawValue).\(entry.backend).\(entry.size)\t\(String(format: "%.4f", entry.instructionsPerElement))"
                )
            }
        }
    }
}

/// The process `instructions` runs under callgrind. Not for direct use.
package struct InstructionsWorkerCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "instructions-worker", abstract: "Internal: the workload `instructions` runs under callgrind.",
        shouldDisplay: false)

    @Option package var cells: String
    @Option package var calls: String
    @Option package var doubled: String = ""
    @Option package var seed: UInt64 = 2026

    package func run() throws {
        try exitingOnUsageError {
            let parsed = try cells.split(separator: ",").map { text in
                guard let cell = CellKey(argument: String(text)), CommandContext.catalogue[cell.backend] != nil else {
                    throw UsageError("--cells: bad cell \"\(text)\" (expected kernel:backend:size)")
                }
                return cell
            }
            let callList = calls.split(separator: ",").compactMap { Int($0) }
            guard callList.count == 2, callList[0] >= 1, callList[0] < callList[1] else {
                throw UsageError("--calls: expected k1,k2 with 1 ≤ k1 < k2")
            }
            let catalogue = try DebugDoubling.catalogue(doubled.split(separator: ",").map(String.init), announce: false)
            InstructionCountWorkload.run(cells: parsed, callsPerRegion: callList, catalogue: catalogue, seed: seed)
        }
    }
}
