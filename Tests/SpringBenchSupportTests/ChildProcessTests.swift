import Foundation
import SpringBenchSupport
import Synchronization
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Child processes by posix_spawn: the exit status or signal read back as the
/// system reports it, streams and directory as asked, nothing of the parent's
/// leaking in (descriptors, ignored or blocked signals), deadlines kept, and
/// no crash when threads start processes at once.
@Suite("Child processes")
struct ChildProcessTests {
    static func scratch() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("child-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }

    static func shell(_ script: String, environment: [String: String]? = nil) throws -> (
        ChildProcess.Termination, String
    ) {
        try ChildProcess.capture(executable: "/bin/sh", arguments: ["-c", script], environment: environment)
    }

    @Test("exit statuses and signals come back as the child ended", arguments: [0, 1, 3, 255])
    func exitStatus(_ status: Int32) throws {
        #expect(try Self.shell("exit \(status)").0 == .exited(status))
    }

    @Test("a child killed by a signal reports that signal, not an exit status")
    func signalled() throws {
        #expect(try Self.shell("kill -TERM $$").0 == .signalled(SIGTERM))
        #expect(try Self.shell("kill -KILL $$").0 == .signalled(SIGKILL))
    }

    @Test(
        "standard input from a file, output to a file, error to another; the working directory and environment as given"
    )
    func streamsDirectoryEnvironment() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let input = directory + "/in", output = directory + "/out", error = directory + "/err"
        try "line one\nline two\n".write(toFile: input, atomically: true, encoding: .utf8)
        let child = try ChildProcess(
            executable: "/bin/sh", arguments: ["-c", "cat; pwd; echo \"$GREETING\"; echo oops >&2"],
            environment: ["GREETING": "hello there", "PATH": "/usr/bin:/bin"], directory: directory,
            standardInput: .file(input), standardOutput: .file(output), standardError: .file(error))
        #expect(child.wait() == .exited(0))
        let resolved = URL(fileURLWithPath: directory).resolvingSymlinksInPath().path
        #expect(try String(contentsOfFile: output, encoding: .utf8) == "line one\nline two\n\(resolved)\nhello there\n")
        #expect(try String(contentsOfFile: error, encoding: .utf8) == "oops\n")
    }

    @Test("no descriptor of the parent's but the three streams reaches the child")
    func descriptorsClosed() throws {
        let leaky = open("/dev/null", O_RDONLY)  // no O_CLOEXEC: only the spawn's closefrom keeps it out
        #expect(leaky > 2)
        defer { close(leaky) }
        let (termination, output) = try Self.shell(
            "if [ -e /proc/self/fd/\(leaky) ]; then echo open; else echo closed; fi")
        #expect(termination == .exited(0))
        #expect(output == "closed\n")
    }

    @Test("the child blocks no signal and ignores none, whatever the parent does")
    func signalStateReset() throws {
        let previous = signal(SIGPIPE, SIG_IGN)  // what the sampler channel does
        defer { signal(SIGPIPE, previous) }
        let (termination, output) = try ChildProcess.capture(
            executable: "/bin/grep", arguments: ["^Sig[BI][lg][kn]:", "/proc/self/status"])
        #expect(termination == .exited(0))
        // The standard signals 1…31 (bits 0…30); glibc keeps 32 and up for
        // itself, and sigfillset leaves its own out of the defaults it resets.
        let masks = Dictionary(
            uniqueKeysWithValues: output.split(separator: "\n").compactMap { line -> (String, UInt64)? in
                let parts = line.split(separator: ":\t")
                guard parts.count == 2, let mask = UInt64(parts[1], radix: 16) else { return nil }
                return (String(parts[0]), mask & 0x7FFF_FFFF)
            })
        #expect(masks == ["SigBlk": 0, "SigIgn": 0], "\(output)")
    }

    @Test("a deadline that passes returns nil with the child still running; after a kill it is reaped once")
    func deadline() throws {
        let child = try ChildProcess(executable: "/bin/sleep", arguments: ["30"])
        #expect(child.wait(seconds: 0.05) == nil)
        #expect(child.isRunning)
        child.send(SIGKILL)
        #expect(child.wait(seconds: 5) == .signalled(SIGKILL))
        #expect(!child.isRunning)
        child.send(SIGKILL)  // reaped: no signal goes to a pid that may now be another process's
        #expect(child.termination == .signalled(SIGKILL))
    }

