import DocumentValues

/// A cell's time relative to a reference timed in the same rounds: the C
/// yardstick's loop of the same kernel at the same size (``CYardstick``),
/// which the code under test cannot change.
///
/// Sample *i* of every cell of one kernel and size is taken in round *i*
/// (``InterleavedSampler``), so the ratio is taken round by round, cell ÷
/// reference, and summarised like any samples: its median and the median's
/// bootstrap interval. A slower host, a neighbour streaming memory or a
/// frequency change in one round moves both sides of that round's ratio.
/// How much of the between-run spread this removes, per cell kind, was
/// measured on real runs (Guides/History.md, "Between-run noise"); where
/// the reference's own between-run spread is the larger (a few points,
/// where each process's code and operand placement differ), the verdicts use
/// the absolute time instead.
public struct ReferenceRatio: Codable, Sendable, Equatable {
    /// The reference's name (`BackendDetails.name`: `c`).
    @Checked<NonEmptyText> public var reference: String
    /// The median of the per-round ratios cell ÷ reference.
    @Checked<Positive> public var median: Double
    /// The median's bootstrap interval (``SampleStatistics/medianIntervalLevel``).
    @Valid public var medianInterval: ConfidenceInterval

    public init(reference: String, median: Double, medianInterval: ConfidenceInterval) {
        self.reference = reference
        self.median = median
        self.medianInterval = medianInterval
    }

    /// The per-round ratios of `samples` to `reference`'s samples, or nil when
    /// the two were not taken in the same rounds (different counts) or a value is not positive.
    public static func roundRatios(_ samples: [Double], reference: [Double]) -> [Double]? {
        guard !samples.isEmpty, samples.count == reference.count,
            !zip(samples, reference).contains(where: { !($0 > 0 && $1 > 0 && $0.isFinite && $1.isFinite) })
        else { return nil }
        return zip(samples, reference).map { $0 / $1 }
    }
}

/// A ratio as the history and the exports keep it: the reference's name,
/// the median ratio and its interval's ends.
public struct RatioFigures: Sendable, Equatable {
    public var reference: String
    public var median: Double
    public var lower: Double
    public var upper: Double

    public init(reference: String, median: Double, lower: Double, upper: Double) {
        self.reference = reference
        self.median = median
        self.lower = lower
        self.upper = upper
    }

    public init(_ ratio: ReferenceRatio) {
        self.init(
            reference: ratio.reference, median: ratio.median, lower: ratio.medianInterval.lower,
            upper: ratio.medianInterval.upper)
    }
}

extension BenchmarkResults {
    /// The reference every cell is related to: the C yardstick's measurements.
    var referenceMeasurements: [CellKey: KernelMeasurement] {
        guard let yardstick else { return [:] }
        var byCell: [CellKey: KernelMeasurement] = [:]
        for measurement in yardstick.measurements {
            byCell[CellKey(kernel: measurement.kernel, backend: "", size: measurement.size)] = measurement
        }
        return byCell
    }

    /// The per-round ratios of `measurement` to the reference of its kernel
    /// and size; nil without a reference sampled in the same rounds.
    public func referenceRatioSamples(of measurement: KernelMeasurement) -> [Double]? {
        Self.roundRatios(of: measurement, in: referenceMeasurements)
    }

    static func roundRatios(of measurement: KernelMeasurement, in references: [CellKey: KernelMeasurement]) -> [Double]?
    {
        guard let reference = references[CellKey(kernel: measurement.kernel, backend: "", size: measurement.size)]
        else { return nil }
        return ReferenceRatio.roundRatios(measurement.samples, reference: reference.samples)
    }

    /// Sets every measurement's ``KernelMeasurement/relative`` from the
    /// yardstick sampled in the same rounds (none without a yardstick).
    public mutating func attachReferenceRatios() {
        let references = referenceMeasurements
        guard let name = yardstick?.details.name else { return }
        for index in measurements.indices {
            guard let ratios = Self.roundRatios(of: measurements[index], in: references) else { continue }
            let summary = SampleStatistics.summarize(ratios)
            measurements[index].relative = ReferenceRatio(
                reference: name, median: summary.median, medianInterval: summary.medianInterval)
        }
    }
}
