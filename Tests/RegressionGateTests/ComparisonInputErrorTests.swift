import Benchmarking
import Foundation
import RegressionGate
import Testing
import _ResultsTestSupport

/// Inputs `compare` must refuse (exit 2), each with a message that says what to do.
/// A class, so that each test's scratch directory is removed when the test ends.
@Suite final class ComparisonInputErrorTests {
    let directory: String = {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent(
            "comparison-tests-\(UUID().uuidString)"
        ).path
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    @Test("A missing baseline is refused, naming the command that creates one")
    func missing() {
        #expect {
            _ = try ResultsDocument.load(from: "\(directory)/nope.json")
        } throws: { error in
            guard case ComparisonError.unusableFile(let message) = error else { return false }
            return message.contains("does not exist") && message.contains("springbench baseline save")
        }
    }

    @Test("A corrupt baseline is refused with a message that says how to regenerate it")
    func corrupt() throws {
        let path = "\(directory)/corrupt.json"
        try Data("{ not json".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try ResultsDocument.load(from: path)
        } throws: { error in
            guard case ComparisonError.unusableFile(let message) = error else { return false }
            return message.contains("not a valid") && message.contains("regenerate")
        }
    }

    @Test("A file of another schema is refused")
    func foreignSchema() throws {
        let path = "\(directory)/foreign.json"
        try Data(#"{"schema": "someone-else/3"}"#.utf8).write(to: URL(fileURLWithPath: path))
        #expect(throws: ComparisonError.self) { _ = try ResultsDocument.load(from: path) }
    }

    @Test("Written files read back as the same document")
    func roundTrip() throws {
        let path = "\(directory)/counts.json"
        let counts = SyntheticRuns.counts(perElement: [:])
        try counts.write(to: path)
        guard case .instructions(let read) = try ResultsDocument.load(from: path) else {
            Issue.record("read back as the wrong kind")
            return
        }
        #expect(read == counts)
    }

    @Test("A baseline from another machine is refused unless across-machines is asked for")
    func foreignMachine() throws {
        let baseline = SyntheticRuns.results(seed: 1, cpu: "Other CPU")
        let current = SyntheticRuns.results(seed: 2)
        #expect {
            _ = try SyntheticRuns.compare(baseline, current)
        } throws: { error in
            guard let error = error as? ComparisonError, case .differentMachines = error else { return false }
            return error.description.contains("--across-machines") && error.description.contains("baseline save")
        }
        let allowed = try SyntheticRuns.compare(baseline, current, acrossMachines: true)
        #expect(allowed.acrossMachines && allowed.exitCode == 0)
    }

    @Test("Across machines, runs compare as fractions of their own probe bandwidth")
    func acrossMachinesNormalises() throws {
        // Twice the bandwidth and half the time: the same fraction of the machine, no change.
        let baseline = SyntheticRuns.results(seed: 1, cpu: "Slow CPU", probeGigabytesPerSecond: 20)
        let current = SyntheticRuns.results(factor: 0.5, seed: 2, cpu: "Fast CPU", probeGigabytesPerSecond: 40)
        let comparison = try SyntheticRuns.compare(baseline, current, acrossMachines: true)
        #expect(comparison.regressions.isEmpty && comparison.improvements.isEmpty)
        #expect(comparison.markdown.contains("fractions of each run's own probe bandwidth"))
    }

    @Test("Wall-clock results and instruction counts do not compare")
    func differentMeasures() {
        #expect(throws: ComparisonError.self) {
            _ = try Comparison(
                baseline: .wallClock(SyntheticRuns.results()), baselinePath: "b",
                current: .instructions(SyntheticRuns.counts(perElement: [:])), currentPath: "c")
        }
    }

    @Test("Results with no cell in common are refused")
    func noOverlap() {
        var current = SyntheticRuns.results(seed: 2)
        current.measurements = current.measurements.map {
            var m = $0
            m.size += 1
            return m
        }
        #expect {
            _ = try SyntheticRuns.compare(SyntheticRuns.results(seed: 1), current)
        } throws: { error in
            guard let error = error as? ComparisonError, case .noOverlap = error else { return false }
            return error.description.contains("same --kernels, --backends and --sizes")
        }
    }
}
