import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport
import _TestSupport

/// performance.md's summary tables read back cell by cell: the headline
/// figures, the largest N per frame, the workloads, the bandwidth probe and
/// the sweep configuration, each against expectations computed here from the
/// synthetic model (the report's formatting helpers only format).
///
/// Every figure encodes where it comes from: kernel, backend and size indices
/// enter each time, fraction, ratio and count, so a figure taken from the
/// wrong row, column or size reads as a wrong value. Kernels, backends and
/// sizes are given out of order (the configuration keeps that order), and a
/// two-thread backend is the fastest everywhere, so a figure that should be
/// single-thread shows when it is not.
@Suite("performance.md summary tables cell by cell")
struct PerformanceSummaryCellTests {
    /// Configuration order: neither `Kernel.allCases` order nor alphabetical.
    static let kernels: [Kernel] = [.magnitudeSquared, .scale, .add, .addInPlace, .addAllocating]
    static let backends = ["openblas", "naive", "openblas-threaded", "simd"]
    static let singleThread = ["openblas", "naive", "simd"]
    static let sizes = [4096, 16, 1 << 24, 65_536, 1 << 20]
    static let sortedSizes = sizes.sorted()
    static let displayNames = [
        "naive": "naive", "simd": "SIMD", "openblas": "OpenBLAS", "openblas-threaded": "OpenBLAS threaded",
    ]

    static func k(_ kernel: Kernel) -> Double { Double(kernels.firstIndex(of: kernel)!) }
    static func b(_ backend: String) -> Double { Double(backends.firstIndex(of: backend)!) }
    static func s(_ size: Int) -> Double { Double(sortedSizes.firstIndex(of: size)!) }

    /// OpenBLAS time ÷ SIMD time. Up to 64 Ki: 0.92 + 0.02·k + 0.05·((s + k) mod 3), so each
    /// kernel's worst sits at a size of its own and only some meet 0.95×; above 64 Ki lower
    /// than all of them, so a figure that looks past 64 Ki shows.
    static func blasRatio(_ kernel: Kernel, _ size: Int) -> Double {
        let (kernelIndex, sizeIndex) = (Int(k(kernel)), Int(s(size)))
        if size > 65_536 { return 0.8 - 0.01 * Double(kernelIndex) }
        return 0.92 + 0.02 * Double(kernelIndex) + 0.05 * Double((sizeIndex + kernelIndex) % 3)
    }

    /// ns per element.
    static func perElement(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        let simd = 0.2 * (1 + 0.1 * k(kernel)) * (1 + 0.01 * s(size))
        switch backend {
        case "simd": return simd
        case "openblas": return simd * blasRatio(kernel, size)
        case "naive": return simd * (5 + 0.5 * s(size) + 0.1 * k(kernel))
        default: return simd * 0.4  // two threads: fastest everywhere
        }
    }

    /// The single-thread backend with the best fraction at the largest size, per kernel.
    static func winner(_ kernel: Kernel) -> String { singleThread[Int(k(kernel)) % 3] }
    static let winnerFraction: [Kernel: Double] = [
        .magnitudeSquared: 0.95, .scale: 0.88, .add: 1.01, .addInPlace: 0.93, .addAllocating: 0.97,
    ]

    /// Fraction of the ceiling: at the largest size the winner's, the others 0.02·(1 + b) below it
    /// and the two-thread backend far above; below the largest size higher still (in cache).
    static func fraction(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        guard size == sortedSizes.last! else { return 2 + 0.1 * s(size) + 0.01 * b(backend) + 0.001 * k(kernel) }
        if backend == "openblas-threaded" { return 1.3 }
        let top = winnerFraction[kernel]!
        return backend == winner(kernel) ? top : top - 0.02 * (1 + b(backend))
    }

    /// Allocations per call: add-alloc 1, but 3 for SIMD at 64 Ki; the others 0, but 2 for scale
    /// on OpenBLAS at 4 Ki and 1 for add-inplace on naive at 16.
    static func allocations(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        switch (kernel, backend, size) {
        case (.addAllocating, "simd", 65_536): return 3
        case (.addAllocating, _, _): return 1
        case (.scale, "openblas", 4096): return 2
        case (.addInPlace, "naive", 16): return 1
        default: return 0
        }
    }

    // MARK: Workloads

    /// Given out of order: the tables sort by workload, backend name and size.
    static let workloadNames = ["spring-step", "spring-frame"]
    static let workloadBackends = ["simd", "naive", "openblas"]
    static let workloadSizes = [1 << 20, 256, 1 << 22, 4096, 65_536]

