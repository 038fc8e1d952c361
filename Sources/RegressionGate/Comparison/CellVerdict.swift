import Benchmarking

/// What a comparison concluded about one cell.
public enum CellVerdict: String, Codable, Sendable, Comparable {
    /// The whole interval lies beyond the threshold, slower.
    case regressed
    /// The interval reaches past the threshold but not wholly: possibly slower, not proven.
    case inconclusive
    /// The interval lies within the threshold.
    case unchanged
    /// The whole interval lies beyond the threshold, faster.
    case improved

    /// Judges `interval` against `threshold` (a fraction, 0.10 = 10 %).
    public init(_ interval: ChangeInterval, threshold: Double) {
        let slower = 1 + threshold, faster = 1 / (1 + threshold)
        if interval.lower > slower {
            self = .regressed
        } else if interval.upper < faster {
            self = .improved
        } else if interval.upper > slower || interval.lower < faster {
            self = .inconclusive
        } else {
            self = .unchanged
        }
    }

    private var order: Int {
        switch self {
        case .regressed: return 0
        case .inconclusive: return 1
        case .improved: return 2
        case .unchanged: return 3
        }
    }

    public static func < (lhs: Self, rhs: Self) -> Bool { lhs.order < rhs.order }
}
