/// What the value sweep (``ValueTypeSweep``) says, per operation and size: each vector type's
/// time for a new value against C's `malloc` + loop + `free` and against C's loop into a buffer
/// (the arithmetic's floor), and issue 41's bars held against them.
///
/// Every subject of one operation and size was sampled in the same rounds, so each round gives
/// one ratio (the subject's sample over C's of that round); a ratio is the median over rounds,
/// with a percentile-bootstrap 95 % interval, and the machine's drift cancels in it.
public struct ValueTypeComparison: Sendable, Equatable {
    public struct Cell: Sendable, Equatable {
        public var subject: ValueSubject
        /// Median nanoseconds per call (one new value of N points).
        public var nanosecondsPerCall: Double
        /// Median over rounds of this subject ÷ C's malloc + loop + free (nil without that cell).
        public var toMalloc: Ratio?
        /// Median over rounds of this subject ÷ C's loop into a buffer (nil without that cell).
        public var toBuffer: Ratio?
        public var allocationsPerCall: Double?
    }

    /// A per-round ratio's median and its interval.
    public struct Ratio: Sendable, Equatable {
        public var median: Double
        public var interval: ConfidenceInterval
    }

    public struct Row: Sendable, Equatable {
        public var operation: ValueOperation
        public var size: Int
        /// In ``ValueSubject`` order.
        public var cells: [Cell]

        public subscript(subject: ValueSubject) -> Cell? { cells.first { $0.subject == subject } }
    }

    /// In (operation, size) order: the operations' declaration order, sizes ascending.
    public var rows: [Row]

    /// Nil when the results hold no value sweep.
    public init?(_ results: BenchmarkResults) {
        guard let measurements = results.valueTypes, !measurements.isEmpty else { return nil }
        self.init(measurements, seed: results.configuration.seed)
    }

    public init(_ measurements: [ValueTypeMeasurement], seed: UInt64) {
        var rows: [Row] = []
        for operation in ValueOperation.allCases {
            let sizes = Set(measurements.filter { $0.operation == operation }.map(\.size)).sorted()
            for size in sizes {
                let cells = measurements.filter { $0.operation == operation && $0.size == size }
                func samples(_ subject: ValueSubject) -> [Double]? { cells.first { $0.subject == subject }?.samples }
                let malloc = samples(.cMalloc), buffer = samples(.cBuffer)
                let ordinal = UInt64(rows.count)
                rows.append(
                    Row(
                        operation: operation, size: size,
                        cells: ValueSubject.allCases.compactMap { subject in
                            guard let cell = cells.first(where: { $0.subject == subject }) else { return nil }
                            return Cell(
                                subject: subject, nanosecondsPerCall: cell.summary.median,
                                toMalloc: malloc.flatMap { Self.ratio(cell.samples, $0, seed: seed &+ ordinal) },
                                toBuffer: buffer.flatMap { Self.ratio(cell.samples, $0, seed: seed &+ ordinal) },
                                allocationsPerCall: cell.allocationsPerOperation)
                        }))
            }
        }
        self.rows = rows
    }

    /// The median over rounds of `a[i] / b[i]` and its 95 % bootstrap interval; nil when the
    /// two were not sampled in the same rounds (different counts).
    static func ratio(_ a: [Double], _ b: [Double], seed: UInt64) -> Ratio? {
        guard a.count == b.count, !a.isEmpty else { return nil }
        let ratios = zip(a, b).map { $0 / $1 }
        return Ratio(
            median: SampleStatistics.median(ratios),
            interval: SampleStatistics.bootstrapMedianInterval(ratios, seed: seed))
    }

    public func row(_ operation: ValueOperation, size: Int) -> Row? {
        rows.first { $0.operation == operation && $0.size == size }
    }

    /// One of issue 41's bars, held against this run.
    public struct Bar: Sendable, Equatable {
        public var statement: String
        /// What was measured, as text (ratios, counts).
        public var measured: String
        public var met: Bool
    }

    /// Issue 41's bars that this run's cells can judge, in the issue's order (the bounds are
    /// stated at 16 and 256 points; a bar whose cells are missing is left out). Ratios are judged
    /// by their medians.
    public var bars: [Bar] {
        var bars: [Bar] = []
        let sizes = Set(rows.map(\.size)).sorted()
        guard let smallest = sizes.first, let largest = sizes.last else { return [] }
        func figure(_ value: Double) -> String { String(format: "%.2f×", value) }
        for (size, bound) in [(16, 0.5), (256, 0.8)] {
            if let ratio = row(.addAllocating, size: size)?[.inline]?.toMalloc {
                bars.append(
                    Bar(
                        statement: "InlinePointVector a + b ≤ \(bound)× C malloc + loop + free at \(size) points",
                        measured: figure(ratio.median), met: ratio.median <= bound))
            }
        }
        for size in [16, 256] {
            if let ratio = row(.addAllocating, size: size)?[.inline]?.toBuffer {
                bars.append(
                    Bar(
                        statement: "InlinePointVector a + b within 1.1× C's loop into a buffer at \(size) points",
                        measured: figure(ratio.median), met: ratio.median <= 1.1))
            }
        }
        let frames = rows.filter { $0.operation == .frame }.compactMap { row -> Double? in
            guard let inline = row[.inline], let array = row[.arrayStruct] else { return nil }
            return array.nanosecondsPerCall / inline.nanosecondsPerCall
        }
        if let slowest = frames.min() {
            bars.append(
                Bar(
                    statement:
                        "a frame with InlinePointVector ≥ 3× faster than with a [Double] struct at \(smallest)–\(largest) points",
                    measured: "\(figure(slowest)) at the least", met: slowest >= 3))
        }
        let inlineAllocations = rows.compactMap { $0[.inline]?.allocationsPerCall }
        if !inlineAllocations.isEmpty {
            let most = inlineAllocations.max()!
            bars.append(
                Bar(
                    statement: "InlinePointVector allocates nothing",
                    measured: "\(most == 0 ? "0" : String(format: "%.3g", most)) allocations per call at the most",
                    met: most == 0))
        }
        if sizes.contains(256), let ratio = row(.addAllocating, size: 256)?[.pointVector]?.toMalloc {
            bars.append(
                Bar(
                    statement: "PointVector a + b ≤ 1.0× C malloc + loop + free at 256 points",
                    measured: figure(ratio.median), met: ratio.median <= 1))
        }
        return bars
    }
}
