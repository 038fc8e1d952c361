import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command will write, resolved and checked before any work starts.
///
/// Resolution is physical where the path exists and lexical where it does not:
/// the nearest existing ancestor is canonicalised (`realpath`, so symbolic
/// links in it are followed), the directories still to be made are the
/// components after it, and a file's final symbolic link is followed to its
/// destination (a dangling link creates its destination; a loop is an error).
/// Nothing is created here: directories appear only when an
/// ``OutputTransaction`` commits.
public struct OutputTarget: Sendable, CustomStringConvertible {
    public enum Kind: Sendable { case file, directory }

    /// The option that named the target, e.g. `--output`, for messages.
    public let option: String
    /// The path as the user gave it (messages print this, never the absolute path).
    public let display: String
    public let kind: Kind
    /// The nearest directory on the way that exists, canonical.
    public let existingAncestor: FilePath
    /// Directories to create below ``existingAncestor``, in order.
    public let missing: [FilePath.Component]
    /// The file's name (file targets only).
    public let fileName: FilePath.Component?

    /// The directory the files go into (made on commit when missing).
    public var directory: FilePath { existingAncestor.appending(missing) }
    /// The file itself, or the directory for a directory target.
    public var path: FilePath { fileName.map { directory.appending($0) } ?? directory }
    public var description: String { display }

    /// Resolves the file `given` for `option`.
    public static func file(_ given: String, option: String) throws(OutputError) -> OutputTarget {
        try resolve(given, option: option, kind: .file)
    }

    /// Resolves the directory `given` for `option`; the filesystem root is refused.
    public static func directory(_ given: String, option: String) throws(OutputError) -> OutputTarget {
        try resolve(given, option: option, kind: .directory)
    }

    /// Symbolic links followed for one target before it counts as a loop (Linux's own limit).
    static let symbolicLinkLimit = 40

    private static func resolve(_ given: String, option: String, kind: Kind) throws(OutputError) -> OutputTarget {
        func failure(_ reason: String) -> OutputError { OutputError(option: option, path: given, reason: reason) }
        guard !given.isEmpty else { throw OutputError(option: option, path: given, reason: "must not be empty") }
        guard !given.utf8.contains(0) else { throw failure("contains a NUL byte") }
        var current = absolute(FilePath(given))
        for _ in 0...symbolicLinkLimit {
            if kind == .file {
                guard let name = current.lastComponent, name.kind == .regular else {
                    throw failure("names a directory; give a file path")
                }
                let (ancestor, missing) = try existingAncestor(of: current.removingLastComponent(), failure)
                let candidate = ancestor.appending(missing).appending(name)
                if missing.isEmpty, let destination = symbolicLinkDestination(candidate) {
                    current = destination.isAbsolute ? destination : ancestor.pushing(destination)
                    continue
                }
                if missing.isEmpty, isDirectory(candidate) { throw failure("is a directory; give a file path") }
                if missing.isEmpty, let kind = specialFileKind(candidate) {
                    // Renaming over a device would replace it (as root, /dev/null itself).
                    throw failure("is \(kind), not a regular file; give a file path")
                }
                let target = OutputTarget(
                    option: option, display: given, kind: kind, existingAncestor: ancestor,
                    missing: missing, fileName: name)
                try target.checkLimitsAndPermissions(failure)
                return target
            } else {
                let (ancestor, missing) = try existingAncestor(of: current, failure)
                if missing.isEmpty, ancestor == FilePath("/") {
                    throw failure("is the filesystem root; refusing to write reports there")
                }
                let target = OutputTarget(
                    option: option, display: given, kind: kind, existingAncestor: ancestor,
                    missing: missing, fileName: nil)
                try target.checkLimitsAndPermissions(failure)
                return target
            }
        }
        throw failure("is a loop of symbolic links (more than \(symbolicLinkLimit) followed)")
    }

    /// `path` against the working directory when relative.
    static func absolute(_ path: FilePath) -> FilePath {
        if path.isAbsolute { return path }
        guard let cwd = getcwd(nil, 0) else { return FilePath("/").pushing(path) }
        defer { free(cwd) }
        return FilePath(String(cString: cwd)).pushing(path)
    }

    /// The nearest existing directory at or above `path` (canonical), and the
    /// components below it still to be made.
    private static func existingAncestor(
        of path: FilePath, _ failure: (String) -> OutputError
    ) throws(OutputError) -> (FilePath, [FilePath.Component]) {
        var missing: [FilePath.Component] = []
        var current = path
        while true {
            var status = stat()
            let found = current.withPlatformString { stat($0, &status) } == 0
            if found {
                guard status.st_mode & S_IFMT == S_IFDIR else {
                    throw failure("\(current.lastComponent.map { $0.string } ?? current.string) is not a directory")
                }
                guard let canonical = current.withPlatformString({ realpath($0, nil) }) else {
                    throw failure(
                        "cannot resolve \(current.lastComponent?.string ?? "/"): \(String(cString: strerror(errno)))")
                }
                defer { free(canonical) }
                let tail = missing.reversed().filter { $0.kind != .currentDirectory }
                if tail.contains(where: { $0.kind == .parentDirectory }) {
                    throw failure("goes up (..) out of a directory that does not exist")
                }
                return (FilePath(String(cString: canonical)), Array(tail))
            }
            switch errno {
            case ENOENT:
                // A dangling symbolic link on the way is a directory to make at its destination.
                if let destination = symbolicLinkDestination(current) {
                    let next =
                        destination.isAbsolute ? destination : current.removingLastComponent().pushing(destination)
                    if missing.count > symbolicLinkLimit { throw failure("is a loop of symbolic links") }
                    current = next
                    continue
                }
            case ELOOP: throw failure("is a loop of symbolic links")
            case ENOTDIR: break
            case ENAMETOOLONG: throw failure("is longer than the filesystem allows")
            default: throw failure("cannot be examined: \(String(cString: strerror(errno)))")
            }
            guard let last = current.lastComponent else { throw failure("has no existing directory above it") }
            missing.append(last)
            current = current.removingLastComponent()
        }
    }

