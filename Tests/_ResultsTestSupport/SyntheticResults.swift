import Benchmarking
import Foundation
import RegressionGate
import VectorKernels

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Benchmark results made up for tests, with every figure known in advance.
///
/// The default timing model (ns per element):
/// - naive: 0.5 in cache, 1.2 from 1 Mi on; magnitudeSquared 0.95 everywhere
///   (latency bound, Guides/MachineFacts.md).
/// - SIMD: 0.2 in cache, 1.0 from 1 Mi on; magnitudeSquared 0.12, 0.54 from 1 Mi.
/// - OpenBLAS: SIMD's time plus 30 ns per call, so it loses clearly at 16 and
///   256 points and overlaps SIMD (within the ±2 % intervals) from 4 Ki on —
///   a "no clear winner" range.
public enum SyntheticResults {
    public static let sizes = [16, 256, 4096, 65_536, 1 << 20, 1 << 24]
    public static let backends = ["naive", "simd", "openblas"]
    public static let kernels: [Kernel] = [.add, .addInPlace, .addAllocating, .scale, .axpy, .magnitudeSquared]

    public static func defaultModel(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        let large = size >= 1 << 20
        let simd: Double = kernel == .magnitudeSquared ? (large ? 0.54 : 0.12) : (large ? 1.0 : 0.2)
        switch backend {
        case "naive": return kernel == .magnitudeSquared ? 0.95 : (large ? 1.2 : 0.5)
        case "openblas": return simd + 30 / Double(size)
        default: return simd
        }
    }

    public static let probe = BandwidthProbeResult(
        elements: 1 << 25, bytesPerArray: 8 << 25, trials: 5,
        patterns: ProbePattern.allCases.map { pattern in
            BandwidthProbeResult.PatternRate(
                pattern: pattern, bestGigabytesPerSecond: pattern == .add ? 22 : 30, medianGigabytesPerSecond: 28)
        })

    public static let machine = MachineRecord(
        cpuModel: "Synthetic EPYC 7B13 <test>", logicalCores: 2,
        caches: ["L1d 32K", "L2 512K", "L3 32768K"], lastLevelCacheBytes: 32 << 20, memoryBytes: 8 << 30,
        cpuFeatures: ["sse2", "avx2", "fma"], operatingSystem: "Debian GNU/Linux 13 (trixie)",
        kernelRelease: "6.1.0-synthetic", swiftCompiler: "Swift 6.3", buildConfiguration: "release",
        targetCPU: "znver3",
        backends: [
            BackendRecord(
                name: "naive", summary: "plain loops", simdWidth: nil, library: nil, core: nil, threads: 1,
                fusedAXPY: false),
            BackendRecord(
                name: "simd", displayName: "SIMD", summary: "SIMD8<Double> with a scalar tail", simdWidth: 8,
                library: nil, core: nil,
                threads: 1, fusedAXPY: false),
            BackendRecord(
                name: "openblas", displayName: "OpenBLAS", summary: "cblas", simdWidth: nil, library: "OpenBLAS 0.3.29",
                core: "Zen", threads: 1, fusedAXPY: true),
        ],
        date: "2026-01-02T03:04:05Z", commandLine: "springbench bench --output results.json",
        hostname: "synthetic-host")