    @Test("a missing executable is an error naming it, not a child that exits 127")
    func missingExecutable() {
        let error = #expect(throws: ChildProcess.SpawnError.self) {
            _ = try ChildProcess(executable: "/nonexistent/springbench")
        }
        #expect(error?.code == ENOENT)
        #expect(error.map { "\($0)".contains("/nonexistent/springbench") } == true)
    }

    final class Flag: Sendable {
        let raised = Atomic<Bool>(false)
    }

    /// What crashed Foundation's Process here (SIGSEGV in its run(), 2 of 3
    /// runs of 8 threads × 300 starts): many threads starting processes while
    /// others open and close descriptors. Every child must run and be reaped.
    @Test("threads starting processes at once while others churn descriptors: every child runs and is reaped")
    func concurrentStarts() throws {
        let stop = Flag()
        let churners = (0..<2).map { _ in
            Thread {
                while !stop.raised.load(ordering: .relaxed) {
                    let descriptor = open("/dev/null", O_RDONLY)
                    var ends: [Int32] = [0, 0]
                    if pipe(&ends) == 0 {
                        close(ends[0])
                        close(ends[1])
                    }
                    close(descriptor)
                    sched_yield()
                }
            }
        }
        churners.forEach { $0.start() }
        defer { stop.raised.store(true, ordering: .relaxed) }
        // The starters are threads of their own, not tasks: on the shared
        // cooperative pool of a full test run they would wait behind every
        // other test while the churners spin.
        let results = Mutex<[ChildProcess.Termination?]>([])
        let failures = Mutex<[String]>([])
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<8 {
            Thread {
                defer { done.signal() }
                for index in 0..<40 {
                    do {
                        let child = try ChildProcess(
                            executable: "/bin/sh", arguments: ["-c", "exit \((worker * 40 + index) % 7)"],
                            standardInput: .nullDevice, standardOutput: .nullDevice, standardError: .nullDevice)
                        let termination = child.wait(seconds: 30)
                        results.withLock { $0.append(termination) }
                    } catch {
                        failures.withLock { $0.append("\(error)") }
                    }
                }
            }.start()
        }
        for _ in 0..<8 { done.wait() }
        let all = results.withLock { $0 }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(all.count == 320)
        #expect(all.allSatisfy { if case .exited(let status)? = $0 { (0..<7).contains(status) } else { false } })
        #expect(Dictionary(grouping: all.compactMap { $0 }, by: { $0 }).count == 7)
    }

    /// The parent of `pid` from /proc (-1 when it is gone).
    static func parent(of pid: pid_t) -> pid_t {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return -1 }
        let fields = text[text.index(after: close)...].split(separator: " ")
        return fields.count > 1 ? pid_t(fields[1]) ?? -1 : -1
    }

    /// Whether `pid` has not ended, read from /proc independently of the code under test: gone,
    /// or a zombie waiting to be reaped, has ended.
    static func running(_ pid: pid_t) -> Bool {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = text.lastIndex(of: ")")
        else { return false }
        let state = text[text.index(after: close)...].split(separator: " ").first
        return state != "Z" && state != "X"
    }

    @Test(
        "stopTree ends the child, what it started in its group, in a group of its own, what was orphaned and a grandchild in a session of its own"
    )
    func stopTreeEndsEveryDescendant() throws {
        let directory = Self.scratch()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let pids = directory + "/pids"
        // As `swift build` does: one child in the build's group, one (the manifest's compiler)
        // in a group of its own, which a signal to the build's group does not reach; and one whose
        // parent (a subshell) ended at once, in a group of its own, as a compiler llbuild started
        // just before it was stopped: an orphan, no longer the child's descendant nor in its group.
        let child = try ChildProcess(
            executable: "/bin/sh",
            arguments: [
                "-c",
                "sleep 300 & a=$!; setsid sleep 300 & b=$!; (perl -e 'setpgrp(0, 0); exec \"sleep\", \"300\"' & echo $! > \(pids).orphan); "
                    + "(setsid sleep 300 & echo $! > \(pids).grand; wait) & "
                    + "until [ -s \(pids).grand ]; do sleep 0.01; done; "
                    + "echo \"$a $b $(cat \(pids).orphan) $(cat \(pids).grand)\" > \(pids).new; mv \(pids).new \(pids); wait",
            ],
            standardInput: .nullDevice, processGroup: true)
        var started: [pid_t] = []
        for _ in 0..<1000 where started.count < 4 {
            started = ((try? String(contentsOfFile: pids, encoding: .utf8)) ?? "").split(separator: " ").compactMap {
                pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            if started.count < 4 { usleep(10_000) }
        }
        defer { for pid in started { kill(pid, SIGKILL) } }
        try #require(started.count == 4, "the shell never wrote its children's pids")
        // The pids are written before setsid and perl's setpgrp have run: wait (up to 10 s, for a
        // loaded machine) until both have; the checks below fail only if they never do.
        for _ in 0..<1000
        where getpgid(started[1]) == child.processIdentifier || getpgid(started[2]) != started[2]
            || getsid(started[3]) == child.processIdentifier
        {
            usleep(10_000)
        }
        #expect(started.allSatisfy(Self.running), "the four sleeps run before the stop")
        #expect(getpgid(started[0]) == child.processIdentifier, "the first sleep is in the child's group")
        #expect(getpgid(started[1]) != child.processIdentifier, "setsid gave the second one a group of its own")
        #expect(Self.parent(of: started[2]) != child.processIdentifier, "the third one is an orphan")
        #expect(getpgid(started[2]) == started[2], "in a group of its own, as llbuild starts a compiler")
        #expect(getsid(started[2]) == child.processIdentifier, "in the child's session")
        // A grandchild in a session of its own, its parent (a subshell) still running: only the
        // parent links lead to it.
        #expect(getsid(started[3]) == started[3], "the fourth one leads a session of its own")
        #expect(Self.parent(of: started[3]) != child.processIdentifier, "and is a grandchild")

        let stopped = ChildProcess.stopTree(leader: child.processIdentifier, seconds: 10) { child.termination != nil }
        #expect(stopped)
        #expect(child.termination == .signalled(SIGTERM))
        for pid in started {
            #expect(!Self.running(pid), "process \(pid), which the child started, still runs after stopTree returned")
        }
    }

    @Test("capture returns what the child wrote to standard output and to standard error, in order")
    func captureTakesBothStreams() throws {
        let (termination, output) = try Self.shell("echo one; echo two >&2; echo three; echo four >&2; exit 3")
        #expect(termination == .exited(3))
        #expect(output == "one\ntwo\nthree\nfour\n")
    }

    /// The CPUs the calling thread may run on, from /proc (Linux), nil elsewhere.
    static func allowedCPUs() -> String? {
        guard let status = try? String(contentsOfFile: "/proc/thread-self/status", encoding: .utf8) else { return nil }
        return status.split(separator: "\n").first { $0.hasPrefix("Cpus_allowed_list:") }
            .map { $0.dropFirst("Cpus_allowed_list:".count).trimmingCharacters(in: .whitespaces) }
    }

    @Test("a run with several threads per call is never pinned; a single-threaded one is pinned to one CPU")
    func pinsOnlySingleThreadedRuns() throws {
        // On threads of their own: a pin is the calling thread's, and must not reach other tests.
        let results = Mutex<[Int: (pinned: Int?, before: String?, after: String?)]>([:])
        var threads: [Thread] = []
        for threadsPerCall in [1, 2, 3, 8] {
            let thread = Thread {
                let before = Self.allowedCPUs()
                let pinned = CPUAffinity.pinForSingleThreadedRun(threadsPerCall: threadsPerCall)
                results.withLock { $0[threadsPerCall] = (pinned, before, Self.allowedCPUs()) }
            }
            threads.append(thread)
            thread.start()
        }
        for _ in 0..<1000 where results.withLock({ $0.count }) < 4 { usleep(10_000) }
        let seen = results.withLock { $0 }
        try #require(seen.count == 4)
        for threadsPerCall in [2, 3, 8] {
            #expect(seen[threadsPerCall]?.pinned == nil, "\(threadsPerCall) threads per call")
            #expect(seen[threadsPerCall]?.after == seen[threadsPerCall]?.before, "\(threadsPerCall) threads per call")
        }
        // Where the system allows pinning (Linux; not with the portable fallbacks), the mask is that CPU.
        if let cpu = seen[1]?.pinned, seen[1]?.after != nil {
            #expect(seen[1]?.after == "\(cpu)", "one thread per call: pinned to the CPU it ran on")
        }
    }
}
