import Benchmarking
import Foundation
import RegressionGate
import Testing
import VectorKernels

/// `compare-builds --target-precision`'s stopping rule, on scripted runs: a
/// "pair" here is the epochs measured and a width model, so every decision is
/// known in advance from arithmetic done here, not by the rule.
@Suite struct PrecisionGoalTests {
    /// A stand-in for a paired run: how many epochs it holds.
    struct Run: Equatable {
        var epochs: Int
    }

    /// Cells whose interval shrinks like 1/√epochs from `initial` at `batch` epochs.
    static func widths(_ initial: [Double], batch: Int) -> (Run) -> [PrecisionGoal.Width] {
        { run in
            initial.enumerated().map { index, width in
                PrecisionGoal.Width(
                    cell: CellKey(kernel: .add, backend: "naive", size: 16 << index),
                    halfWidth: width * (Double(batch) / Double(run.epochs)).squareRoot())
            }
        }
    }

    struct Script {
        var measured: [(epochs: Int, before: Int)] = []
        var lines: [String] = []
        var spent = 0.0
    }

    static func refine(
        _ goal: PrecisionGoal, initial: [Double], batch: Int, firstBatchSeconds: Double = 1,
        secondsPerEpoch: Double = 0
    ) throws -> (Run, PrecisionGoal.Outcome, Script) {
        var script = Script()
        script.spent = firstBatchSeconds
        let (run, outcome) = try goal.refine(
            Run(epochs: batch), batchEpochs: batch, firstBatchSeconds: firstBatchSeconds,
            widths: widths(initial, batch: batch),
            measure: { epochs, before in
                script.measured.append((epochs, before))
                script.spent += secondsPerEpoch * Double(epochs)
                return Run(epochs: epochs)
            },
            append: { Run(epochs: $0.epochs + $1.epochs) },
            spentSeconds: { script.spent },
            announce: { script.lines.append($0) })
        return (run, outcome, script)
    }

    @Test("Met by the first batch: nothing more is measured, and it says so")
    func metAtOnce() throws {
        let (run, outcome, script) = try Self.refine(
            PrecisionGoal(target: 0.05, budgetSeconds: 600), initial: [0.05, 0.01], batch: 16)
        #expect(run.epochs == 16 && script.measured.isEmpty)
        #expect(outcome == .init(ending: .reached, epochs: 16, cells: 2, short: [], seconds: 1))
        #expect(script.lines == ["--target-precision 5%: every cell's change is within ± 5 % after 16 epochs (1 s)"])
    }

