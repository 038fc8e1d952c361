import ArgumentParser
import Benchmarking
import Foundation
import RegressionGate
import SpringBenchFiles

/// `springbench compare`: judges current results against a baseline, cell by
/// cell, with a confidence interval, and exits 0 (no regression), 1
/// (regression) or 2 (unusable input).
package struct CompareCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "compare",
        abstract: "Compare results with a baseline: exit 0 no regression, 1 regression, 2 unusable input.",
        discussion: """
            BASELINE and CURRENT are results files (from `bench`, `instructions` or `baseline save`) or \
            names of baselines in \(BaselineStore.defaultDirectory)/. Per kernel × backend × size, the \
            change is the ratio of medians with a seeded bootstrap interval (instruction counts are exact: \
            the interval is a point). A cell regressed only when the whole interval lies above 1 + threshold; \
            improved when it lies below 1 / (1 + threshold). Results from different machines or builds are \
            refused unless --across-machines, which compares each run as a fraction of its own probe bandwidth. \
            On a shared machine, give several runs per side, interleaved in time (base, PR, base, PR, …), \
            as comma-separated lists: the bootstrap then resamples runs before samples, so run-to-run \
            shifts widen the interval (Welch t on the runs' log medians) instead of flagging unchanged code.
            """
    )

    @Argument(help: "The baseline: a results file or a baseline name; several runs comma-separated.")
    var baseline: String

    @Argument(help: "The current results: a results file or a baseline name; several runs comma-separated.")
    var current: String

    @Flag(help: "Allow results from different machines; compares fractions of each run's probe bandwidth.")
    var acrossMachines = false

    @OptionGroup(title: "Verdict")
    package var verdict: VerdictOptions

    package func run() throws {
        var exitCode: Int32 = 0
        try exitingOnUsageError {
            let thresholds = try verdict.validatedThresholds()
            let comparison: Comparison
            do {
                func runs(_ list: String) throws -> [(ResultsDocument, String)] {
                    try list.split(separator: ",").map { item in
                        let path: String
                        do {
                            path = try BaselineStore().resolve(String(item))
                        } catch let refusal as BaselineStore.Refusal {
                            throw UsageError(refusal.description)
                        }
                        return (try ResultsDocument.load(from: path), path)
                    }
                }
                let baselineRuns = try runs(baseline), currentRuns = try runs(current)
                guard !baselineRuns.isEmpty, !currentRuns.isEmpty else {
                    throw UsageError("BASELINE and CURRENT must each name at least one file or baseline")
                }
                comparison = try Comparison(
                    baselines: baselineRuns, currents: currentRuns,
                    thresholds: thresholds, acrossMachines: acrossMachines, level: verdict.level)
            } catch let error as ComparisonError {
                throw UsageError(error.description)
            }
            exitCode = try verdict.publish(comparison)
        }
        if exitCode != 0 { throw ExitCode(exitCode) }
    }
}

/// How a comparison is judged and shown: shared by `compare` and `compare-builds`.
package struct VerdictOptions: ParsableArguments {
    package init() {}

    @Option(parsing: .unconditional, help: "Regression threshold in percent (default 10).")
    var threshold = "10"

    @Option(
        name: .customLong("threshold-for"),
        help: ArgumentHelp("Per-kernel threshold, KERNEL=PERCENT (repeatable).", valueName: "kernel=percent"))
    var thresholdFor: [String] = []

    @Option(help: "Output: markdown (for a CI job summary), plain or json.")
    package var format: OutputFormat = .markdown

    @Option(help: "Also append the Markdown report to this file (e.g. \"$GITHUB_STEP_SUMMARY\").")
    package var summaryFile: String?

    @Option(parsing: .unconditional, help: "Confidence level of the intervals in percent, 50…99.9 (default 99).")
    var confidence = 99.0

    package enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case markdown, plain, json
    }

    /// Coverage of each interval as a fraction.
    package var level: Double { confidence / 100 }

    /// The thresholds, after checking every option.
    package func validatedThresholds() throws -> RegressionThresholds {
        guard confidence.isFinite, (50...99.9).contains(confidence) else {
            throw UsageError("--confidence must be in 50…99.9, got \(confidence)")
        }
        if let summaryFile {
            do {
                _ = try OutputLocation.file(summaryFile, option: "--summary-file")
            } catch let error as ValidationError {
                throw UsageError(error.message)
            }
        }
        return try parsedThresholds()
    }

    /// Prints the comparison in the chosen format (and appends the Markdown to
    /// --summary-file); returns the exit code of its verdict.
    func publish(_ comparison: Comparison, with staged: StagedOutputs = StagedOutputs()) throws -> Int32 {
        switch format {
        case .markdown: print(comparison.markdown)
        case .plain: print(comparison.plainText)
        case .json: print(try comparison.json())
        }
        var outputs = staged
        if let summaryFile {
            // Appended (a CI step summary collects several) under the target
            // directory's lock, so concurrent runs lose no entry; a full disk
            // is an environment fault (exit 2) that leaves the file — and the
            // command's other outputs — as they were.
            try outputs.stage(option: "--summary-file") {
                do {
                    let transaction = try OutputTransaction(
                        try OutputLocation.file(summaryFile, option: "--summary-file"))
                    try transaction.append(Data((comparison.markdown + "\n").utf8))
                    return transaction
                } catch let error as ValidationError {
                    throw UsageError(error.message)
                }
            }
        }
        try outputs.commit()
        return comparison.exitCode
    }

    func parsedThresholds() throws -> RegressionThresholds {
        func fraction(_ text: Substring, _ option: String) throws -> Double {
            let trimmed = text.trimmingCharacters(in: .whitespaces)
            let digits = trimmed.hasSuffix("%") ? String(trimmed.dropLast()) : trimmed
            guard let percent = Double(digits), percent.isFinite, percent >= 0.01, percent < 1000 else {
                throw UsageError("\(option): \"\(text)\" is not a percentage in 0.01…1000 (e.g. 10 or 10%)")
            }
            return percent / 100
        }
        var thresholds = RegressionThresholds(defaultFraction: try fraction(Substring(threshold), "--threshold"))
        let kernels = Kernel.allCases.map(\.rawValue)
        for item in thresholdFor {
            let parts = item.split(separator: "=", maxSplits: 1)
            guard parts.count == 2, kernels.contains(String(parts[0])) else {
                throw UsageError(
                    "--threshold-for: expected KERNEL=PERCENT with KERNEL one of \(kernels.joined(separator: ", ")), got \"\(item)\""
                )
            }
            thresholds.kernelFractions[String(parts[0])] = try fraction(parts[1], "--threshold-for \(parts[0])")
        }
        return thresholds
    }
}
