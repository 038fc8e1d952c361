import Foundation
import Reporting
import SpringBenchFiles

/// A command's outputs — results, exports, a kept pair, a summary file —
/// staged one by one and committed as one change
/// (``OutputTransaction/commit(_:)``): all of them are written or none is,
/// also when the last fails on a full disk or a signal arrives meanwhile.
/// Every failure is unusable input (exit 2) naming the option.
struct StagedOutputs {
    private var transactions: [OutputTransaction] = []

    /// Stages what `make` returns; an error other than an ``OutputError``
    /// (which names its option) is prefixed with `option`.
    mutating func stage(option: String, _ make: () throws -> OutputTransaction) throws {
        transactions.append(try Self.mapped(option: option, make))
    }

    /// Stages the exports a command was asked for.
    mutating func stageExports(_ cells: [ExportCell], to requests: [ExportRequest], option: String) throws {
        guard !requests.isEmpty else { return }
        transactions += try Self.mapped(option: option) { try Export.staged(cells, to: requests) }
    }

    /// Moves every staged output into place, or none.
    func commit() throws {
        guard !transactions.isEmpty else { return }
        do {
            try OutputTransaction.commit(transactions)
        } catch {
            throw UsageError(error.description)
        }
    }

    private static func mapped<T>(option: String, _ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch let error as OutputError {
            throw UsageError(error.description)
        } catch let error as UsageError {
            throw error
        } catch {
            let text = "\(error)"
            throw UsageError(text.hasPrefix(option) ? text : "\(option): \(text)")
        }
    }
}
