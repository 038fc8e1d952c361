/// The figures a performance report opens with, each beside the bar it is
/// held to: computed here, once, so every report and summary agrees.
public struct HeadlineTargets: Sendable, Equatable {
    /// One figure and its bar.
    public struct Figure: Sendable, Equatable {
        public enum Kind: Sendable, Equatable {
            /// The best single-thread backend's fraction of the probe bandwidth at the largest size measured.
            case bandwidthFraction(
                kernel: Kernel, size: Int, backend: String, fraction: Double, gigabytesPerSecond: Double)
            /// The SIMD backend's Σa² speed-up over naive at 4 Ki.
            case magnitudeSquaredSpeedup(ratio: Double?)
            /// SIMD's speed relative to OpenBLAS (OpenBLAS time ÷ SIMD time) at its worst size ≤ 64 Ki.
            case simdAgainstOpenBLAS(kernel: Kernel, size: Int, ratio: Double)
            /// The most allocations per call of any allocation-free kernel (nil: not counted).
            case allocationFreeKernels(worst: KernelMeasurement?, allocations: Double?)
            /// add-alloc's allocations per call, for contrast.
            case allocatingAdd(allocations: Double)
        }

        public var kind: Kind
        /// The bar, as a threshold text (`≥ 90 % at 16 Mi`), or nil where there is none.
        public var bar: String?
        /// Whether the bar is met (nil: no bar, or not measured).
        public var met: Bool?
        /// Whether the figure was measured exactly where the bar is defined.
        public var atTheBarsSize: Bool
    }

    public var figures: [Figure]

    /// The bandwidth bar: in-place kernels reach 90 % of the probe at 16 Mi.
    public static let bandwidthBar = 0.9
    public static let bandwidthBarSize = 16 << 20
    /// SIMD Σa² at least 5× naive at 4 Ki.
    public static let magnitudeSquaredSpeedupBar = 5.0
    /// SIMD at least 0.95× OpenBLAS's speed up to 64 Ki.
    public static let simdAgainstOpenBLASBar = 0.95
    public static let simdAgainstOpenBLASLargestSize = 64 << 10

    public init(_ results: BenchmarkResults) {
        var figures: [Figure] = []
        let cells = Dictionary(results.measurements.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        let kernels = Kernel.allCases.filter { kernel in results.measurements.contains { $0.kernel == kernel } }
        func sizes(_ kernel: Kernel) -> [Int] {
            Set(results.measurements.lazy.filter { $0.kernel == kernel }.map(\.size)).sorted()
        }
        for kernel in kernels {
            guard let size = sizes(kernel).last else { continue }
            // Single-thread backends only: the ceiling is one core's (the parallel backend is held
            // against the all-core bandwidth in its own section, ParallelComparison).
            let candidates = results.measurements.filter {
                $0.kernel == kernel && $0.size == size && results.machine.threads(of: $0.backend) == 1
            }
            guard let best = candidates.max(by: { $0.fractionOfBandwidth < $1.fractionOfBandwidth }) else { continue }
            let hasBar = kernel.hasBandwidthBar
            figures.append(
                Figure(
                    kind: .bandwidthFraction(
                        kernel: kernel, size: size, backend: best.backend,
                        fraction: best.fractionOfBandwidth, gigabytesPerSecond: best.gigabytesPerSecond),
                    bar: hasBar ? "≥ 90 % at 16 Mi" : nil,
                    met: hasBar ? best.fractionOfBandwidth >= Self.bandwidthBar : nil,
                    atTheBarsSize: size == Self.bandwidthBarSize))
        }
        if kernels.contains(.magnitudeSquared) {
            let naive = cells[CellKey(kernel: .magnitudeSquared, backend: "naive", size: 4096)]
            let simd = cells[CellKey(kernel: .magnitudeSquared, backend: "simd", size: 4096)]
            let ratio = naive.flatMap { naive in simd.map { naive.summary.median / $0.summary.median } }
            figures.append(
                Figure(
                    kind: .magnitudeSquaredSpeedup(ratio: ratio), bar: "≥ 5×",
                    met: ratio.map { $0 >= Self.magnitudeSquaredSpeedupBar }, atTheBarsSize: true))
        }
        for kernel in kernels {
            let ratios = sizes(kernel).filter { $0 <= Self.simdAgainstOpenBLASLargestSize }.compactMap {
                size -> (Int, Double)? in
                guard let simd = cells[CellKey(kernel: kernel, backend: "simd", size: size)],
                    let blas = cells[CellKey(kernel: kernel, backend: "openblas", size: size)]
                else { return nil }
                return (size, blas.summary.median / simd.summary.median)
            }
            guard let worst = ratios.min(by: { $0.1 < $1.1 }) else { continue }
            figures.append(
                Figure(
                    kind: .simdAgainstOpenBLAS(kernel: kernel, size: worst.0, ratio: worst.1),
                    bar: "≥ 0.95×", met: worst.1 >= Self.simdAgainstOpenBLASBar, atTheBarsSize: true))
        }
        let allocationFree = results.measurements.filter { $0.kernel.isAllocationFree }
        if !allocationFree.isEmpty {
            let counted = allocationFree.compactMap { cell in cell.allocationsPerOperation.map { (cell, $0) } }
            let worst = counted.max(by: { $0.1 < $1.1 })
            figures.append(
                Figure(
                    kind: .allocationFreeKernels(worst: worst.flatMap { $0.1 > 0 ? $0.0 : nil }, allocations: worst?.1),
                    bar: "0", met: worst.map { $0.1 == 0 }, atTheBarsSize: counted.count == allocationFree.count))
        }
        if let most = results.measurements.filter({ $0.kernel == .addAllocating }).compactMap(\.allocationsPerOperation)
            .max()
        {
            figures.append(Figure(kind: .allocatingAdd(allocations: most), bar: nil, met: nil, atTheBarsSize: true))
        }
        self.figures = figures
    }
}

extension Kernel {
    /// Whether the bandwidth bar (≥ 90 % of the probe at 16 Mi) applies: the in-place kernels.
    public var hasBandwidthBar: Bool {
        switch self {
        case .addInPlace, .subtractInPlace, .scale, .axpy: return true
        default: return false
        }
    }
}
