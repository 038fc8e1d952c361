import Benchmarking
import Foundation
import RegressionGate

/// Instruction counting as `instructions` and `baseline save --instructions`
/// both do it: the cells their options name, and one callgrind run over them.
package enum InstructionCounting {
    /// The cells `--kernels`, `--backends` and `--sizes` name (each a
    /// comma-separated list; nil: the default), every kernel × backend × size.
    package static func cells(kernels: String?, backends: String?, sizes: String?) throws -> [CellKey] {
        let kernelList =
            try kernels.map { text in
                try text.split(separator: ",").map { name in
                    guard let kernel = Kernel(rawValue: String(name)) else {
                        throw UsageError(
                            "--kernels: unknown kernel \"\(name)\"; valid: \(Kernel.allCases.map(\.rawValue).joined(separator: ", "))"
                        )
                    }
                    return kernel
                }
            } ?? Kernel.allCases
        let catalogue = CommandContext.catalogue
        let backendList =
            try backends.map { text in
                try text.split(separator: ",").map { name in
                    guard catalogue[String(name)] != nil else {
                        throw UsageError(
                            "--backends: unknown backend \"\(name)\"; valid: \(catalogue.names.joined(separator: ", "))"
                        )
                    }
                    return String(name)
                }
            } ?? catalogue.names
        let sizeList: [Int]
        do {
            sizeList =
                try sizes.map { text throws(PointCount.ParseError) in try PointCount.parseList(text) } ?? [16, 1 << 12]
        } catch {
            throw UsageError("--sizes: \(error)")
        }
        guard sizeList.allSatisfy({ $0 <= 1 << 20 }) else {
            throw UsageError(
                "--sizes: at most 1Mi points under callgrind (counts per element do not change beyond the caches)")
        }
        guard !kernelList.isEmpty, !backendList.isEmpty, !sizeList.isEmpty else {
            throw UsageError("--kernels, --backends and --sizes must each name at least one item")
        }
        for (list, option) in [
            (kernelList.map(\.rawValue), "--kernels"), (backendList, "--backends"),
            (sizeList.map(PointCount.format), "--sizes"),
        ] {
            var seen = Set<String>()
            if let repeated = list.first(where: { !seen.insert($0).inserted }) {
                throw UsageError("\(option): \(repeated) appears twice")
            }
        }
        return kernelList.flatMap { kernel in
            backendList.flatMap { backend in sizeList.map { CellKey(kernel: kernel, backend: backend, size: $0) } }
        }
    }

    /// Counts `cells` under callgrind in one worker process (this executable
    /// run as `instructions-worker`), with the backends of `doubled` run twice.
    static func count(cells: [CellKey], doubled: [String]) throws -> InstructionCounts {
        _ = try DebugDoubling.catalogue(doubled)  // names checked before callgrind starts
        let executable =
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        let calls = InstructionCounts.defaultCallsPerRegion
        var worker = [
            executable, "instructions-worker",
            "--cells", cells.map(\.argument).joined(separator: ","),
            "--calls", calls.map(String.init).joined(separator: ","),
        ]
        if !doubled.isEmpty {
            worker += ["--doubled", doubled.sorted().joined(separator: ",")]
        }
        let records = Set(cells.map(\.backend)).sorted().compactMap { CommandContext.catalogue[$0]?.details }
        let machine = MachineRecord.current(backends: records, commandLine: invocation)
        printError(
            "instructions: counting \(cells.count) cells under callgrind (one process; about 1 s per 10 cells here)")
        do {
            return try InstructionCounts.measure(
                cells: cells, callsPerRegion: calls, workerCommand: worker, machine: machine)
        } catch let failure as CallgrindRunner.Failure {
            throw UsageError(failure.description)
        }
    }
}
