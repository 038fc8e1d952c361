import Benchmarking
import SpringBenchFiles
import VectorKernels

/// `Reports/performance.md`: how fast each kernel runs on each backend, against
/// this machine's own measured bandwidth.
///
/// The report opens with the headline figures and the bars they are held to
/// (issue 5), then gives per-kernel tables, one log–log plot per kernel with the
/// bandwidth limit drawn in, a bar chart of the fraction of bandwidth reached
/// at the largest size, the bandwidth probe, the workloads, the sweep
/// configuration and the machine record.
public enum PerformanceReport {
    /// Path of the Markdown file inside the reports directory.
    public static let path = "performance.md"

    /// Renders the report. Pure: the same results always give the same text.
    public static func render(_ results: BenchmarkResults) -> ReportDocument {
        let index = MeasurementIndex(results)
        var attachments: [String: String] = [:]
        var markdown = "# Vector kernel performance\n\n"
        markdown += summaryLine(results) + "\n\n"
        markdown +=
            "## Headline figures\n\n" + headlineTable(index) + yardstickHeadline(results) + referenceHeadline(results)
            + parallelHeadline(results) + valueTypeHeadline(results) + "\n"
        if !results.workloads.isEmpty {
            markdown +=
                "### Largest N per \(FrameBudget.displayName) frame (\(NumberFormatting.significant(FrameBudget.frameSeconds * 1000, digits: 3, trimmingZeros: false)) ms)\n\n"
                + frameBudgetTable(results.workloads, results.machine) + "\n"
        }
        markdown += readingGuide(index)
        markdown += harnessFloorParagraph(results)
        markdown += "## Measurements\n\n"
        if index.kernels.isEmpty { markdown += "No kernel measurements in this result.\n\n" }
        for kernel in index.kernels {
            markdown += measurementTable(kernel, index) + "\n"
        }
        if !index.kernels.isEmpty {
            markdown += "## Plots\n\n"
            markdown +=
                "Time per element against N on log–log axes, one line per backend. The dashed horizontal "
                + "line is the probe's bandwidth limit for the kernel's access pattern (bytes per element ÷ best "
                + "probe GB/s): no backend can beat it once the working set is out of cache, which happens to the "
                + "right of the dashed vertical line (working set = last-level cache).\n\n"
            for kernel in index.kernels {
                let file = "plots/performance-\(kernel.rawValue).svg"
                attachments[file] = kernelPlot(kernel, index).svg()
                markdown += "![\(kernel.rawValue): ns per element against N per backend](\(file))\n\n"
            }
            let file = "plots/performance-bandwidth.svg"
            attachments[file] = bandwidthChart(index).svg()
            markdown += "![Fraction of the ceiling per kernel and backend at the largest size](\(file))\n\n"
        }
        markdown += referenceSection(results)
        markdown += parallelSection(results)
        markdown += yardstickSection(results)
        markdown += valueTypeSection(results)
        markdown += ceilingSection(index)
        markdown += cacheCheckSection(results)
        markdown += otherBuildSection(results)
        markdown += probeSection(results)
        if !results.workloads.isEmpty { markdown += workloadSection(results) }
        markdown += configurationSection(results)
        markdown += results.machine.markdownSection
        return ReportDocument(path: path, markdown: markdown, attachments: attachments)
    }

    // MARK: Headline

    static func summaryLine(_ results: BenchmarkResults) -> String {
        let machine = results.machine
        return "Measured \(plain(machine.date)) on \(plain(machine.cpuModel)) (\(machine.logicalCores) logical cores), "
            + "\(plain(machine.buildConfiguration)) build for target CPU \(plain(machine.targetCPU)), by "
            + "\(code(machine.commandLine)) in \(NumberFormatting.significant(results.elapsedSeconds, digits: 3)) s. "
            + "Medians of \(results.configuration.samples) samples per cell, each taken in the cache state its table names "
            + "(*hot*: \(CacheState.warmingCalls) untimed calls first, operands resident; *memory*: operands larger than the cache this process keeps, measured: the machine table's \"Cache kept\")"
            + (results.otherBuilds.map { builds in
                "; " + builds.map { $0.machine.buildLabel }.joined(separator: " and ")
                    + " sampled in the same rounds ([below](#other-builds))"
            } ?? "")
            + "; the machine record is at the end."
    }

