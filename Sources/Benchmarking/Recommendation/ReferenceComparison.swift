/// Issue 26's bar, per kernel and size: the best single-thread SpringBench
/// backend against the best of the references outside it — gcc `-O3
/// -march=native` loops (``GCCLoops``), OpenBLAS with one thread, numpy —
/// all sampled in the same rounds.
///
/// Each row pairs the two winners' cells round by round, as
/// ``YardstickComparison`` pairs a backend with C: the median of the
/// per-round ratios (best backend ÷ best reference), its 95 % bootstrap
/// interval, and the same verdict (*slower* only when the whole interval
/// lies above 1 + ``YardstickComparison/noise``).
public struct ReferenceComparison: Sendable, Equatable {
    /// The backends that contend for "best backend": the single-thread ones.
    /// A backend that splits work across threads (say, a parallel backend)
    /// is judged against threaded references, not these; add a name here to
    /// let another single-thread backend contend.
    public static let singleThreadBackends = ["naive", "simd", "openblas"]
    /// Backends that are also references outside SpringBench when the run
    /// gave them one thread (``SweepConfiguration/openBLASThreads``).
    public static let libraryBackendReferences = ["openblas"]
    /// The sizes the bar covers: 256 to 16 Mi points.
    public static let sizes = 256...(16 << 20)

    public struct Row: Sendable, Equatable {
        public var kernel: Kernel
        public var size: Int
        /// The single-thread backend with the lowest median.
        public var best: String
        public var bestNanosecondsPerElement: Double
        /// The reference with the lowest median (a backend name for OpenBLAS).
        public var reference: String
        public var referenceNanosecondsPerElement: Double
        /// Median over rounds of best ÷ reference (below 1: SpringBench is faster).
        public var ratio: Double
        public var interval: ConfidenceInterval
        public var verdict: YardstickComparison.Verdict
    }

    public var rows: [Row]
    /// The references the run had, by name (`gcc`, `openblas`, `numpy`).
    public var references: [String]

    /// The comparison over ``sizes``; nil when the run sampled no reference
    /// outside SpringBench (no `--loops-library`, no `--reference-sampler`).
    public init?(_ results: BenchmarkResults) {
        guard let outside = results.references, !outside.isEmpty else { return nil }
        let oneThread = results.configuration.openBLASThreads == 1
        let contenders = results.measurements.filter {
            Self.singleThreadBackends.contains($0.backend) && Self.sizes.contains($0.size)
                && ($0.backend != "openblas" || oneThread)
        }
        let libraryReferences = contenders.filter { Self.libraryBackendReferences.contains($0.backend) }
        let referenceCells = outside.flatMap(\.measurements) + libraryReferences
        references =
            outside.map(\.details.name)
            + Self.libraryBackendReferences.filter { name in libraryReferences.contains { $0.backend == name } }
        let keys = Set(contenders.map { CellKey(kernel: $0.kernel, backend: "", size: $0.size) }).sorted()
        rows = keys.enumerated().compactMap { offset, key in
            func best(_ cells: [KernelMeasurement]) -> KernelMeasurement? {
                cells.filter { $0.kernel == key.kernel && $0.size == key.size }
                    .min { $0.summary.median < $1.summary.median }
            }
            guard let backend = best(contenders), let reference = best(referenceCells) else { return nil }
            let paired = YardstickComparison.row(best: backend, yardstick: reference, seed: 0x26_0000 &+ UInt64(offset))
            return Row(
                kernel: key.kernel, size: key.size, best: backend.backend,
                bestNanosecondsPerElement: backend.nanosecondsPerElement, reference: reference.backend,
                referenceNanosecondsPerElement: reference.nanosecondsPerElement, ratio: paired.ratio,
                interval: paired.interval, verdict: paired.verdict)
        }
    }

    /// Rows where the best backend is slower than the best reference beyond the noise.
    public var slower: [Row] { rows.filter { $0.verdict == .slower } }

    /// The row with the highest ratio.
    public var worst: Row? { rows.max { $0.ratio < $1.ratio } }
}

extension BenchmarkResults {
    /// How reports name a reference (or a backend that is one): its recorded display name.
    public func displayName(ofReference name: String) -> String {
        references?.first { $0.details.name == name }?.details.displayName ?? machine.displayName(of: name)
    }
}
