import Benchmarking
import Foundation

/// Writes rendered reports under a reports directory, the whole set or nothing.
///
/// Every file (the Markdown and its plots) is first written and flushed under a
/// temporary name (``AtomicFile/stage(_:for:)``); only when all of them are
/// staged are they renamed into place, attachments before the Markdown that
/// links to them. A failure while staging (a full disk, an unwritable path)
/// leaves every previous file untouched: never new plots beside old Markdown.
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
    ///   leaves the directory, or the directory is empty or the filesystem root;
    ///   ``AtomicFile/WriteError`` if a file cannot be written (then no file of
    ///   the set has been replaced).
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
        guard !directory.isEmpty, URL(fileURLWithPath: directory).standardizedFileURL.path != "/" else {
            throw DirectoryError(directory: directory)
        }
        var staged: [AtomicFile.Staged] = []
        do {
            for (path, contents) in files {
                let target = directory.hasSuffix("/") ? directory + path : directory + "/" + path
                staged.append(try AtomicFile.stage(Data(contents.utf8), for: target))
            }
        } catch {
            staged.forEach { $0.discard() }
            throw error
        }
        for file in staged { try file.commit() }
        return staged.map(\.target)
    }

    /// An empty reports directory or the filesystem root.
    public struct DirectoryError: Error, Equatable, CustomStringConvertible {
        public var directory: String
        public var description: String {
            "the reports directory must not be empty or the filesystem root (got \"\(directory)\")"
        }
    }

    static func isSafe(_ path: String) -> Bool {
        !path.isEmpty && !path.hasPrefix("/") && !path.split(separator: "/", omittingEmptySubsequences: false)
            .contains { $0 == ".." || $0.isEmpty }
    }
}