    /// Figures the reader checks first, each beside the bar it is held to
    /// (``HeadlineTargets`` computes them; this only prints).
    static func headlineTable(_ index: MeasurementIndex) -> String {
        let machine = index.results.machine
        var table = MarkdownTable([("Figure", .left), ("Measured", .left), ("Bar", .left), ("Met", .left)])
        for figure in HeadlineTargets(index.results).figures {
            let met = figure.met.map { verdict($0, exact: figure.atTheBarsSize) } ?? "—"
            let bar = figure.bar ?? "—"
            switch figure.kind {
            case .bandwidthFraction(let kernel, let size, let backend, let fraction, let rate):
                table.append([
                    "\(kernel.rawValue): best fraction of its ceiling at N = \(NumberFormatting.size(size))",
                    "\(NumberFormatting.percent(fraction)) (\(machine.displayName(of: backend)), "
                        + "\(NumberFormatting.significant(rate)) GB/s)",
                    bar, met,
                ])
            case .magnitudeSquaredSpeedup(let ratio):
                table.append([
                    "magnitudeSquared: SIMD speed-up over naive at N = 4 Ki",
                    ratio.map { NumberFormatting.ratio($0) } ?? "not measured", bar, met,
                ])
            case .simdAgainstOpenBLAS(let kernel, let size, let ratio):
                table.append([
                    "\(kernel.rawValue): SIMD speed relative to OpenBLAS, worst N ≤ 64 Ki",
                    "\(NumberFormatting.ratio(ratio)) at N = \(NumberFormatting.size(size))", bar, met,
                ])
            case .allocationFreeKernels(let worst, let allocations):
                let place =
                    worst.map {
                        " (\($0.kernel.rawValue), \(machine.displayName(of: $0.backend)), N = \(NumberFormatting.size($0.size)))"
                    } ?? ""
                table.append([
                    "In-place and reused-destination kernels: most allocations per call",
                    allocations.map { NumberFormatting.significant($0, digits: 3, trimmingZeros: true) + place }
                        ?? "not counted (allocation counting unavailable)",
                    bar, met,
                ])
            case .allocatingAdd(let allocations):
                table.append([
                    "add-alloc: allocations per call (for contrast)",
                    NumberFormatting.significant(allocations, digits: 3, trimmingZeros: true), "—", "—",
                ])
            }
        }
        return table.text
    }

    /// "yes" / "**no**", marked when the figure was not measured exactly where the bar is defined.
    static func verdict(_ met: Bool, exact: Bool) -> String {
        (met ? "yes" : "**no**") + (exact ? "" : " (not at the bar's size)")
    }

    static func readingGuide(_ index: MeasurementIndex) -> String {
        """
        **How to read the tables.** *ns/element* is the median time of one kernel call divided by N; \
        *p10–p90* is the spread of the samples (also per element). *GB/s* counts the bytes each kernel \
        must move per element (Guides/ErrorBounds.md: 24 for add, subtract and axpy, 16 for scale, 8 for \
        magnitudeSquared; write-allocate traffic not counted). *Of ceiling* divides that by the rate of the \
        kernel's ceiling pattern: the same access shape with every avoidable byte avoided (streaming stores \
        for out-of-place kernels, which skip the destination's read-for-ownership). At the largest size, \
        where operands stream from memory, the ceiling is sampled in the same rounds as the kernels and the \
        figure is the median of the per-round fractions with its 95 % interval in brackets; elsewhere it is \
        the separate probe's median (typical against typical; the dashed limit in the plots is its best \
        trial), a physical limit only once the working set leaves the cache, and above 100 % in cache. \
        *State* is the cache state every sample was taken in: *hot* (the operands fit the cache this process keeps \
        and \(CacheState.warmingCalls) untimed calls before each sample bring them in, as an animation touching its vectors every \
        frame finds them) or *memory* (they do not fit; every call streams them). Differences under \
        about 1.5× in cache need the confidence intervals of `backend-choice.md` before they mean anything.


        """
    }

    static func frameBudgetTable(_ workloads: [WorkloadMeasurement], _ machine: MachineRecord) -> String {
        var table = MarkdownTable([
            ("Workload", .left), ("Backend", .left), ("Largest measured N that fits", .right),
            ("Frame time there", .right), ("Largest N that fits", .right),
        ])
        for capacity in FrameBudget.capacities(workloads) {
            table.append([
                plain(capacity.workload), machine.displayName(of: capacity.backend),
                capacity.largestFittingSize.map { NumberFormatting.size($0) + (capacity.allFit ? " (all fit)" : "") }
                    ?? "none (smallest, \(NumberFormatting.size(capacity.smallestSize)), does not)",
                capacity.frameNanosecondsAtLargestFitting.map { NumberFormatting.significant($0 / 1e6) + " ms" } ?? "—",
                "≈ " + NumberFormatting.approximateSize(capacity.points)
                    + (capacity.extrapolated ? " (extrapolated)" : ""),
            ])
        }
        return table.text + "\n*Largest N that fits*: median frame time interpolated linearly in N between the two "
            + "measured sizes that bracket the 8.33 ms budget; beyond the largest measured size it is extrapolated "
            + "linearly (marked), and below the smallest it is scaled down from it. `springbench bench` prints the "
            + "same figures.\n"
    }

    // MARK: Tables

    // MARK: The harness floor

    /// The marker of a cell within ``HarnessFloor/markedWithin`` of its build's floor.
    static let floorMarker = "‡"

    /// `text` marked when a call of `medianNanoseconds` is within reach of `floor`.
    static func markedAgainstFloor(_ text: String, medianNanoseconds: Double, floor: Double?) -> String {
        guard let floor, medianNanoseconds < HarnessFloor.markedWithin * floor else { return text }
        return text + " " + floorMarker
    }

