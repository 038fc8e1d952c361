import Benchmarking
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Benchmark results made up for tests, with every figure known in advance.
///
/// The default timing model (ns per element):
/// - naive: 0.5 in cache, 1.2 from 1 Mi on; magnitudeSquared 0.95 everywhere
///   (latency bound, SPEC §6).
/// - SIMD: 0.2 in cache, 1.0 from 1 Mi on; magnitudeSquared 0.12, 0.54 from 1 Mi.
/// - OpenBLAS: SIMD's time plus 30 ns per call, so it loses clearly at 16 and
///   256 points and overlaps SIMD (within the ±2 % intervals) from 4 Ki on —
///   a "no clear winner" range.
enum SyntheticResults {
    static let sizes = [16, 256, 4096, 65_536, 1 << 20, 1 << 24]
    static let backends = ["naive", "simd", "openblas"]
    static let kernels: [Kernel] = [.add, .addInPlace, .addAllocating, .scale, .axpy, .magnitudeSquared]

    static func defaultModel(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        let large = size >= 1 << 20
        let simd: Double = kernel == .magnitudeSquared ? (large ? 0.54 : 0.12) : (large ? 1.0 : 0.2)
        switch backend {
        case "naive": return kernel == .magnitudeSquared ? 0.95 : (large ? 1.2 : 0.5)
        case "openblas": return simd + 30 / Double(size)
        default: return simd
        }
    }

    static let probe = BandwidthProbeResult(
        elements: 1 << 25, bytesPerArray: 8 << 25, trials: 5,
        patterns: ProbePattern.allCases.map { pattern in
            BandwidthProbeResult.PatternRate(
                pattern: pattern, bestGigabytesPerSecond: pattern == .add ? 22 : 30, medianGigabytesPerSecond: 28)
        })

    static let machine = MachineRecord(
        cpuModel: "Synthetic EPYC 7B13 <test>", logicalCores: 2,
        caches: ["L1d 32K", "L2 512K", "L3 32768K"], lastLevelCacheBytes: 32 << 20, memoryBytes: 8 << 30,
        cpuFeatures: ["sse2", "avx2", "fma"], operatingSystem: "Debian GNU/Linux 13 (trixie)",
        kernelRelease: "6.1.0-synthetic", swiftCompiler: "Swift 6.3", buildConfiguration: "release",
        targetCPU: "znver3",
        backends: [
            BackendRecord(name: "naive", summary: "plain loops", simdWidth: nil, library: nil, core: nil, threads: 1, fusedAXPY: false),
            BackendRecord(name: "simd", displayName: "SIMD", summary: "SIMD8<Double> with a scalar tail", simdWidth: 8, library: nil, core: nil,
                          threads: 1, fusedAXPY: false),
            BackendRecord(name: "openblas", displayName: "OpenBLAS", summary: "cblas", simdWidth: nil, library: "OpenBLAS 0.3.29",
                          core: "Zen", threads: 1, fusedAXPY: true),
        ],
        date: "2026-01-02T03:04:05Z", commandLine: "springbench bench --output results.json",
        hostname: "synthetic-host")

    /// Results for `kernels × backends × sizes` with medians from `model` and
    /// median intervals of ± `halfWidth` (relative).
    static func make(
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
                        medianInterval: ConfidenceInterval(lower: median * (1 - halfWidth), upper: median * (1 + halfWidth), level: 0.95))
                    let rate = Double(kernel.bytesPerElement) / perElement
                    measurements.append(KernelMeasurement(
                        kernel: kernel, backend: backend, size: size, iterationsPerSample: 100,
                        samples: [median], summary: summary, nanosecondsPerElement: perElement,
                        gigabytesPerSecond: rate,
                        fractionOfBandwidth: rate / probe.bestGigabytesPerSecond(kernel.probePattern),
                        allocationsPerOperation: kernel == .addAllocating ? 1 : 0))
                }
            }
        }
        let workloads: [WorkloadMeasurement] = withWorkloads ? backends.flatMap { backend in
            [4096, 1 << 20, 1 << 24].map { size -> WorkloadMeasurement in
                let perPoint = backend == "naive" ? 4.0 : 2.0
                let summary = SampleSummary(
                    count: 30, median: perPoint * Double(size), p10: 0, p90: 0, minimum: 0, maximum: 0, mad: 0,
                    medianInterval: ConfidenceInterval(lower: 0, upper: 0, level: 0.95))
                return WorkloadMeasurement(workload: "spring-closed-form", backend: backend, size: size,
                                           iterationsPerSample: 1, samples: [], summary: summary,
                                           nanosecondsPerElement: perPoint, allocationsPerOperation: 0)
            }
        } : []
        let configuration = SweepConfiguration(
            kernels: kernels, backends: backends, sizes: sizes, samples: 30, minimumSampleNanoseconds: 2e6,
            openBLASThreads: 1, quick: false, seed: 42)
        return BenchmarkResults(machine: machine, configuration: configuration, probe: probe,
                                measurements: measurements, workloads: workloads, elapsedSeconds: 123.4)
    }
}

/// Parses an SVG (or any XML) document and collects what tests look at.
final class SVGInspector: NSObject, XMLParserDelegate {
    /// An element with its attributes and all text inside it (descendants' too).
    struct Element {
        var name: String
        var attributes: [String: String]
        var text: String
    }

    private(set) var elements: [Element] = []
    private var open: [Int] = []
    private(set) var error: Error?

    /// Nil if the document is not well-formed XML.
    static func parse(_ document: String) -> SVGInspector? {
        let inspector = SVGInspector()
        let parser = XMLParser(data: Data(document.utf8))
        parser.delegate = inspector
        guard parser.parse(), inspector.error == nil else { return nil }
        return inspector
    }

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes attributeDict: [String: String] = [:]) {
        open.append(elements.count)
        elements.append(Element(name: elementName, attributes: attributeDict, text: ""))
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        open.removeLast()
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        for index in open { elements[index].text += string }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        error = parseError
    }

    func elements(named name: String, class className: String? = nil) -> [Element] {
        elements.filter { $0.name == name && (className == nil || $0.attributes["class"] == className) }
    }
}

extension String {
    /// The lines of the Markdown section whose heading line starts with
    /// `heading` (up to the next heading of the same or a higher level).
    func markdownSection(_ heading: String) -> [Substring] {
        let lines = split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(heading) }) else { return [] }
        let level = heading.prefix { $0 == "#" }.count
        let end = lines[(start + 1)...].firstIndex { line in
            let hashes = line.prefix { $0 == "#" }.count
            return hashes > 0 && hashes <= level && line.dropFirst(hashes).hasPrefix(" ")
        } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    /// The first paragraph after the first line (the title): non-empty lines up to a blank line.
    var firstParagraphAfterTitle: String {
        let lines = split(separator: "\n", omittingEmptySubsequences: false).dropFirst().drop { $0.isEmpty }
        return lines.prefix { !$0.isEmpty }.joined(separator: "\n")
    }
}