    /// ns per point per frame: base × (1 + 0.1·sizeIndex). spring-frame on naive fits at every size
    /// (extrapolated), on OpenBLAS and SIMD the budget falls between 1 Mi and 4 Mi; spring-step on
    /// naive fits at none (scaled down), on OpenBLAS between 64 Ki and 1 Mi, on SIMD between 4 Ki and 64 Ki.
    static let workloadBase: [String: Double] = [
        "spring-frame/naive": 1.0, "spring-frame/openblas": 1.5, "spring-frame/simd": 1.8,
        "spring-step/naive": 40_000, "spring-step/openblas": 30, "spring-step/simd": 150,
    ]

    static func perPoint(_ workload: String, _ backend: String, _ size: Int) -> Double {
        let sizeIndex = Double(workloadSizes.sorted().firstIndex(of: size)!)
        return workloadBase["\(workload)/\(backend)"]! * (1 + 0.1 * sizeIndex)
    }

    static func workloadAllocations(_ workload: String, _ backend: String, _ size: Int) -> Double? {
        let sizeIndex = Double(workloadSizes.sorted().firstIndex(of: size)!)
        let backendIndex = Double(workloadBackends.firstIndex(of: backend)!)
        if workload == "spring-frame" { return sizeIndex + 10 * backendIndex }
        switch backend {
        case "openblas": return nil
        case "simd": return 1.25 * sizeIndex
        default: return 0
        }
    }

    static let workloads: [WorkloadMeasurement] = workloadNames.flatMap { workload in
        workloadBackends.flatMap { backend in
            workloadSizes.map { size in
                let perPoint = perPoint(workload, backend, size)
                let median = perPoint * Double(size)
                return WorkloadMeasurement(
                    workload: workload, backend: backend, size: size, iterationsPerSample: 1, samples: [median],
                    summary: SampleSummary(
                        count: 1, median: median, p10: median, p90: median, minimum: median, maximum: median, mad: 0,
                        medianInterval: ConfidenceInterval(lower: median, upper: median, level: 0.95)),
                    nanosecondsPerElement: perPoint,
                    allocationsPerOperation: workloadAllocations(workload, backend, size))
            }
        }
    }

    // MARK: Probe

    /// Stored out of `ProbePattern.allCases` order: the table keeps the stored order.
    static let probePatterns: [ProbePattern] = [
        .read, .addStreaming, .copy, .triadInPlace, .scaleInPlace, .add, .triad, .scale, .copyStreaming,
        .triadStreaming, .scaleStreaming,
    ]

    static func probeBest(_ index: Int) -> Double { 20 + 1.5 * Double(index) }
    static func probeMedian(_ index: Int) -> Double { 18 + 0.75 * Double(index) }

    /// Written out here rather than asked of `Kernel`: bytes per element and the kernels each pattern bounds.
    static let patternBytes: [ProbePattern: Int] = [
        .copy: 16, .scale: 16, .add: 24, .triad: 24, .scaleInPlace: 16, .triadInPlace: 24, .read: 8,
        .copyStreaming: 16, .scaleStreaming: 16, .addStreaming: 24, .triadStreaming: 24,
    ]
    static let ceilingOf: [ProbePattern: String] = [
        .addStreaming: "add, add-alloc, subtract", .triadInPlace: "add-inplace, subtract-inplace, axpy",
        .scaleInPlace: "scale", .read: "magnitudeSquared",
    ]

    // MARK: Results

    static func results(
        sizes: [Int] = sizes, allocations: @escaping (Kernel, String, Int) -> Double? = allocations
    ) -> BenchmarkResults {
        var results = SyntheticResults.make(
            kernels: kernels, backends: backends, sizes: sizes, withWorkloads: false, model: perElement)
        results.measurements = results.measurements.map { cell in
            var cell = cell
            cell.fractionOfBandwidth = fraction(cell.kernel, cell.backend, cell.size)
            cell.allocationsPerOperation = allocations(cell.kernel, cell.backend, cell.size)
            return cell
        }
        results.machine.backends.append(
            BackendRecord(
                name: "openblas-threaded", displayName: "OpenBLAS threaded", summary: "cblas, 2 threads",
                simdWidth: nil, library: "OpenBLAS 0.3.29", core: "Zen", threads: 2, fusedAXPY: true))
        results.workloads = workloads
        var probe = BandwidthProbeResult(
            elements: 1 << 24, bytesPerArray: 8 << 24, trials: 7,
            patterns: probePatterns.enumerated().map { index, pattern in
                .init(
                    pattern: pattern, bestGigabytesPerSecond: probeBest(index),
                    medianGigabytesPerSecond: probeMedian(index))
            })
        probe.allCores = .init(
            threads: 2, pattern: .addStreaming, bestGigabytesPerSecond: 45.5, medianGigabytesPerSecond: 44.25)
        results.probe = probe
        results.configuration.samples = 17
        results.configuration.minimumSampleNanoseconds = 2.5e6
        results.configuration.openBLASThreads = 3
        results.configuration.pinnedCPU = 1
        results.configuration.quick = true
        results.configuration.seed = 987_654_321
        results.elapsedSeconds = 1234.5
        return results
    }

