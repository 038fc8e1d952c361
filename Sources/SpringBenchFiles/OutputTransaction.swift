import Foundation
import SystemPackage

#if canImport(Glibc)
    import Glibc
#endif

/// A command's output written whole or not at all.
///
/// Files are written and flushed into a staging directory made beside the
/// target (in its nearest existing ancestor, so every move is a rename within
/// one filesystem) and moved into place by ``commit()``:
/// - under an advisory lock (`flock`) on the target's directory, so concurrent
///   writers to one file or directory are serialised: appends are never lost
///   and two sets are never mixed;
/// - with interrupts held off (``InterruptCleanup``), so SIGINT or SIGTERM
///   leaves the old set or the new one;
/// - a missing target directory appears by one rename of the staged tree, so
///   a refused, failed or interrupted run creates no directory at all;
/// - when a move fails half way, the files already moved are put back.
///
/// Until it commits, nothing outside the staging directory changes; the
/// staging directory is removed on every path (commit, error, deinit, signal).
public final class OutputTransaction {
    public let target: OutputTarget
    private let staging: FilePath
    /// Where staged files go: `staging/tree/<missing…>`.
    private let stagedDirectory: FilePath
    private let cleanupToken: Int
    private var files: [(relative: FilePath, append: Bool)] = []
    private var finished = false

    /// Bytes the staging directory adds to a path ("/.springbench-staging-XXXXXX/tree").
    static let stagingPathRoom = 40

    /// Fault injection for tests: the n-th write (1-based, counted over every
    /// transaction of the task while it is bound: stagings and appends) fails
    /// with ENOSPC, as a full disk would.
    @TaskLocal public static var failingWrite: WriteFault?

    public init(_ target: OutputTarget) throws(OutputError) {
        self.target = target
        var template = Array(target.existingAncestor.appending(".springbench-staging-XXXXXX").string.utf8CString)
        let made: (String, Int)? = InterruptCleanup.uninterruptible {
            guard
                let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({
                    String(cString: $0)
                })
            else { return nil }
            return (made, InterruptCleanup.register(directory: made))
        }
        guard let made else {
            throw OutputError(
                option: target.option, path: target.display,
                reason: "cannot stage files beside it: \(String(cString: strerror(errno)))")
        }
        staging = FilePath(made.0)
        cleanupToken = made.1
        stagedDirectory = staging.appending("tree").appending(target.missing)
        // Every change inside the staging directory happens under the cleanup
        // lock: an interrupt's cleanup (which ends the process holding it)
        // cannot race a write that would recreate what it removed.
        let staged: Bool = InterruptCleanup.uninterruptible {
            (try? FileManager.default.createDirectory(atPath: stagedDirectory.string, withIntermediateDirectories: true))
                != nil
        }
        guard staged else {
            discard()
            throw OutputError(option: target.option, path: target.display, reason: "cannot stage files beside it")
        }
    }

    deinit { discard() }

    /// Stages the file of a file target.
    public func write(_ data: Data) throws(OutputError) {
        precondition(target.kind == .file, "a directory target takes relative paths")
        try stage(FilePath(root: nil, [target.fileName!]), data, append: false)
    }

    /// Stages bytes to append to the file of a file target: at commit, under
    /// the lock, they are added to whatever the file then holds.
    public func append(_ data: Data) throws(OutputError) {
        precondition(target.kind == .file, "a directory target takes relative paths")
        try stage(FilePath(root: nil, [target.fileName!]), data, append: true)
    }

    /// Stages `relative` (e.g. `plots/add.svg`) inside a directory target.
    public func write(_ data: Data, at relative: String) throws(OutputError) {
        precondition(target.kind == .directory, "a file target takes one file")
        let path = FilePath(relative)
        guard !relative.isEmpty, !path.isAbsolute, !path.components.isEmpty,
            path.components.allSatisfy({ $0.kind == .regular })
        else {
            throw OutputError(
                option: target.option, path: target.display,
                reason: "the file name \"\(relative)\" must be relative and stay inside the directory")
        }
        try stage(path, data, append: false)
    }

