import Benchmarking
import SpringBenchFiles

/// `Reports/backend-choice.md`: which backend to use, for which kernel and how many points.
///
/// The answer comes first — one safest backend for everything with its
/// worst-case cost, then per kernel the winner of each size range with its
/// margin, "no clear winner" where the confidence intervals overlap, and the
/// crossover sizes — then the evidence per size, plots of each backend's time
/// relative to the fastest, how the verdicts are made, and the machine record.
public enum BackendChoiceReport {
    /// Path of the Markdown file inside the reports directory.
    public static let path = "backend-choice.md"

    /// Renders the report from the results and the recommendation made from
    /// them (for the sweep's own build; every other build measured in the run
    /// gets its own recommendation from its own measurements).
    public static func render(_ results: BenchmarkResults, recommendation: Recommendation) -> ReportDocument {
        var attachments: [String: String] = [:]
        let builds = results.builds.map { build in
            (
                build,
                build.results.machine == results.machine
                    ? recommendation : Recommendation(measurements: build.results.measurements)
            )
        }
        let several = builds.count > 1
        var markdown = "# Which vector backend to use\n\n"
        for (build, recommendation) in builds {
            let index = MeasurementIndex(build.results)
            if several {
                markdown +=
                    "**Built with \(build.label)**"
                    + (build.isDefault ? ", what a package that depends on SpringBench gets" : "") + ". "
            }
            markdown += answer(recommendation, index) + "\n"
        }
        markdown +=
            "Measured \(plain(results.machine.date)) on \(plain(results.machine.cpuModel)), "
            + (several
                ? "\(builds.count) release builds (" + builds.map(\.0.label).joined(separator: ", ")
                    + ") sampled in the same rounds of one run, "
                : "\(plain(results.machine.buildConfiguration)) build for target CPU \(plain(results.machine.targetCPU)), ")
            + "by \(code(results.machine.commandLine)); "
            + "full figures in [performance.md](\(PerformanceReport.path)), machine record at the end.\n\n"
        markdown += "## Per kernel and size range\n\n"
        for (build, recommendation) in builds {
            let index = MeasurementIndex(build.results)
            if several { markdown += "### \(build.label)\n\n" }
            markdown += rangeTable(recommendation, index) + "\n"
            markdown += kernelSummaryTable(recommendation, index) + "\n"
        }
        if !results.workloads.isEmpty {
            markdown +=
                "## What fits in a \(FrameBudget.displayName) frame\n\n"
                + (several ? "Measured with \(results.machine.buildLabel).\n\n" : "")
                + PerformanceReport.frameBudgetTable(results.workloads, results.machine) + "\n"
        }
        markdown += method
        if !recommendation.kernels.isEmpty { markdown += "## Evidence per kernel\n\n" }
        for kernel in recommendation.kernels.map(\.kernel) {
            markdown += "### \(kernel.rawValue) — \(kernel.operationDescription)\n\n"
            for (build, recommendation) in builds {
                guard let advice = recommendation.kernels.first(where: { $0.kernel == kernel }) else { continue }
                let index = MeasurementIndex(build.results)
                if several { markdown += "\(build.label):\n\n" }
                markdown += verdictTable(advice, index) + "\n"
                let file =
                    "plots/backend-choice-\(kernel.rawValue)\(several ? "-" + slug(build.results.machine.targetCPU) : "").svg"
                attachments[file] = relativePlot(advice, index, build: several ? build.label : nil).svg()
                markdown +=
                    "![\(kernel.rawValue)\(several ? " (" + plain(build.label) + ")" : ""): each backend's median time over the fastest's, against N](\(file))\n\n"
            }
        }
        markdown += results.machine.markdownSection
        return ReportDocument(path: path, markdown: markdown, attachments: attachments)
    }

    /// A file-name part from a target CPU ("x86-64 (baseline, SSE2)" → "x86-64").
    static func slug(_ targetCPU: String) -> String {
        String(targetCPU.prefix { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })
    }

    /// Renders the report, making the recommendation from `results`.
    public static func render(_ results: BenchmarkResults) -> ReportDocument {
        render(results, recommendation: Recommendation(measurements: results.measurements))
    }

    // MARK: The answer

