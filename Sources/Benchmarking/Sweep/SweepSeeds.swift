import VectorKernels

/// Every seed of a timed sweep, derived here and only here from the run's
/// seed (``SweepConfiguration/seed``), so that a fixed-seed run repeats its
/// schedule: the same operands, the same order of cells round by round, the
/// same bootstrap intervals.
public struct SweepSeeds: Sendable, Equatable {
    /// The run's seed.
    public var run: UInt64

    public init(run: UInt64) {
        self.run = run
    }

    /// The operands of every backend at every size, in this build and in any
    /// other (so that both time the same values).
    public var operands: UInt64 { run }

    /// The generator of the order of the cells in each round (and, in a paired
    /// run, of which side goes first).
    public func schedule() -> SplitMix64 { SplitMix64(seed: run) }

    /// The bootstrap of the measurement that is the `ordinal`-th of the run
    /// (from 0, this build's and other builds' cells in the order measured;
    /// in a paired run, the cell's place in the sweep order), and of its
    /// ceiling comparison.
    public func measurement(_ ordinal: Int) -> UInt64 { run &+ UInt64(ordinal) }

    /// The bootstrap of the `ordinal`-th yardstick measurement of the run.
    public func yardstick(_ ordinal: Int) -> UInt64 { run &+ Self.yardstickOffset &+ UInt64(ordinal) }

    /// The bootstrap of the `ordinal`-th measurement of the reference at
    /// `index` of ``Sweep/references``.
    public func reference(_ index: Int, _ ordinal: Int) -> UInt64 {
        run &+ Self.referenceOffset &+ UInt64(index) << 32 &+ UInt64(ordinal)
    }

    /// The bootstrap of the long samples of the `ordinal`-th cell the cache
    /// check covers.
    public func cacheCheck(_ ordinal: Int) -> UInt64 { run &+ UInt64(ordinal) }

    /// The generator of the order of the harness floor's cells in each round
    /// (apart from the sweep's own schedule).
    public func harnessFloorSchedule() -> SplitMix64 { SplitMix64(seed: run ^ Self.harnessFloorMask) }

    /// The bootstrap of the harness floor's measurements.
    public var harnessFloor: UInt64 { run }

    /// The bootstrap of the `ordinal`-th spring-workload measurement of the
    /// run (the workloads' own schedule is ``schedule()``).
    public func workload(_ ordinal: Int) -> UInt64 { run &+ UInt64(ordinal) }

    /// Keeps the yardstick's bootstraps apart from the measurements'.
    static let yardstickOffset: UInt64 = 0x9A2D
    /// Keeps the other references' bootstraps apart from both.
    static let referenceOffset: UInt64 = 0x5EF0_0000_0000
    /// Keeps the harness floor's schedule apart from the sweep's.
    static let harnessFloorMask: UInt64 = 0xF100_F100
}
