import Benchmarking

/// One build's measurements in a run, named for the reader.
struct MeasuredBuild {
    /// "SwiftPM's default flags (x86-64 baseline, SSE2)" or "`-target-cpu haswell`".
    let label: String
    /// Whether it is the build a package depending on SpringBench gets.
    let isDefault: Bool
    /// The run's results with this build's record and measurements in place of
    /// the sweep's own (workloads, probe and check stay the run's).
    let results: BenchmarkResults
}

extension MachineRecord {
    /// Whether the binary was built with SwiftPM's default target (no `-target-cpu`).
    var isDefaultBuild: Bool { targetCPU.hasPrefix("x86-64") }

    /// How reports name the build: by the flags that made it.
    var buildLabel: String {
        isDefaultBuild ? "SwiftPM's default flags (x86-64 baseline, SSE2)" : "`-target-cpu \(targetCPU)`"
    }
}

extension BenchmarkResults {
    /// Every build measured in the run: SwiftPM's default build first (what a
    /// package depending on SpringBench ships), then the others as measured.
    var builds: [MeasuredBuild] {
        var all = [MeasuredBuild(label: machine.buildLabel, isDefault: machine.isDefaultBuild, results: self)]
        for other in otherBuilds ?? [] {
            var results = self
            results.machine = other.machine
            results.machine.commandLine = machine.commandLine
            results.measurements = other.measurements
            all.append(
                MeasuredBuild(
                    label: other.machine.buildLabel, isDefault: other.machine.isDefaultBuild, results: results))
        }
        return all.filter(\.isDefault) + all.filter { !$0.isDefault }
    }
}