    /// Results for `kernels × backends × sizes` with medians from `model` and
    /// median intervals of ± `halfWidth` (relative).
    public static func make(
        kernels: [Kernel] = kernels, backends: [String] = backends, sizes: [Int] = sizes,
        halfWidth: Double = 0.02, withWorkloads: Bool = true,
        model: (Kernel, String, Int) -> Double = defaultModel
    ) -> BenchmarkResults {
        var measurements: [KernelMeasurement] = []
        for kernel in kernels {
            for size in sizes {
                for backend in backends {
                    let perElement = model(kernel, backend, size)
                    let median = perElement * Double(size)
                    let summary = SampleSummary(
                        count: 30, median: median, p10: median * 0.97, p90: median * 1.05, minimum: median * 0.95,
                        maximum: median * 1.2, mad: median * 0.01,
                        medianInterval: ConfidenceInterval(
                            lower: median * (1 - halfWidth), upper: median * (1 + halfWidth), level: 0.95))
                    let rate = Double(kernel.bytesPerElement) / perElement
                    measurements.append(
                        KernelMeasurement(
                            kernel: kernel, backend: backend, size: size, iterationsPerSample: 100,
                            samples: [median], summary: summary, nanosecondsPerElement: perElement,
                            gigabytesPerSecond: rate,
                            fractionOfBandwidth: rate / probe.bestGigabytesPerSecond(kernel.probePattern),
                            allocationsPerOperation: kernel == .addAllocating ? 1 : 0))
                }
            }
        }
        let workloads: [WorkloadMeasurement] =
            withWorkloads
            ? backends.flatMap { backend in
                [4096, 1 << 20, 1 << 24].map { size -> WorkloadMeasurement in
                    let perPoint = backend == "naive" ? 4.0 : 2.0
                    let summary = SampleSummary(
                        count: 30, median: perPoint * Double(size), p10: 0, p90: 0, minimum: 0, maximum: 0, mad: 0,
                        medianInterval: ConfidenceInterval(lower: 0, upper: 0, level: 0.95))
                    return WorkloadMeasurement(
                        workload: "spring-closed-form", backend: backend, size: size,
                        iterationsPerSample: 1, samples: [], summary: summary,
                        nanosecondsPerElement: perPoint, allocationsPerOperation: 0)
                }
            } : []
        let configuration = SweepConfiguration(
            kernels: kernels, backends: backends, sizes: sizes, samples: 30, minimumSampleNanoseconds: 2e6,
            openBLASThreads: 1, quick: false, seed: 42)
        return BenchmarkResults(
            machine: machine, configuration: configuration, probe: probe,
            measurements: measurements, workloads: workloads, elapsedSeconds: 123.4)
    }
}

/// Parses an SVG (or any XML) document and collects what tests look at.
public final class SVGInspector: NSObject, XMLParserDelegate {
    /// An element with its attributes and all text inside it (descendants' too).
    public struct Element {
        public var name: String
        public var attributes: [String: String]
        public var text: String
    }

    public private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: Error?

    /// Nil if the document is not well-formed XML.
    public static func parse(_ document: String) -> SVGInspector? {
        let inspector = SVGInspector()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = inspector
        guard parser.parse(), inspector.error == nil else { return nil }
        return inspector
    }

    public func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]
    ) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
    }

    public func parser(
        _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
    ) {
        open.removeLast()
    }

    public func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }

    public func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = parseError
    }

    public func elements(named name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }
    }
}

extension String {
    /// The lines of the Markdown section whose heading line starts with
    /// `heading` (up to the next heading of the same or a higher level).
    public func markdownSection(_ heading: String) -> [Substring] {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        let level = heading.prefix { $0 == "#" }.count
        let end =
            lines[(start + 1)...].firstIndex { line in
                let hashes = line.prefix { $0 == "#" }.count
                return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
            } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// The first paragraph after the first line (the title): non-empty lines up to a blank line.
    public var firstParagraphAfterTitle: String {
        let lines = split(separator: "\n", omittingEmptySubsequences: false).dropFirst().drop { $0.isEmpty }
        return lines.prefix { !$0.isEmpty }.joined(separator: "\n")
    }
}

/// Results files made up in the test, so the verdicts can be checked against
/// a known truth: samples drawn from a seeded log-normal-like spread around a
/// chosen median, scaled by a chosen factor for the "current" run.
public enum SyntheticRuns {
    public static let cells: [(Kernel, String, Int)] = [
        (.add, "simd", 4096), (.add, "naive", 4096), (.axpy, "simd", 16), (.magnitudeSquared, "openblas", 1 << 20),
    ]