    static func harnessFloorParagraph(_ results: BenchmarkResults) -> String {
        guard let floors = results.harnessFloor, !floors.isEmpty else { return "" }
        let listed = floors.map { floor in
            "\(NumberFormatting.significant(floor.nanosecondsPerCall)) ns per call for the \(plain(floor.build)) build "
                + "[\(NumberFormatting.significant(floor.interval.lower)), \(NumberFormatting.significant(floor.interval.upper))]"
        }
        let smallest = results.configuration.sizes.min() ?? 16
        let perElement = floors[0].nanosecondsPerCall / Double(smallest)
        return "**The harness floor.** Every call also pays for the harness around the kernel — the sampling loop, "
            + "the operand swap and the vector API — measured in the same run as a kernel that does nothing (one "
            + "opaque C call): \(listed.joined(separator: "; ")). A cell whose median call is within "
            + "\(NumberFormatting.significant(HarnessFloor.markedWithin))× of its build's floor is marked \(floorMarker): "
            + "there *ns/element* is mostly the harness's cost spread over N points (at N = \(NumberFormatting.size(smallest)) "
            + "the floor alone is \(NumberFormatting.significant(perElement)) ns/element), not the kernel's, and says little "
            + "about which backend is faster.\n\n"
    }

    static func measurementTable(_ kernel: Kernel, _ index: MeasurementIndex) -> String {
        let limit = index.bandwidthLimitNanosecondsPerElement(kernel)
        let rate = index.results.probe.bestGigabytesPerSecond(kernel.ceilingPattern)
        var text = "### \(kernel.rawValue) — \(kernel.operationDescription)\n\n"
        text +=
            "\(kernel.bytesPerElement) bytes per element; bandwidth limit \(NumberFormatting.significant(limit)) "
            + "ns/element (ceiling pattern `\(kernel.ceilingPattern.rawValue)`, \(NumberFormatting.significant(rate)) GB/s best in the probe).\n\n"
        var table = MarkdownTable([
            ("N", .right), ("State", .left), ("Backend", .left), ("ns/element", .right), ("p10–p90", .right),
            ("GB/s", .right),
            ("Of ceiling", .right), ("Allocations/call", .right),
        ])
        let allocations = { (count: Double?) in
            count.map { NumberFormatting.significant($0, digits: 3, trimmingZeros: true) } ?? "not counted"
        }
        let floor = index.results.harnessFloor(of: index.results.machine.targetCPU)
        for size in index.sizes(kernel) {
            let perElement = { (value: Double) in NumberFormatting.significant(value / Double(size)) }
            for backend in index.backends(kernel) {
                guard let cell = index.cell(kernel, backend, size) else { continue }
                table.append([
                    NumberFormatting.size(size), cell.cacheState?.rawValue ?? "—",
                    index.results.machine.displayName(of: backend),
                    markedAgainstFloor(
                        NumberFormatting.significant(cell.nanosecondsPerElement),
                        medianNanoseconds: cell.summary.median, floor: floor),
                    "\(perElement(cell.summary.p10))–\(perElement(cell.summary.p90))",
                    NumberFormatting.significant(cell.gigabytesPerSecond),
                    cell.ceiling.map(fractionText) ?? NumberFormatting.percent(cell.fractionOfBandwidth),
                    allocations(cell.allocationsPerOperation),
                ])
            }
            let references =
                (index.yardstickCell(kernel, size).map { [("C", $0)] } ?? []) + index.referenceCells(kernel, size)
            for (name, c) in references {
                table.append([
                    NumberFormatting.size(size), c.cacheState?.rawValue ?? "—", "*\(name) (yardstick)*",
                    markedAgainstFloor(
                        "*" + NumberFormatting.significant(c.nanosecondsPerElement) + "*",
                        medianNanoseconds: c.summary.median, floor: floor),
                    "\(perElement(c.summary.p10))–\(perElement(c.summary.p90))",
                    NumberFormatting.significant(c.gigabytesPerSecond), NumberFormatting.percent(c.fractionOfBandwidth),
                    allocations(c.allocationsPerOperation),
                ])
            }
        }
        return text + table.text
    }

    // MARK: gcc, OpenBLAS and numpy

    /// The headline row: cells where the best single-thread backend is
    /// slower than the best of gcc, OpenBLAS and numpy beyond the noise.
    static func referenceHeadline(_ results: BenchmarkResults) -> String {
        guard let comparison = ReferenceComparison(results) else { return "" }
        return "\nAgainst gcc, OpenBLAS and numpy ([below](#against-gcc-openblas-and-numpy)): "
            + referenceAnswer(comparison, results) + "\n"
    }

