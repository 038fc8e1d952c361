import Benchmarking
import Foundation
import RegressionGate
import Testing
import VectorKernels
import _ResultsTestSupport

/// The paired gate's statistics: the sign-test interval over epochs, and
/// `compare` recognising the two files of one paired run.
@Suite struct PairedComparisonTests {
    /// P(Binomial(n, ½) ≤ j) by exact integer binomial coefficients (n ≤ 60).
    static func binomialCDF(_ n: Int, _ j: Int) -> Double {
        var choose: UInt64 = 1, sum: UInt64 = 0
        for i in 0...j {
            if i > 0 { choose = choose * UInt64(n - i + 1) / UInt64(i) }
            sum += choose
        }
        return Double(sum) / pow(2, Double(n))
    }

    @Test(
        "The sign-test rank is the largest k whose interval keeps the coverage, checked against exact binomial sums",
        arguments: [0.9, 0.95, 0.99, 0.999])
    func signTestRank(level: Double) {
        for n in 1...60 {
            let k = SignTest.rank(pairs: n, level: level)
            if let k {
                #expect(1 - 2 * Self.binomialCDF(n, k - 1) >= level - 1e-12, "n \(n) k \(k) undercovers")
                if k < n { #expect(1 - 2 * Self.binomialCDF(n, k) < level, "n \(n): k \(k) is not the largest") }
            } else {
                #expect(1 - 2 * pow(0.5, Double(n)) < level, "n \(n): k = 1 would have covered")
            }
        }
        // Known values: 8 units are the fewest for 99 % (the range, 1 − 2/256).
        #expect(SignTest.rank(pairs: 7, level: 0.99) == nil)
        #expect(SignTest.rank(pairs: 8, level: 0.99) == 1)
        #expect(SignTest.rank(pairs: 25, level: 0.99) == 6)
    }

    /// Pairs whose two sides share a machine state that moves by up to 2.5×,
    /// with ±2 % noise of their own; `factor` slows the current side and
    /// `epochBias` multiplies one side of one epoch (a process bias).
    static func pairs(epochs: Int, perEpoch: Int, factor: Double, epochBias: [Int: Double] = [:], seed: UInt64 = 7) -> (
        [Double], [Double]
    ) {
        var rng = SplitMix64(seed: seed)
        var baseline: [Double] = [], current: [Double] = []
        for epoch in 0..<epochs {
            for _ in 0..<perEpoch {
                let state = Double.random(in: 1...2.5, using: &rng)
                baseline.append(1000 * state * Double.random(in: 0.98...1.02, using: &rng))
                current.append(
                    1000 * state * factor * (epochBias[epoch] ?? 1) * Double.random(in: 0.98...1.02, using: &rng))
            }
        }
        return (baseline, current)
    }

    @Test("A machine state shared by both sides of each pair cancels: unchanged code is judged unchanged")
    func sharedStateCancels() {
        let (b, c) = Self.pairs(epochs: 8, perEpoch: 5, factor: 1)
        let interval = ChangeInterval.paired(baseline: b, current: c, epochs: 8, level: 0.99)
        #expect(interval.lower > 0.95 && interval.upper < 1.05, "\(interval)")
        #expect(CellVerdict(interval, threshold: 0.1) == .unchanged)
        // Unpaired, the same samples' medians wander with the state: the bootstrap of
        // separate runs cannot call them unchanged.
        let unpaired = ChangeInterval.estimate(baseline: .samples(b), current: .samples(c), level: 0.99)
        #expect(unpaired.upper - unpaired.lower > 4 * (interval.upper - interval.lower))
    }

    @Test("A doubled current side is a regression; a halved one an improvement")
    func slowedAndFaster() {
        let (b, c) = Self.pairs(epochs: 8, perEpoch: 5, factor: 2)
        let slowed = ChangeInterval.paired(baseline: b, current: c, epochs: 8, level: 0.99)
        #expect(CellVerdict(slowed, threshold: 0.1) == .regressed)
        #expect(abs(slowed.ratio - 2) < 0.05)
        let faster = ChangeInterval.paired(baseline: c, current: b, epochs: 8, level: 0.99)
        #expect(CellVerdict(faster, threshold: 0.1) == .improved)
    }

    @Test("One epoch's process bias cannot make a regression: the epoch, not the pair, is the unit")
    func epochIsTheUnit() {
        // Every epoch but one unchanged; epoch 3's processes run 30 % slower on the current side.
        let (b, c) = Self.pairs(epochs: 8, perEpoch: 5, factor: 1, epochBias: [3: 1.3])
        let interval = ChangeInterval.paired(baseline: b, current: c, epochs: 8, level: 0.99)
        #expect(CellVerdict(interval, threshold: 0.1) != .regressed)
        #expect(interval.upper > 1.25, "the biased epoch widens the interval: \(interval)")
        // Biased in four epochs of eight, still no verdict of regression …
        let (b4, c4) = Self.pairs(epochs: 8, perEpoch: 5, factor: 1, epochBias: [0: 1.3, 2: 1.3, 4: 1.3, 6: 1.3])
        #expect(
            CellVerdict(ChangeInterval.paired(baseline: b4, current: c4, epochs: 8, level: 0.99), threshold: 0.1)
                != .regressed)
        // … while the same 40 pairs taken as independent units would call it one.
        let asPairs = ChangeInterval.paired(baseline: b4, current: c4, epochs: 1, level: 0.99)
        #expect(asPairs.lower > 1.0)
    }

