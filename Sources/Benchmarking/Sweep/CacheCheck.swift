import DocumentValues

/// The sweep's own check of the cache state it claims: at the sizes where the
/// operands outgrow the per-core L2 cache but fit the last-level cache (where
/// evictions by the other cells' samples would show), every cell also takes
/// long samples. A long sample runs the kernel for at least 25 ms (about 50
/// calls at 1 Mi points, 800 at 64 Ki), so
/// whatever state the first call finds is amortised over dozens of calls:
/// the sweep's median agrees with the long samples' when the sweep's samples
/// really timed the state it names.
///
/// The long samples are taken inside the sweep's own rounds (nine of them,
/// spread over the 25), each right after the cell's ordinary sample of that
/// round, so the two meet the same drift of a shared machine; the ordinary
/// sample beside each long one gives a paired ratio, which tells a wrong cache
/// state (the pairs disagree) from noise in the medians (they agree).
public struct CacheCheck: Codable, Sendable, Equatable {
    /// Each long sample lasts at least this long.
    @Checked<Positive> public var minimumSampleNanoseconds: Double
    /// Long samples per cell.
    @Checked<PositiveCount> public var samples: Int
    /// The largest |sweep median ÷ long median − 1| that agrees.
    @Checked<Positive> public var tolerance: Double
    @UniqueElements public var cells: [Cell]

    public init(minimumSampleNanoseconds: Double, samples: Int, tolerance: Double, cells: [Cell]) {
        self.minimumSampleNanoseconds = minimumSampleNanoseconds
        self.samples = samples
        self.tolerance = tolerance
        self.cells = cells
    }

    /// The check's timing: 9 samples of at least 25 ms. Measured here with 5
    /// samples of 50 ms, the long median alone moved the verdict: 15–29 of 96
    /// cells were flagged from run to run, most of them with their paired
    /// samples agreeing (noise in a median of five).
    public static let longSamples = TimingPolicy(samples: 9, minimumSampleNanoseconds: 25e6, warmupNanoseconds: 5e6)
    /// Agreement within 5 %.
    public static let defaultTolerance = 0.05

    /// The sizes to check: those where some kernel is hot
    /// (``CacheState/hot``) but the largest operand set (24 bytes a point)
    /// exceeds the L2 cache. With an unknown L2, every size where a kernel is hot.
    public static func sizes(_ sizes: [Int], lastLevelCacheBytes: Int, secondLevelCacheBytes: Int) -> [Int] {
        sizes.filter { size in
            let largest = size.multipliedReportingOverflow(by: 24)
            let leavesL2 = largest.overflow || largest.partialValue > secondLevelCacheBytes
            let someHot = Kernel.allCases.contains {
                CacheState.of($0, size: size, lastLevelCacheBytes: lastLevelCacheBytes) == .hot
            }
            return leavesL2 && someHot
        }
    }

    /// One cell's two medians and the verdict.
    public struct Cell: Codable, Sendable, Equatable {
        public var kernel: Kernel
        @Checked<NonEmptyText> public var backend: String
        @Checked<PointCountRule> public var size: Int
        /// The build measured, when it is not the one that ran the sweep (its target CPU).
        public var build: String?
        public var cacheState: CacheState
        /// The sweep's median and interval, ns per call.
        @Checked<Positive> public var sweepMedian: Double
        @Valid public var sweepInterval: ConfidenceInterval
        /// The long samples' median and interval, ns per call.
        @Checked<Positive> public var longMedian: Double
        @Valid public var longInterval: ConfidenceInterval
        /// sweepMedian ÷ longMedian.
        @Checked<Positive> public var ratio: Double
        /// Median over the rounds with a long sample of (the round's ordinary
        /// sample ÷ its long sample), taken back to back: the cache state's
        /// effect with drift removed.
        @Checked<Positive> public var pairedRatio: Double
        /// Nil when the medians agree within the tolerance; otherwise why not.
        public var flag: String?

