import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport
import _TestSupport

/// performance.md's "Against the ceiling" table and the allocating add's split
/// against C, read back cell by cell against expectations computed here from
/// the synthetic model (the report's formatting helpers only format numbers).
@Suite("performance.md ceiling and allocation split cell by cell")
struct PerformanceCeilingCellTests {
    // MARK: Against the ceiling

    /// Configuration order, neither `Kernel.allCases` order nor alphabetical.
    static let kernels: [Kernel] = [.scale, .add, .axpy]
    static let backends = ["simd", "openblas", "naive", "openblas-threaded"]
    static let sizes = [1 << 24, 4096]
    static let displayNames = [
        "naive": "naive", "simd": "SIMD", "openblas": "OpenBLAS", "openblas-threaded": "OpenBLAS threaded",
    ]
    static let ownLabel = "`-target-cpu znver3`"
    static let defaultLabel = "SwiftPM's default flags (x86-64 baseline, SSE2)"

    static func k(_ kernel: Kernel) -> Double { Double(kernels.firstIndex(of: kernel)!) }
    static func b(_ backend: String) -> Double { Double(backends.firstIndex(of: backend)!) }

    /// ns per element; `build` 0 is the sweep's own, 1 SwiftPM's default build (slower).
    static func perElement(_ kernel: Kernel, _ backend: String, _ size: Int, build: Int) -> Double {
        0.5 * (1 + 0.1 * k(kernel)) * (1 + 0.07 * b(backend)) * (size == 4096 ? 0.5 : 1) * (1 + 0.3 * Double(build))
    }

    /// Written out here: the ceiling pattern of each kernel and the patterns run by two loops.
    static let ceilingPattern: [Kernel: ProbePattern] = [
        .scale: .scaleInPlace, .add: .addStreaming, .axpy: .triadInPlace,
    ]
    static let twoLoops: Set<ProbePattern> = [.scaleInPlace, .triadInPlace]

    static func ceilingRate(_ kernel: Kernel, _ backend: String, build: Int) -> Double {
        30 + 2 * k(kernel) + 0.5 * b(backend) + 0.25 * Double(build)
    }

    /// The median fraction, with its interval from `fraction − 0.03 − 0.001·b` to `fraction + 0.02 + 0.001·k`;
    /// the two-thread backend reads above 1.
    static func ceilingFraction(_ kernel: Kernel, _ backend: String, build: Int) -> Double {
        backend == "openblas-threaded"
            ? 1.1 + 0.01 * k(kernel) + 0.002 * Double(build)
            : 0.7 + 0.05 * b(backend) + 0.01 * k(kernel) + 0.002 * Double(build)
    }

    /// Two-loop patterns disagree by 0.4 % + 0.1 %·b (+0.05 % in the default build); scale on the
    /// two-thread backend in the default build by 8 %, more than its interval clears 1 by.
    static func loopSpread(_ kernel: Kernel, _ backend: String, build: Int) -> Double {
        guard twoLoops.contains(ceilingPattern[kernel]!) else { return 0 }
        if kernel == .scale && backend == "openblas-threaded" && build == 1 { return 0.08 }
        return 0.004 + 0.001 * b(backend) + 0.0005 * Double(build)
    }

    static func lower(_ kernel: Kernel, _ backend: String, build: Int) -> Double {
        ceilingFraction(kernel, backend, build: build) - 0.03 - 0.001 * b(backend)
    }

    static func upper(_ kernel: Kernel, _ backend: String, build: Int) -> Double {
        ceilingFraction(kernel, backend, build: build) + 0.02 + 0.001 * k(kernel)
    }

