import Benchmarking
import Foundation

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

    /// Whether this is one run's samples (no replicate runs to show how far runs move).
    var isSingleRun: Bool {
        if case .samples = self { return true }
        return false
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