    private func stage(_ relative: FilePath, _ data: Data, append: Bool) throws(OutputError) {
        let outcome: Result<Void, OutputError> = InterruptCleanup.uninterruptible {
            do throws(OutputError) {
                try stageHoldingLock(relative, data, append: append)
                return .success(())
            } catch {
                return .failure(error)
            }
        }
        try outcome.get()
    }

    private func stageHoldingLock(_ relative: FilePath, _ data: Data, append: Bool) throws(OutputError) {
        precondition(!finished, "a transaction stages before it commits or is discarded")
        let destination = stagedDirectory.pushing(relative)
        do {
            try FileManager.default.createDirectory(
                atPath: destination.removingLastComponent().string, withIntermediateDirectories: true)
        } catch {
            throw failure("cannot stage \(relative): \(error)")
        }
        try writeFile(destination, data)
        files.removeAll { $0.relative == relative }
        files.append((relative, append))
    }

    private func failure(_ reason: String) -> OutputError {
        OutputError(option: target.option, path: target.display, reason: reason)
    }

    /// Writes and flushes one file (mode 0644).
    private func writeFile(_ path: FilePath, _ data: Data) throws(OutputError) {
        if Self.failingWrite?.fails() == true {
            throw failure("cannot write: \(String(cString: strerror(ENOSPC)))")
        }
        let descriptor = path.withPlatformString { open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard descriptor >= 0 else { throw failure("cannot write: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        if let problem = Self.writeAll(data, to: descriptor) { throw failure("cannot write: \(problem)") }
    }

    /// Writes every byte of `data` to `descriptor` (again after EINTR or a
    /// short write) and flushes it with `fsync`; the system's reason on failure.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> String? {
        let problem: String? = data.withUnsafeBytes { bytes in
            var offset = 0
            while offset < bytes.count {
                let count = Glibc.write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
                if count < 0, errno == EINTR { continue }
                if count < 0 { return String(cString: strerror(errno)) }
                offset += count
            }
            return nil
        }
        return problem ?? (fsync(descriptor) == 0 ? nil : String(cString: strerror(errno)))
    }

    /// Moves every staged file into place; returns the paths written, as the
    /// user gave the target (relative paths stay relative).
    @discardableResult
    public func commit() throws(OutputError) -> [String] {
        try Self.commit([self])
    }

    /// Commits every transaction or none: a command's outputs (results,
    /// exports, kept pairs, a summary) are one change. They are moved in
    /// order, under every target directory's lock and with interrupts held
    /// off; when one fails (a full disk, a refused destination), those
    /// already moved are undone, so every target is as it was. Returns every
    /// path written.
    @discardableResult
    public static func commit(_ transactions: [OutputTransaction]) throws(OutputError) -> [String] {
        let result: Result<[String], OutputError> = InterruptCleanup.uninterruptible {
            let locks = DirectoryLocks()
            defer { locks.releaseAll() }
            locks.acquire(transactions.map(\.target.existingAncestor))
            var undos: [() -> Void] = []
            var written: [String] = []
            do throws(OutputError) {
                for transaction in transactions {
                    undos.append(try transaction.apply(holding: locks))
                    written += transaction.written()
                }
                return .success(written)
            } catch {
                for undo in undos.reversed() { undo() }
                return .failure(error)
            }
        }
        for transaction in transactions { transaction.discard() }
        return try result.get()
    }

    /// Puts the staged files in place (the caller holds the interrupt lock
    /// and the target's directory lock); returns what undoes it until the
    /// staging directory is discarded.
    private func apply(holding locks: DirectoryLocks) throws(OutputError) -> () -> Void {
        precondition(!finished, "a transaction commits once")
        if !target.missing.isEmpty, try moveNewTree() {
            let moved = staging.appending("tree").appending(target.missing[0])
            let placed = target.existingAncestor.appending(target.missing[0])
            return {
                _ = placed.withPlatformString { from in moved.withPlatformString { rename(from, $0) } }
            }
        }
        if !target.missing.isEmpty { locks.acquire([target.directory]) }
        return try replaceFiles()
    }

    /// Removes the staging directory; the target is as it was.
    public func discard() {
        InterruptCleanup.uninterruptible {
            guard !finished else { return }
            finished = true
            try? FileManager.default.removeItem(atPath: staging.string)
            InterruptCleanup.unregister(cleanupToken)
        }
    }

    private func written() -> [String] {
        switch target.kind {
        case .file: return [target.display]
        case .directory:
            let base = target.display.hasSuffix("/") ? target.display : target.display + "/"
            return files.map { base + $0.relative.string }
        }
    }

    /// When the target's directory is missing: one rename puts the whole new
    /// tree in place. False when someone made the directory meanwhile.
    private func moveNewTree() throws(OutputError) -> Bool {
        let first = target.missing[0]
        let source = staging.appending("tree").appending(first)
        let destination = target.existingAncestor.appending(first)
        if source.withPlatformString({ from in destination.withPlatformString { rename(from, $0) } }) == 0 {
            syncDirectory(target.existingAncestor)
            return true
        }
        if errno == EEXIST || errno == ENOTEMPTY || errno == ENOTDIR { return false }
        throw failure("cannot create it: \(String(cString: strerror(errno)))")
    }

    /// Replaces files one by one in an existing directory, keeping the old
    /// ones as hard links in the staging directory until the transaction is
    /// discarded; returns what puts them back.
    private func replaceFiles() throws(OutputError) -> () -> Void {
        var createdDirectories: [FilePath] = []
        var moved: [(target: FilePath, backup: FilePath?)] = []
        var appended: [(target: FilePath, length: off_t)] = []
        func rollBack() {
            for entry in appended.reversed() {
                _ = entry.target.withPlatformString { truncate($0, entry.length) }
            }
            for entry in moved.reversed() {
                if let backup = entry.backup {
                    _ = backup.withPlatformString { from in entry.target.withPlatformString { rename(from, $0) } }
                } else {
                    _ = entry.target.withPlatformString { unlink($0) }
                }
            }
            for directory in createdDirectories.reversed() { _ = directory.withPlatformString { rmdir($0) } }
        }
        do throws(OutputError) {
            // No file the command read is replaced or appended to, whatever the paths
            // (CommandInputs): checked for every file before the first move.
            for file in files {
                let destination = target.directory.pushing(file.relative)
                if let input = CommandInputs.input(at: destination.string) {
                    throw OutputError(
                        option: target.option, path: target.kind == .file ? target.display : destination.string,
                        reason: "is \(input); an output may never replace one of the command's inputs")
                }
            }
            // Directories the target still lacks (made by nobody else meanwhile).
            var directory = target.existingAncestor
            for component in target.missing {
                directory.append(component)
                if try makeDirectory(directory) { createdDirectories.append(directory) }
            }
            for (index, file) in files.enumerated() {
                let staged = stagedDirectory.pushing(file.relative)
                let destination = target.directory.pushing(file.relative)
                var parent = target.directory
                for component in file.relative.removingLastComponent().components {
                    parent.append(component)
                    if try makeDirectory(parent) { createdDirectories.append(parent) }
                }
                if file.append, let length = try appendInPlace(staged, to: destination) {
                    appended.append((destination, length))
                    continue
                }
                var backup: FilePath?
                let candidate = staging.appending("backup-\(index)")
                if destination.withPlatformString({ from in candidate.withPlatformString { link(from, $0) } }) == 0 {
                    backup = candidate
                }
                guard staged.withPlatformString({ from in destination.withPlatformString { rename(from, $0) } }) == 0
                else {
                    throw failure("cannot put \(file.relative) in place: \(String(cString: strerror(errno)))")
                }
                moved.append((destination, backup))
            }
            syncDirectory(target.directory)
        } catch {
            rollBack()
            throw error
        }
        return rollBack
    }

    /// Appends the staged bytes to the existing regular file `destination`
    /// in place — its inode, owner, mode and any other writer's open
    /// descriptor stay (a CI runner's step-summary file is appended to, never
    /// replaced) — under the directory lock the commit holds and an `flock` on
    /// the file itself. Returns its length before, for a rollback; nil when
    /// there is no file yet (the staged file is then moved in as a new one).
    /// A write that fails part way truncates the file back to that length.
    private func appendInPlace(_ staged: FilePath, to destination: FilePath) throws(OutputError) -> off_t? {
        let added: Data
        switch InputFile.read(staged.string, asInput: false) {
        case .success(let bytes): added = bytes
        case .failure(let problem): throw failure("cannot append: \(problem)")
        }
        let descriptor = destination.withPlatformString { open($0, O_WRONLY | O_APPEND | O_CLOEXEC | O_NOFOLLOW) }
        if descriptor < 0, errno == ENOENT { return nil }
        guard descriptor >= 0 else { throw failure("cannot append: \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw failure("cannot append: not a regular file")
        }
        flock(descriptor, LOCK_EX)
        defer { flock(descriptor, LOCK_UN) }
        guard fstat(descriptor, &status) == 0 else {
            throw failure("cannot append: \(String(cString: strerror(errno)))")
        }
        let length = status.st_size
        var problem: String?
        if Self.failingWrite?.fails() == true {
            // As a full disk would: part of the bytes land, then the write fails.
            _ = added.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress!, max(1, $0.count / 2)) }
            problem = String(cString: strerror(ENOSPC))
        } else {
            problem = Self.writeAll(added, to: descriptor)
        }
        if let problem {
            _ = ftruncate(descriptor, length)
            throw failure("cannot append: \(problem)")
        }
        return length
    }

    /// Makes `directory`; true when this call made it.
    private func makeDirectory(_ directory: FilePath) throws(OutputError) -> Bool {
        if directory.withPlatformString({ mkdir($0, 0o755) }) == 0 { return true }
        if errno == EEXIST, OutputTarget.isDirectory(directory) { return false }
        throw failure("cannot create \(directory.lastComponent?.string ?? ""): \(String(cString: strerror(errno)))")
    }

    private func syncDirectory(_ directory: FilePath) {
        let descriptor = directory.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
        guard descriptor >= 0 else { return }
        fsync(descriptor)
        close(descriptor)
    }
}

/// Which write of a task fails, for ``OutputTransaction/failingWrite``.
public final class WriteFault: @unchecked Sendable {
    private let failing: Int
    private let lock = NSLock()
    private var count = 0

