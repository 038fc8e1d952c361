import Benchmarking
import Foundation
import SpringBenchFiles

/// A file `compare` accepts: wall-clock results or instruction counts, told
/// apart by their `schema` field.
public enum ResultsDocument: Sendable {
    case wallClock(BenchmarkResults)
    case instructions(InstructionCounts)

    /// Reads `path`, whichever of the two kinds it is.
    ///
    /// - Throws: ``ComparisonError/unusableFile(_:)`` with a message that says
    ///   how to make a usable file.
    public static func load(from path: String) throws(ComparisonError) -> ResultsDocument {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .unusableFile(
                "\(path) does not exist; create a baseline with `springbench baseline save NAME` (wall clock) or `springbench baseline save NAME --instructions`, or results with `springbench bench --output \(path)`"
            )
        }
        struct SchemaOnly: Decodable { var schema: String }
        let data: Data
        switch InputFile.read(path) {
        case .success(let bytes): data = bytes
        case .failure(let problem): throw .unusableFile("\(path) \(problem)")
        }
        let header = try? JSONDecoder().decode(SchemaOnly.self, from: data)
        do {
            switch header?.schema {
            case InstructionCounts.currentSchema:
                return .instructions(try InstructionCounts.load(from: path))
            case let schema?
            where !schema.hasPrefix("springbench.bench-results/")
                && !schema.hasPrefix("springbench.instruction-counts/"):
                throw ComparisonError.unusableFile(
                    "\(path) has schema \"\(schema)\", which is neither SpringBench results (\"\(BenchmarkResults.currentSchema)\") nor instruction counts (\"\(InstructionCounts.currentSchema)\"); pass a file written by `springbench bench`, `springbench instructions` or `springbench baseline save`"
                )
            case let schema? where schema.hasPrefix("springbench.instruction-counts/"):
                return .instructions(try InstructionCounts.load(from: path))
            default:
                return .wallClock(try BenchmarkResults.load(from: path))
            }
        } catch let error as ComparisonError {
            throw error
        } catch {
            throw .unusableFile("\(error)")
        }
    }

    public var machine: MachineRecord {
        switch self {
        case .wallClock(let results): return results.machine
        case .instructions(let counts): return counts.machine
        }
    }

    /// Writes the document as it was read (pretty JSON, sorted keys), atomically.
    public func write(to target: OutputTarget) throws {
        switch self {
        case .wallClock(let results): try results.write(to: target)
        case .instructions(let counts): try counts.write(to: target)
        }
    }
}

extension Comparison {
    /// Compares several runs per side (each side's runs from one build; best
    /// interleaved in time with the other side's: A B A B …). One run per side
    /// is the ordinary comparison.
    public init(
        baselines: [(ResultsDocument, String)], currents: [(ResultsDocument, String)],
        thresholds: RegressionThresholds = RegressionThresholds(), acrossMachines: Bool = false,
        level: Double = 0.99, seed: UInt64 = 0x5EED
    ) throws(ComparisonError) {
        precondition(!baselines.isEmpty && !currents.isEmpty, "compare needs a run on each side")
        let first = baselines[0].0, last = currents[0].0
        // The two sides of one paired run ran on one machine at one time: never normalised.
        var paired = false
        if case .wallClock(let a) = first, case .wallClock(let b) = last, baselines.count == 1, currents.count == 1 {
            paired = a.configuration.pairing?.isPair(of: b.configuration.pairing) ?? false
        }
        let normalize = acrossMachines && !paired && !first.machine.isComparable(with: last.machine)
        func input(_ document: ResultsDocument, _ path: String) throws(ComparisonError) -> ComparisonInput {
            switch document {
            case .wallClock(let results):
                if normalize, !ComparisonInput.probeIsUsable(results) { throw .noProbe(path: path) }
                return ComparisonInput(results: results, path: path, normalizedByBandwidth: normalize)
            case .instructions(let counts):
                return ComparisonInput(counts: counts, path: path)
            }
        }
        func side(_ runs: [(ResultsDocument, String)]) throws(ComparisonError) -> ComparisonInput {
            var inputs: [ComparisonInput] = []
            for (document, path) in runs {
                let next = try input(document, path)
                if let reference = inputs.first {
                    guard (reference.measure == .instructions) == (next.measure == .instructions) else {
                        throw .differentMeasures(baseline: reference.path, current: next.path)
                    }
                    guard reference.machine.isComparable(with: next.machine) else {
                        throw .differentMachines(
                            baseline: reference.machine.comparisonSummary, current: next.machine.comparisonSummary)
                    }
                }
                inputs.append(next)
            }
            return ComparisonInput.merging(inputs)
        }
        try self.init(
            baseline: side(baselines), current: side(currents), thresholds: thresholds,
            acrossMachines: acrossMachines, level: level, seed: seed)
    }

    /// Compares two documents: wall-clock with wall-clock (normalised by each
    /// run's probe when the machines differ and `acrossMachines` allows it),
    /// instruction counts with instruction counts.
    public init(
        baseline: ResultsDocument, baselinePath: String, current: ResultsDocument, currentPath: String,
        thresholds: RegressionThresholds = RegressionThresholds(), acrossMachines: Bool = false,
        level: Double = 0.99, seed: UInt64 = 0x5EED
    ) throws(ComparisonError) {
        try self.init(
            baselines: [(baseline, baselinePath)], currents: [(current, currentPath)],
            thresholds: thresholds, acrossMachines: acrossMachines, level: level, seed: seed)
    }
}