    /// Where the symbolic link at `path` points, or nil when `path` is not one.
    static func symbolicLinkDestination(_ path: FilePath) -> FilePath? {
        var status = stat()
        guard path.withPlatformString({ lstat($0, &status) }) == 0, status.st_mode & S_IFMT == S_IFLNK else {
            return nil
        }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = path.withPlatformString { readlink($0, &buffer, buffer.count - 1) }
        guard count > 0 else { return nil }
        return FilePath(String(decoding: buffer.prefix(count).map { UInt8(bitPattern: $0) }, as: UTF8.self))
    }

    /// "a device", "a pipe" or "a socket" when `path` is one (links followed).
    static func specialFileKind(_ path: FilePath) -> String? {
        var status = stat()
        guard path.withPlatformString({ stat($0, &status) }) == 0 else { return nil }
        switch status.st_mode & S_IFMT {
        case S_IFCHR, S_IFBLK: return "a device"
        case S_IFIFO: return "a pipe"
        case S_IFSOCK: return "a socket"
        default: return nil
        }
    }

    static func isDirectory(_ path: FilePath) -> Bool {
        var status = stat()
        return path.withPlatformString { stat($0, &status) } == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Names within NAME_MAX, the whole path within PATH_MAX, and the existing
    /// ancestor writable (write and search permission, not a read-only mount).
    private func checkLimitsAndPermissions(_ failure: (String) -> OutputError) throws(OutputError) {
        let nameLimit = existingAncestor.withPlatformString { pathconf($0, Int32(_PC_NAME_MAX)) }
        let pathLimit = existingAncestor.withPlatformString { pathconf($0, Int32(_PC_PATH_MAX)) }
        let names = missing + (fileName.map { [$0] } ?? [])
        // Staged files keep their names (only their directory differs).
        let longestName = nameLimit > 0 ? nameLimit : 255
        for name in names where name.string.utf8.count > longestName {
            throw failure(
                "the name \(name.string.prefix(40))… has \(name.string.utf8.count) bytes; this filesystem allows \(longestName)"
            )
        }
        let length = path.string.utf8.count + OutputTransaction.stagingPathRoom
        let limit = pathLimit > 0 ? pathLimit : Int(PATH_MAX)
        if length >= limit {
            throw failure(
                "the path is \(path.string.utf8.count) bytes; this filesystem allows \(limit - 1 - OutputTransaction.stagingPathRoom)"
            )
        }
        guard existingAncestor.withPlatformString({ access($0, W_OK | X_OK) }) == 0 else {
            let reason = String(cString: strerror(errno))
            let place = existingAncestor.lastComponent?.string ?? "/"
            throw failure(
                missing.isEmpty
                    ? "the directory is not writable (\(reason))"
                    : "cannot create it: \(place) is not writable (\(reason))")
        }
        // Permissions are not the whole story (root, sysfs, some mounts): make
        // and remove the staging directory's kind of entry where it would go.
        var template = Array(existingAncestor.appending(".springbench-probe-XXXXXX").string.utf8CString)
        let probe: String? = InterruptCleanup.uninterruptible {
            template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }.map { made in
                let path = String(cString: made)
                rmdir(path)
                return path
            }
        }
        if probe == nil {
            let reason = String(cString: strerror(errno))
            let place = existingAncestor.lastComponent?.string ?? "/"
            throw failure(
                missing.isEmpty
                    ? "cannot write in the directory (\(reason))"
                    : "cannot create it: cannot write in \(place) (\(reason))")
        }
    }
}

/// An output location that cannot be used: the option, the path as given, why.
public struct OutputError: Error, Equatable, CustomStringConvertible {
    public var option: String
    public var path: String
    public var reason: String

    public init(option: String, path: String, reason: String) {
        self.option = option
        self.path = path
        self.reason = reason
    }

    public var description: String {
        path.isEmpty ? "\(option): \(reason)" : "\(option) \(Self.shortened(path)): \(reason)"
    }

    /// A path of more than 100 characters with its middle left out (messages stay one readable line).
    static func shortened(_ path: String) -> String {
        guard path.count > 100 else { return path }
        return "\(path.prefix(48))…\(path.suffix(48)) (\(path.utf8.count) bytes)"
    }
}
