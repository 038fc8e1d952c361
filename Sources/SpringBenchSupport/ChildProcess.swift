import CChildProcess
import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A child process started with `posix_spawn`: what the samplers of
/// `compare-builds` and `--other-build`, callgrind and the command-line tests
/// run in.
///
/// Why not Foundation's `Process`: on Swift 6.3.1 its `run()` crashed the
/// parent (SIGSEGV in `findMaximumOpenFromProcSelfFD`) when several threads
/// started processes while others opened descriptors, as a parallel test run
/// does; a serial lock around `run()` did not stop it (Guides/MachineFacts.md,
/// "Child processes"). `posix_spawn` keeps no process-wide state, and the
/// child is reaped here with `waitpid` on its own pid, never `-1`.
///
/// The child gets every descriptor but its three standard streams closed, no
/// blocked signal and every signal at its default action.
package final class ChildProcess: Sendable {
    /// What a standard stream of the child is connected to.
    package enum Stream: Sendable, Equatable {
        /// The parent's own.
        case inherit
        /// `/dev/null`.
        case nullDevice
        /// A file, opened for reading (standard input) or created and
        /// truncated for writing (output and error).
        case file(String)
        /// A descriptor of the parent's (a pipe's end), duplicated onto it.
        case descriptor(Int32)
    }

    /// How the child ended.
    package enum Termination: Sendable, Hashable, CustomStringConvertible {
        case exited(Int32)
        case signalled(Int32)

        package var description: String {
            switch self {
            case .exited(let status): return "exit status \(status)"
            case .signalled(let signal): return "signal \(signal)"
            }
        }
    }

    /// `posix_spawn` refused: the executable is missing or not executable,
    /// or the system is out of processes.
    package struct SpawnError: Error, CustomStringConvertible {
        package var executable: String
        package var code: Int32

        package var description: String {
            "cannot start \(executable): \(String(cString: strerror(code)))"
        }
    }

    package let processIdentifier: pid_t
    /// The termination once reaped; reaping and signalling happen under the
    /// lock, so a signal never reaches a pid the system has given to another process.
    private let reaped = Mutex<Termination?>(nil)

    /// Starts `executable` (a path; no search of `PATH`) with `arguments`.
    ///
    /// - Parameters:
    ///   - environment: the child's environment; nil passes the parent's.
    ///   - directory: the child's working directory; nil keeps the parent's.
    ///   - processGroup: the child leads a session and a process group of its own; what it starts
    ///     joins the group unless it makes one of its own, and stays in the session even then
    ///     (``stopTree(leader:seconds:leaderEnded:)`` stops all of them).
    package init(
        executable: String, arguments: [String] = [], environment: [String: String]? = nil, directory: String? = nil,
        standardInput: Stream = .inherit, standardOutput: Stream = .inherit, standardError: Stream = .inherit,
        processGroup: Bool = false
    ) throws(SpawnError) {
        let argv = [executable] + arguments
        let envp =
            environment.map { $0.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" } }
            ?? Self.parentEnvironment()
        var pid: pid_t = 0
        let code = Self.withCStrings(argv) { argv in
            Self.withCStrings(envp) { envp in
                Self.withStreams([standardInput, standardOutput, standardError]) { streams in
                    if let directory {
                        return directory.withCString {
                            springbench_spawn(executable, argv, envp, $0, streams, processGroup ? 1 : 0, &pid)
                        }
                    }
                    return springbench_spawn(executable, argv, envp, nil, streams, processGroup ? 1 : 0, &pid)
                }
            }
        }
        guard code == 0 else { throw SpawnError(executable: executable, code: code) }
        processIdentifier = pid
    }

    deinit {
        // A child still running is left to run (its owner chose not to wait);
        // one that has ended is reaped so it leaves no zombie.
        _ = termination
    }

    /// How the child ended, or nil while it runs (reaps it once it has ended).
    package var termination: Termination? {
        reaped.withLock { reaped in
            if reaped == nil { reaped = Self.reap(processIdentifier, blocking: false) }
            return reaped
        }
    }

    package var isRunning: Bool { termination == nil }

    /// Sends `signal` unless the child has already been reaped.
    package func send(_ signal: Int32) {
        reaped.withLock { reaped in
            if reaped == nil { _ = kill(processIdentifier, signal) }
        }
    }

    /// Waits for the child to end: at most `seconds` (polling every
    /// millisecond or so), or without limit when nil. Its termination, or nil
    /// when it was still running at the deadline.
    @discardableResult
    package func wait(seconds: Double? = nil) -> Termination? {
        guard let seconds else {
            return reaped.withLock { reaped in
                if reaped == nil { reaped = Self.reap(processIdentifier, blocking: true) }
                return reaped
            }
        }
        let deadline = ContinuousClock.now.advanced(by: .nanoseconds(Int64(min(max(0, seconds), 1e9) * 1e9)))
        var pause: UInt32 = 200
        while true {
            if let termination { return termination }
            if ContinuousClock.now >= deadline { return nil }
            usleep(pause)
            pause = min(pause * 2, 10_000)
        }
    }

    /// Stops a child started with `processGroup: true` and everything it started, and waits
    /// until they have ended: SIGTERM to its group and (on Linux, read from /proc) to each of its
    /// descendants and each process of its session, which covers those a tool starts in groups of
    /// their own (SwiftPM compiles a manifest in a new group, and a `swift build` stopped alone
    /// left that compiler writing into the TMPDIR its caller was removing) and those orphaned when
    /// their parent ended first (a `clang` llbuild started just before it was stopped: no longer
    /// anyone's descendant, still in the session). Waits until `leaderEnded()` (the caller's own
    /// `wait` reaped it; this takes no lock of the child's, so it may run while another thread
    /// waits) and every process found has ended, at most `seconds`; then SIGKILLs what is left and
    /// waits 2 s more. True when nothing was left running.
    @discardableResult
    package static func stopTree(leader pid: pid_t, seconds: Double = 10, leaderEnded: () -> Bool) -> Bool {
        var found = Set(ProcessTree.descendants(of: pid) + ProcessTree.session(pid))
        _ = kill(-pid, SIGTERM)
        for member in found { _ = kill(member, SIGTERM) }
        func running() -> Bool {
            !leaderEnded() || ProcessTree.groupIsRunning(pid) || !ProcessTree.session(pid).isEmpty
                || found.contains { ProcessTree.isRunning($0) }
        }
        func waitForEnd(_ seconds: Double, signal: Int32) -> Bool {
            let deadline = ContinuousClock.now.advanced(by: .milliseconds(Int64(seconds * 1000)))
            while running() {
                if ContinuousClock.now >= deadline { return false }
                usleep(10_000)
                // What the leader started since (before it ended: orphans are no longer its descendants).
                if !leaderEnded() {
                    for member in ProcessTree.descendants(of: pid) where found.insert(member).inserted {
                        _ = kill(member, signal)
                    }
                }
                // The session's members, orphans included, however late they were started.
                for member in ProcessTree.session(pid) where found.insert(member).inserted {
                    _ = kill(member, signal)
                }
            }
            return true
        }
        if waitForEnd(seconds, signal: SIGTERM) { return true }
        _ = kill(-pid, SIGKILL)
        for member in found { _ = kill(member, SIGKILL) }
        return waitForEnd(2, signal: SIGKILL)
    }

    /// `waitpid` on this child only; nil while it runs.
    private static func reap(_ pid: pid_t, blocking: Bool) -> Termination? {
        var status: Int32 = 0
        while true {
            let result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
            if result == pid { break }
            if result == 0 { return nil }
            if errno == EINTR { continue }
            // ECHILD: someone else reaped it; nothing more can be known.
            return .exited(-1)
        }
        // The <sys/wait.h> macros, which Swift cannot import.
        let low = status & 0x7f
        if low == 0 { return .exited((status >> 8) & 0xff) }
        return .signalled(low)
    }

    private static func parentEnvironment() -> [String] {
        var entries: [String] = []
        var cursor = environ
        while let entry = cursor.pointee {
            entries.append(String(cString: entry))
            cursor += 1
        }
        return entries
    }

    /// `body` with `strings` as a NULL-terminated array of C strings.
    private static func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R)
        -> R
    {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        return (copies + [nil]).withUnsafeBufferPointer { body($0.baseAddress!) }
    }

    private static func withStreams<R>(_ streams: [Stream], _ body: (UnsafePointer<springbench_stream>) -> R) -> R {
        let paths: [UnsafeMutablePointer<CChar>?] = streams.map { stream in
            switch stream {
            case .nullDevice: return strdup("/dev/null")
            case .file(let path): return strdup(path)
            case .inherit, .descriptor: return nil
            }
        }
        defer { paths.forEach { free($0) } }
        let values = zip(streams, paths).map { stream, path -> springbench_stream in
            if case .descriptor(let descriptor) = stream {
                return springbench_stream(path: nil, descriptor: descriptor)
            }
            return springbench_stream(path: UnsafePointer(path), descriptor: -1)
        }
        return values.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}

/// A pipe whose both ends close on exec: only the end a child is given (by
/// ``ChildProcess/Stream/descriptor(_:)``, which duplicates it) reaches it.
package struct ChildPipe: Sendable {
    package let readEnd: Int32
    package let writeEnd: Int32

    package struct Failure: Error, CustomStringConvertible {
        package var code: Int32
        package var description: String { "cannot create a pipe: \(String(cString: strerror(code)))" }
    }

    package init() throws(Failure) {
        var ends: [Int32] = [-1, -1]
        guard springbench_pipe(&ends) == 0 else { throw Failure(code: errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
    }
}

extension ChildProcess {
    /// Runs `executable` to its end with standard output and error in one
    /// pipe, and returns its termination and that output.
    package static func capture(
        executable: String, arguments: [String], environment: [String: String]? = nil
    ) throws -> (termination: Termination, output: String) {
        let pipe = try ChildPipe()
        let child: ChildProcess
        do {
            child = try ChildProcess(
                executable: executable, arguments: arguments, environment: environment,
                standardInput: .nullDevice, standardOutput: .descriptor(pipe.writeEnd),
                standardError: .descriptor(pipe.writeEnd))
        } catch {
            close(pipe.readEnd)
            close(pipe.writeEnd)
            throw error
        }
        close(pipe.writeEnd)
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = read(pipe.readEnd, &chunk, chunk.count)
            if count > 0 {
                output.append(contentsOf: chunk[0..<count])
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        close(pipe.readEnd)
        return (child.wait()!, String(decoding: output, as: UTF8.self))
    }
}

/// Processes as the system lists them, for ``ChildProcess/stopTree(leader:seconds:leaderEnded:)``.
enum ProcessTree {
    /// Every descendant of `pid` now running (children, their children, …): read from /proc on
    /// Linux; elsewhere none (the process group is all that is signalled there).
    static func descendants(of pid: pid_t) -> [pid_t] {
        #if os(Linux)
            var children: [pid_t: [pid_t]] = [:]
            for (member, status) in all() { children[status.parent, default: []].append(member) }
            var result: [pid_t] = []
            var pending = children[pid] ?? []
            while let next = pending.popLast() {
                result.append(next)
                pending += children[next] ?? []
            }
            return result
        #else
            return []
        #endif
    }

    /// Every process of session `session` that has not ended (on Linux; elsewhere none).
    static func session(_ session: pid_t) -> [pid_t] {
        #if os(Linux)
            return all().filter { $0.status.session == session && !$0.status.ended }.map(\.pid)
        #else
            return []
        #endif
    }

    /// Whether `pid` exists and has not ended (a zombie, ended but not yet reaped, has ended).
    static func isRunning(_ pid: pid_t) -> Bool {
        guard kill(pid, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
            return status(of: pid).map { !$0.ended } ?? false
        #else
            return true
        #endif
    }

    /// Whether a process of group `group` has not ended. Zombies count as ended: an orphan's
    /// zombie lasts until PID 1 reaps it, which in a container may be late.
    static func groupIsRunning(_ group: pid_t) -> Bool {
        guard kill(-group, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
            return all().contains { $0.status.group == group && !$0.status.ended }
        #else
            return true
        #endif
    }

    #if os(Linux)
        struct Status {
            var state: Character
            var parent: pid_t
            var group: pid_t
            var session: pid_t
            /// A zombie (`Z`) or dead (`X`) process has ended.
            var ended: Bool { state == "Z" || state == "X" }
        }

        /// Every process /proc lists, with its status.
        static func all() -> [(pid: pid_t, status: Status)] {
            ((try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []).compactMap { entry in
                guard let pid = pid_t(entry), let status = status(of: pid) else { return nil }
                return (pid, status)
            }
        }

        /// State, parent, process group and session from /proc/PID/stat (`pid (comm) state ppid pgrp
        /// session …`; the command name may hold spaces and parentheses, so the fields are read after
        /// the last `)`).
        static func status(of pid: pid_t) -> Status? {
            guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let close = text.lastIndex(of: ")")
            else { return nil }
            let fields = text[text.index(after: close)...].split(separator: " ")
            guard fields.count >= 4, let state = fields[0].first, let parent = pid_t(fields[1]),
                let group = pid_t(fields[2]), let session = pid_t(fields[3])
            else { return nil }
            return Status(state: state, parent: parent, group: group, session: session)
        }
    #endif
}
