import ArgumentParser
import Benchmarking
import Foundation
import SpringBenchSupport
import VectorKernels

/// `springbench backends`: what each backend is on this machine.
package struct BackendsCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "backends",
        abstract: "List the kernel backends on this machine with their details."
    )

    @Option(help: "Output format: \(ListingFormat.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: ListingFormat = .table

    package func run() throws {
        let details = CommandContext.catalogue.backends.map(\.details)
        switch format {
        case .json:
            print(try JSONOutput.string(details))
        case .table:
            print(BackendTable(details).rendered)
        }
    }
}

/// A plain-text table of backend details, one row per backend.
struct BackendTable {
    let rows: [[String]]

    init(_ details: [BackendDetails]) {
        rows =
            [["backend", "SIMD width", "library", "core", "threads", "fused axpy", "how"]]
            + details.map {
                [
                    $0.name, $0.simdWidth.map(String.init) ?? "-", $0.library ?? "-", $0.core ?? "-",
                    String($0.threads), $0.fusedAXPY ? "yes" : "no", $0.summary,
                ]
            }
    }

    var rendered: String {
        let widths = (0..<rows[0].count).map { column in rows.map { $0[column].count }.max() ?? 0 }
        return rows.enumerated().map { index, row in
            let line = zip(row, widths).map { cell, width in
                cell.padding(toLength: width, withPad: " ", startingAt: 0)
            }.joined(separator: "  ")
            let trimmed = String(line.reversed().drop { $0 == " " }.reversed())
            return index == 0 ? trimmed + "\n" + String(repeating: "-", count: trimmed.count) : trimmed
        }.joined(separator: "\n")
    }
}
