import Foundation
import SpringBenchFiles
import SpringBenchSupport
import Synchronization

#if canImport(Glibc)
    import Glibc
#endif

/// Why a revision cannot be resolved or built: the option or the commit, and what went wrong.
public struct RevisionBuildError: Error, Equatable, CustomStringConvertible {
    public var subject: String
    public var reason: String

    public init(_ subject: String, _ reason: String) {
        self.subject = subject
        self.reason = reason
    }

    public var description: String { "\(subject): \(reason)" }
}

/// One commit of a bisection range.
public struct RevisionCommit: Sendable, Equatable, Codable {
    public var sha: String
    public var subject: String

    public init(sha: String, subject: String) {
        self.sha = sha
        self.subject = subject
    }

    public var short: String { String(sha.prefix(10)) }
}

/// Builds revisions of a git repository for `springbench bisect`.
///
/// One detached worktree (`WORK/tree`) is checked out at each revision in
/// turn and built with one scratch path (`WORK/scratch`): git touches only the
/// files that differ between two revisions, so after the first build SwiftPM
/// rebuilds only what a commit changed. Each build's executable is copied to
/// `WORK/builds/CONFIGURATION-TARGET/SHA/PRODUCT`, so a revision is built once,
/// in this run and in later ones given the same work directory. The worktree is
/// removed (and git's record of it pruned) by ``close()``.
public final class RevisionBuilds {
    public let repository: String
    /// The package's directory inside the repository ("" for its root).
    public let packagePath: String
    public let product: String
    public let configuration: String
    /// `-target-cpu` for the Swift compiler (the target the history recorded); nil: SwiftPM's default.
    public let targetCPU: String?
    public let workDirectory: String
    private var built: [String: String] = [:]
    private var worktreeAdded = false
    /// The running `swift build`, for the interrupt cleanup to stop.
    final class RunningBuild: Sendable {
        let child = Mutex<ChildProcess?>(nil)
    }
    private let running = RunningBuild()
    /// The interrupt cleanup's registration while the worktree exists.
    private var cleanupToken: Int?

    /// The git executable found on PATH.
    static let git = "/usr/bin/env"

    public init(
        repository: String, packagePath: String, product: String, configuration: String, targetCPU: String?,
        workDirectory: String
    ) {
        self.repository = repository
        self.packagePath = packagePath
        self.product = product
        self.configuration = configuration
        self.targetCPU = targetCPU
        self.workDirectory = workDirectory
    }

    var tree: String { workDirectory + "/tree" }

