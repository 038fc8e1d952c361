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
        let url = URL(fileURLWithPath: path)
        let directory = url.deletingLastPathComponent().path
        do {
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        } catch {
            throw WriteError(path: path, reason: "cannot create directory \(directory): \(error.localizedDescription)")
        }
        var template = Array("\(directory)/.\(url.lastPathComponent).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
        let temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var finished = false
        defer {
            if !finished { unlink(temporary) }
        }
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
        }
        fchmodat(AT_FDCWD, temporary, 0o644, 0)
        guard rename(temporary, path) == 0 else {
            throw WriteError(path: path, reason: String(cString: strerror(errno)))
        }
        finished = true
    }
}
