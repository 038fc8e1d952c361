import Foundation
import SpringBenchFiles

/// Named results kept as files in one directory (`Benchmarks/baselines/` by
/// default) for `springbench compare`: each baseline is a results or
/// instruction-count file, `NAME.json`.
///
/// ```swift
/// let store = BaselineStore()
/// try BaselineStore.validate(name: "main")
/// try store.save(.wallClock(results), to: try OutputTarget.file(store.path(of: "main"), option: "--output-directory"))
/// let path = try store.resolve("main")  // Benchmarks/baselines/main.json
/// ```
public struct BaselineStore: Sendable {
    /// Where baselines live unless a directory is given.
    public static let defaultDirectory = "Benchmarks/baselines"

    /// The directory that holds the baselines.
    public var directory: String

    public init(directory: String = BaselineStore.defaultDirectory) {
        self.directory = directory
    }

    /// A name or an argument the store refuses; the description says why.
    public struct Refusal: Error, Equatable, CustomStringConvertible {
        public var description: String

        public init(_ description: String) {
            self.description = description
        }
    }

    /// Checks that `name` can name a baseline: it becomes a file name, so
    /// letters, digits, '-', '_' and '.', not starting with a dot.
    public static func validate(name: String) throws(Refusal) {
        let allowed = CharacterSet.alphanumerics.union(CharacterSet(charactersIn: "-_."))
        guard !name.isEmpty, !name.hasPrefix("."), name.unicodeScalars.allSatisfy(allowed.contains) else {
            throw Refusal("baseline name \"\(name)\" must be letters, digits, '-', '_' or '.' (it becomes a file name)")
        }
    }

    /// The file of baseline `name`.
    public func path(of name: String) -> String {
        directory.hasSuffix("/") ? "\(directory)\(name).json" : "\(directory)/\(name).json"
    }

    /// What a `compare` argument names: an existing file, a `.json` path or
    /// a path with a directory as given; otherwise the baseline of that name.
    ///
    /// - Throws: ``Refusal`` naming the baselines there are, when no baseline has that name.
    public func resolve(_ argument: String) throws(Refusal) -> String {
        if FileManager.default.fileExists(atPath: argument) || argument.hasSuffix(".json") || argument.contains("/") {
            return argument
        }
        let path = "\(directory)/\(argument).json"
        guard FileManager.default.fileExists(atPath: path) else {
            let known =
                (try? FileManager.default.contentsOfDirectory(atPath: directory))?
                .filter { $0.hasSuffix(".json") }.map { String($0.dropLast(5)) }.sorted() ?? []
            throw Refusal(
                "no baseline named \"\(argument)\" (looked for \(path); known: \(known.isEmpty ? "none" : known.joined(separator: ", "))); create it with `springbench baseline save \(argument)` or pass a results file"
            )
        }
        return path
    }

    /// Stores `document` as a baseline at `target`, resolved from
    /// ``path(of:)``; the document is checked as it is written.
    public func save(_ document: ResultsDocument, to target: OutputTarget) throws {
        try document.write(to: target)
    }

    /// One stored baseline.
    public struct Entry {
        /// The baseline's name (its file name without `.json`).
        public var name: String
        /// Its contents; nil when the file does not load.
        public var document: ResultsDocument?
    }

    /// The stored baselines, by name; none when the directory cannot be read.
    public func list() -> [Entry] {
        let files =
            (try? FileManager.default.contentsOfDirectory(atPath: directory))?
            .filter { $0.hasSuffix(".json") }.sorted() ?? []
        return files.map { file in
            Entry(name: String(file.dropLast(5)), document: try? ResultsDocument.load(from: "\(directory)/\(file)"))
        }
    }
}
