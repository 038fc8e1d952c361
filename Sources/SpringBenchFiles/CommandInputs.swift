import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The files one command reads, so that none of its outputs can replace one.
///
/// `history export --output` naming the history itself used to replace the
/// database with a CSV, and `export-results` overwrote its own input, also
/// through a symbolic link (issue 39). Every document read through
/// `InputFile.read(_:)` is registered here by its file identity (device and
/// inode, so links, `..` and hard links all count), and so are the inputs no
/// document reader sees (the history database, other builds' executables,
/// loops libraries, samplers: ``register(_:as:)``). An ``OutputTransaction``
/// refuses to replace or append to a registered file when it commits, naming
/// its option and the file; commands also check their explicit inputs against
/// their outputs before any work (``refuse(_:ifInput:)``).
///
/// Only a command records inputs: `springbench` (and `SpringBenchCLI.run` in
/// process) binds a registry of its own to ``$current`` for the command it
/// runs, so concurrent runs never see each other's inputs, and a program using
/// the libraries, which binds none, may read a file and write it again.
public final class CommandInputs: Sendable {
    struct Identity: Hashable {
        var device: UInt64
        var inode: UInt64
    }

    /// A file by its directory's identity and its name: one that may not exist yet.
    struct Location: Hashable {
        var directory: Identity
        var name: String
    }

    private let files = Mutex<[Identity: String]>([:])
    private let locations = Mutex<[Location: String]>([:])

    public init() {}

    /// The running command's registry; nil outside a command (nothing is recorded or refused).
    @TaskLocal public static var current: CommandInputs?

    /// The identity of the file `path` names (links followed), or nil when there is none.
    static func identity(_ path: String) -> Identity? {
        var status = stat()
        guard !path.isEmpty, stat(path, &status) == 0 else { return nil }
        return Identity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
    }

    /// Registers the file at `path` as an input, described as `role` ("the
    /// history --database", "an input file") in the message that refuses an output over it.
    public static func register(_ path: String, as role: String) {
        guard let current, let identity = identity(path) else { return }
        current.files.withLock { if $0[identity] == nil { $0[identity] = "\(role) \(path)" } }
    }

    /// The location of `path`: its directory's identity and its last component.
    static func location(_ path: String) -> Location? {
        let trimmed = path.hasSuffix("/") ? String(path.dropLast()) : path
        guard let slash = trimmed.lastIndex(of: "/") else {
            return identity(".").map { Location(directory: $0, name: trimmed) }
        }
        let directory = slash == trimmed.startIndex ? "/" : String(trimmed[..<slash])
        let name = String(trimmed[trimmed.index(after: slash)...])
        guard !name.isEmpty else { return nil }
        return identity(directory).map { Location(directory: $0, name: name) }
    }

    /// Registers the files that belong to the input at `path` whether or not
    /// they exist yet — an SQLite database's `-journal`, `-wal` and `-shm` —
    /// by directory and name, beside `path` as given and as its links resolve.
    /// `display` is the path as the user gave it, for the message.
    public static func register(companionsOf path: String, shownAs display: String, suffixes: [String], as role: String)
    {
        guard let current else { return }
        var paths = [path]
        if let resolved = realpath(path, nil) {
            paths.append(String(cString: resolved))
            free(resolved)
        }
        for base in paths {
            for suffix in suffixes {
                guard let location = location(base + suffix) else { continue }
                current.locations.withLock { if $0[location] == nil { $0[location] = "\(role) \(display)\(suffix)" } }
            }
        }
    }

    /// What the command read at `path`, when it is one of its inputs (or a
    /// companion of one: ``register(companionsOf:shownAs:suffixes:as:)``).
    public static func input(at path: String) -> String? {
        guard let current else { return nil }
        if let identity = identity(path), let input = current.files.withLock({ $0[identity] }) { return input }
        guard let location = location(path) else { return nil }
        return current.locations.withLock { $0[location] }
    }

    /// Throws when the existing file at `output` is the same file as any of
    /// `inputs` (options and paths), before any work; nothing is registered.
    public static func refuse(
        _ output: (option: String, path: String), ifInput inputs: [(option: String, path: String)]
    )
        throws(OutputError)
    {
        guard let target = identity(output.path) else { return }
        for input in inputs where identity(input.path) == target {
            throw OutputError(
                option: output.option, path: output.path,
                reason:
                    "is \(input.option)'s file \(input.path); an output may never replace one of the command's inputs")
        }
    }
}
