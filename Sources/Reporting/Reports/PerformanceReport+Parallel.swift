import Benchmarking
import SpringBenchFiles
import VectorKernels

/// The parallel backend's section of `performance.md`: where it splits, what
/// it reaches against the all-core bandwidth, and whether it is ever slower
/// than the best single-thread backend (``ParallelComparison``).
extension PerformanceReport {
    static func parallelHeadline(_ results: BenchmarkResults) -> String {
        guard let comparison = ParallelComparison(results) else { return "" }
        return "\nParallel backend ([below](#parallel-backend)): " + parallelAnswer(comparison, results) + "\n"
    }

    /// The answer: threads and thresholds, the bandwidth bar, the never-slower bar.
    static func parallelAnswer(_ comparison: ParallelComparison, _ results: BenchmarkResults) -> String {
        var text = ""
        if let skipped = comparison.thresholds?.skipped {
            text += "\(skipped) (threshold: never). "
        } else if let thresholds = comparison.thresholds {
            let splitting = thresholds.operations.compactMap(\.threshold)
            text +=
                splitting.isEmpty
                ? "with \(comparison.threads) threads splitting never paid by \(NumberFormatting.percent(thresholds.margin)) here, so every threshold is *never* and the backend is SIMD. "
                : "with \(comparison.threads) threads it splits \(splitting.count) of \(thresholds.operations.count) operations, from \(NumberFormatting.size(splitting.min()!)) points at the earliest. "
        }
        if let bandwidth = comparison.bandwidth, let sameRounds = bandwidth.sameRounds {
            let met = bandwidth.fractionOfMedian >= ParallelComparison.bandwidthBar
            text +=
                "At N = \(NumberFormatting.size(bandwidth.size)) out-of-place add moves "
                + "\(NumberFormatting.significant(bandwidth.parallelGigabytesPerSecond)) GB/s, "
                + "**\(NumberFormatting.percent(sameRounds.fraction))** of the all-core `add-nt` ceiling sampled in the "
                + "same rounds on its own operands (\(NumberFormatting.significant(sameRounds.ceilingGigabytesPerSecond)) "
                + "GB/s over \(bandwidth.threads) threads; 95 % interval \(NumberFormatting.percent(sameRounds.interval.lower))–"
                + "\(NumberFormatting.percent(sameRounds.interval.upper)); the probe's all-core median before the sweep: "
                + "\(NumberFormatting.significant(bandwidth.allCoreMedianGigabytesPerSecond)) GB/s): "
                + (met ? "the 90 % bar is met. " : "**below the 90 % bar**. ")
        } else if let bandwidth = comparison.bandwidth {
            let met = bandwidth.fractionOfMedian >= ParallelComparison.bandwidthBar
            text +=
                "At N = \(NumberFormatting.size(bandwidth.size)) out-of-place add moves "
                + "\(NumberFormatting.significant(bandwidth.parallelGigabytesPerSecond)) GB/s, "
                + "**\(NumberFormatting.percent(bandwidth.fractionOfMedian))** of the all-core `add-nt` bandwidth "
                + "(\(NumberFormatting.significant(bandwidth.allCoreMedianGigabytesPerSecond)) GB/s median over "
                + "\(bandwidth.threads) threads; \(NumberFormatting.percent(bandwidth.fractionOfBest)) of the best, "
                + "\(NumberFormatting.significant(bandwidth.allCoreBestGigabytesPerSecond)) GB/s): "
                + (met ? "the 90 % bar is met. " : "**below the 90 % bar**. ")
        }
        let slower = comparison.slower
        func list(_ rows: [ParallelComparison.Row]) -> String {
            rows.map { "\($0.kernel.rawValue) at \(NumberFormatting.size($0.size))" }.joined(separator: ", ")
        }
        text +=
            "Against the best single-thread backend it is slower beyond \(NumberFormatting.percent(ParallelComparison.tolerance)) "
            + "in **\(slower.count) of \(comparison.rows.count)** kernel and size cells"
        let split = slower.filter(\.splits), unsplit = slower.filter { !$0.splits }
        if slower.isEmpty { return text + "." }
        if !split.isEmpty { text += "; where it splits: " + list(split) }
        if !unsplit.isEmpty {
            text +=
                "; below its threshold, where it runs SIMD's code (so the gap is SIMD's own, or the operands' "
                + "placement in memory): " + list(unsplit)
        }
        return text + "."
    }

