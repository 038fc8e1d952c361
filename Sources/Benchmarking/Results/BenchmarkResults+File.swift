import Foundation

/// Why a results file could not be used.
public enum ResultsFileError: Error, Equatable, CustomStringConvertible {
    case missing(path: String)
    case corrupt(path: String, detail: String)
    case wrongSchema(path: String, found: String, expected: String)

    public var description: String {
        switch self {
        case .missing(let path):
            return "results file \(path) does not exist; create it with `springbench bench --output \(path)`"
        case .corrupt(let path, let detail):
            return "results file \(path) is not a valid SpringBench results file (\(detail)); regenerate it with `springbench bench --output \(path)`"
        case .wrongSchema(let path, let found, let expected):
            return "results file \(path) has schema \"\(found)\", this springbench reads \"\(expected)\"; regenerate it with `springbench bench --output \(path)`"
        }
    }
}

extension BenchmarkResults {
    /// Encodes as pretty-printed JSON with sorted keys (stable diffs).
    public func encoded() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        return try encoder.encode(self)
    }

    /// Writes the results atomically: a reader sees the old file or the new one, never a part.
    public func write(to path: String) throws {
        try AtomicFile.write(encoded(), to: path)
    }

    /// Reads and checks a results file.
    public static func load(from path: String) throws(ResultsFileError) -> BenchmarkResults {
        guard FileManager.default.fileExists(atPath: path) else { throw .missing(path: path) }
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
            return try JSONDecoder().decode(BenchmarkResults.self, from: data)
        } catch {
            throw .corrupt(path: path, detail: "\(error)")
        }
    }
}