    /// Runs git in the repository; its output, or an error naming `subject`.
    static func git(_ arguments: [String], in repository: String, subject: String) throws(RevisionBuildError)
        -> String
    {
        let run: (termination: ChildProcess.Termination, output: String)
        do {
            run = try ChildProcess.capture(executable: git, arguments: ["git", "-C", repository] + arguments)
        } catch {
            throw RevisionBuildError(subject, "cannot run git (\(error))")
        }
        guard case .exited(0) = run.termination else {
            let message = run.output.split(separator: "\n").last.map(String.init) ?? "\(run.termination)"
            throw RevisionBuildError(subject, "git \(arguments.joined(separator: " ")): \(message)")
        }
        return run.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// The repository holding `directory` and the directory's path inside it.
    public static func repository(containing directory: String) throws(RevisionBuildError) -> (
        root: String, prefix: String
    ) {
        let root = try git(["rev-parse", "--show-toplevel"], in: directory, subject: "--repository")
        let prefix = try git(["rev-parse", "--show-prefix"], in: directory, subject: "--repository")
        return (root, prefix.hasSuffix("/") ? String(prefix.dropLast()) : prefix)
    }

    /// The full commit a revision names (`option` is named in errors).
    public func resolve(_ revision: String, option: String) throws(RevisionBuildError) -> String {
        guard !revision.isEmpty, !revision.hasPrefix("-"), !revision.contains(where: \.isWhitespace) else {
            throw RevisionBuildError(option, "\"\(revision)\" is not a revision")
        }
        let sha = try Self.git(
            ["rev-parse", "--verify", "--quiet", "\(revision)^{commit}"], in: repository,
            subject: "\(option) \(revision)")
        guard sha.count >= 40, sha.allSatisfy(\.isHexDigit) else {
            throw RevisionBuildError(option, "\"\(revision)\" names no commit in \(repository)")
        }
        return sha
    }

    /// The commits after `good` up to `bad`, oldest first, along first
    /// parents; `good` must be an ancestor of `bad`.
    public func range(good: String, bad: String) throws(RevisionBuildError) -> [RevisionCommit] {
        let ancestor = try? Self.git(["merge-base", "--is-ancestor", good, bad], in: repository, subject: "--good")
        guard ancestor != nil else {
            throw RevisionBuildError(
                "--good",
                "\(good.prefix(10)) is not an ancestor of --bad \(bad.prefix(10)); give an older good revision")
        }
        let log = try Self.git(
            ["log", "--first-parent", "--reverse", "--format=%H %s", "\(good)..\(bad)"], in: repository,
            subject: "--bad")
        let commits = log.split(separator: "\n").map { line -> RevisionCommit in
            let parts = line.split(separator: " ", maxSplits: 1)
            return RevisionCommit(sha: String(parts[0]), subject: parts.count > 1 ? String(parts[1]) : "")
        }
        guard commits.last?.sha == bad else {
            throw RevisionBuildError("--bad", "\(bad.prefix(10)) is not reached from --good along first parents")
        }
        return commits
    }

    /// The subject line of a commit.
    public func subject(of sha: String) -> String {
        (try? Self.git(["log", "-1", "--format=%s", sha], in: repository, subject: sha)) ?? ""
    }

    /// The executable built at `sha`, building it when not built yet. A
    /// failed build throws, naming the commit and the log's last lines.
    public func executable(at sha: String) throws(RevisionBuildError) -> String {
        if let path = built[sha] { return path }
        let subject = "commit \(sha.prefix(10))"
        let destination = workDirectory + "/builds/\(configuration)-\(targetCPU ?? "default")/\(sha)"
        let target = destination + "/" + product
        // A kept work directory's earlier build of this commit, options and product.
        if FileManager.default.isExecutableFile(atPath: target) {
            built[sha] = target
            return target
        }
        if !worktreeAdded {
            _ = try? Self.git(["worktree", "prune"], in: repository, subject: subject)
            // Added and registered for the interrupt cleanup with signals held off: a SIGINT,
            // SIGTERM or SIGHUP at any later moment stops the build, removes the tree and prunes
            // git's record of it, as close() does.
            var failure: RevisionBuildError?
            InterruptCleanup.uninterruptible {
                do throws(RevisionBuildError) {
                    _ = try Self.git(
                        ["worktree", "add", "--detach", "--force", tree, sha], in: repository, subject: subject)
                } catch {
                    failure = error
                    return
                }
                worktreeAdded = true
                let (tree, repository, running) = (tree, repository, running)
                cleanupToken = InterruptCleanup.register(action: {
                    // The main thread is blocked in the build's wait (which holds the child's own
                    // lock): stop the build and every compiler it started by pid, without that
                    // lock, and let that wait see it end; only then are the tree and the build's
                    // TMPDIR removed, so nothing writes into them meanwhile (at most 12 s).
                    if let pid = running.child.withLock({ $0?.processIdentifier }) {
                        ChildProcess.stopTree(leader: pid) { running.child.withLock { $0 == nil } }
                    }
                    try? FileManager.default.removeItem(atPath: tree)
                    _ = try? Self.git(["worktree", "prune"], in: repository, subject: "cleanup")
                })
            }
            if let failure { throw failure }
        } else {
            _ = try Self.git(["checkout", "--detach", "--force", "--quiet", sha], in: tree, subject: subject)
        }
        let package = packagePath.isEmpty ? tree : tree + "/" + packagePath
        var arguments = [
            "swift", "build", "-c", configuration, "--package-path", package, "--scratch-path",
            workDirectory + "/scratch", "--product", product,
        ]
        arguments += Self.targetFlags(targetCPU)
        let log = workDirectory + "/build-\(sha.prefix(10)).log"
        let descriptor = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw RevisionBuildError(subject, "cannot write \(log): \(String(cString: strerror(errno)))")
        }
        let termination: ChildProcess.Termination?
        do {
            // SwiftPM's own temporary directories go to a TMPDIR of this build's, removed after it
            // and by the interrupt cleanup (a killed `swift build` leaves its TemporaryDirectory.*).
            let temporary = try RunTemporaryDirectory(purpose: "build")
            defer { temporary.remove() }
            var environment = ProcessInfo.processInfo.environment
            environment["TMPDIR"] = temporary.path
            let child = try ChildProcess(
                executable: Self.git, arguments: arguments, environment: environment, standardInput: .nullDevice,
                standardOutput: .descriptor(descriptor), standardError: .descriptor(descriptor), processGroup: true)
            Glibc.close(descriptor)
            running.child.withLock { $0 = child }
            termination = child.wait()
            running.child.withLock { $0 = nil }
        } catch {
            Glibc.close(descriptor)
            throw RevisionBuildError(subject, "cannot start swift build (\(error))")
        }
        guard case .exited(0) = termination else {
            let lines = ((try? String(contentsOfFile: log, encoding: .utf8)) ?? "").split(separator: "\n")
            // The compiler's first errors say why; without any, the log's end does.
            let errors = lines.filter { $0.contains("error:") }
            let shown = (errors.isEmpty ? Array(lines.suffix(5)) : Array(errors.prefix(5))).joined(separator: "\n    ")
            throw RevisionBuildError(
                subject,
                "`swift build` failed (its log: \(Self.display(log)), kept with --work-directory):\n    \(shown)")
        }
        // SwiftPM links `<scratch>/<configuration>` to the products' directory. Read, not asked of
        // a second `swift build --show-bin-path`: that child ran outside the build's TMPDIR and
        // outside the interrupt cleanup, so a signal during it left the child running and its
        // TemporaryDirectory.* in the caller's TMPDIR (seen when the test suite loaded the machine).
        let binPath = workDirectory + "/scratch/" + configuration
        do {
            try FileManager.default.createDirectory(atPath: destination, withIntermediateDirectories: true)
            // Copied under a temporary name and renamed: an interrupted copy is never taken for a build.
            let partial = target + ".partial"
            try? FileManager.default.removeItem(atPath: partial)
            try FileManager.default.copyItem(atPath: binPath + "/" + product, toPath: partial)
            guard rename(partial, target) == 0 else {
                throw RevisionBuildError(subject, String(cString: strerror(errno)))
            }
            built[sha] = target
            return target
        } catch {
            throw RevisionBuildError(subject, "cannot keep the built executable (\(error))")
        }
    }