    /// The answer in one sentence: how many cells are slower beyond the noise, and which.
    static func referenceAnswer(_ comparison: ReferenceComparison, _ results: BenchmarkResults) -> String {
        let slower = comparison.slower
        let worst =
            comparison.worst.map {
                "; worst \($0.kernel.rawValue) at N = \(NumberFormatting.size($0.size)), \(NumberFormatting.ratio($0.ratio)) the time of \(results.displayName(ofReference: $0.reference))"
            } ?? ""
        return "the best single-thread backend is slower than the best reference beyond the noise "
            + "(\(NumberFormatting.percent(YardstickComparison.noise))) in **\(slower.count) of \(comparison.rows.count)** "
            + "kernel and size cells from \(NumberFormatting.size(ReferenceComparison.sizes.lowerBound)) to "
            + "\(NumberFormatting.size(ReferenceComparison.sizes.upperBound)) points\(worst)"
            + (slower.isEmpty
                ? "."
                : ": "
                    + slower.map { "\($0.kernel.rawValue) at \(NumberFormatting.size($0.size))" }
                    .joined(separator: ", ") + ".")
    }

    /// Issue 26's bar, every kernel and size: the best single-thread backend
    /// beside the best of gcc -O3 -march=native loops, OpenBLAS with one
    /// thread and numpy.
    static func referenceSection(_ results: BenchmarkResults) -> String {
        guard let comparison = ReferenceComparison(results) else { return "" }
        var text = "## Against gcc, OpenBLAS and numpy\n\n"
        text += "**Answer:** " + referenceAnswer(comparison, results) + "\n\n"
        let present = Set(comparison.references)
        var sources = (results.references ?? []).map { reference in
            "\(reference.details.displayName) (\(plain(reference.details.library ?? reference.details.summary)))"
        }
        if present.contains("openblas") { sources.append("OpenBLAS (the backend, 1 thread)") }
        var absent: [String] = []
        if !present.contains(GCCLoops.name) { absent.append("gcc loops (no `--loops-library`)") }
        if !present.contains("numpy") { absent.append("numpy (no `--reference-sampler`)") }
        if !present.contains("openblas") { absent.append("OpenBLAS with 1 thread") }
        text +=
            "The references: " + sources.joined(separator: "; ") + "."
            + (absent.isEmpty ? "" : " Not in this run: " + absent.joined(separator: ", ") + ".")
            + " Each ran in the same rounds as the backends on operands made like theirs (numpy's drawn by numpy's "
            + "generator) and is a reference, never a choice. *Best backend* is the fastest of the single-thread "
            + "backends (\(ReferenceComparison.singleThreadBackends.joined(separator: ", "))); *best reference* the "
            + "fastest reference. *Ratio* is the median over rounds of the one's time over the other's, with its 95 % "
            + "bootstrap interval (below 1: SpringBench is faster); *slower* needs the whole interval above "
            + "\(NumberFormatting.ratio(1 + YardstickComparison.noise)), *faster* below "
            + "\(NumberFormatting.ratio(1 / (1 + YardstickComparison.noise))). Where OpenBLAS is both, the ratio is 1. "
            + "Guides/MachineFacts.md, \"The yardsticks\", says what each reference is and why.\n\n"
        var table = MarkdownTable([
            ("Kernel", .left), ("N", .right), ("Best backend", .left), ("ns/element", .right),
            ("Best reference", .left), ("ns/element", .right), ("Ratio [95 %]", .right), ("Verdict", .left),
        ])
        for row in comparison.rows {
            table.append([
                row.kernel.rawValue, NumberFormatting.size(row.size), results.machine.displayName(of: row.best),
                NumberFormatting.significant(row.bestNanosecondsPerElement),
                results.displayName(ofReference: row.reference),
                NumberFormatting.significant(row.referenceNanosecondsPerElement),
                "\(NumberFormatting.ratio(row.ratio)) [\(NumberFormatting.ratio(row.interval.lower)), \(NumberFormatting.ratio(row.interval.upper))]",
                row.verdict == .slower ? "**slower**" : row.verdict.rawValue,
            ])
        }
        return text + table.text + "\n"
    }

    // MARK: The C yardstick

    /// The headline row: cells where the best backend is slower than C beyond the noise.
    static func yardstickHeadline(_ results: BenchmarkResults) -> String {
        guard let comparison = YardstickComparison(results) else { return "" }
        let slower = comparison.slower
        let worst =
            comparison.worst.map {
                "; worst \($0.kernel.rawValue) at N = \(NumberFormatting.size($0.size)), \(NumberFormatting.ratio($0.ratio)) of C's time"
            } ?? ""
        return "\nAgainst the C yardstick ([below](#against-c)): the best backend is slower than plain C beyond the "
            + "noise (\(NumberFormatting.percent(YardstickComparison.noise))) in **\(slower.count) of \(comparison.rows.count)** "
            + "kernel and size cells\(worst)"
            + (slower.isEmpty
                ? "."
                : ": "
                    + slower.map { "\($0.kernel.rawValue) at \(NumberFormatting.size($0.size))" }
                    .joined(separator: ", ") + ".") + "\n"
    }

