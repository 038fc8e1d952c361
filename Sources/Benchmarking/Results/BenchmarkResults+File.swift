extension BenchmarkResults: VersionedDocument {
    public static let documentName = "results file"
    public static let makingCommand = "springbench bench --output"

    public func impossibleValue() -> String? {
        if let problem = ValueCheck.nonNegative(elapsedSeconds, "elapsedSeconds") { return problem }
        for size in configuration.sizes {
            if let problem = ValueCheck.size(size, "configuration.sizes") { return problem }
        }
        for rate in probe.patterns {
            if let problem = ValueCheck.positive(rate.bestGigabytesPerSecond, "probe \(rate.pattern.rawValue) best GB/s")
                ?? ValueCheck.positive(rate.medianGigabytesPerSecond, "probe \(rate.pattern.rawValue) median GB/s") {
                return problem
            }
        }
        for cell in measurements {
            let name = cell.key.description
            if cell.backend.isEmpty { return "a measurement has an empty backend name" }
            if let problem = ValueCheck.size(cell.size, "\(name) size")
                ?? ValueCheck.positive(Double(cell.iterationsPerSample), "\(name) iterationsPerSample")
                ?? Self.summaryProblem(cell.summary, name)
                ?? ValueCheck.positive(cell.nanosecondsPerElement, "\(name) nanosecondsPerElement")
                ?? ValueCheck.positive(cell.gigabytesPerSecond, "\(name) gigabytesPerSecond")
                ?? ValueCheck.nonNegative(cell.fractionOfBandwidth, "\(name) fractionOfBandwidth") {
                return problem
            }
            if let sample = cell.samples.first(where: { !($0.isFinite && $0 > 0) }) {
                return "\(name) has a sample of \(sample) ns (samples must be finite and > 0)"
            }
            if let allocations = cell.allocationsPerOperation,
               let problem = ValueCheck.nonNegative(allocations, "\(name) allocationsPerOperation") {
                return problem
            }
        }
        if let problem = ValueCheck.duplicate(measurements.map(\.key), { "the cell \($0)" }) { return problem }
        for cell in workloads {
            let name = "\(cell.workload).\(cell.backend).\(cell.size)"
            if let problem = ValueCheck.size(cell.size, "\(name) size")
                ?? Self.summaryProblem(cell.summary, name)
                ?? ValueCheck.positive(cell.nanosecondsPerElement, "\(name) nanosecondsPerElement") {
                return problem
            }
        }
        return ValueCheck.duplicate(workloads.map { "\($0.workload).\($0.backend).\($0.size)" }) { "the workload cell \($0)" }
    }

    static func summaryProblem(_ summary: SampleSummary, _ name: String) -> String? {
        if let problem = ValueCheck.positive(summary.median, "\(name) median")
            ?? ValueCheck.positive(summary.p10, "\(name) p10")
            ?? ValueCheck.positive(summary.p90, "\(name) p90")
            ?? ValueCheck.positive(summary.minimum, "\(name) minimum")
            ?? ValueCheck.positive(summary.maximum, "\(name) maximum")
            ?? ValueCheck.nonNegative(summary.mad, "\(name) MAD")
            ?? ValueCheck.positive(summary.medianInterval.lower, "\(name) median interval")
            ?? ValueCheck.positive(summary.medianInterval.upper, "\(name) median interval") {
            return problem
        }
        guard summary.minimum <= summary.p10, summary.p10 <= summary.median, summary.median <= summary.p90,
              summary.p90 <= summary.maximum
        else { return "\(name): minimum ≤ p10 ≤ median ≤ p90 ≤ maximum does not hold" }
        return nil
    }
}