    /// The flags the Makefile passes for `TARGET_CPU=NAME`, so that a build
    /// records the same `machine.targetCPU` as the one the history holds:
    /// `-target-cpu NAME`, the `SPRINGBENCH_TARGET_CPU_…` condition and the
    /// name for the C side. Nil: SwiftPM's default (the baseline x86-64).
    public static func targetFlags(_ targetCPU: String?) -> [String] {
        guard let targetCPU else { return [] }
        let define = ["haswell", "znver3", "native"].contains(targetCPU) ? targetCPU.uppercased() : "CUSTOM"
        return [
            "-Xswiftc", "-target-cpu", "-Xswiftc", targetCPU, "-Xswiftc", "-DSPRINGBENCH_TARGET_CPU_\(define)",
            "-Xcc", "-DSPRINGBENCH_TARGET_CPU_NAME=\(targetCPU)",
        ]
    }

    /// The `--target-cpu` for a recorded `machine.targetCPU`: nil for the baseline build.
    public static func targetCPU(recorded: String) -> String? {
        recorded.hasPrefix("x86-64") || recorded.hasPrefix("custom") || recorded.isEmpty ? nil : recorded
    }

    /// A path as messages print it: relative to the working directory when under it.
    static func display(_ path: String) -> String {
        let here = FileManager.default.currentDirectoryPath
        return path.hasPrefix(here + "/") ? String(path.dropFirst(here.count + 1)) : path
    }

    /// Removes the worktree and git's record of it.
    public func close() {
        guard worktreeAdded else { return }
        _ = try? Self.git(["worktree", "remove", "--force", tree], in: repository, subject: "cleanup")
        _ = try? Self.git(["worktree", "prune"], in: repository, subject: "cleanup")
        worktreeAdded = false
        if let cleanupToken { InterruptCleanup.unregister(cleanupToken) }
        cleanupToken = nil
    }
}
