import Foundation
import SpringBenchFiles

/// One export a command was asked for: a format and where it goes.
public struct ExportRequest: Sendable {
    public var format: ExportFormat
    public var target: OutputTarget

    public init(format: ExportFormat, target: OutputTarget) {
        self.format = format
        self.target = target
    }
}

extension Export {
    /// Renders every request and commits them as one change: nothing is
    /// written unless every export rendered, staged and moved into place.
    public static func write(_ cells: [ExportCell], to requests: [ExportRequest]) throws {
        try OutputTransaction.commit(try staged(cells, to: requests))
    }

    /// Renders every request and stages each file in its own
    /// `OutputTransaction`, for the caller to commit with its other outputs.
    public static func staged(_ cells: [ExportCell], to requests: [ExportRequest]) throws -> [OutputTransaction] {
        let texts = try requests.map { request throws(ExportError) in try render(cells, as: request.format) }
        var staged: [OutputTransaction] = []
        for (request, text) in zip(requests, texts) {
            let transaction = try OutputTransaction(request.target)
            try transaction.write(Data(text.utf8))
            staged.append(transaction)
        }
        return staged
    }
}
