import Benchmarking
import Foundation

/// Benchmark results in which every kernel × backend × size has a time of its
/// own, with verdicts the tests can derive from the model alone.
///
/// The time per element is a base per backend and size regime, times
/// (1 + 0.01·sizeIndex·(backendIndex + 1)) and (1 + 0.1·kernelIndex), so a
/// figure taken from another backend, size or kernel differs. naive wins
/// clearly at 16 and 256, SIMD and OpenBLAS overlap at 4 Ki and 64 Ki (no
/// clear winner), OpenBLAS wins clearly at 1 Mi: one crossover, naive →
/// OpenBLAS, and three ranges per kernel. Median intervals reach ``halfWidth`` above the
/// median and ``lowerWidth(_:)`` below it.
public enum DistinctCellModel {
    public static let sizes = [16, 256, 4096, 65_536, 1 << 20]
    public static let backends = ["naive", "simd", "openblas"]
    public static let kernels: [Kernel] = [.add, .axpy]
    public static let displayNames = ["naive": "naive", "simd": "SIMD", "openblas": "OpenBLAS"]
    public static let halfWidth = 0.02

    public static func perElement(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        let sizeIndex = Double(sizes.firstIndex(of: size)!)
        let backendIndex = Double(backends.firstIndex(of: backend)!)
        let kernelIndex = Double(kernels.firstIndex(of: kernel)!)
        let base: Double
        switch (backend, size) {
        case ("naive", ..<4096): base = 0.2
        case ("simd", ..<4096): base = 0.5
        case (_, ..<4096): base = 0.9
        case ("naive", ..<(1 << 20)): base = 1.2
        case ("simd", ..<(1 << 20)): base = 0.305
        case (_, ..<(1 << 20)): base = 0.3
        case ("naive", _): base = 1.3
        case ("simd", _): base = 0.4
        default: base = 0.25
        }
        return base * (1 + 0.01 * sizeIndex * (backendIndex + 1)) * (1 + 0.1 * kernelIndex)
    }

    /// The relative distance from the median down to its interval's lower end:
    /// ``halfWidth``, three times that for OpenBLAS. Unequal widths make "equal
    /// within" differ by direction (the fastest's upper end over OpenBLAS's
    /// lower end is the larger), so a one-way computation shows.
    public static func lowerWidth(_ backend: String) -> Double {
        backend == "openblas" ? 3 * halfWidth : halfWidth
    }

    public static let results: BenchmarkResults = {
        var results = SyntheticResults.make(
            kernels: kernels, backends: backends, sizes: sizes, halfWidth: halfWidth, withWorkloads: false,
            model: perElement)
        results.measurements = results.measurements.map { cell in
            var cell = cell
            cell.summary.medianInterval.lower = cell.summary.median * (1 - lowerWidth(cell.backend))
            return cell
        }
        return results
    }()

    /// One size's expected verdict, derived from the model and the interval rule
    /// (a clear win: the fastest's upper end below every other's lower end).
    public struct Expected: Sendable {
        public var size: Int
        public var ranking: [(backend: String, perElement: Double)]
        public var clear: Bool
        public var tied: [String]
        public var equalWithin: Double?
        public var margin: Double { ranking[1].perElement / ranking[0].perElement }
    }

    public static func expected(_ kernel: Kernel, _ size: Int) -> Expected {
        let ranking = backends.map { ($0, perElement(kernel, $0, size)) }.sorted { $0.1 < $1.1 }
        let (bestName, best) = ranking[0]
        let overlapping = ranking.dropFirst().filter { best * (1 + halfWidth) >= $0.1 * (1 - lowerWidth($0.0)) }
        // Either direction: the larger of the two upper-over-lower ratios.
        let within = overlapping.map {
            max(
                $0.1 * (1 + halfWidth) / (best * (1 - lowerWidth(bestName))),
                best * (1 + halfWidth) / ($0.1 * (1 - lowerWidth($0.0)))) - 1
        }.max()
        return Expected(
            size: size, ranking: ranking, clear: overlapping.isEmpty,
            tied: overlapping.isEmpty ? [] : [ranking[0].0] + overlapping.map(\.0), equalWithin: within)
    }

}