    /// The one synthetic machine of the tests, with `cpu` as its model.
    public static func machine(cpu: String = "Test CPU") -> MachineRecord {
        var record = SyntheticResults.machine
        record.cpuModel = cpu
        return record
    }

    /// `samples` values per cell around `median × factor`, spread ± `spread` (uniform), seeded.
    public static func samples(median: Double, factor: Double, spread: Double, count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in median * factor * (1 + Double.random(in: -spread...spread, using: &rng)) }
    }

    public static func results(
        factor: Double = 1, spread: Double = 0.05, count: Int = 25, seed: UInt64 = 1,
        cpu: String = "Test CPU", probeGigabytesPerSecond: Double = 25, factorFor: [String: Double] = [:]
    ) -> BenchmarkResults {
        let probe = BandwidthProbeResult(
            elements: 1 << 24, bytesPerArray: 8 << 24, trials: 4,
            patterns: ProbePattern.allCases.map {
                .init(
                    pattern: $0, bestGigabytesPerSecond: probeGigabytesPerSecond,
                    medianGigabytesPerSecond: probeGigabytesPerSecond)
            })
        let measurements = cells.enumerated().map { index, cell in
            let (kernel, backend, size) = cell
            let values = samples(
                median: Double(size) * 0.5, factor: factorFor[backend] ?? factor, spread: spread,
                count: count, seed: seed &+ UInt64(index) &* 7919)
            return Sweep.measurement(
                kernel: kernel, backend: backend, size: size,
                cell: InterleavedSampler.CellSamples(
                    iterationsPerSample: 100, samples: values, allocationsPerOperation: 0),
                probe: probe, seed: 1)
        }
        let configuration = SweepConfiguration(
            kernels: Array(Set(cells.map(\.0))), backends: Array(Set(cells.map(\.1))),
            sizes: Array(Set(cells.map(\.2))),
            samples: count, minimumSampleNanoseconds: 5e5, openBLASThreads: 1, quick: true, seed: seed)
        return BenchmarkResults(
            machine: machine(cpu: cpu), configuration: configuration, probe: probe,
            measurements: measurements, workloads: [], elapsedSeconds: 1)
    }

    public static func counts(perElement: [String: Double], cpu: String = "Test CPU") -> InstructionCounts {
        let entries = cells.map { kernel, backend, size in
            let perCall = (perElement[backend] ?? 1.5) * Double(size)
            return InstructionCountEntry(
                kernel: kernel, backend: backend, size: size,
                regionInstructions: [1000 + UInt64(2 * perCall), 1000 + UInt64(10 * perCall)], callsPerRegion: [2, 10])
        }
        return InstructionCounts(
            machine: machine(cpu: cpu), valgrindVersion: "valgrind-3.19.0", callsPerRegion: [2, 10], entries: entries)
    }

    public static func compare(
        _ baseline: BenchmarkResults, _ current: BenchmarkResults,
        thresholds: RegressionThresholds = RegressionThresholds(), acrossMachines: Bool = false
    ) throws(ComparisonError) -> Comparison {
        try Comparison(
            baseline: .wallClock(baseline), baselinePath: "baseline.json",
            current: .wallClock(current), currentPath: "current.json",
            thresholds: thresholds, acrossMachines: acrossMachines)
    }
}

extension SyntheticResults {
    /// One commit's results for the history tests: add, scale and axpy on simd
    /// at 4096 points, each cell's ns per element given, every sample the median.
    public static func historyCommit(_ perElement: [Kernel: Double]) -> BenchmarkResults {
        var results = make(
            kernels: [.add, .scale, .axpy], backends: ["simd"], sizes: [4096], withWorkloads: false,
            model: { kernel, _, _ in perElement[kernel]! })
        for index in results.measurements.indices {
            let cell = results.measurements[index]
            results.measurements[index].samples = Array(repeating: cell.summary.median, count: cell.summary.count)
        }
        return results
    }
}