    @Test("Too few units for the level give an interval that concludes nothing")
    func tooFewUnits() {
        let (b, c) = Self.pairs(epochs: 4, perEpoch: 3, factor: 3)
        let interval = ChangeInterval.paired(baseline: b, current: c, epochs: 4, level: 0.99)
        #expect(interval.lower == 0 && interval.upper == .infinity)
        #expect(CellVerdict(interval, threshold: 0.1) == .inconclusive)
    }

    static func pairedFiles(factor: Double, id: String = "run-1", otherID: String? = nil) -> (
        BenchmarkResults, BenchmarkResults
    ) {
        var baseline = SyntheticRuns.results(factor: 1, spread: 0.3, count: 40, seed: 3)
        var current = SyntheticRuns.results(factor: factor, spread: 0.3, count: 40, seed: 3)
        baseline.configuration.pairing = PairingRecord(
            id: id, role: "baseline", baselineExecutable: "a", currentExecutable: "b", epochs: 8, cpu: 0)
        current.configuration.pairing = PairingRecord(
            id: otherID ?? id, role: "current", baselineExecutable: "a", currentExecutable: "b", epochs: 8, cpu: 0)
        current.machine.targetCPU = "x86-64-v3 (another build)"
        return (baseline, current)
    }

    @Test("compare pairs the two files of one paired run, even of different builds, and judges them pair by pair")
    func compareRecognisesPairs() throws {
        // Same seeds: the ±30 % "state" is shared pair by pair, as in a paired run.
        let (b, c) = Self.pairedFiles(factor: 1)
        let comparison = try SyntheticRuns.compare(b, c)
        #expect(comparison.paired)
        #expect(comparison.rows.allSatisfy { $0.verdict == .unchanged })
        #expect(comparison.markdown.contains("Paired run"))
        // --across-machines does not turn a pair (of different builds) into a bandwidth-normalised comparison.
        let asked = try SyntheticRuns.compare(b, c, acrossMachines: true)
        #expect(asked.paired && asked.measure == .wallClock)
        let (b2, c2) = Self.pairedFiles(factor: 1.5)
        let slowed = try SyntheticRuns.compare(b2, c2)
        #expect(slowed.exitCode == 1 && slowed.regressions.count == SyntheticRuns.cells.count)
    }

    @Test("Files of different paired runs are not paired (and different builds are then refused)")
    func differentRunsAreNotPaired() {
        let (b, c) = Self.pairedFiles(factor: 1, id: "run-1", otherID: "run-2")
        #expect(throws: ComparisonError.self) { _ = try SyntheticRuns.compare(b, c) }
        var sameBuild = c
        sameBuild.machine.targetCPU = b.machine.targetCPU
        let comparison = try? SyntheticRuns.compare(b, sameBuild)
        #expect(comparison?.paired == false)
    }

    @Test("A paired results file reads back with its pairing record")
    func pairingRoundTrip() throws {
        let (b, _) = Self.pairedFiles(factor: 1)
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paired-\(UUID().uuidString).json")
            .path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try b.write(to: path)
        let read = try BenchmarkResults.load(from: path)
        #expect(read == b && read.configuration.pairing?.epochs == 8)
    }
}