    /// The best backend beside the yardstick, every kernel and size.
    static func yardstickSection(_ results: BenchmarkResults) -> String {
        guard let comparison = YardstickComparison(results), let details = results.yardstick?.details else { return "" }
        var text = "## Against C\n\n"
        text +=
            "The C yardstick is every kernel written as a plain C loop (`Sources/CVectorLoops/ReferenceLoops.c`), "
            + "compiled by clang for \(code(details.core ?? "baseline")) on this CPU (as `-O3 -march=native` would), "
            + "contraction on, Σa² in 16 accumulators; its allocating add is `malloc`, the loop and `free`. It ran on "
            + "operands made like every backend's, in the same rounds, and is a reference, not a choice. *Ratio* is "
            + "the median over rounds of the best backend's time over C's, with its 95 % bootstrap interval (below "
            + "1: Swift is faster). *Slower* needs the whole interval above \(NumberFormatting.ratio(1 + YardstickComparison.noise)), "
            + "*faster* below \(NumberFormatting.ratio(1 / (1 + YardstickComparison.noise))): closer than that either "
            + "way, two separate sets of operands differ by placement alone.\n\n"
        var table = MarkdownTable([
            ("Kernel", .left), ("N", .right), ("Best backend", .left), ("ns/element", .right),
            ("C ns/element", .right), ("Ratio [95 %]", .right), ("Verdict", .left),
        ])
        for row in comparison.rows {
            table.append([
                row.kernel.rawValue, NumberFormatting.size(row.size), results.machine.displayName(of: row.best),
                NumberFormatting.significant(row.bestNanosecondsPerElement),
                NumberFormatting.significant(row.yardstickNanosecondsPerElement),
                "\(NumberFormatting.ratio(row.ratio)) [\(NumberFormatting.ratio(row.interval.lower)), \(NumberFormatting.ratio(row.interval.upper))]",
                row.verdict == .slower ? "**slower**" : row.verdict.rawValue,
            ])
        }
        return text + table.text + "\n" + allocationSplitSection(comparison, results)
    }

    /// Where the allocating add stands against C, the loop told apart from
    /// the allocation.
    static func allocationSplitSection(_ comparison: YardstickComparison, _ results: BenchmarkResults) -> String {
        guard !comparison.allocationSplits.isEmpty else { return "" }
        var text = "### The allocating add: the loop or the allocation?\n\n"
        text +=
            "Per size, the best `add-alloc` backend's time per call minus C's (`malloc`, the loop, `free`), beside "
            + "the same backend's `add` into a reused vector minus C's loop alone: medians over rounds of paired "
            + "differences, in nanoseconds per call, with 95 % bootstrap intervals (positive: Swift takes longer). "
            + "The last column, the first minus the second, is what making and releasing the result costs beyond "
            + "`malloc` and `free`. A Swift result is a reference-counted object: the runtime's allocation and "
            + "release paths, and, because `+` consumes its operands so that `a + b - c` allocates once, a retain "
            + "and release of each operand the caller keeps. It is the same for every backend, and no backend "
            + "can remove it (Guides/MachineFacts.md, \"The C yardstick\", has the instruction counts).\n\n"
        var table = MarkdownTable([
            ("N", .right), ("Backend", .left), ("add-alloc − C, per call [95 %]", .right),
            ("add − C, per call [95 %]", .right), ("Allocation beyond malloc + free, per call", .right),
        ])
        for split in comparison.allocationSplits {
            table.append([
                NumberFormatting.size(split.size), results.machine.displayName(of: split.backend),
                signedDuration(split.allocatingGap, interval: split.allocatingGapInterval),
                signedDuration(split.reusedGap, interval: split.reusedGapInterval),
                signedDuration(split.allocationExcess, interval: nil),
            ])
        }
        return text + table.text + "\n"
    }

    /// A signed time difference in nanoseconds, in the unit that suits its
    /// size (ns, µs, ms), with its interval in the same unit: `+30.0 ns
    /// [+29.1, +31.2]`, `−3.27 ms [−3.50, −3.11]`.
    static func signedDuration(_ nanoseconds: Double, interval: ConfidenceInterval?) -> String {
        let magnitude = Swift.max(abs(nanoseconds), abs(interval?.lower ?? 0), abs(interval?.upper ?? 0))
        let (scale, unit) = magnitude >= 1e6 ? (1e6, "ms") : magnitude >= 1e3 ? (1e3, "µs") : (1.0, "ns")
        let value = "\(signed(nanoseconds / scale)) \(unit)"
        guard let interval else { return value }
        return value + " [\(signed(interval.lower / scale)), \(signed(interval.upper / scale))]"
    }