    /// The opening paragraph: the safest single choice and its worst case.
    static func answer(_ recommendation: Recommendation, _ index: MeasurementIndex) -> String {
        guard let choice = recommendation.singleChoice else {
            return "**No recommendation**: this result holds no kernel measurements.\n"
        }
        let kernels = recommendation.kernels.count
        let sizes = Set(recommendation.kernels.flatMap { $0.verdicts.map(\.size) }).count
        var text =
            "**If you use one backend for everything, use \(index.results.machine.displayName(of: choice.backend))**: over the "
            + "\(kernels) kernel\(kernels == 1 ? "" : "s") and \(sizes) size\(sizes == 1 ? "" : "s") measured, its median "
        if choice.worstRatio <= 1 {
            text += "time was the fastest everywhere."
        } else {
            text +=
                "time is never more than \(NumberFormatting.ratio(choice.worstRatio)) the fastest backend's "
                + "(worst: \(choice.worstKernel.rawValue) at N = \(NumberFormatting.size(choice.worstSize)))."
        }
        if !choice.coversEverything {
            text += " No backend was measured on every kernel and size; this covers only what it was measured on."
        }
        let clearWins = recommendation.kernels.flatMap(\.ranges).filter {
            $0.winner != nil && $0.winner != choice.backend
        }
        if clearWins.isEmpty {
            text += " No other backend wins clearly anywhere."
        } else {
            text += " Where another backend wins clearly, the table below names it."
        }
        return text + "\n"
    }

    /// One row per kernel and size range: the backend to use and by how much it wins.
    static func rangeTable(_ recommendation: Recommendation, _ index: MeasurementIndex) -> String {
        var table = MarkdownTable([("Kernel", .left), ("N", .left), ("Use", .left), ("Margin", .left)])
        for advice in recommendation.kernels {
            for range in advice.ranges {
                let span =
                    range.fromSize == range.toSize
                    ? NumberFormatting.size(range.fromSize)
                    : "\(NumberFormatting.size(range.fromSize)) – \(NumberFormatting.size(range.toSize))"
                let verdicts = advice.verdicts.filter { (range.fromSize...range.toSize).contains($0.size) }
                if let winner = range.winner {
                    // The margin is the smallest over the range; name where it occurs and against whom.
                    let closest = verdicts.min { $0.margin < $1.margin }
                    let against = closest.flatMap { verdict in
                        verdict.runnerUp.map {
                            "\(index.results.machine.displayName(of: $0)) at \(NumberFormatting.size(verdict.size))"
                        }
                    }
                    table.append([
                        advice.kernel.rawValue, span, "**\(index.results.machine.displayName(of: winner))**",
                        "≥ \(NumberFormatting.ratio(range.minimumMargin))"
                            + (against.map { " (closest: \($0))" } ?? " (the only backend)"),
                    ])
                } else {
                    let (tied, spread) = ties(verdicts, order: index.backends)
                    let names = tied.map(index.results.machine.displayName(of:))
                    table.append([
                        advice.kernel.rawValue, span,
                        "no clear winner (\(NumberFormatting.tie(names, equalWithin: range.equalWithin)))",
                        "medians within \(NumberFormatting.ratio(spread))",
                    ])
                }
            }
        }
        return table.text + "\nA winner is named only where its 95 % confidence interval of the median lies "
            + "entirely below every other backend's; the margin is the runner-up's median over the winner's, the "
            + "smallest over the range (named with the size and backend where it is smallest). Without a clear "
            + "winner, \"equal within x %\" is the largest difference between the fastest and a tied backend that "
            + "the intervals leave possible (upper end of one over lower end of the other), the largest over the range.\n"
    }

    /// Backends whose median interval overlaps the fastest's somewhere in `verdicts`,
    /// and the largest ratio of such a backend's median to the fastest's.
    static func ties(_ verdicts: [Recommendation.Verdict], order: [String]) -> ([String], Double) {
        var tied: Set<String> = []
        var spread = 1.0
        for verdict in verdicts {
            guard let fastest = verdict.ranking.first else { continue }
            for entry in verdict.ranking where entry.interval.lower <= fastest.interval.upper {
                tied.insert(entry.backend)
                spread = max(spread, entry.medianNanoseconds / fastest.medianNanoseconds)
            }
        }
        let ordered = order.filter(tied.contains) + tied.subtracting(order).sorted()
        return (ordered, spread)
    }