    /// A ratio with its interval, as the tables print it.
    static func ratioWithInterval(_ ratio: Double, _ interval: ConfidenceInterval) -> String {
        "\(NumberFormatting.ratio(ratio)) [\(NumberFormatting.ratio(interval.lower)), \(NumberFormatting.ratio(interval.upper))]"
    }

    static func parallelSection(_ results: BenchmarkResults) -> String {
        guard let comparison = ParallelComparison(results) else { return "" }
        var text = "## Parallel backend\n\n**Answer:** " + parallelAnswer(comparison, results) + "\n\n"
        if let thresholds = comparison.thresholds, thresholds.skipped == nil {
            let sizes = Array(Set(thresholds.operations.flatMap { $0.ladder.map(\.size) })).sorted()
            text +=
                "### Where it splits\n\nMeasured before the sweep, SIMD's loop against the same loop split across "
                + "the pool, side by side (interleaved rounds, wall clock), at each size below; each cell is the split "
                + "call's median time over SIMD's. An operation splits from the smallest size at which it is at least "
                + "\(NumberFormatting.percent(thresholds.margin)) faster there and at every larger size, else never; "
                + "the run then timed the backend with these thresholds.\n\n"
            var table = MarkdownTable(
                [("Operation", .left), ("Splits from", .right)] + sizes.map { (NumberFormatting.size($0), .right) })
            for entry in thresholds.operations {
                table.append(
                    [entry.operation.kernelName, entry.threshold.map(NumberFormatting.size) ?? "never"]
                        + sizes.map { size in
                            entry.ladder.first { $0.size == size }.map { NumberFormatting.ratio($0.ratio) } ?? "—"
                        })
            }
            text += table.text + "\nTo use these thresholds in an app:\n\n```swift\n"
            text += thresholds.swiftSettings.joined(separator: "\n") + "\n```\n\n"
        }
        text +=
            "### Against the best single-thread backend\n\n*Ratio*: median over rounds of the parallel backend's "
            + "time over the best single-thread backend's, with its 95 % bootstrap interval; *slower* needs the "
            + "whole interval above \(NumberFormatting.ratio(1 + ParallelComparison.tolerance)). *Splits*: whether "
            + "calls of that size went to the pool; below its threshold the backend runs SIMD's code (the same "
            + "instructions per call, ± one compare), so *vs SIMD* there shows what the operands' placement in "
            + "memory alone does. All are timed by the wall clock (threads run).\n\n"
        var table = MarkdownTable([
            ("Kernel", .left), ("N", .right), ("Splits", .left), ("Parallel ns/element", .right),
            ("Best single-thread", .left), ("ns/element", .right), ("Ratio [95 %]", .right), ("vs SIMD", .right),
            ("Verdict", .left),
        ])
        for row in comparison.rows {
            table.append([
                row.kernel.rawValue, NumberFormatting.size(row.size), row.splits ? "yes" : "no",
                NumberFormatting.significant(row.parallelNanosecondsPerElement),
                results.machine.displayName(of: row.best), NumberFormatting.significant(row.bestNanosecondsPerElement),
                ratioWithInterval(row.ratio, row.interval), row.simdRatio.map { NumberFormatting.ratio($0) } ?? "—",
                row.verdict == .slower ? "**slower**" : row.verdict.rawValue,
            ])
        }
        return text + table.text + "\n"
    }
}
