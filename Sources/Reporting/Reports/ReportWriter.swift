import Benchmarking
import Foundation
import SpringBenchFiles

/// Writes rendered reports under a reports directory, the whole set or nothing.
///
/// Every file (the Markdown and its plots) is staged beside the directory and
/// the set is moved into place by one `OutputTransaction`: a failure while
/// staging (a full disk, an unwritable path) or an interrupt leaves every
/// previous file untouched — never new plots beside old Markdown — and a
/// directory that did not exist is not created.
public enum ReportWriter {
    public struct PathError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var description: String {
            "report path \"\(path)\" must be relative, non-empty and stay inside the reports directory"
        }
    }

    /// Writes every document and its attachments into `target` and returns the
    /// paths written (as the target was given), attachments first.
    ///
    /// - Throws: ``PathError`` before writing anything if a path is absolute or
    ///   leaves the directory; `OutputError` if a file cannot be written
    ///   (then no file of the set has been replaced).
    @discardableResult
    public static func write(_ documents: [ReportDocument], to target: OutputTarget) throws -> [String] {
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
        let transaction = try OutputTransaction(target)
        for (path, contents) in files {
            try transaction.write(Data(contents.utf8), at: path)
        }
        return try transaction.commit()
    }

    /// Writes into the directory `directory` (resolved and checked first).
    @discardableResult
    public static func write(_ documents: [ReportDocument], to directory: String, option: String = "output directory")
        throws -> [String]
    {
        try write(documents, to: OutputTarget.directory(directory, option: option))
    }

    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/")
            && !path.split(separator: "/", omittingEmptySubsequences: false)
                .contains { $0 == ".." || $0.isEmpty || $0 == "." }
    }
}
