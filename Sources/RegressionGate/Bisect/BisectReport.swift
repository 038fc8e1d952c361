import Benchmarking
import Foundation
import SpringBenchSupport

/// What `springbench bisect` found, for a person (``plainText``) and for a
/// program (``json()``).
public struct BisectReport: Sendable, Equatable {
    /// One judged commit.
    public struct Step: Sendable, Equatable, Codable {
        public var commit: RevisionCommit
        /// Its change against the good build; nil when it did not build.
        public var change: ChangeInterval?
        public var judgement: Bisection.Judgement
        /// The interval straddled the boundary even with twice the epochs: judged by its median.
        public var uncertain: Bool

        public init(commit: RevisionCommit, change: ChangeInterval?, judgement: Bisection.Judgement, uncertain: Bool) {
            self.commit = commit
            self.change = change
            self.judgement = judgement
            self.uncertain = uncertain
        }
    }

    public var cell: CellKey
    public var good: RevisionCommit
    public var bad: RevisionCommit
    /// Commits after good up to bad.
    public var range: Int
    /// Bad against good.
    public var badChange: ChangeInterval
    /// The ratio above which a commit is bad.
    public var boundary: Double
    public var level: Double
    public var steps: [Step] = []
    /// The first regressing commit.
    public var found: RevisionCommit?
    /// The commit before it, and its own change against that commit.
    public var parent: RevisionCommit?
    public var ownChange: ChangeInterval?
    /// When commits that did not build hide the culprit: the commits it may be.
    public var candidates: [RevisionCommit] = []

    public init(
        cell: CellKey, good: RevisionCommit, bad: RevisionCommit, range: Int, badChange: ChangeInterval,
        boundary: Double, level: Double
    ) {
        self.cell = cell
        self.good = good
        self.bad = bad
        self.range = range
        self.badChange = badChange
        self.boundary = boundary
        self.level = level
    }

    /// 0 when a commit (or a set of candidates) was found, 1 when bad is not slower than good.
    public var exitCode: Int32 { found != nil || !candidates.isEmpty ? 0 : 1 }

    static func percent(_ ratio: Double) -> String { String(format: "%+.1f %%", (ratio - 1) * 100) }

    static func describe(_ change: ChangeInterval) -> String {
        "\(percent(change.ratio)) [\(percent(change.lower)), \(percent(change.upper))]"
    }

    public var plainText: String {
        let confidence = String(format: "%g", level * 100)
        var lines: [String] = []
        if let found {
            lines.append("first regressing commit: \(found.sha) \(found.subject)")
            if let parent, let ownChange {
                lines.append(
                    "  \(cell) at \(found.short) against its parent \(parent.short): \(Self.describe(ownChange)) (\(confidence) % interval)"
                )
            }
        } else if !candidates.isEmpty {
            lines.append(
                "the first regressing commit is one of \(candidates.count) (the ones between did not build):")
            lines += candidates.map { "  \($0.sha) \($0.subject)" }
        } else {
            lines.append(
                "nothing to bisect: \(cell) at \(bad.short) is not measurably slower than at \(good.short): \(Self.describe(badChange))"
            )
        }
        lines.append(
            "  \(bad.short) against \(good.short): \(Self.describe(badChange)); boundary \(Self.percent(boundary)); \(range) commit(s), \(steps.count) step(s)"
        )
        for (number, step) in steps.enumerated() {
            let change = step.change.map(Self.describe) ?? "did not build"
            lines.append(
                "  step \(number + 1): \(step.commit.short) \(step.judgement.rawValue)\(step.uncertain ? " (uncertain)" : ""): \(change)"
            )
        }
        return lines.joined(separator: "\n")
    }

    private struct Document: Encodable {
        var cell: String
        var good: RevisionCommit
        var bad: RevisionCommit
        var commits: Int
        var badChange: ChangeInterval
        var boundary: Double
        var confidence: Double
        var steps: [Step]
        var found: RevisionCommit?
        var parent: RevisionCommit?
        var ownChange: ChangeInterval?
        var candidates: [RevisionCommit]
    }

    public func json() throws -> String {
        try JSONOutput.string(
            Document(
                cell: cell.description, good: good, bad: bad, commits: range, badChange: badChange, boundary: boundary,
                confidence: level * 100, steps: steps, found: found, parent: parent, ownChange: ownChange,
                candidates: candidates))
    }
}
