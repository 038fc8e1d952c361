import ArgumentParser
import Benchmarking
import Foundation
import RegressionGate
import SpringBenchFiles
import SpringBenchSupport

/// `springbench bisect`: the first commit between a good and a bad revision
/// that made one cell slower, found with paired comparisons of release builds.
package struct BisectCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "bisect",
        abstract:
            "Find the commit that made a cell slower: exit 0 found, 1 the bad revision is not slower, 2 unusable input.",
        discussion: """
            Builds revisions of the git repository holding --repository (default: the working directory) in one \
            detached worktree under the work directory, with one scratch path, so after the first build only what \
            a commit changed is rebuilt. Each build's --product (default springbench; for your own package, an \
            executable that calls SpringBenchCLI.main(adding:), or, building faster, SamplerSession.main(adding:), \
            with your backends) speaks the sampler protocol of `compare-builds`, and each step times one revision against the good one, sample by sample, on one CPU \
            (--epochs fresh sampler pairs). BAD must be measurably slower than GOOD. A commit is bad when the whole \
            interval of its change lies above the boundary: 1 + --threshold, or by default the geometric midpoint \
            of no change and BAD's change (√ratio). An interval that straddles it is measured again with twice the \
            epochs, then judged by its median and marked uncertain. Commits are searched along first parents, in \
            at most ⌈log₂ n⌉ steps; a commit that does not build is skipped as `git bisect skip` does. The found \
            commit is then timed against its parent. Build logs and executables are kept in --work-directory \
            when given (a later bisect reuses them), else in a temporary directory that is removed.
            """
    )

    @Option(help: "A revision where the cell was fast (a commit, tag or branch).")
    package var good: String

    @Option(help: "A later revision where it is slow (default HEAD).")
    package var bad = "HEAD"

    @Option(help: "The cell, KERNEL.BACKEND.SIZE (e.g. add.simd.4Ki, as `history show` names it).")
    var cell: String

    @OptionGroup(title: "Builds")
    package var builds: RevisionOptions

    @Option(help: "Bad when the change exceeds this percent (default: half of BAD's change, geometrically).")
    var threshold: Double?

    @OptionGroup(title: "Paired runs")
    package var pairing: PairingOptions

    @Option(help: "Output: plain or json.")
    package var format: Format = .plain

    package enum Format: String, ExpressibleByArgument, CaseIterable { case plain, json }

    /// --threshold as a fraction (5 → 0.05); nil for the default boundary.
    package var thresholdFraction: Double? { threshold.map { $0 / 100 } }

    package func validate() throws {
        _ = try key()
        if let threshold, !(threshold.isFinite && threshold > 0 && threshold <= 1000) {
            throw ValidationError("--threshold must be a percentage in (0, 1000], got \(threshold)")
        }
        try builds.check()
        try pairing.check()
    }

    package func key() throws -> CellKey {
        guard let key = CellKey(historyKey: cell) else {
            throw ValidationError(
                "--cell \"\(cell)\" must be KERNEL.BACKEND.SIZE with a kernel of \(Kernel.allCases.map(\.rawValue).joined(separator: ", ")) and a size in 1…\(PointCount.format(PointCount.maximum)), e.g. add.simd.4Ki"
            )
        }
        return key
    }

    package func run() throws {
        var exitCode: Int32 = 0
        try exitingOnUsageError {
            let key = try key()
            let plan = try CellPairing.plan(for: key, samples: pairing.samples)
            let (builds, temporary) = try self.builds.open(configuration: nil, targetCPU: nil)
            defer {
                builds.close()
                temporary?.remove()
            }
            let outcome: BisectReport
            do {
                outcome = try bisect(key: key, plan: plan, builds: builds)
            } catch let error as RevisionBuildError {
                throw UsageError(error.description)
            } catch let error as PairedRunError {
                throw UsageError(error.description)
            }
            switch format {
            case .plain: print(outcome.plainText)
            case .json: print(try outcome.json())
            }
            exitCode = outcome.exitCode
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }

    /// Builds, measures and searches.
    func bisect(key: CellKey, plan: BenchmarkPlan, builds: RevisionBuilds) throws -> BisectReport {
        let level = pairing.level
        let epochs = pairing.epochs
        let goodSHA = try builds.resolve(good, option: "--good")
        let badSHA = try builds.resolve(bad, option: "--bad")
        let commits = try builds.range(good: goodSHA, bad: badSHA)
        guard !commits.isEmpty else {
            throw UsageError("--bad \(bad) is --good \(good): the range holds no commit")
        }
        let goodCommit = RevisionCommit(sha: goodSHA, subject: builds.subject(of: goodSHA))
        printError(
            "bisect: \(commits.count) commit(s) after \(goodCommit.short), at most "
                + "\(Int(Double(commits.count).log2Ceiling)) step(s); building \(goodCommit.short) and \(commits.last!.short)"
        )
        let goodExecutable = try builds.executable(at: goodSHA)
        let badExecutable = try builds.executable(at: badSHA)
        try CellPairing.checkBackend(key.backend, in: goodExecutable, label: "--good \(good)")
        let measure = { (executable: String, baseline: String, epochs: Int) throws -> ChangeInterval in
            try CellPairing.change(
                of: key, plan: plan, epochs: epochs, baseline: baseline, current: executable, level: level)
        }
        let badChange = try measure(badExecutable, goodExecutable, epochs)
        var report = BisectReport(
            cell: key, good: goodCommit, bad: commits.last!, range: commits.count, badChange: badChange,
            boundary: Bisection.boundary(badChange: badChange, threshold: thresholdFraction), level: level)
        printError("bisect: \(commits.last!.short) against \(goodCommit.short): \(badChange.formatted)")
        guard badChange.lower > max(1, thresholdFraction.map { 1 + $0 } ?? 1) else {
            return report
        }
        let (outcome, _) = try Bisection.search(count: commits.count) { index in
            let commit = commits[index]
            if index == commits.count - 1 { return .bad }
            let executable: String
            do {
                executable = try builds.executable(at: commit.sha)
            } catch {
                printError("bisect: \(commit.short) skipped: \(error)")
                report.steps.append(.init(commit: commit, change: nil, judgement: .untestable, uncertain: false))
                return .untestable
            }
            var change = try measure(executable, goodExecutable, epochs)
            var judgement = Bisection.judgement(of: change, boundary: report.boundary)
            if judgement == nil {
                change = try measure(executable, goodExecutable, min(100, epochs * 2))
                judgement = Bisection.judgement(of: change, boundary: report.boundary)
            }
            let uncertain = judgement == nil
            let decided = judgement ?? (change.ratio > report.boundary ? .bad : .good)
            report.steps.append(.init(commit: commit, change: change, judgement: decided, uncertain: uncertain))
            printError(
                "bisect: step \(report.steps.count): \(commit.short) \(decided.rawValue)\(uncertain ? " (uncertain)" : ""): \(change.formatted)"
            )
            return decided
        }
        switch outcome {
        case .found(let index):
            report.found = commits[index]
            let parent = index == 0 ? goodCommit : commits[index - 1]
            if let parentExecutable = try? builds.executable(at: parent.sha) {
                report.parent = parent
                report.ownChange = try measure(try builds.executable(at: commits[index].sha), parentExecutable, epochs)
            }
        case .ambiguous(let indices):
            report.candidates = indices.map { commits[$0] }
        }
        return report
    }
}

extension Double {
    /// ⌈log₂ self⌉ for self ≥ 1 (0 for 1).
    fileprivate var log2Ceiling: Double { Foundation.ceil(Foundation.log2(Swift.max(1, self))) }
}

extension ChangeInterval {
    /// "1.482× [1.461, 1.503]".
    fileprivate var formatted: String {
        String(format: "%.3f× [%.3f, %.3f]", ratio, lower, upper)
    }
}
