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
    /// The first impossible value in the document (a zero, negative or
    /// non-finite time, a size out of range, a duplicate cell), or nil when
    /// every value is possible. Checked on every load and before every write:
    /// a file that fails it is unusable input, never a verdict.
    func impossibleValue() -> String?
}

/// Why a document file could not be used; the message says how to remake it.
public struct DocumentFileError: Error, Equatable, CustomStringConvertible {
    public enum Problem: Equatable, Sendable {
        case missing
        case corrupt(detail: String)
        case wrongSchema(found: String, expected: String)
        case impossible(detail: String)
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
        case .impossible(let detail):
            return "\(documentName) \(path) holds an impossible value (\(detail)); regenerate it with \(remedy)"
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

    /// Writes atomically: a reader sees the old file or the new one, never a
    /// part. A document with an impossible value is refused, not stored.
    public func write(to path: String) throws {
        if let detail = impossibleValue() {
            throw DocumentFileError(path: path, problem: .impossible(detail: detail),
                                    documentName: Self.documentName, makingCommand: Self.makingCommand)
        }
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
        let document: Self
        do {
            document = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            throw failure(.corrupt(detail: "\(error)"))
        }
        if let detail = document.impossibleValue() { throw failure(.impossible(detail: detail)) }
        return document
    }
}

/// The one field every versioned document has.
private struct SchemaHeader: Decodable {
    var schema: String
}

/// Checks on the values of documents read from disk.
public enum ValueCheck {
    /// `"name = value must be finite and > 0"` unless `value` is.
    public static func positive(_ value: Double, _ name: @autoclosure () -> String) -> String? {
        value.isFinite && value > 0 ? nil : "\(name()) = \(value) must be finite and > 0"
    }

    /// `"name = value must be finite and ≥ 0"` unless `value` is.
    public static func nonNegative(_ value: Double, _ name: @autoclosure () -> String) -> String? {
        value.isFinite && value >= 0 ? nil : "\(name()) = \(value) must be finite and ≥ 0"
    }

    /// A point count in 1…``PointCount/maximum``.
    public static func size(_ value: Int, _ name: @autoclosure () -> String) -> String? {
        (1...PointCount.maximum).contains(value) ? nil : "\(name()) = \(value) is outside 1…\(PointCount.maximum)"
    }

    /// The first item of `items` that occurs twice, described.
    public static func duplicate<Key: Hashable>(_ items: [Key], _ describe: (Key) -> String) -> String? {
        var seen = Set<Key>()
        for item in items where !seen.insert(item).inserted { return "\(describe(item)) appears twice" }
        return nil
    }
}
