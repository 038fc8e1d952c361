import DocumentValues
import Foundation
import SpringBenchFiles

/// A JSON file format with a `schema` field naming it and its version:
/// results of `bench`, instruction counts. Readers reject other schemas.
///
/// Every value is checked by its type while it is decoded (`Checked`,
/// `Valid`, `UniqueElements`): a file with an impossible value is unusable
/// input whose error names the JSON path and the valid range. What relates one
/// section to another is the document's `Invariant`, checked after decoding.
/// Writing encodes, reads the bytes back through the same checks, and only then
/// puts the file in place: nothing is written that could not be read.
public protocol VersionedDocument: Invariant {
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
            return
                "\(documentName) \(path) is not a valid SpringBench \(documentName) (\(detail)); regenerate it with \(remedy)"
        case .impossible(let detail):
            return "\(documentName) \(path): \(detail); regenerate it with \(remedy)"
        case .wrongSchema(let found, let expected):
            return
                "\(documentName) \(path) has schema \"\(found)\", this springbench reads \"\(expected)\"; regenerate it with \(remedy)"
        }
    }
}

extension VersionedDocument {
    /// Pretty-printed JSON with sorted keys (stable diffs for committed files).
    /// Not checked: ``validatedEncoding()`` is what a writer uses.
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// The document's JSON, after reading it back through every check a
    /// reader applies; the problem (a JSON path and its valid range) otherwise.
    public func validatedEncoding() -> Result<Data, ImpossibleDocument> {
        let data: Data
        do {
            data = try encoded()
        } catch let error as EncodingError {
            if case .invalidValue(let value, let context) = error {
                return .failure(
                    ImpossibleDocument(
                        detail: "\(DocumentPath.text(context.codingPath)) = \(value) cannot be written as JSON"))
            }
            return .failure(ImpossibleDocument(detail: "\(error)"))
        } catch {
            return .failure(ImpossibleDocument(detail: "\(error)"))
        }
        switch Self.decodeChecked(data) {
        case .success: return .success(data)
        case .failure(let problem): return .failure(problem)
        }
    }

    /// Writes through an `OutputTransaction`: a reader sees the old file or
    /// the new one, never a part, and a refused or interrupted write leaves
    /// nothing behind. A document with an impossible value is refused, not stored.
    public func write(to target: OutputTarget) throws {
        try staged(to: target).commit()
    }

    /// The document staged for `target`, for a command that commits it
    /// together with its other outputs (`OutputTransaction.commit(_:)`).
    public func staged(to target: OutputTarget) throws -> OutputTransaction {
        switch validatedEncoding() {
        case .success(let data):
            let transaction = try OutputTransaction(target)
            try transaction.write(data)
            return transaction
        case .failure(let problem):
            throw DocumentFileError(
                path: target.display, problem: .impossible(detail: problem.detail),
                documentName: Self.documentName, makingCommand: Self.makingCommand)
        }
    }

    /// Writes to `path` (resolved and checked first; `option` names it in errors).
    public func write(to path: String, option: String = "output") throws {
        try write(to: OutputTarget.file(path, option: option))
    }

    /// Decodes `data` with every check: values by their types, then the
    /// document's invariant.
    public static func decodeChecked(_ data: Data) -> Result<Self, ImpossibleDocument> {
        let document: Self
        do {
            document = try JSONDecoder().decode(Self.self, from: data)
        } catch {
            return .failure(ImpossibleDocument(detail: DocumentPath.describe(error)))
        }
        if let violation = document.invariantViolation { return .failure(ImpossibleDocument(detail: violation)) }
        return .success(document)
    }

    /// Reads a file and checks its schema and every value.
    public static func load(from path: String) throws(DocumentFileError) -> Self {
        func failure(_ problem: DocumentFileError.Problem) -> DocumentFileError {
            DocumentFileError(path: path, problem: problem, documentName: documentName, makingCommand: makingCommand)
        }
        let data: Data
        switch InputFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(.missing): throw failure(.missing)
        case .failure(let problem): throw failure(.corrupt(detail: problem.description))
        }
        guard let header = try? JSONDecoder().decode(SchemaHeader.self, from: data) else {
            throw failure(.corrupt(detail: "not JSON with a \"schema\" field"))
        }
        guard header.schema == currentSchema else {
            throw failure(.wrongSchema(found: header.schema, expected: currentSchema))
        }
        switch decodeChecked(data) {
        case .success(let document): return document
        case .failure(let problem): throw failure(.impossible(detail: problem.detail))
        }
    }
}

/// Why a document cannot be used: a JSON path and what is wrong there.
public struct ImpossibleDocument: Error, Equatable, CustomStringConvertible {
    public var detail: String
    public var description: String { detail }
}

/// The one field every versioned document has.
private struct SchemaHeader: Decodable {
    var schema: String
}
