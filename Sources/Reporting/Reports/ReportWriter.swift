import Benchmarking
import Foundation

/// Writes rendered reports under a reports directory, every file whole or not at all.
///
/// Each file goes through ``AtomicFile`` (temporary file, `fsync`, `rename`), so
/// an interrupted or failing write leaves the previous version of that file in
/// place. Attachments are written before the Markdown that links to them, so a
/// report never points at a plot that was not written.
public enum ReportWriter {
    public struct PathError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var description: String {
            "report path \"\(path)\" must be relative, non-empty and stay inside the reports directory"
        }
    }

    /// Writes every document and its attachments under `directory` (created if
    /// needed) and returns the paths written, in the order written.
    ///
    /// - Throws: ``PathError`` before writing anything if a path is absolute or
    ///   leaves the directory; ``AtomicFile/WriteError`` if a file cannot be written
    ///   (files written before it stay written; the failing one keeps its old contents).
    @discardableResult
    public static func write(_ documents: [ReportDocument], to directory: String) throws -> [String] {
        var files: [(String, String)] = []
        for document in documents {
            for path in document.attachments.keys.sorted() {
                files.append((path, document.attachments[path]!))
            }
        }
        files += documents.map { ($0.path, $0.markdown) }
        for (path, _) in files where !isSafe(path) {
            throw PathError(path: path)
        }
        var written: [String] = []
        for (path, contents) in files {
            let target = directory.hasSuffix("/") ? directory + path : directory + "/" + path
            try AtomicFile.write(contents, to: target)
            written.append(target)
        }
        return written
    }

    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false)
            .contains { $0 == ".." || $0.isEmpty }
    }
}