    /// `+1.23` or `−1.23` (three significant digits).
    static func signed(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return NumberFormatting.significant(value) }
        let magnitude = NumberFormatting.significant(abs(value))
        return (value > 0 ? "+" : "−") + magnitude
    }

    // MARK: Plots

    static func kernelPlot(_ kernel: Kernel, _ index: MeasurementIndex) -> LinePlot {
        let series = index.backends(kernel).map { backend in
            PlotSeries(
                name: index.results.machine.displayName(of: backend),
                points: index.sizes(kernel).compactMap { size in
                    index.cell(kernel, backend, size).map { PlotPoint(x: Double(size), y: $0.nanosecondsPerElement) }
                })
        }
        var references: [PlotReferenceLine] = []
        let limit = index.bandwidthLimitNanosecondsPerElement(kernel)
        if limit.isFinite {
            let rate = index.results.probe.bestGigabytesPerSecond(kernel.ceilingPattern)
            references.append(
                .horizontal(
                    "bandwidth limit (\(kernel.bytesPerElement) B ÷ \(NumberFormatting.significant(rate)) GB/s)",
                    y: limit))
        }
        let cache = index.results.machine.cacheStateBytes
        if cache > 0 {
            let name =
                index.results.machine.cacheResidency?.residentBytes != nil
                ? "cache kept (measured" : "last-level cache ("
            references.append(
                .vertical(
                    "working set = \(name)\(NumberFormatting.bytes(cache)))",
                    x: Double(cache) / Double(8 * kernel.operandArrays)))
        }
        return LinePlot(
            title: "\(kernel.rawValue): time per element",
            xAxis: PlotAxis(title: "points N", scale: .logarithmic, labels: .binarySize),
            yAxis: PlotAxis(title: "ns per element (median)", scale: .logarithmic),
            series: series, referenceLines: references)
    }

    static func bandwidthChart(_ index: MeasurementIndex) -> BarChart {
        let largest = index.kernels.map { index.sizes($0).last ?? 0 }
        let series = index.backends.map { backend in
            BarChart.Series(
                name: index.results.machine.displayName(of: backend),
                values: zip(index.kernels, largest).map { kernel, size in
                    index.cell(kernel, backend, size)?.fractionOfBandwidth
                })
        }
        let sizes = Set(largest)
        let title =
            sizes.count == 1
            ? "Fraction of the ceiling at N = \(NumberFormatting.size(largest[0]))"
            : "Fraction of the ceiling at each kernel's largest N"
        return BarChart(
            title: title, categories: index.kernels.map(\.rawValue), series: series,
            valueAxisTitle: "fraction of the ceiling",
            referenceLines: [
                .horizontal("1.0 = ceiling", y: 1),
                .horizontal(
                    "\(HeadlineTargets.bandwidthBar) = bar for in-place kernels", y: HeadlineTargets.bandwidthBar),
            ])
    }

    /// "83.1 % [81.0, 85.2]", flagged when the whole interval lies above 100 %.
    static func fractionText(_ ceiling: CeilingComparison) -> String {
        NumberFormatting.percent(ceiling.fraction) + " [" + NumberFormatting.significant(ceiling.interval.lower * 100)
            + ", "
            + NumberFormatting.significant(ceiling.interval.upper * 100) + "]"
            + (ceiling.exceedsCeiling ? " **above**" : "")
    }

    // MARK: Ceiling, cache check, other builds

    /// The kernels at the largest size against the ceiling sampled beside them.
    static func ceilingSection(_ index: MeasurementIndex) -> String {
        let builds = index.results.builds
        let rows = builds.flatMap { build in
            build.results.measurements.compactMap { cell in cell.ceiling.map { (build, cell, $0) } }
        }
        guard let size = rows.first?.1.size else { return "" }
        let above = rows.filter { $0.2.exceedsCeiling }
        var text = "## Against the ceiling at N = \(NumberFormatting.size(size))\n\n"
        text +=
            above.isEmpty
            ? "**No kernel reads above its ceiling** beyond the spread stated (the 95 % interval of the median per-round fraction, "
                + "above 1 by more than the ceiling's own loops disagree). "
            : "**\(above.count) cell\(above.count == 1 ? "" : "s") read above the ceiling beyond the stated spread**: "
                + above.map { build, cell, _ in
                    "\(cell.kernel.rawValue) on \(build.results.machine.displayName(of: cell.backend))"
                        + (builds.count > 1 ? " (\(build.label))" : "")
                }
                .joined(separator: ", ")
                + " (the ceiling pattern is then not the best loop for that shape on this machine). "
        text +=
            "Each cell was sampled in the same rounds as its ceiling pattern, run by the probe's loops on the cell's "
            + "own operands: where arrays lie in memory moved the same streaming loop by up to 15 % here, so a ceiling "
            + "on arrays of its own would bound nothing. In-place shapes are run by two loops (the triad as `a += s·b` "
            + "and as `a ± b`, the same bytes without the multiply; scale with four and two vectors per step); the "
            + "faster in each round is the ceiling, and how far the two disagree is the *loop spread*. The fraction is "
            + "the median over rounds of kernel GB/s ÷ ceiling GB/s, with its 95 % bootstrap interval.\n\n"
        var table = MarkdownTable([
            ("Kernel", .left), ("Build", .left), ("Backend", .left), ("Ceiling", .left),
            ("Ceiling GB/s", .right), ("Kernel GB/s", .right), ("Fraction [95 %]", .right),
            ("Loop spread", .right),
        ])
        for (build, cell, ceiling) in rows.sorted(by: { ($0.1.key, $0.0.label) < ($1.1.key, $1.0.label) }) {
            table.append([
                cell.kernel.rawValue, build.label, build.results.machine.displayName(of: cell.backend),
                code(ceiling.pattern.rawValue), NumberFormatting.significant(ceiling.ceilingGigabytesPerSecond),
                NumberFormatting.significant(cell.gigabytesPerSecond), fractionText(ceiling),
                ceiling.pattern.loopVariants > 1 ? NumberFormatting.percent(ceiling.loopSpread, digits: 2) : "—",
            ])
        }
        return text + table.text + "\n"
    }

    /// The long-sample check of the sweep's cache state.
    static func cacheCheckSection(_ results: BenchmarkResults) -> String {
        guard let check = results.cacheCheck, !check.cells.isEmpty else { return "" }
        let sizes = Set(check.cells.map(\.size)).sorted().map(NumberFormatting.size).joined(separator: " and ")
        let flagged = check.flagged
        let worst = check.cells.max { abs($0.ratio - 1) < abs($1.ratio - 1) }!
        var text = "## Cache-state check\n\n"
        text +=
            flagged.isEmpty
            ? "**All \(check.cells.count) checked cells agree** with their long-sample measurement within "
                + "\(NumberFormatting.percent(check.tolerance, digits: 2)) (largest difference "
                + "\(NumberFormatting.percent(abs(worst.ratio - 1), digits: 2))): the sweep's samples timed the state they claim. "
            : "**\(flagged.count) of \(check.cells.count) checked cells differ** from their long-sample measurement by more "
                + "than \(NumberFormatting.percent(check.tolerance, digits: 2)) (largest difference "
                + "\(NumberFormatting.percent(abs(worst.ratio - 1), digits: 2))); each is flagged below with the reason"
                + { () -> String in
                    let noise = flagged.filter { abs($0.pairedRatio - 1) <= check.tolerance }.count
                    return noise == flagged.count
                        ? ", and in every one the samples taken beside the long ones agree with them: noise in the medians, not the cache state. "
                        : " (in \(noise) of them the samples beside the long ones agree: noise). "
                }()
        text +=
            "At \(sizes) points, where operands leave the per-core L2 cache but fit the last-level cache, every cell "
            + "also took \(check.samples) samples of at least \(NumberFormatting.significant(check.minimumSampleNanoseconds / 1e6)) ms "
            + "inside the sweep's own rounds, each right after the cell's ordinary sample of that round: a long sample "
            + "runs the kernel dozens of times, so the state its first call finds hardly counts. *Paired* is the median "
            + "of ordinary ÷ long over those rounds, free of drift: when the medians differ but the pairs agree, the "
            + "difference is noise; when the pairs differ too, the state is.\n\n"
        var table = MarkdownTable([
            ("Kernel", .left), ("N", .right), ("Build", .left), ("Backend", .left),
            ("Sweep ns/element", .right), ("Long ns/element", .right), ("Sweep ÷ long", .right),
            ("Paired", .right), ("Verdict", .left),
        ])
        let labels = Dictionary(
            results.builds.map { ($0.results.machine.targetCPU, $0.label) }, uniquingKeysWith: { a, _ in a })
        for cell in check.cells {
            let size = Double(cell.size)
            table.append([
                cell.kernel.rawValue, NumberFormatting.size(cell.size),
                labels[cell.build ?? results.machine.targetCPU] ?? plain(cell.build ?? results.machine.targetCPU),
                results.machine.displayName(of: cell.backend),
                NumberFormatting.significant(cell.sweepMedian / size),
                NumberFormatting.significant(cell.longMedian / size),
                NumberFormatting.ratio(cell.ratio), NumberFormatting.ratio(cell.pairedRatio),
                cell.flag.map { "**flagged**: " + plain($0) } ?? "agrees",
            ])
        }
        return text + table.text + "\n"
    }

    /// Every build's ns/element side by side, with the ratio to the first (default) build.
    static func otherBuildSection(_ results: BenchmarkResults) -> String {
        let builds = results.builds
        guard builds.count > 1 else { return "" }
        let indexes = builds.map { MeasurementIndex($0.results) }
        let floors = builds.map { results.harnessFloor(of: $0.results.machine.targetCPU) }
        var text = "## Other builds\n\n"
        text +=
            "The same kernels built " + builds.map(\.label).joined(separator: " and ")
            + ", sampled in the same rounds (one process each, pinned to the same CPU), so drift of the machine hit "
            + "both alike. Median ns/element; the ratio is each build's time over the first's (below 1: faster). "
            + "`backend-choice.md` gives the recommendation per build.\n\n"
        var columns: [(String, MarkdownTable.Alignment)] = [("Kernel", .left), ("N", .right), ("Backend", .left)]
        for (number, build) in builds.enumerated() {
            columns.append((build.label, .right))
            if number > 0 { columns.append(("÷ first", .right)) }
        }
        var table = MarkdownTable(columns)
        for kernel in indexes[0].kernels {
            for size in indexes[0].sizes(kernel) {
                for backend in indexes[0].backends(kernel) {
                    guard let first = indexes[0].cell(kernel, backend, size) else { continue }
                    var row = [
                        kernel.rawValue, NumberFormatting.size(size), results.machine.displayName(of: backend),
                        markedAgainstFloor(
                            NumberFormatting.significant(first.nanosecondsPerElement),
                            medianNanoseconds: first.summary.median, floor: floors[0]),
                    ]
                    for (number, index) in indexes.enumerated().dropFirst() {
                        let cell = index.cell(kernel, backend, size)
                        row.append(
                            cell.map {
                                markedAgainstFloor(
                                    NumberFormatting.significant($0.nanosecondsPerElement),
                                    medianNanoseconds: $0.summary.median, floor: floors[number])
                            } ?? "—")
                        row.append(cell.map { NumberFormatting.ratio($0.summary.median / first.summary.median) } ?? "—")
                    }
                    table.append(row)
                }
            }
        }
        return text + table.text + "\n"
    }

    // MARK: Probe, workloads, configuration

    static func probeSection(_ results: BenchmarkResults) -> String {
        let probe = results.probe
        var text = "## Bandwidth probe\n\n"
        text +=
            "STREAM-style loops over \(NumberFormatting.size(probe.elements)) doubles per array "
            + "(\(NumberFormatting.bytes(probe.bytesPerArray)) each), best and median of \(probe.trials) trials, "
            + "in the same process as the kernels, before the sweep. The loops are C with vector intrinsics"
            + (probe.vectorStoreBytes.map {
                $0 > 0 ? " (\($0)-byte stores on this CPU)" : " (none on this CPU: plain C, no streaming stores)"
            } ?? "")
            + "; `-nt` patterns write with streaming (non-temporal) stores.\n\n"
        var table = MarkdownTable([
            ("Pattern", .left), ("Bytes/element", .right), ("Best GB/s", .right),
            ("Median GB/s", .right), ("Ceiling of", .left),
        ])
        for rate in probe.patterns {
            let users = Kernel.allCases.filter { $0.ceilingPattern == rate.pattern }.map(\.rawValue)
            table.append([
                code(rate.pattern.rawValue), "\(rate.pattern.bytesPerElement)",
                NumberFormatting.significant(rate.bestGigabytesPerSecond),
                NumberFormatting.significant(rate.medianGigabytesPerSecond),
                users.isEmpty ? "—" : users.joined(separator: ", "),
            ])
        }
        if let allCores = probe.allCores {
            table.append([
                code(allCores.pattern.rawValue) + ", \(allCores.threads) threads",
                "\(allCores.pattern.bytesPerElement)",
                NumberFormatting.significant(allCores.bestGigabytesPerSecond),
                NumberFormatting.significant(allCores.medianGigabytesPerSecond),
                "the parallel backend's add ([above](#parallel-backend))",
            ])
        }
        return text + table.text + "\n"
    }

    static func workloadSection(_ results: BenchmarkResults) -> String {
        var table = MarkdownTable([
            ("Workload", .left), ("Backend", .left), ("N", .right), ("ns/point/frame", .right),
            ("Frame time", .right), ("Fits 8.33 ms", .left), ("Allocations/frame", .right),
        ])
        for cell in results.workloads.sorted(by: {
            ($0.workload, $0.backend, $0.size) < ($1.workload, $1.backend, $1.size)
        }) {
            let frame = cell.nanosecondsPerElement * Double(cell.size)
            table.append([
                plain(cell.workload), results.machine.displayName(of: cell.backend), NumberFormatting.size(cell.size),
                NumberFormatting.significant(cell.nanosecondsPerElement),
                NumberFormatting.significant(frame / 1e6) + " ms",
                frame <= FrameBudget.frameNanoseconds ? "yes" : "no",
                cell.allocationsPerOperation.map { NumberFormatting.significant($0, digits: 3, trimmingZeros: true) }
                    ?? "not counted",
            ])
        }
        return "## Workloads\n\nAnimating N points per frame, end to end.\n\n" + table.text + "\n"
    }

    static func configurationSection(_ results: BenchmarkResults) -> String {
        let configuration = results.configuration
        var table = MarkdownTable([("Setting", .left), ("Value", .left)])
        table.append(["Kernels", configuration.kernels.map(\.rawValue).joined(separator: ", ")])
        table.append(["Backends", configuration.backends.map(results.machine.displayName(of:)).joined(separator: ", ")])
        table.append(["Sizes", configuration.sizes.map(NumberFormatting.size).joined(separator: ", ")])
        table.append(["Samples per cell", "\(configuration.samples)"])
        table.append([
            "Minimum sample time", NumberFormatting.significant(configuration.minimumSampleNanoseconds / 1e6) + " ms",
        ])
        table.append(["OpenBLAS threads", "\(configuration.openBLASThreads)"])
        table.append(["Pinned to CPU", configuration.pinnedCPU.map { "\($0)" } ?? "no"])
        table.append(["Quick run", configuration.quick ? "yes" : "no"])
        table.append(["Seed", "\(configuration.seed)"])
        table.append(["Whole run", NumberFormatting.significant(results.elapsedSeconds) + " s"])
        return "## Sweep configuration\n\n" + table.text + "\n"
    }
}

extension BenchmarkResults {
    /// The harness floor (ns per call) of the build with `targetCPU`, if measured.
    func harnessFloor(of targetCPU: String) -> Double? {
        harnessFloor?.first { $0.build == targetCPU }?.nanosecondsPerCall
    }
}
