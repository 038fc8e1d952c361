import Benchmarking
import Foundation

/// One side of a comparison: a results file reduced to what `compare` needs.
public struct ComparisonInput: Sendable {
    /// What the numbers are.
    public enum Measure: String, Codable, Sendable {
        /// Nanoseconds per kernel call, raw samples.
        case wallClock = "time per call (by the clock the run recorded)"
        /// Nanoseconds per call times the run's own probe bandwidth for the
        /// kernel's access pattern: time in units of "what this machine's
        /// memory allows", so two machines can be compared.
        case bandwidthNormalized = "wall-clock as a fraction of each run's probe bandwidth"
        /// Instructions per element counted by callgrind: exact.
        case instructions = "instructions per element (callgrind)"
    }

    public var path: String
    public var measure: Measure
    public var machine: MachineRecord
    public var observations: [CellKey: CellObservation]
    /// The clock a timed input was measured with (nil for instruction counts).
    public var clock: SampleClock?
    /// The paired run this input is one side of (see ``PairedSweep``), if any.
    public var pairing: PairingRecord?

    public init(path: String, measure: Measure, machine: MachineRecord, observations: [CellKey: CellObservation]) {
        self.path = path
        self.measure = measure
        self.machine = machine
        self.observations = observations
    }

    /// A wall-clock results file: raw samples, or, with `normalizedByBandwidth`,
    /// each sample multiplied by the run's best probe rate for the kernel's pattern.
    public init(results: BenchmarkResults, path: String, normalizedByBandwidth: Bool) {
        var observations: [CellKey: CellObservation] = [:]
        for measurement in results.measurements where !measurement.samples.isEmpty {
            let cell = CellKey(kernel: measurement.kernel, backend: measurement.backend, size: measurement.size)
            if normalizedByBandwidth {
                let rate = results.probe.bestGigabytesPerSecond(measurement.kernel.probePattern)
                observations[cell] = .samples(measurement.samples.map { $0 * rate })
            } else {
                observations[cell] = .samples(measurement.samples)
            }
        }
        self.init(
            path: path, measure: normalizedByBandwidth ? .bandwidthNormalized : .wallClock,
            machine: results.machine, observations: observations)
        self.clock = results.configuration.clock
        self.pairing = results.configuration.pairing
    }

    /// An instruction-count file: exact counts per element.
    public init(counts: InstructionCounts, path: String) {
        var observations: [CellKey: CellObservation] = [:]
        for entry in counts.entries {
            observations[CellKey(kernel: entry.kernel, backend: entry.backend, size: entry.size)] =
                .exact(entry.instructionsPerElement)
        }
        self.init(path: path, measure: .instructions, machine: counts.machine, observations: observations)
    }

    /// Several runs of the same code as one input: each cell's samples become
    /// ``CellObservation/runs(_:)`` (exact counts keep the first run's count).
    /// Cells missing from some runs keep the runs that have them.
    public static func merging(_ inputs: [ComparisonInput]) -> ComparisonInput {
        precondition(!inputs.isEmpty, "merging no inputs")
        guard inputs.count > 1 else { return inputs[0] }
        var merged = inputs[0]
        merged.path = inputs.map(\.path).joined(separator: ",")
        merged.pairing = nil  // runs of separate processes: nothing is paired
        var cells = Set<CellKey>()
        for input in inputs { cells.formUnion(input.observations.keys) }
        for cell in cells {
            let observations = inputs.compactMap { $0.observations[cell] }
            let runs = observations.compactMap(\.sampleRuns).flatMap { $0 }
            merged.observations[cell] = runs.isEmpty ? observations[0] : .runs(runs)
        }
        return merged
    }

    /// Whether this input's probe gives a usable rate for every kernel it has.
    static func probeIsUsable(_ results: BenchmarkResults) -> Bool {
        results.measurements.allSatisfy {
            let rate = results.probe.bestGigabytesPerSecond($0.kernel.probePattern)
            return rate.isFinite && rate > 0
        }
    }

    /// The number shown in a table for a cell's point estimate, with its unit.
    func formatted(_ value: Double, cell: CellKey) -> String {
        switch measure {
        case .wallClock:
            return Self.formatNanoseconds(value)
        case .bandwidthNormalized:
            // value = t · P, so counted bytes ÷ value is the fraction of the probe's rate.
            let bytes = Double(cell.kernel.bytesPerElement * cell.size)
            return String(format: "%.1f %% of probe", 100 * bytes / value)
        case .instructions:
            return String(format: "%.3f instr/elt", value)
        }
    }

    static func formatNanoseconds(_ value: Double) -> String {
        if value >= 1e6 { return String(format: "%.2f ms", value / 1e6) }
        if value >= 1e3 { return String(format: "%.2f µs", value / 1e3) }
        return String(format: "%.1f ns", value)
    }
}
