import Foundation

/// A JSON file format with a `schema` field naming it and its version:
/// results of `bench`, instruction counts. Readers reject other schemas.
public protocol VersionedDocument: Codable {
    /// The schema identifier written and accepted, e.g. "springbench.bench-results/1".
    static var currentSchema: String { get }
    /// What the file is called in messages, e.g. "results file".
    static var documentName: String { get }
    /// The command that makes one, for the messages that say how to fix a file.
    static var makingCommand: String { get }
}

/// Why a document file could not be used; the message says how to remake it.
public struct DocumentFileError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case missing
        case corrupt(detail: String)
        case wrongSchema(found: String, expected: String)
    }

    public var path: String
    public var problem: Problem
    public var documentName: String
    public var makingCommand: String

    public var description: String {
        let remedy = "`\(makingCommand) \(path)`"
        switch problem {
        case .missing:
            return "\(documentName) \(path) does not exist; create it with \(remedy)"
        case .corrupt(let detail):
            return "\(documentName) \(path) is not a valid SpringBench \(documentName) (\(detail)); regenerate it with \(remedy)"
        case .wrongSchema(let found, let expected):
            return "\(documentName) \(path) has schema \"\(found)\", this springbench reads \"\(expected)\"; regenerate it with \(remedy)"
        }
    }
}

extension VersionedDocument {
    /// Pretty-printed JSON with sorted keys (stable diffs for committed files).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Writes atomically: a reader sees the old file or the new one, never a part.
    public func write(to path: String) throws {
        try AtomicFile.write(encoded(), to: path)
    }

    /// Reads a file and checks its schema.
    public static func load(from path: String) throws(DocumentFileError) -> Self {
        func failure(_ problem: DocumentFileError.Problem) -> DocumentFileError {
            DocumentFileError(path: path, problem: problem, documentName: documentName, makingCommand: makingCommand)
        }
        guard FileManager.default.fileExists(atPath: path) else { throw failure(.missing) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw failure(.corrupt(detail: "cannot be read"))
        }
        guard let header = try? JSONDecoder().decode(SchemaHeader.self, from: data) else {
            throw failure(.corrupt(detail: "not JSON with a \"schema\" field"))
        }
        guard header.schema == currentSchema else {
            throw failure(.wrongSchema(found: header.schema, expected: currentSchema))
        }
        do {
            return try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw failure(.corrupt(detail: "\(error)"))
        }
    }
}

/// The one field every versioned document has.
private struct SchemaHeader: Decodable {
    var schema: String
}
