/// The formats SpringBench exports cells in (Guides/Exports.md).
public enum ExportFormat: String, Sendable, CaseIterable {
    /// One row per cell (RFC 4180, CRLF, a header row).
    case csv
    /// One row per sample, with its round (RFC 4180, CRLF, a header row).
    case samplesCSV = "samples-csv"
    /// Bencher Metric Format JSON: benchmark → measure → value, lower, upper.
    case bencher
    /// github-action-benchmark's `customSmallerIsBetter` JSON: an array of entries.
    case githubActionBenchmark = "github-action-benchmark"

    /// The names as the command line takes them, e.g. for an error line.
    public static var validNames: String { allCases.map(\.rawValue).joined(separator: ", ") }
}

/// Why cells cannot be exported.
public struct ExportError: Error, Equatable, CustomStringConvertible {
    public var description: String
}

/// Renders cells in one of the ``ExportFormat``s. Total on finite input;
/// a value that is NaN or infinite is never written (see each format).
public enum Export {
    /// The text of `cells` in `format`, in the order given.
    /// - Throws: ``ExportError`` when two cells share a name.
    public static func render(_ cells: [ExportCell], as format: ExportFormat) throws(ExportError) -> String {
        var seen: Set<String> = []
        for cell in cells where !seen.insert(cell.name).inserted {
            throw ExportError(description: "two cells are named \(cell.name); benchmark names must be unique")
        }
        switch format {
        case .csv: return CellsCSV.text(cells)
        case .samplesCSV: return SamplesCSV.text(cells)
        case .bencher: return BencherMetricFormat.text(cells)
        case .githubActionBenchmark: return GitHubActionBenchmark.text(cells)
        }
    }
}

/// Numbers as the exports write them: Swift's shortest representation that
/// reads back to the same `Double` (`88.0`, `1.25e-05`), valid in JSON and
/// read by every CSV consumer; nil for NaN and ±∞.
enum ExportNumber {
    static func text(_ value: Double) -> String? {
        value.isFinite ? "\(value)" : nil
    }
}
