/// One kernel × backend × size, the unit that `compare` judges.
public struct ComparisonCell: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The kernel's name as results files spell it (`add`, `add-inplace`, …).
    public var kernel: String
    public var backend: String
    /// Points per operand.
    public var size: Int

    public init(kernel: String, backend: String, size: Int) {
        self.kernel = kernel
        self.backend = backend
        self.size = size
    }

    /// `add.simd.4Ki`: the same spelling as the ordo-one/benchmark suite.
    public var description: String {
        "\(kernel).\(backend).\(PointCount.format(size).replacingOccurrences(of: " ", with: ""))"
    }

    public static func < (lhs: Self, rhs: Self) -> Bool {
        (lhs.kernel, lhs.backend, lhs.size) < (rhs.kernel, rhs.backend, rhs.size)
    }
}

/// What one side of a comparison measured for one cell.
public enum CellObservation: Sendable, Equatable {
    /// Raw samples (time per call, or time in units of the run's own bandwidth);
    /// the comparison bootstraps their medians.
    case samples([Double])
    /// Raw samples of several runs of the same code (interleaved in time with
    /// the other side's runs): the bootstrap resamples runs, then samples.
    case runs([[Double]])
    /// An exact count (instructions per element): no uncertainty.
    case exact(Double)

    /// The runs of samples (one run for ``samples(_:)``); nil for an exact count.
    var sampleRuns: [[Double]]? {
        switch self {
        case .samples(let values): return [values]
        case .runs(let runs): return runs
        case .exact: return nil
        }
    }

    /// Median of the samples; with several runs, the median of the runs' medians.
    var pointEstimate: Double {
        switch self {
        case .samples(let values): return SampleStatistics.median(values)
        case .runs(let runs): return SampleStatistics.median(runs.map(SampleStatistics.median))
        case .exact(let value): return value
        }
    }
}

import Foundation