    static let markdown = PerformanceReport.render(results()).markdown

    static func significant(_ value: Double) -> String { NumberFormatting.significant(value) }
    static func count(_ value: Double) -> String { NumberFormatting.significant(value, digits: 3, trimmingZeros: true) }

    // MARK: Headline figures

    /// The headline table's rows, derived from the model's functions: the figure, measured, bar and met cells.
    static func expectedHeadline(
        sizes: [Int], allocations: (Kernel, String, Int) -> Double?
    ) -> [[String]] {
        let largest = sizes.max()!
        let atBar = largest == 16 << 20
        let met = { (ok: Bool, exact: Bool) in (ok ? "yes" : "**no**") + (exact ? "" : " (not at the bar's size)") }
        let measured = Kernel.allCases.filter(kernels.contains)
        var rows: [[String]] = []
        for kernel in measured {
            let best = singleThread.max { fraction(kernel, $0, largest) < fraction(kernel, $1, largest) }!
            let value = fraction(kernel, best, largest)
            let rate = Double(kernel.bytesPerElement) / perElement(kernel, best, largest)
            let hasBar = [.addInPlace, .subtractInPlace, .scale, .axpy].contains(kernel)
            rows.append([
                "\(kernel.rawValue): best fraction of its ceiling at N = \(NumberFormatting.size(largest))",
                "\(NumberFormatting.percent(value)) (\(displayNames[best]!), \(significant(rate)) GB/s)",
                hasBar ? "≥ 90 % at 16 Mi" : "—", hasBar ? met(value >= 0.9, atBar) : "—",
            ])
        }
        if measured.contains(.magnitudeSquared), sizes.contains(4096) {
            // Speed-up: naive's time over SIMD's (the other way round it would read below 1).
            let speedup = perElement(.magnitudeSquared, "naive", 4096) / perElement(.magnitudeSquared, "simd", 4096)
            rows.append([
                "magnitudeSquared: SIMD speed-up over naive at N = 4 Ki", NumberFormatting.ratio(speedup), "≥ 5×",
                met(speedup >= 5, true),
            ])
        }
        for kernel in measured {
            // SIMD's speed relative to OpenBLAS: OpenBLAS's time over SIMD's, the lowest up to 64 Ki.
            var worst: (size: Int, ratio: Double)?
            for size in sizes.sorted() where size <= 65_536 {
                let ratio = perElement(kernel, "openblas", size) / perElement(kernel, "simd", size)
                if worst == nil || ratio < worst!.ratio { worst = (size, ratio) }
            }
            guard let worst else { continue }
            rows.append([
                "\(kernel.rawValue): SIMD speed relative to OpenBLAS, worst N ≤ 64 Ki",
                "\(NumberFormatting.ratio(worst.ratio)) at N = \(NumberFormatting.size(worst.size))", "≥ 0.95×",
                met(worst.ratio >= 0.95, true),
            ])
        }
        var most: (Kernel, String, Int, Double)?
        var uncounted = false
        for kernel in kernels where kernel != .addAllocating {
            for size in sizes {
                for backend in backends {
                    guard let value = allocations(kernel, backend, size) else {
                        uncounted = true
                        continue
                    }
                    if most == nil || value > most!.3 { most = (kernel, backend, size, value) }
                }
            }
        }
        let place = most.map {
            $0.3 > 0 ? " (\($0.0.rawValue), \(displayNames[$0.1]!), N = \(NumberFormatting.size($0.2)))" : ""
        }
        rows.append([
            "In-place and reused-destination kernels: most allocations per call",
            most.map { count($0.3) + place! } ?? "not counted (allocation counting unavailable)", "0",
            most.map { met($0.3 == 0, !uncounted) } ?? "—",
        ])
        if let contrast = sizes.flatMap({ size in backends.compactMap { allocations(.addAllocating, $0, size) } }).max()
        {
            rows.append(["add-alloc: allocations per call (for contrast)", count(contrast), "—", "—"])
        }
        return rows
    }

    static func headlineTable(_ markdown: String) throws -> MarkdownTableReader {
        try #require(MarkdownTableReader.table(withHeader: ["Figure", "Measured", "Bar", "Met"], in: markdown))
    }

