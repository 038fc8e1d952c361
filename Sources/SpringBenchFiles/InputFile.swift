import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads the files a command is given: whole, regular files only, bounded.
public enum InputFile {
    /// Why an input file could not be read.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case missing
        case notRegular(String)
        case tooLarge(bytes: Int, limit: Int)
        case unreadable(String)

        public var description: String {
            switch self {
            case .missing: return "does not exist"
            case .notRegular(let kind): return "is \(kind), not a file"
            case .tooLarge(let bytes, let limit):
                return "holds \(bytes) bytes, more than the \(limit) a document may hold"
            case .unreadable(let reason): return "cannot be read (\(reason))"
            }
        }
    }

    /// The largest document read: 1 GiB (a full sweep's results are a few MiB).
    public static let byteLimit = 1 << 30

    /// The bytes of the regular file at `path` (symbolic links followed);
    /// when `asInput`, the file is registered as one of the command's inputs
    /// (``CommandInputs``), so that no output of the command replaces it.
    public static func read(_ path: String, asInput: Bool = true) -> Result<Data, Problem> {
        guard !path.isEmpty else { return .failure(.missing) }
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            return .failure(errno == ENOENT ? .missing : .unreadable(String(cString: strerror(errno))))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return .failure(.unreadable(String(cString: strerror(errno)))) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: return .failure(.notRegular("a directory"))
        default: return .failure(.notRegular("a device, socket or pipe"))
        }
        guard Int(status.st_size) <= byteLimit else {
            return .failure(.tooLarge(bytes: Int(status.st_size), limit: byteLimit))
        }
        var data = Data(count: Int(status.st_size))
        var offset = 0
        let failure: Problem? = data.withUnsafeMutableBytes { buffer in
            while offset < buffer.count {
                let count = Glibc.read(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if count < 0, errno == EINTR { continue }
                if count < 0 { return .unreadable(String(cString: strerror(errno))) }
                if count == 0 { break }
                offset += count
            }
            return nil
        }
        if let failure { return .failure(failure) }
        if asInput { CommandInputs.register(path, as: "the input file") }
        return .success(data.prefix(offset))
    }
}
