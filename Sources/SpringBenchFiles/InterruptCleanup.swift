import CSignalRelay
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// What a run leaves behind when it is interrupted: nothing.
///
/// Temporary directories (an output transaction's staging area, a sampler's
/// logs, callgrind's output) are registered here while they exist. On SIGINT,
/// SIGTERM or SIGHUP a relay thread (the signal handler itself only writes a
/// byte to a pipe) takes `lock`, removes every registered directory and lets
/// the signal end the process with its usual status. An output transaction
/// moves its files into place while holding the same lock, so a signal during
/// the moves waits for the last of them: the target holds the old set or the
/// new one, never a mix. A process that calls `exit` removes them too.
public enum InterruptCleanup {
    /// Held while registered directories change and for a transaction's moves.
    static let lock = NSRecursiveLock()
    nonisolated(unsafe) private static var directories: [Int: String] = [:]
    /// Cleanups that are more than a removal (a git worktree's record, a child build), run before
    /// the directories are removed (a child stopped first cannot refill them), newest first.
    nonisolated(unsafe) private static var actions: [Int: @Sendable () -> Void] = [:]
    nonisolated(unsafe) private static var nextToken = 0
    nonisolated(unsafe) private static var installed = false

    nonisolated(unsafe) private static var exitHandlerInstalled = false
    /// The process that registered: a forked child (a loops library's trial)
    /// whose user code calls `exit` must not remove its parent's directories.
    nonisolated(unsafe) private static var owner: pid_t = 0

    /// Registers `path` (a directory this process made) for removal on a
    /// signal, and on `exit` (an `exit()` with a transaction open — a command
    /// ending early, a test's crashed child — runs no deinit).
    public static func register(directory path: String) -> Int {
        registering { directories[$0] = path }
    }

    /// A new token under the lock, `store`d by the caller; the `exit` handler installed once.
    private static func registering(_ store: (Int) -> Void) -> Int {
        lock.lock()
        defer { lock.unlock() }
        if !exitHandlerInstalled {
            exitHandlerInstalled = true
            owner = getpid()
            atexit { InterruptCleanup.removeAtExit() }
        }
        nextToken += 1
        store(nextToken)
        return nextToken
    }

    /// Registers `action` to run on a signal and on `exit`, before the
    /// directories are removed (on the relay thread, with the lock held: it
    /// may start and wait for processes). ``unregister(_:)`` forgets it.
    public static func register(action: @escaping @Sendable () -> Void) -> Int {
        registering { actions[$0] = action }
    }

    /// Runs every registered action (newest first), then removes every registered directory.
    private static func cleanUp() {
        let pending = actions.sorted { $0.key > $1.key }.map(\.value)
        actions.removeAll()
        for action in pending { action() }
        for (_, directory) in directories { removeWhole(directory) }
        directories.removeAll()
    }

    /// Removes `directory`, again while something left running still adds to it (a removal
    /// that meets a new entry fails with ENOTEMPTY and would leave it): at most 50 tries, 10 ms apart.
    /// Once the directory itself is gone nothing can be added to it.
    static func removeWhole(_ directory: String) {
        for _ in 0..<50 {
            try? FileManager.default.removeItem(atPath: directory)
            if !FileManager.default.fileExists(atPath: directory) { return }
            usleep(10_000)
        }
    }

    /// `exit`'s cleanup: every directory still registered. Waits at most 2 s for
    /// the lock (a transaction's moves finish first); never blocks an exit for good.
    static func removeAtExit() {
        guard getpid() == owner else { return }
        guard lock.lock(before: Date(timeIntervalSinceNow: 2)) else { return }
        defer { lock.unlock() }
        cleanUp()
    }

    /// Forgets a registration (the directory was removed or handed over).
    public static func unregister(_ token: Int) {
        lock.lock()
        defer { lock.unlock() }
        directories[token] = nil
        actions[token] = nil
    }

    /// Runs `body` with signals held off: an interrupt that arrives meanwhile
    /// takes effect when `body` returns.
    public static func uninterruptible<Result>(_ body: () throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    /// Installs the relay once per process (the command-line tool calls it at start).
    public static func install() {
        lock.lock()
        defer { lock.unlock() }
        guard !installed else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let readEnd = ends[0]
        guard springbench_signal_relay_install(ends[1]) == 0 else { return }
        installed = true
        let thread = Thread {
            var byte: UInt8 = 0
            while true {
                let count = read(readEnd, &byte, 1)
                if count < 0, errno == EINTR { continue }
                guard count == 1 else { return }
                lock.lock()
                cleanUp()
                springbench_signal_relay_die(Int32(byte))
            }
        }
        thread.start()
    }
}

/// A directory of this run's own under TMPDIR (or /tmp), removed by
/// ``remove()``, on deinit, and on an interrupt.
public final class RunTemporaryDirectory: @unchecked Sendable {
    public let path: String
    private let token: Int
    private var removed = false

    /// Makes `TMPDIR/springbench-<purpose>-XXXXXX`.
    public init(purpose: String) throws {
        let base = ProcessInfo.processInfo.environment["TMPDIR"].flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(base)/springbench-\(purpose)-XXXXXX".utf8CString)
        // Made and registered under the lock: no interrupt falls between the two.
        let made: (String, Int)? = InterruptCleanup.uninterruptible {
            guard
                let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }).map({
                    String(cString: $0)
                })
            else { return nil }
            return (made, InterruptCleanup.register(directory: made))
        }
        guard let made else {
            throw FileProblem(
                path: base, reason: "cannot make a temporary directory: \(String(cString: strerror(errno)))")
        }
        (path, token) = made
    }

    public func remove() {
        InterruptCleanup.uninterruptible {
            guard !removed else { return }
            removed = true
            InterruptCleanup.removeWhole(path)
            InterruptCleanup.unregister(token)
        }
    }

    deinit { remove() }
}

/// A file or directory that cannot be used, and why.
public struct FileProblem: Error, Equatable, CustomStringConvertible {
    public var path: String
    public var reason: String

    public init(path: String, reason: String) {
        self.path = path
        self.reason = reason
    }

    public var description: String { "\(path): \(reason)" }
}