    static func measurements(build: Int) -> [KernelMeasurement] {
        SyntheticResults.make(kernels: kernels, backends: backends, sizes: sizes, withWorkloads: false) {
            perElement($0, $1, $2, build: build)
        }.measurements.map { cell in
            var cell = cell
            guard cell.size == 1 << 24 else { return cell }
            let (kernel, backend) = (cell.kernel, cell.backend)
            cell.ceiling = CeilingComparison(
                pattern: ceilingPattern[kernel]!, ceilingGigabytesPerSecond: ceilingRate(kernel, backend, build: build),
                fraction: ceilingFraction(kernel, backend, build: build),
                interval: ConfidenceInterval(
                    lower: lower(kernel, backend, build: build), upper: upper(kernel, backend, build: build),
                    level: 0.95),
                loopSpread: loopSpread(kernel, backend, build: build))
            cell.fractionOfBandwidth = ceilingFraction(kernel, backend, build: build)
            return cell
        }
    }

    static let ceilingResults: BenchmarkResults = {
        var results = SyntheticResults.make(kernels: kernels, backends: backends, sizes: sizes, withWorkloads: false)
        results.measurements = measurements(build: 0)
        results.machine.backends.append(
            BackendRecord(
                name: "openblas-threaded", displayName: "OpenBLAS threaded", summary: "cblas, 2 threads",
                simdWidth: nil, library: "OpenBLAS 0.3.29", core: "Zen", threads: 2, fusedAXPY: true))
        var machine = results.machine
        machine.targetCPU = "x86-64 (baseline, SSE2)"
        results.otherBuilds = [BuildMeasurements(machine: machine, measurements: measurements(build: 1))]
        return results
    }()

