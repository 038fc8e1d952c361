import Benchmarking
import Reporting

/// A history's cells at one commit, as the exports write them
/// (`springbench history export`, Guides/Exports.md).
///
/// A history keeps each timed cell's median and its interval (a results
/// file's 95 % bootstrap interval, `SampleStatistics.medianIntervalLevel`), not the
/// samples: an exported cell has those, its nanoseconds per element and its
/// GB/s at the median; what a history does not keep (samples, percentiles,
/// the ceiling, allocations) is not finite here, so every format leaves it
/// out. Instruction-count series are not exported: their unit is not time.
public enum HistoryExport {
    /// The full commit ids recorded that `given` names: equal, or a prefix of at least 7 characters.
    public static func commits(matching given: String, in runs: [HistoryRun]) -> [String] {
        var seen: [String] = []
        for run in runs where run.commit == given || (given.count >= 7 && run.commit.hasPrefix(given)) {
            if !seen.contains(run.commit) { seen.append(run.commit) }
        }
        return seen
    }

    /// The newest timed commit recorded (the last recorded run's).
    public static func newestCommit(in runs: [HistoryRun]) -> String? {
        runs.last(where: { $0.series.kind == .time })?.commit
    }

    /// Every timed cell at `commit`, in cell order then series order. With
    /// one series the names are plain (`add.simd.4Ki`, as `bench` exports
    /// them); with several each is suffixed `@MACHINE/TARGET/CONFIGURATION`.
    public static func cells(at commit: String, histories: [(CellKey, [HistorySeries: [HistoryCellValue]])])
        -> [ExportCell]
    {
        var found: [(CellKey, HistorySeries, HistoryCellValue)] = []
        for (key, bySeries) in histories {
            for (series, values) in bySeries.sorted(by: { $0.key < $1.key }) where series.kind == .time {
                if let value = values.last(where: { $0.commit == commit }) { found.append((key, series, value)) }
            }
        }
        let several = Set(found.map(\.1)).count > 1
        return found.map { key, series, value in
            let size = Double(key.size)
            let bytes = Double(key.kernel.bytesPerElement) * size
            return ExportCell(
                name: key.description
                    + (several ? "@\(series.machine)/\(series.targetCPU)/\(series.configuration)" : ""),
                build: series.targetCPU, targetCPU: series.targetCPU, buildConfiguration: series.configuration,
                kernel: key.kernel.rawValue, backend: key.backend, size: key.size, iterationsPerSample: 0,
                samples: [], median: value.value, intervalLower: value.lower ?? .nan,
                intervalUpper: value.upper ?? .nan,
                intervalLevel: value.lower == nil ? .nan : SampleStatistics.medianIntervalLevel, p10: .nan, p90: .nan,
                nanosecondsPerElement: value.value / size, gigabytesPerSecond: bytes / value.value,
                fractionOfCeiling: .nan, allocationsPerCall: nil, cacheState: nil,
                relative: value.relative)
        }
    }
}