    @Test("Batches are added until the widest cell is within the target, each told the epochs before it")
    func batchesUntilMet() throws {
        // Width 0.1 at 8 epochs shrinks as √(8/n): within 0.03 first at n = 8k with
        // 0.1·√(1/k) ≤ 0.03, k ≥ 11.1…, so k = 12: 96 epochs, eleven batches added.
        let (run, outcome, script) = try Self.refine(
            PrecisionGoal(target: 0.03, budgetSeconds: 3600), initial: [0.02, 0.1, 0.05], batch: 8)
        #expect(run.epochs == 96)
        #expect(outcome.ending == .reached && outcome.epochs == 96)
        #expect(script.measured.map(\.epochs) == Array(repeating: 8, count: 11))
        #expect(script.measured.map(\.before) == Array(stride(from: 8, through: 88, by: 8)))
        #expect(script.lines.first == "--target-precision 3%: 2 cells wider; 8 more epochs")
        #expect(
            script.lines.last?.hasPrefix("--target-precision 3%: every cell's change is within ± 3 % after 96") == true)
    }

    @Test("At 100 epochs it stops, the last batch cut to fit, and names the cells widest first")
    func maximumEpochs() throws {
        let (run, outcome, script) = try Self.refine(
            PrecisionGoal(target: 0.001, budgetSeconds: 3600), initial: [0.02, 0.05, 0.03], batch: 30)
        #expect(script.measured.map(\.epochs) == [30, 30, 10])
        #expect(script.measured.map(\.before) == [30, 60, 90])
        #expect(run.epochs == 100 && outcome.epochs == 100 && outcome.ending == .maximumEpochs)
        #expect(outcome.short.map(\.cell.size) == [32, 64, 16], "widest first")
        let last = try #require(script.lines.last)
        #expect(
            last.hasPrefix(
                "--target-precision 0.1%: 3 of 3 cells did not get within ± 0.1 % in 100 epochs (100 epochs): "))
        #expect(last.hasSuffix("add.naive.32 ± 2.7 %, add.naive.64 ± 1.6 %, add.naive.16 ± 1.1 %"), "\(last)")
    }

    @Test("The budget: a batch runs only if the time spent plus its estimate fits; equal fits")
    func budget() throws {
        let goal = PrecisionGoal(target: 0.001, budgetSeconds: 30)
        // First batch 10 s for 10 epochs; each added batch also takes 10 s: 10 → 20 → 30, then 40 > 30.
        let (run, outcome, script) = try Self.refine(
            goal, initial: [0.5], batch: 10, firstBatchSeconds: 10, secondsPerEpoch: 1)
        #expect(script.measured.count == 2 && run.epochs == 30)
        #expect(outcome.ending == .budget && outcome.seconds == 30)
        #expect(script.lines.last?.contains("in 30 epochs (the 30 s budget): add.naive.16 ±") == true)
        #expect(goal.nextBatch(after: 10, batchEpochs: 10, firstBatchSeconds: 10, spentSeconds: 20) == .batch(10))
        #expect(
            goal.nextBatch(after: 10, batchEpochs: 10, firstBatchSeconds: 10, spentSeconds: 20.001) == .stop(.budget))
        #expect(goal.nextBatch(after: 95, batchEpochs: 10, firstBatchSeconds: 10, spentSeconds: 0) == .batch(5))
        #expect(
            goal.nextBatch(after: 100, batchEpochs: 10, firstBatchSeconds: 10, spentSeconds: 0) == .stop(.maximumEpochs)
        )
        // A cut batch is estimated for its own epochs: 5 of 10 epochs, 5 s.
        #expect(goal.nextBatch(after: 95, batchEpochs: 10, firstBatchSeconds: 10, spentSeconds: 25) == .batch(5))
    }

    @Test("More than eight cells short: eight named, then an ellipsis")
    func manyShort() throws {
        let initial = (1...10).map { Double($0) / 10 }
        let (_, outcome, script) = try Self.refine(
            PrecisionGoal(target: 0.01, budgetSeconds: 0.5), initial: initial, batch: 8)
        #expect(outcome.short.count == 10 && outcome.ending == .budget)
        let last = try #require(script.lines.last)
        #expect(last.contains("10 of 10 cells") && last.hasSuffix(", …"))
        #expect(last.components(separatedBy: " ± ").count - 1 == 9, "the target's ± and eight cells': \(last)")
        #expect(last.contains("add.naive.8Ki ± 100.0 %, add.naive.4Ki ± 90.0 %"))
    }

    @Test("A cell is judged by the wider half of its interval, not the narrower one")
    func widerHalf() {
        // 1.00 [0.99, 1.05]: the halves are 1 % and 5 %.
        let interval = ChangeInterval(ratio: 1, lower: 0.99, upper: 1.05, level: 0.99)
        #expect(abs(interval.relativeHalfWidth - 0.05) < 1e-12)
        let mirrored = ChangeInterval(ratio: 2, lower: 1.8, upper: 2.02, level: 0.99)
        #expect(abs(mirrored.relativeHalfWidth - 0.1) < 1e-12)
        let goal = PrecisionGoal(target: 0.02, budgetSeconds: 1)
        let cell = CellKey(kernel: .scale, backend: "simd", size: 256)
        #expect(goal.short([.init(cell: cell, halfWidth: interval.relativeHalfWidth)]).count == 1)
        #expect(goal.short([.init(cell: cell, halfWidth: 0.02)]).isEmpty, "exactly the target is within it")
        let unbounded = ChangeInterval(ratio: 1, lower: 0.5, upper: .infinity, level: 0.99)
        #expect(unbounded.relativeHalfWidth == .infinity)
    }
}
