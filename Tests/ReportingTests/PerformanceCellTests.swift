import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport
import _TestSupport

/// performance.md's tables read back cell by cell: the measurement table per
/// kernel, the builds side by side and the machine record, each against the
/// synthetic input it was rendered from.
///
/// Every cell's figure encodes where it comes from: ns/element is
/// (1 + backendIndex)·(1 + 0.1·sizeIndex)·(1 + 0.01·kernelIndex), allocations
/// per call are 100·kernelIndex + 10·backendIndex + sizeIndex, the cache
/// state alternates, and the second build is slower by a factor that depends
/// on backend and size.
@Suite("performance.md cell by cell")
struct PerformanceCellTests {
    static let sizes = [16, 4096, 1 << 20]
    static let backends = ["naive", "simd", "openblas"]
    static let kernels: [Kernel] = [.add, .scale, .magnitudeSquared]
    static let displayNames = ["naive": "naive", "simd": "SIMD", "openblas": "OpenBLAS"]

    static func indices(_ kernel: Kernel, _ backend: String, _ size: Int) -> (Double, Double, Double) {
        (
            Double(kernels.firstIndex(of: kernel)!), Double(backends.firstIndex(of: backend)!),
            Double(sizes.firstIndex(of: size)!)
        )
    }

    static func perElement(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        let (k, b, s) = indices(kernel, backend, size)
        return (1 + b) * (1 + 0.1 * s) * (1 + 0.01 * k)
    }

    static func allocations(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        let (k, b, s) = indices(kernel, backend, size)
        return 100 * k + 10 * b + s
    }

    static func cacheState(_ kernel: Kernel, _ backend: String, _ size: Int) -> CacheState {
        let (k, b, s) = indices(kernel, backend, size)
        return Int(k + b + s) % 2 == 0 ? .hot : .memory
    }

    /// The second build's slowdown over the first.
    static func otherFactor(_ backend: String, _ size: Int) -> Double {
        let (_, b, s) = indices(.add, backend, size)
        return 1.5 + 0.1 * b + 0.01 * s
    }

    static func decorated(_ results: BenchmarkResults) -> [KernelMeasurement] {
        results.measurements.map { cell in
            var cell = cell
            cell.allocationsPerOperation = allocations(cell.kernel, cell.backend, cell.size)
            cell.cacheState = cacheState(cell.kernel, cell.backend, cell.size)
            return cell
        }
    }

    /// The sweep's own build (target CPU znver3) and SwiftPM's default build, slower by ``otherFactor(_:_:)``.
    static let results: BenchmarkResults = {
        var results = SyntheticResults.make(
            kernels: kernels, backends: backends, sizes: sizes, withWorkloads: false, model: perElement)
        results.measurements = decorated(results)
        var machine = results.machine
        machine.targetCPU = "x86-64 (baseline, SSE2)"
        let other = SyntheticResults.make(
            kernels: kernels, backends: backends, sizes: sizes, withWorkloads: false
        ) { kernel, backend, size in perElement(kernel, backend, size) * otherFactor(backend, size) }
        results.otherBuilds = [BuildMeasurements(machine: machine, measurements: other.measurements)]
        return results
    }()

    static let markdown = PerformanceReport.render(results).markdown

    static func significant(_ value: Double) -> String { NumberFormatting.significant(value) }

    @Test("each kernel's measurement table: sizes ascending, backends in the run's order, every cell")
    func measurementTables() throws {
        let header = ["N", "State", "Backend", "ns/element", "p10–p90", "GB/s", "Of ceiling", "Allocations/call"]
        let tables = MarkdownTableReader.tables(in: Self.markdown).filter { $0.header == header }
        try #require(tables.count == Self.kernels.count)
        for (kernel, table) in zip(Self.kernels, tables) {
            var expected: [[String]] = []
            for size in Self.sizes {
                for backend in Self.backends {
                    let value = Self.perElement(kernel, backend, size)
                    // SyntheticResults: p10 = 0.97 × median, p90 = 1.05 × median; GB/s = bytes ÷ ns.
                    let rate = Double(kernel.bytesPerElement) / value
                    let best = SyntheticResults.probe.bestGigabytesPerSecond(kernel.probePattern)
                    expected.append([
                        NumberFormatting.size(size), Self.cacheState(kernel, backend, size).rawValue,
                        Self.displayNames[backend]!, Self.significant(value),
                        "\(Self.significant(value * 0.97))–\(Self.significant(value * 1.05))",
                        Self.significant(rate), NumberFormatting.percent(rate / best),
                        NumberFormatting.significant(
                            Self.allocations(kernel, backend, size), digits: 3, trimmingZeros: true),
                    ])
                }
            }
            #expect(table.rows == expected, "\(kernel):\n\(table)")
        }
    }

    @Test("other builds: SwiftPM's default build first, each build's own figure, ratio over the first")
    func buildsSideBySide() throws {
        let defaultLabel = "SwiftPM's default flags (x86-64 baseline, SSE2)"
        let ownLabel = "`-target-cpu znver3`"
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: ["Kernel", "N", "Backend", defaultLabel, ownLabel, "÷ first"], in: Self.markdown))
        var expected: [[String]] = []
        for kernel in Self.kernels {
            for size in Self.sizes {
                for backend in Self.backends {
                    let own = Self.perElement(kernel, backend, size)
                    let first = own * Self.otherFactor(backend, size)
                    expected.append([
                        kernel.rawValue, NumberFormatting.size(size), Self.displayNames[backend]!,
                        Self.significant(first), Self.significant(own), NumberFormatting.ratio(own / first),
                    ])
                }
            }
        }
        #expect(table.rows == expected, "\(table)")
    }

    @Test("the machine record: every field in its row, and each backend's row from its own record")
    func machineRecord() throws {
        let machine = SyntheticResults.machine
        let record = try #require(
            MarkdownTableReader.table(withHeader: ["Recorded", "Value"], in: machine.markdownSection))
        #expect(
            record.rows == [
                ["CPU", "Synthetic EPYC 7B13 \\<test\\>"], ["Logical cores", "2"],
                ["Caches", "L1d 32K, L2 512K, L3 32768K"], ["Last-level cache", "32 MiB"], ["Memory", "8 GiB"],
                ["CPU features", "sse2, avx2, fma"], ["Operating system", "Debian GNU/Linux 13 (trixie)"],
                ["Kernel", "6.1.0-synthetic"], ["Swift", "Swift 6.3"], ["Build configuration", "release"],
                ["Target CPU", "znver3"], ["Host", "synthetic-host"], ["Date", "2026-01-02T03:04:05Z"],
                ["Command line", "`springbench bench --output results.json`"],
            ], "\(record)")
        let backends = try #require(
            MarkdownTableReader.table(
                withHeader: ["Backend", "What it is", "SIMD width", "Library", "Core", "Threads", "Fused axpy"],
                in: machine.markdownSection))
        #expect(
            backends.rows == [
                ["naive", "plain loops", "—", "—", "—", "1", "no"],
                ["SIMD", "SIMD8\\<Double\\> with a scalar tail", "8", "—", "—", "1", "no"],
                ["OpenBLAS", "cblas", "—", "OpenBLAS 0.3.29", "Zen", "1", "yes (FMA)"],
            ], "\(backends)")
    }
}
