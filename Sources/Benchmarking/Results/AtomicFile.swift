#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Writes files whole or not at all: the bytes go to a temporary file in the
/// same directory, are flushed to disk, and only then renamed over the target
/// (rename(2) is atomic within a file system). An interrupted or failed write
/// leaves the previous file untouched and removes the temporary.
public enum AtomicFile {
    public struct WriteError: Error, CustomStringConvertible {
        public var path: String
        public var reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Writes `data` to `path` atomically, creating the parent directory.
    public static func write(_ data: Data, to path: String) throws {
        try write(chunks: [data], to: path)
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    public static func write(_ text: String, to path: String) throws {
        try write(Data(text.utf8), to: path)
    }

    /// Writes the chunks in order to `path` atomically. If producing a chunk
    /// throws, the target is not touched.
    public static func write<Chunks: Sequence>(chunks: Chunks, to path: String) throws where Chunks.Element == Data {
        try stage(chunks: chunks, for: path).commit()
    }

    /// A file written and flushed under a temporary name beside its target,
    /// not yet in place: ``commit()`` renames it over the target, ``discard()``
    /// removes it. Staging every file of a set before committing any is how a
    /// set of files (a report and its plots) replaces the previous set whole.
    public final class Staged {
        public let target: String
        let temporary: String
        private var done = false

        init(target: String, temporary: String) {
            self.target = target
            self.temporary = temporary
        }

        /// Puts the file in place (rename(2), atomic within a file system).
        public func commit() throws {
            guard !done else { return }
            guard rename(temporary, target) == 0 else {
                let reason = String(cString: strerror(errno))
                discard()
                throw WriteError(path: target, reason: reason)
            }
            done = true
        }

        /// Removes the temporary file; the target keeps its old contents.
        public func discard() {
            guard !done else { return }
            unlink(temporary)
            done = true
        }

        deinit { discard() }
    }

    /// Writes `data` under a temporary name beside `path` (a symbolic link at
    /// `path` is written through: the staged file replaces its destination).
    public static func stage(_ data: Data, for path: String) throws -> Staged {
        try stage(chunks: [data], for: path)
    }

    public static func stage<Chunks: Sequence>(chunks: Chunks, for path: String) throws -> Staged where Chunks.Element == Data {
        guard !path.isEmpty else { throw WriteError(path: path, reason: "the path is empty") }
        let path = resolvingFinalSymlink(path)
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw WriteError(path: path, reason: "it is a directory")
        }
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create directory \(directory): \(error.localizedDescription)")
        }
        var template = Array("\(directory)/.\(url.lastPathComponent).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let staged = Staged(target: path, temporary: temporary)
        do {
            defer { close(descriptor) }
            for chunk in chunks {
                try chunk.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let written = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                        if written < 0 {
                            if errno == EINTR { continue }
                            throw WriteError(path: path, reason: String(cString: strerror(errno)))
                        }
                        offset += written
                    }
                }
            }
            guard fsync(descriptor) == 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        } catch {
            staged.discard()
            throw error
        }
        fchmodat(AT_FDCWD, temporary, 0o644, 0)
        return staged
    }

    /// `path`, or where it points when it is a symbolic link (followed up to 32 times).
    static func resolvingFinalSymlink(_ path: String) -> String {
        var current = path
        for _ in 0..<32 {
            guard let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = destination.hasPrefix("/")
                ? destination
                : (URL(fileURLWithPath: current).deletingLastPathComponent().path + "/" + destination)
        }
        return current
    }
}
