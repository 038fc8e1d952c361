import Benchmarking

/// Why two results cannot be compared. Each message says what to do; the CLI
/// turns every case into exit code 2.
public enum ComparisonError: Error, Equatable, CustomStringConvertible {
    /// A file is missing, unreadable or of another schema.
    case unusableFile(String)
    /// One file holds wall-clock results, the other instruction counts.
    case differentMeasures(baseline: String, current: String)
    /// Absolute times from different machines or builds.
    case differentMachines(baseline: String, current: String)
    /// `--across-machines` on a file without a usable bandwidth probe.
    case noProbe(path: String)
    /// No kernel × backend × size appears in both.
    case noOverlap(baseline: String, current: String)

    public var description: String {
        switch self {
        case .unusableFile(let message):
            return message
        case .differentMeasures(let baseline, let current):
            return
                "cannot compare \(baseline) with \(current): they measure different things (times against instruction counts, or times taken with different clocks — see configuration.clock); compare results made the same way, e.g. regenerate the baseline with the same command"
        case .differentMachines(let baseline, let current):
            return
                "the baseline was measured on \(baseline), the current results on \(current): absolute times from different machines or builds say nothing about the code. Re-measure the baseline on this machine (`springbench baseline save NAME`), or pass --across-machines to compare each run as a fraction of its own probe bandwidth"
        case .noProbe(let path):
            return
                "\(path) has no usable bandwidth probe, which --across-machines needs; re-measure it with `springbench bench`"
        case .noOverlap(let baseline, let current):
            return
                "\(baseline) and \(current) have no kernel × backend × size in common; measure the current results with the same --kernels, --backends and --sizes as the baseline"
        }
    }
}

extension MachineRecord {
    /// One line naming what `isComparable(with:)` looks at.
    public var comparisonSummary: String {
        "\(cpuModel) (\(logicalCores) CPUs, \(buildConfiguration) build for \(targetCPU))"
    }
}
