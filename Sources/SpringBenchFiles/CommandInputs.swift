import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// The files one command reads, so that none of its outputs can replace one.
///
/// `history export --output` naming the history itself used to replace the
/// database with a CSV, and `export-results` overwrote its own input, also
/// through a symbolic link (issue 39). Every document read through
/// ``InputFile/read(_:)`` is registered here by its file identity (device and
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

    private let files = Mutex<[Identity: String]>([:])

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

    /// What the command read at `path`, when it is one of its inputs.
    public static func input(at path: String) -> String? {
        guard let current, let identity = identity(path) else { return nil }
        return current.files.withLock { $0[identity] }
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