    @Test("headline figures: every row's measured, bar and met cells from the model, in order")
    func headline() throws {
        let table = try Self.headlineTable(Self.markdown)
        let expected = Self.expectedHeadline(sizes: Self.sizes, allocations: Self.allocations)
        #expect(table.rows == expected, "\(table)")
        // Spot checks that the model discriminates: a swapped ratio or the best of all sizes would read otherwise.
        let swapped = NumberFormatting.ratio(
            Self.perElement(.magnitudeSquared, "simd", 4096) / Self.perElement(.magnitudeSquared, "naive", 4096))
        #expect(!table.rows.contains { $0.contains(swapped) })
        #expect(table.rows.count == 5 + 1 + 5 + 2)
        // The worst SIMD/OpenBLAS sizes differ by kernel, and the bars split both ways.
        #expect(
            Set(expected.filter { $0[0].contains("relative to OpenBLAS") }.map { $0[1].split(separator: "=")[1] }).count
                == 3)
        #expect(expected.contains { $0[3] == "**no**" } && expected.contains { $0[3] == "yes" })
    }

    @Test("headline figures below 16 Mi are marked not at the bar's size, uncounted allocations too")
    func headlineAwayFromTheBar() throws {
        let sizes = [4096, 16, 1 << 20, 65_536]
        // One allocation-free cell not counted: the zero still stands, but not for every cell.
        let allocations = { (kernel: Kernel, backend: String, size: Int) -> Double? in
            kernel == .addInPlace && backend == "simd" && size == 16 ? nil : (kernel == .addAllocating ? 1 : 0)
        }
        let markdown = PerformanceReport.render(Self.results(sizes: sizes, allocations: allocations)).markdown
        let table = try Self.headlineTable(markdown)
        let expected = Self.expectedHeadline(sizes: sizes, allocations: allocations)
        #expect(table.rows == expected, "\(table)")
        #expect(expected.filter { $0[3].hasSuffix(" (not at the bar's size)") }.count == 3)
        #expect(
            expected.contains {
                $0 == [
                    "In-place and reused-destination kernels: most allocations per call", "0", "0",
                    "yes (not at the bar's size)",
                ]
            })

        let none = PerformanceReport.render(Self.results(sizes: sizes) { _, _, _ in nil }).markdown
        let uncounted = try Self.headlineTable(none)
        #expect(uncounted.rows == Self.expectedHeadline(sizes: sizes) { _, _, _ in nil }, "\(uncounted)")
        #expect(
            uncounted.rows.last == [
                "In-place and reused-destination kernels: most allocations per call",
                "not counted (allocation counting unavailable)", "0", "—",
            ])
    }

    // MARK: Largest N per frame

    /// The largest N within `budget`: linear in N between the two measured sizes that bracket it,
    /// extrapolated through the largest size when every size fits, scaled down from the smallest
    /// when none does.
    static func largestN(_ points: [(size: Int, time: Double)], budget: Double) -> (points: Double, extrapolated: Bool)
    {
        let points = points.sorted { $0.size < $1.size }
        guard let over = points.firstIndex(where: { $0.time > budget }) else {
            return (Double(points.last!.size) * budget / points.last!.time, true)
        }
        guard over > 0 else { return (Double(points[0].size) / points[0].time * budget, false) }
        let (low, high) = (points[over - 1], points[over])
        let slope = (Double(high.size) - Double(low.size)) / (high.time - low.time)
        let fromBelow = Double(low.size) + (budget - low.time) * slope
        let fromAbove = Double(high.size) - (high.time - budget) * slope
        precondition(abs(fromBelow - fromAbove) <= 1e-6 * fromBelow, "the line through both ends")
        return (fromBelow, false)
    }

    @Test(
        "largest N per 120 Hz frame: interpolated, extrapolated (marked), scaled down, sorted by workload and backend")
    func frameBudget() throws {
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: [
                    "Workload", "Backend", "Largest measured N that fits", "Frame time there", "Largest N that fits",
                ], in: Self.markdown))
        let budget = 1e9 / 120
        var expected: [[String]] = []
        var kinds: [String] = []
        for workload in Self.workloadNames.sorted() {
            for backend in Self.workloadBackends.sorted() {
                let points = Self.workloadSizes.sorted().map { ($0, Self.perPoint(workload, backend, $0) * Double($0)) }
                let fitting = points.filter { $0.1 <= budget }
                let (n, extrapolated) = Self.largestN(points, budget: budget)
                kinds.append(fitting.isEmpty ? "none" : extrapolated ? "extrapolated" : "interpolated")
                expected.append([
                    workload, Self.displayNames[backend]!,
                    fitting.last.map {
                        NumberFormatting.size($0.0) + (fitting.count == points.count ? " (all fit)" : "")
                    } ?? "none (smallest, \(NumberFormatting.size(points[0].0)), does not)",
                    fitting.last.map { Self.significant($0.1 / 1e6) + " ms" } ?? "—",
                    "≈ " + NumberFormatting.approximateSize(n) + (extrapolated ? " (extrapolated)" : ""),
                ])
            }
        }
        #expect(kinds == ["extrapolated", "interpolated", "interpolated", "none", "interpolated", "interpolated"])
        #expect(table.rows == expected, "\(table)")
        // Sorted by backend name, not the order measured (SIMD was measured first).
        #expect(table.column("Backend") == ["naive", "OpenBLAS", "SIMD", "naive", "OpenBLAS", "SIMD"])
    }

    // MARK: Workloads

    @Test("workloads: ns/point/frame, frame time, fits, allocations, rows by workload, backend and size")
    func workloadTable() throws {
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: [
                    "Workload", "Backend", "N", "ns/point/frame", "Frame time", "Fits 8.33 ms", "Allocations/frame",
                ], in: Self.markdown))
        var expected: [[String]] = []
        for workload in Self.workloadNames.sorted() {
            for backend in Self.workloadBackends.sorted() {
                for size in Self.workloadSizes.sorted() {
                    let perPoint = Self.perPoint(workload, backend, size)
                    let frame = perPoint * Double(size)
                    expected.append([
                        workload, Self.displayNames[backend]!, NumberFormatting.size(size), Self.significant(perPoint),
                        Self.significant(frame / 1e6) + " ms", frame <= 1e9 / 120 ? "yes" : "no",
                        Self.workloadAllocations(workload, backend, size).map(Self.count) ?? "not counted",
                    ])
                }
            }
        }
        #expect(table.rows == expected, "\(table)")
        #expect(Set(table.column("Fits 8.33 ms")!) == ["yes", "no"])
    }

    // MARK: Bandwidth probe

    @Test("bandwidth probe: the stored order, bytes, best, median, the kernels each pattern bounds, the all-core row")
    func probeTable() throws {
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: ["Pattern", "Bytes/element", "Best GB/s", "Median GB/s", "Ceiling of"], in: Self.markdown))
        var expected = Self.probePatterns.enumerated().map { index, pattern in
            [
                "`\(pattern.rawValue)`", "\(Self.patternBytes[pattern]!)", Self.significant(Self.probeBest(index)),
                Self.significant(Self.probeMedian(index)), Self.ceilingOf[pattern] ?? "—",
            ]
        }
        expected.append([
            "`add-nt`, 2 threads", "24", Self.significant(45.5), Self.significant(44.25),
            "the parallel backend's add ([above](#parallel-backend))",
        ])
        #expect(table.rows == expected, "\(table)")
    }

    // MARK: Sweep configuration

    @Test("sweep configuration: every setting in the configuration's own order")
    func configurationTable() throws {
        let table = try #require(MarkdownTableReader.table(withHeader: ["Setting", "Value"], in: Self.markdown))
        #expect(
            table.rows == [
                ["Kernels", "magnitudeSquared, scale, add, add-inplace, add-alloc"],
                ["Backends", "OpenBLAS, naive, OpenBLAS threaded, SIMD"],
                ["Sizes", "4 Ki, 16, 16 Mi, 64 Ki, 1 Mi"],
                ["Samples per cell", "17"],
                ["Minimum sample time", "2.50 ms"],
                ["OpenBLAS threads", "3"],
                ["Pinned to CPU", "1"],
                ["Quick run", "yes"],
                ["Seed", "987654321"],
                ["Whole run", Self.significant(1234.5) + " s"],
            ], "\(table)")
        var other = Self.results()
        other.configuration.pinnedCPU = nil
        other.configuration.quick = false
        other.configuration.minimumSampleNanoseconds = 5e5
        other.elapsedSeconds = 12.25
        let rows = try #require(
            MarkdownTableReader.table(withHeader: ["Setting", "Value"], in: PerformanceReport.render(other).markdown)
        )
        .rows
        #expect(rows.first { $0[0] == "Pinned to CPU" } == ["Pinned to CPU", "no"])
        #expect(rows.first { $0[0] == "Quick run" } == ["Quick run", "no"])
        #expect(rows.first { $0[0] == "Minimum sample time" } == ["Minimum sample time", "0.500 ms"])
        #expect(rows.first { $0[0] == "Whole run" } == ["Whole run", Self.significant(12.25) + " s"])
    }
}