    /// Per kernel: crossovers and the safest single backend.
    static func kernelSummaryTable(_ recommendation: Recommendation, _ index: MeasurementIndex) -> String {
        var table = MarkdownTable([
            ("Kernel", .left), ("Crossovers (clear winner changes)", .left),
            ("Safest single backend", .left), ("Its worst ratio to the fastest", .right),
        ])
        for advice in recommendation.kernels {
            let crossovers = advice.crossovers.map { crossover in
                "\(index.results.machine.displayName(of: crossover.from)) → \(index.results.machine.displayName(of: crossover.to)) between "
                    + "\(NumberFormatting.size(crossover.betweenSizes.lowerBound)) and "
                    + "\(NumberFormatting.size(crossover.betweenSizes.upperBound)) "
                    + "(≈ \(NumberFormatting.approximateSize(crossover.estimatedSize)))"
            }
            table.append([
                advice.kernel.rawValue, crossovers.isEmpty ? "none" : crossovers.joined(separator: "; "),
                index.results.machine.displayName(of: advice.safestChoice),
                NumberFormatting.ratio(advice.safestChoiceWorstRatio),
            ])
        }
        return table.text + "\nA crossover's estimate interpolates the two backends' median ratio on log–log axes "
            + "between the sizes where each won clearly.\n"
    }

    static let method = """
        ## How the verdicts are made

        For each kernel and size every backend was timed in interleaved samples (so machine drift hits all \
        alike). A backend *wins clearly* when the percentile-bootstrap 95 % confidence interval of its median \
        lies entirely below every other backend's interval; otherwise the size has *no clear winner*: on a \
        shared machine, differences inside the intervals are noise (in cache, identical code has moved 2× from \
        code placement alone). Consecutive sizes with the same verdict form a range. The safest single backend \
        minimises the worst ratio of its median to the fastest median over all sizes.


        """

    // MARK: Evidence

    static func verdictTable(_ advice: Recommendation.KernelAdvice, _ index: MeasurementIndex) -> String {
        var table = MarkdownTable([
            ("N", .right), ("Verdict", .left), ("Margin", .right),
            ("Backends, fastest first: median ns/element [95 % interval]", .left),
        ])
        for verdict in advice.verdicts {
            let size = Double(verdict.size)
            let ranking = verdict.ranking.map { entry in
                "\(index.results.machine.displayName(of: entry.backend)) \(NumberFormatting.significant(entry.medianNanoseconds / size)) "
                    + "[\(NumberFormatting.significant(entry.interval.lower / size)), "
                    + "\(NumberFormatting.significant(entry.interval.upper / size))]"
            }
            table.append([
                NumberFormatting.size(verdict.size),
                verdict.isClear
                    ? "**\(index.results.machine.displayName(of: verdict.fastest))** wins"
                    : "no clear winner (fastest median: \(index.results.machine.displayName(of: verdict.fastest)); "
                        + NumberFormatting.tie(
                            verdict.tied.map(index.results.machine.displayName(of:)), equalWithin: verdict.equalWithin)
                        + ")",
                NumberFormatting.ratio(verdict.margin), ranking.joined(separator: " · "),
            ])
        }
        return table.text
    }

    static func relativePlot(_ advice: Recommendation.KernelAdvice, _ index: MeasurementIndex, build: String? = nil)
        -> LinePlot
    {
        var backends = index.backends(advice.kernel)
        for verdict in advice.verdicts {
            for entry in verdict.ranking where !backends.contains(entry.backend) { backends.append(entry.backend) }
        }
        let series = backends.map { backend in
            PlotSeries(
                name: index.results.machine.displayName(of: backend),
                points: advice.verdicts.compactMap { verdict in
                    guard let mine = verdict.ranking.first(where: { $0.backend == backend }),
                        let fastest = verdict.ranking.first
                    else { return nil }
                    return PlotPoint(x: Double(verdict.size), y: mine.medianNanoseconds / fastest.medianNanoseconds)
                })
        }
        let highest = series.flatMap(\.points).map(\.y).filter(\.isFinite).max() ?? 1
        // Start below 1 so the fastest backend's line is not hidden in the frame.
        var yAxis = PlotAxis(title: "median time ÷ fastest median", scale: highest > 4 ? .logarithmic : .linear)
        let fitted = yAxis.resolvedDomain(for: 1...max(highest, 1.1))
        yAxis.domain = (yAxis.scale == .logarithmic ? 0.8 : 1 - (fitted.upperBound - 1) * 0.05)...fitted.upperBound
        return LinePlot(
            title: "\(advice.kernel.rawValue): time relative to the fastest backend"
                + (build.map { ", " + $0.replacingOccurrences(of: "`", with: "") } ?? ""),
            xAxis: PlotAxis(title: "points N", scale: .logarithmic, labels: .binarySize),
            yAxis: yAxis,
            series: series, referenceLines: [.horizontal("fastest at each N", y: 1)])
    }
}
