import Benchmarking
import Foundation

/// `compare-builds --target-precision`: more epochs until every cell's change
/// is known to within ± ``target`` of its ratio.
///
/// After the first batch of epochs, while some cell's change interval is
/// wider than the target, judged by its *wider* half
/// (``ChangeInterval/relativeHalfWidth``: an interval of a ratio is not
/// symmetric), another batch of the same number of epochs of the whole plan
/// is measured and appended, so every cell keeps one sample count per epoch.
/// It stops when every cell is there, when ``maximumEpochs`` are reached (the
/// last batch is cut to fit), or when the next batch, estimated from the first
/// batch's time per epoch, would take the time spent past the budget.
public struct PrecisionGoal: Sendable, Equatable {
    /// The largest relative half-width a cell may keep (0.02: ± 2 %).
    public var target: Double
    /// Wall-clock seconds for the whole run, the first batch included.
    public var budgetSeconds: Double

    /// No paired run takes more epochs than this (`--epochs` allows up to 100 too).
    public static let maximumEpochs = 100

    public init(target: Double, budgetSeconds: Double) {
        self.target = target
        self.budgetSeconds = budgetSeconds
    }

    /// One cell's change interval width, as judged.
    public struct Width: Sendable, Equatable {
        public var cell: CellKey
        /// ``ChangeInterval/relativeHalfWidth`` of the cell's change.
        public var halfWidth: Double

        public init(cell: CellKey, halfWidth: Double) {
            self.cell = cell
            self.halfWidth = halfWidth
        }
    }

    /// Why the refinement stopped.
    public enum Ending: Sendable, Equatable {
        /// Every cell is within the target.
        case reached
        /// ``maximumEpochs`` were measured.
        case maximumEpochs
        /// The next batch would overrun ``budgetSeconds``.
        case budget
    }

    /// What the refinement did.
    public struct Outcome: Sendable, Equatable {
        public var ending: Ending
        /// Epochs in the final pair.
        public var epochs: Int
        /// Cells judged.
        public var cells: Int
        /// The cells still wider than the target, widest first (empty when reached).
        public var short: [Width]
        /// Seconds spent, the first batch included.
        public var seconds: Double

        package init(ending: Ending, epochs: Int, cells: Int, short: [Width], seconds: Double) {
            self.ending = ending
            self.epochs = epochs
            self.cells = cells
            self.short = short
            self.seconds = seconds
        }
    }

    /// The cells wider than the target, widest first (cells of equal width in the order given).
    public func short(_ widths: [Width]) -> [Width] {
        widths.filter { $0.halfWidth > target }.sorted { $0.halfWidth > $1.halfWidth }
    }

    /// What follows a judgement that some cell is still too wide.
    public enum Next: Sendable, Equatable {
        /// A batch of this many epochs.
        case batch(Int)
        /// No batch, for this reason.
        case stop(Ending)
    }

    /// The size of the next batch after `epochs` epochs, or why there is none:
    /// `batchEpochs` (fewer when ``maximumEpochs`` is near), if the time spent
    /// plus the batch's estimate (`firstBatchSeconds` scaled to its epochs)
    /// stays within the budget.
    public func nextBatch(
        after epochs: Int, batchEpochs: Int, firstBatchSeconds: Double, spentSeconds: Double
    ) -> Next {
        let batch = min(batchEpochs, Self.maximumEpochs - epochs)
        guard batch > 0 else { return .stop(.maximumEpochs) }
        let estimate = firstBatchSeconds * Double(batch) / Double(batchEpochs)
        guard spentSeconds + estimate <= budgetSeconds else { return .stop(.budget) }
        return .batch(batch)
    }

    /// Refines `first` (a run of `batchEpochs` epochs that took
    /// `firstBatchSeconds`) until the goal is met or a limit is reached.
    ///
    /// Parameters:
    ///   - `widths`: every cell's width in a pair.
    ///   - `measure`: a run of `epochs` more epochs, the `epochsSoFar` before it
    ///     (the caller offsets the seed by it, so no batch repeats another's order).
    ///   - append: the pair so far followed by a new batch.
    ///   - spentSeconds: seconds spent so far, the first batch included.
    ///   - announce: one line for a person at each decision (the same texts in
    ///     every caller: `--target-precision P%: …`).
    public func refine<Pair>(
        _ first: Pair, batchEpochs: Int, firstBatchSeconds: Double,
        widths: (Pair) throws -> [Width],
        measure: (_ epochs: Int, _ epochsSoFar: Int) throws -> Pair,
        append: (Pair, Pair) -> Pair,
        spentSeconds: () -> Double,
        announce: (String) -> Void
    ) throws -> (pair: Pair, outcome: Outcome) {
        precondition(batchEpochs >= 1, "a batch holds at least one epoch")
        var pair = first
        var epochs = batchEpochs
        let percent = String(format: "%g", target * 100)
        while true {
            let judged = try widths(pair)
            let short = short(judged)
            let spent = spentSeconds()
            if short.isEmpty {
                announce(
                    "--target-precision \(percent)%: every cell's change is within ± \(percent) % after \(epochs) epochs (\(Int(spent.rounded())) s)"
                )
                return (pair, Outcome(ending: .reached, epochs: epochs, cells: judged.count, short: [], seconds: spent))
            }
            switch nextBatch(
                after: epochs, batchEpochs: batchEpochs, firstBatchSeconds: firstBatchSeconds, spentSeconds: spent)
            {
            case .stop(let ending):
                let limit =
                    ending == .maximumEpochs
                    ? "\(Self.maximumEpochs) epochs" : "the \(String(format: "%g", budgetSeconds)) s budget"
                let names = short.prefix(8).map { "\($0.cell) ± \(String(format: "%.1f", $0.halfWidth * 100)) %" }
                announce(
                    "--target-precision \(percent)%: \(short.count) of \(judged.count) cells did not get within ± \(percent) % in \(epochs) epochs (\(limit)): \(names.joined(separator: ", "))\(short.count > 8 ? ", …" : "")"
                )
                return (
                    pair, Outcome(ending: ending, epochs: epochs, cells: judged.count, short: short, seconds: spent)
                )
            case .batch(let batch):
                announce("--target-precision \(percent)%: \(short.count) cells wider; \(batch) more epochs")
                pair = append(pair, try measure(batch, epochs))
                epochs += batch
            }
        }
    }
}
