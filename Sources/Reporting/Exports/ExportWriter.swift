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
    /// Renders every request, then stages each file in its own
    /// ``OutputTransaction`` and commits them one after another: nothing is
    /// written unless every export rendered and staged.
    public static func write(_ cells: [ExportCell], to requests: [ExportRequest]) throws {
        let texts = try requests.map { request throws(ExportError) in try render(cells, as: request.format) }
        var staged: [OutputTransaction] = []
        for (request, text) in zip(requests, texts) {
            let transaction = try OutputTransaction(request.target)
            try transaction.write(Data(text.utf8))
            staged.append(transaction)
        }
        for transaction in staged { try transaction.commit() }
    }
}
