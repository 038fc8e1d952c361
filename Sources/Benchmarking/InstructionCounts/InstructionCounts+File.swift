import Foundation

/// Why an instruction-count file could not be used; each message says how to remake it.
public enum InstructionCountsFileError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case corrupt(path: String, detail: String)
    case wrongSchema(path: String, found: String, expected: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "instruction-count file \(path) does not exist; create it with `springbench instructions --output \(path)`"
        case .corrupt(let path, let detail):
            return "instruction-count file \(path) is not a valid SpringBench instruction-count file (\(detail)); regenerate it with `springbench instructions --output \(path)`"
        case .wrongSchema(let path, let found, let expected):
            return "instruction-count file \(path) has schema \"\(found)\", this springbench reads \"\(expected)\"; regenerate it with `springbench instructions --output \(path)`"
        }
    }
}

extension InstructionCounts {
    /// Pretty-printed JSON with sorted keys (stable diffs for a committed baseline).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Writes atomically, like ``BenchmarkResults/write(to:)``.
    public func write(to path: String) throws {
        try AtomicFile.write(encoded(), to: path)
    }

    /// Reads and checks an instruction-count file.
    public static func load(from path: String) throws(InstructionCountsFileError) -> InstructionCounts {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .missing(path: path)
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw .corrupt(path: path, detail: "cannot be read")
        }
        struct SchemaOnly: Decodable { var schema: String }
        guard let header = try? JSONDecoder().decode(SchemaOnly.self, from: data) else {
            throw .corrupt(path: path, detail: "not JSON with a \"schema\" field")
        }
        guard header.schema == currentSchema else {
            throw .wrongSchema(path: path, found: header.schema, expected: currentSchema)
        }
        do {
            return try JSONDecoder().decode(InstructionCounts.self, from: data)
        } catch {
            throw .corrupt(path: path, detail: "\(error)")
        }
    }
}