    /// The `failing`-th write (1-based) fails.
    public init(failing: Int) { self.failing = failing }

    /// Counts a write; true when it is the one that fails.
    func fails() -> Bool {
        lock.withLock {
            count += 1
            return count == failing
        }
    }
}

/// Exclusive advisory locks (`flock`) on directories, held until released.
/// A directory is locked once however it is named (by device and inode: a
/// second `flock` of it from this process would wait for the first), and the
/// directories of one call are locked in inode order, so two commands
/// writing into the same directories cannot each wait for the other.
final class DirectoryLocks {
    private var held: [(device: UInt64, inode: UInt64, descriptor: Int32)] = []

    func acquire(_ directories: [FilePath]) {
        var opened: [(device: UInt64, inode: UInt64, descriptor: Int32)] = []
        for directory in directories {
            let descriptor = directory.withPlatformString { open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            guard descriptor >= 0 else { continue }
            var status = stat()
            guard fstat(descriptor, &status) == 0 else {
                close(descriptor)
                continue
            }
            let key = (device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
            if (held + opened).contains(where: { $0.device == key.device && $0.inode == key.inode }) {
                close(descriptor)
                continue
            }
            opened.append((key.device, key.inode, descriptor))
        }
        opened.sort { ($0.device, $0.inode) < ($1.device, $1.inode) }
        for entry in opened {
            while flock(entry.descriptor, LOCK_EX) != 0, errno == EINTR {}
            held.append(entry)
        }
    }

    func releaseAll() {
        for entry in held.reversed() {
            flock(entry.descriptor, LOCK_UN)
            close(entry.descriptor)
        }
        held.removeAll()
    }
}