    @Test("against the ceiling: a row per cell and build, by kernel, backend name, default build first")
    func ceilingTable() throws {
        let markdown = PerformanceReport.render(Self.ceilingResults).markdown
        let section = markdown.markdownSection("## Against the ceiling at N = 16 Mi")
        try #require(!section.isEmpty)
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: [
                    "Kernel", "Build", "Backend", "Ceiling", "Ceiling GB/s", "Kernel GB/s", "Fraction [95 %]",
                    "Loop spread",
                ], in: section.joined(separator: "\n")))
        var expected: [[String]] = []
        for kernel in Kernel.allCases where Self.kernels.contains(kernel) {
            for backend in Self.backends.sorted() {
                for build in [1, 0] {
                    let fraction = Self.ceilingFraction(kernel, backend, build: build)
                    let (low, high) = (
                        Self.lower(kernel, backend, build: build), Self.upper(kernel, backend, build: build)
                    )
                    let spread = Self.loopSpread(kernel, backend, build: build)
                    let pattern = Self.ceilingPattern[kernel]!
                    expected.append([
                        kernel.rawValue, build == 0 ? Self.ownLabel : Self.defaultLabel, Self.displayNames[backend]!,
                        "`\(pattern.rawValue)`",
                        NumberFormatting.significant(Self.ceilingRate(kernel, backend, build: build)),
                        NumberFormatting.significant(
                            Double(kernel.bytesPerElement) / Self.perElement(kernel, backend, 1 << 24, build: build)),
                        NumberFormatting.percent(fraction) + " [" + NumberFormatting.significant(low * 100) + ", "
                            + NumberFormatting.significant(high * 100) + "]" + (low > 1 + spread ? " **above**" : ""),
                        Self.twoLoops.contains(pattern) ? NumberFormatting.percent(spread, digits: 2) : "—",
                    ])
                }
            }
        }
        #expect(table.rows == expected, "\(table)")
        // Above: the two-thread backend everywhere but scale in the default build, whose loops disagree by more.
        let above = expected.filter { $0[6].hasSuffix("**above**") }
        #expect(above.count == 5)
        #expect(!expected.contains { $0[0] == "scale" && $0[1] == Self.defaultLabel && $0[6].hasSuffix("**above**") })
        let sentence = try #require(
            section.first { $0.hasPrefix("**5 cells read above the ceiling beyond the stated spread**: ") })
        // Each named with its build: the same kernel and backend can be above in both.
        for row in above { #expect(sentence.contains("\(row[0]) on \(row[2]) (\(row[1]))"), "\(row)") }
    }

    @Test("the probe's paragraph: the store width when recorded, no stray space when not")
    func probeParagraph() throws {
        var results = Self.ceilingResults
        results.probe.vectorStoreBytes = 32
        #expect(
            PerformanceReport.render(results).markdown.contains(
                "The loops are C with vector intrinsics (32-byte stores on this CPU); `-nt` patterns"))
        results.probe.vectorStoreBytes = nil
        #expect(
            PerformanceReport.render(results).markdown.contains(
                "The loops are C with vector intrinsics; `-nt` patterns"))
    }

    // MARK: The allocating add against C

    /// Single-thread backends plus a two-thread one that is fastest everywhere (and must be left out).
    static let splitBackends = ["simd", "naive", "openblas-threaded"]
    /// C's sizes out of order; at 256 C ran `add` only, so there is no split there.
    static let splitSizes = [4096, 16, 1 << 20, 256]

    /// Per size and backend: add-alloc's time per call minus C's (malloc, loop, free), in ns, the
    /// same in every round. The best single-thread backend is naive at 16 and 1 Mi, SIMD at 4 Ki.
    static let allocatingGap: [Int: [String: Double]] = [
        16: ["naive": 33.25, "simd": 40.5, "openblas-threaded": 10],
        256: ["naive": 50, "simd": 60, "openblas-threaded": 20],
        4096: ["naive": 1900.25, "simd": 1500.5, "openblas-threaded": 900],
        1 << 20: ["naive": -2_250_000, "simd": -2_000_000, "openblas-threaded": -3_000_000],
    ]
    /// add's time per call minus C's loop: SIMD's add is the faster at 16 and 1 Mi, where naive
    /// wins add-alloc, so the split must take the add-alloc winner's add, not the best add.
    static let reusedGap: [Int: [String: Double]] = [
        16: ["naive": -2.5, "simd": -4.75, "openblas-threaded": -20],
        256: ["naive": -3, "simd": -4, "openblas-threaded": -30],
        4096: ["naive": -300.5, "simd": -250.75, "openblas-threaded": -900],
        1 << 20: ["naive": -24_750, "simd": -30_000.5, "openblas-threaded": -50_000],
    ]

    /// How far a third of the rounds sit below the gap and a third above it (the rest on it), per
    /// size: with 15 rounds a bootstrap median lands on the low or the high third often enough
    /// that the 95 % interval runs from `gap − below` to `gap + above`, unequal so a swap shows.
    static let allocatingSpread: [Int: (below: Double, above: Double)] = [
        16: (1.5, 2.75), 256: (1, 1), 4096: (100, 175.5), 1 << 20: (150_000, 50_000),
    ]
    static let reusedSpread: [Int: (below: Double, above: Double)] = [
        16: (0.25, 0.5), 256: (1, 1), 4096: (20, 12.25), 1 << 20: (5000, 10_000.25),
    ]

    /// Round `round`'s offset from the gap: low, on it, high, in turn.
    static func offset(_ spread: (below: Double, above: Double), round: Int) -> Double {
        [-spread.below, 0, spread.above][round % 3]
    }

    /// C's time per call in round `round` (drift that the pairing must cancel).
    static func cTime(_ kernel: Kernel, _ size: Int, round: Int) -> Double {
        (kernel == .addAllocating ? 12 : 10) * Double(size) + 4000 + 64 * Double((round * 7) % 11)
    }

    static let splitResults: BenchmarkResults = {
        var results = SyntheticResults.make(
            kernels: [.add, .addAllocating], backends: splitBackends, sizes: splitSizes, withWorkloads: false)
        results.machine.backends.append(
            BackendRecord(
                name: "openblas-threaded", displayName: "OpenBLAS threaded", summary: "cblas, 2 threads",
                simdWidth: nil, library: "OpenBLAS 0.3.29", core: "Zen", threads: 2, fusedAXPY: true))
        let rounds = 0..<15
        results.measurements = results.measurements.map { cell in
            var cell = cell
            let allocating = cell.kernel == .addAllocating
            let gap = (allocating ? allocatingGap : reusedGap)[cell.size]![cell.backend]!
            let spread = (allocating ? allocatingSpread : reusedSpread)[cell.size]!
            cell.samples = rounds.map { cTime(cell.kernel, cell.size, round: $0) + gap + offset(spread, round: $0) }
            cell.summary = SampleStatistics.summarize(cell.samples)
            cell.nanosecondsPerElement = cell.summary.median / Double(cell.size)
            return cell
        }
        var yardstick: [KernelMeasurement] = []
        for size in splitSizes {
            for kernel in [Kernel.addAllocating, .add] where !(kernel == .addAllocating && size == 256) {
                var c = results.measurements.first { $0.kernel == kernel && $0.size == size }!
                c.backend = "c"
                c.samples = rounds.map { cTime(kernel, size, round: $0) }
                c.summary = SampleStatistics.summarize(c.samples)
                c.nanosecondsPerElement = c.summary.median / Double(size)
                yardstick.append(c)
            }
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: yardstick)
        return results
    }()

    /// A signed time in the unit its largest magnitude calls for (ns, µs from 1000 ns, ms from
    /// 10⁶ ns), three significant digits, with a true minus sign.
    static func signed(_ value: Double, scale: Double) -> String {
        let magnitude = NumberFormatting.significant(abs(value) / scale)
        return value == 0 ? magnitude : (value > 0 ? "+" : "−") + magnitude
    }

    static func duration(_ value: Double, interval: (Double, Double)?) -> String {
        let largest = max(abs(value), abs(interval?.0 ?? 0), abs(interval?.1 ?? 0))
        let (scale, unit) = largest >= 1e6 ? (1e6, "ms") : largest >= 1e3 ? (1e3, "µs") : (1, "ns")
        let text = signed(value, scale: scale) + " " + unit
        guard let interval else { return text }
        return text + " [\(signed(interval.0, scale: scale)), \(signed(interval.1, scale: scale))]"
    }

    @Test("the allocating add: per size the best single-thread add-alloc backend, its add, both gaps and the excess")
    func allocationSplit() throws {
        let markdown = PerformanceReport.render(Self.splitResults).markdown
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: [
                    "N", "Backend", "add-alloc − C, per call [95 %]", "add − C, per call [95 %]",
                    "Allocation beyond malloc + free, per call",
                ], in: markdown))
        var expected: [[String]] = []
        for size in Self.splitSizes.sorted() where size != 256 {
            let gaps = Self.allocatingGap[size]!
            let best = ["simd", "naive"].min { gaps[$0]! < gaps[$1]! }!
            let allocating = gaps[best]!
            let reused = Self.reusedGap[size]![best]!
            let (a, r) = (Self.allocatingSpread[size]!, Self.reusedSpread[size]!)
            expected.append([
                NumberFormatting.size(size), Self.displayNames[best]!,
                Self.duration(allocating, interval: (allocating - a.below, allocating + a.above)),
                Self.duration(reused, interval: (reused - r.below, reused + r.above)),
                Self.duration(allocating - reused, interval: nil),
            ])
        }
        #expect(table.rows == expected, "\(table)")
        #expect(table.column("Backend") == ["naive", "SIMD", "naive"])
        // Each unit appears: ns at 16, µs at 4 Ki, ms at 1 Mi.
        #expect(table.rows[0] == ["16", "naive", "+33.2 ns [+31.8, +36.0]", "−2.50 ns [−2.75, −2.00]", "+35.8 ns"])
        #expect(table.rows[1][2...3] == ["+1.50 µs [+1.40, +1.68]", "−251 ns [−271, −238]"])
        #expect(table.rows[2][2...3] == ["−2.25 ms [−2.40, −2.20]", "−24.8 µs [−29.8, −14.7]"])
    }
}
