import Benchmarking
import Foundation
import RegressionGate
import Testing
import _ResultsTestSupport

/// Every A-against-B figure of the gate with A and B swapped: a change is a
/// ratio current ÷ baseline, so swapping the sides must give its reciprocal
/// (interval ends swapped and inverted), and a verdict its mirror —
/// regressed ↔ improved, inconclusive and unchanged stay.
@Suite("compare with the sides swapped")
struct SwappedOperandsTests {
    /// `swapped` is the reciprocal of `change`, to `tolerance` relative.
    static func isReciprocal(_ swapped: ChangeInterval, of change: ChangeInterval, tolerance: Double = 1e-13) -> Bool {
        func close(_ a: Double, _ b: Double) -> Bool {
            a == b || abs(a - b) <= tolerance * max(abs(a), abs(b))
        }
        return close(swapped.ratio, 1 / change.ratio) && close(swapped.lower, 1 / change.upper)
            && close(swapped.upper, 1 / change.lower) && swapped.level == change.level
    }

    static func samples(_ count: Int, median: Double, seed: UInt64) -> [Double] {
        SyntheticRuns.samples(median: median, factor: 1, spread: 0.2, count: count, seed: seed)
    }

    @Test(
        "paired runs: the change of B against A is the reciprocal of A against B",
        arguments: [(24, 1), (24, 4), (21, 3), (10, 2), (7, 1)])
    func pairedIsAntisymmetric(pairs: Int, epochs: Int) {
        let a = Self.samples(pairs, median: 100, seed: 3), b = Self.samples(pairs, median: 107, seed: 4)
        for level in [0.9, 0.99] {
            let forward = ChangeInterval.paired(baseline: a, current: b, epochs: epochs, level: level)
            let backward = ChangeInterval.paired(baseline: b, current: a, epochs: epochs, level: level)
            if forward.upper.isInfinite {
                #expect(backward.upper.isInfinite && backward.lower == 0)
                #expect(abs(backward.ratio * forward.ratio - 1) < 1e-13)
            } else {
                #expect(Self.isReciprocal(backward, of: forward), "\(forward) vs \(backward)")
            }
        }
    }

    @Test("several runs a side (Welch on log medians): exactly the reciprocal")
    func runsAreAntisymmetric() {
        let a = (0..<3).map { Self.samples(9, median: 100 + Double($0), seed: UInt64(10 + $0)) }
        let b = (0..<4).map { Self.samples(11, median: 120 - Double($0), seed: UInt64(20 + $0)) }
        let forward = ChangeInterval.runsInterval(baseline: a, current: b, level: 0.99)
        let backward = ChangeInterval.runsInterval(baseline: b, current: a, level: 0.99)
        #expect(Self.isReciprocal(backward, of: forward, tolerance: 1e-12), "\(forward) vs \(backward)")
    }

    @Test("one exact side: the interval is the sampled side's, inverted when the sides swap")
    func oneExactSide() {
        let sampled = CellObservation.samples(Self.samples(25, median: 110, seed: 5))
        let exact = CellObservation.exact(100)
        let forward = ChangeInterval.estimate(baseline: exact, current: sampled)
        let backward = ChangeInterval.estimate(baseline: sampled, current: exact)
        #expect(Self.isReciprocal(backward, of: forward), "\(forward) vs \(backward)")
        let counts = ChangeInterval.estimate(baseline: .exact(3), current: .exact(4))
        #expect(Self.isReciprocal(ChangeInterval.estimate(baseline: .exact(4), current: .exact(3)), of: counts))
    }

    @Test("two sampled sides: the point is exactly reciprocal, the bootstrap interval within its own noise")
    func bootstrapIsAntisymmetric() {
        let a = CellObservation.samples(Self.samples(41, median: 100, seed: 6))
        let b = CellObservation.samples(Self.samples(41, median: 125, seed: 7))
        let forward = ChangeInterval.estimate(baseline: a, current: b)
        let backward = ChangeInterval.estimate(baseline: b, current: a)
        #expect(abs(backward.ratio * forward.ratio - 1) < 1e-15)
        // Resampling draws differ with the sides' order; the ends agree to a
        // small part of the interval's width.
        let width = log(forward.upper / forward.lower)
        #expect(abs(log(backward.lower) + log(forward.upper)) < 0.1 * width, "\(forward) vs \(backward)")
        #expect(abs(log(backward.upper) + log(forward.lower)) < 0.1 * width, "\(forward) vs \(backward)")
    }

    @Test("a verdict mirrors: regressed ↔ improved, inconclusive and unchanged stay")
    func verdictMirrors() {
        let ends = [0.5, 0.8, 0.9, 0.92, 0.94, 1, 1.06, 1.12, 1.2, 2]
        for threshold in [0.05, 0.1, 0.25] {
            for lower in ends {
                for upper in ends where upper >= lower {
                    let ratio = (lower * upper).squareRoot()
                    let interval = ChangeInterval(ratio: ratio, lower: lower, upper: upper, level: 0.99)
                    let swapped = ChangeInterval(ratio: 1 / ratio, lower: 1 / upper, upper: 1 / lower, level: 0.99)
                    let verdict = CellVerdict(interval, threshold: threshold)
                    let mirrored: CellVerdict
                    switch verdict {
                    case .regressed: mirrored = .improved
                    case .improved: mirrored = .regressed
                    default: mirrored = verdict
                    }
                    #expect(
                        CellVerdict(swapped, threshold: threshold) == mirrored,
                        "[\(lower), \(upper)] at \(threshold)")
                }
            }
        }
    }

    @Test("a whole comparison swapped: each row's ratio inverted, verdicts mirrored, the suite's change inverted")
    func comparisonSwapped() throws {
        let machine = SyntheticRuns.machine()
        let cells = SyntheticRuns.cells.map { CellKey(kernel: $0.0, backend: $0.1, size: $0.2) }
        let factors = [1.5, 0.6, 1.02, 1 / 1.02]
        var before: [CellKey: CellObservation] = [:], after: [CellKey: CellObservation] = [:]
        for (cell, factor) in zip(cells, factors) {
            before[cell] = .exact(Double(cell.size))
            after[cell] = .exact(Double(cell.size) * factor)
        }
        let a = ComparisonInput(path: "a.json", measure: .wallClock, machine: machine, observations: before)
        let b = ComparisonInput(path: "b.json", measure: .wallClock, machine: machine, observations: after)
        let forward = try Comparison(baseline: a, current: b)
        let backward = try Comparison(baseline: b, current: a)
        for row in forward.rows {
            let other = try #require(backward.rows.first { $0.cell == row.cell })
            #expect(Self.isReciprocal(other.interval, of: row.interval), "\(row.cell)")
            #expect(other.baseline == row.current && other.current == row.baseline)
            let mirrored: [CellVerdict: CellVerdict] = [.regressed: .improved, .improved: .regressed]
            #expect(other.verdict == mirrored[row.verdict] ?? row.verdict, "\(row.cell)")
        }
        let suite = try #require(forward.suiteChange), swappedSuite = try #require(backward.suiteChange)
        #expect(Self.isReciprocal(swappedSuite, of: suite))
        #expect(forward.exitCode == 1 && backward.exitCode == 1)
    }
}