        public init(
            kernel: Kernel, backend: String, size: Int, build: String?, cacheState: CacheState,
            sweep: SampleSummary, long: SampleSummary, pairedRatio: Double, tolerance: Double
        ) {
            self.kernel = kernel
            self.backend = backend
            self.size = size
            self.build = build
            self.cacheState = cacheState
            sweepMedian = sweep.median
            sweepInterval = sweep.medianInterval
            longMedian = long.median
            longInterval = long.medianInterval
            ratio = sweep.median / long.median
            self.pairedRatio = pairedRatio
            flag = Self.flag(ratio: ratio, pairedRatio: pairedRatio, tolerance: tolerance)
        }

        /// Why a ratio outside the tolerance is what it is.
        static func flag(ratio: Double, pairedRatio: Double, tolerance: Double) -> String? {
            guard ratio.isFinite, pairedRatio.isFinite else { return "no usable samples" }
            guard abs(ratio - 1) > tolerance else { return nil }
            func percent(_ value: Double) -> Int { Int((abs(value - 1) * 100).rounded()) }
            func direction(_ value: Double) -> String { value > 1 ? "slower" : "faster" }
            if abs(pairedRatio - 1) <= tolerance {
                return
                    "sweep median \(percent(ratio)) % \(direction(ratio)) than the long samples', but its samples taken beside them agree "
                    + "within \(percent(pairedRatio)) %: noise of the machine in the medians, not the cache state"
            }
            if (ratio > 1) != (pairedRatio > 1) {
                return
                    "sweep median \(percent(ratio)) % \(direction(ratio)) than the long samples', while its samples beside them run "
                    + "\(percent(pairedRatio)) % \(direction(pairedRatio)): opposite directions, which only noise gives"
            }
            if ratio > 1 {
                return
                    "sweep \(percent(ratio)) % slower, and its samples stay \(percent(pairedRatio)) % slower beside the long ones: "
                    + "the warming calls did not make the operands resident (the cache is shared with other tenants, or the operands nearly fill it)"
            }
            return
                "sweep \(percent(ratio)) % faster; its samples run \(percent(pairedRatio)) % faster than the long ones beside them: "
                + "the long runs lose speed (their own evictions, or the machine slowing under sustained load)"
        }
    }

    /// The flagged cells.
    public var flagged: [Cell] { cells.filter { $0.flag != nil } }
}

extension CacheCheck.Cell: UniquelyKeyed {
    /// The cell, and the build it was measured in when not the sweep's own.
    public var uniqueKey: String { build.map { "\(key) (build \($0))" } ?? key.description }

    var key: CellKey { CellKey(kernel: kernel, backend: backend, size: size) }
}

/// The sweep's cache check: long samples in the same rounds at the checked sizes.
extension Sweep {
    /// The sizes of `sorted` the cache check covers; none without a check.
    func cacheCheckSizes(_ sorted: [Int]) -> [Int] {
        cacheCheck == nil
            ? []
            : CacheCheck.sizes(
                sorted, lastLevelCacheBytes: lastLevelCacheBytes, secondLevelCacheBytes: secondLevelCacheBytes)
    }

    /// The long samples of `round`'s measured cells, at a checked size; nil elsewhere.
    func longSamples(for round: SweepRound, checkSizes: [Int]) -> InterleavedSampler.LongSamples? {
        cacheCheck.flatMap { policy in
            checkSizes.contains(round.size)
                ? InterleavedSampler.LongSamples(policy: policy, cells: round.measuredCells) : nil
        }
    }

    /// The check of one owner's cell: its sweep summary against its long samples.
    func checkedCell(
        _ cell: SweepRound.Sampled, of round: SweepRound, measurement: KernelMeasurement, seed: UInt64
    ) -> CacheCheck.Cell {
        CacheCheck.Cell(
            kernel: round.kernel, backend: cell.owner.backend, size: round.size,
            build: cell.owner.build.map { otherBuilds[$0].machine.targetCPU }, cacheState: round.cacheState,
            sweep: measurement.summary,
            long: SampleStatistics.summarize(cell.samples.longSamples, seed: seed),
            pairedRatio: SampleStatistics.median(
                zip(cell.samples.pairedSamples, cell.samples.longSamples).map { $0 / $1 }),
            tolerance: CacheCheck.defaultTolerance)
    }
}
