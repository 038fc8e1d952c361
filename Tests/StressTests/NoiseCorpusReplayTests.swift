import Benchmarking
import Foundation
import ResultsHistory
import Testing
import _ResultsTestSupport

/// `history check` replayed on the real noise corpus (Tests/Fixtures/noise-corpus,
/// recorded with Scripts/noise-corpus.py on a shared 2-vCPU VM): A/A histories
/// of one binary, quiet, under bursty load and beside a compile, in the order
/// recorded and in seeded reorderings; and the same histories with a real-sized
/// slowdown (+20 % on every cell of one kernel of one backend) on the newest 5
/// commits of 20. Each case prints its line of Guides/History.md's table.
@Suite("history check on the real noise corpus: A/A quiet and loaded, a +20 % kernel found")
struct NoiseCorpusReplayTests {
    typealias Run = NoiseCorpus.Run

    static func runs(_ condition: String) throws -> [Run] { try NoiseCorpus.runs(condition) }

    /// What a whole check of `history` (oldest first) keeps: the cells with a
    /// kept finding, after one Holm step over every series.
    static func check(_ history: [Run], detector: StepDetector = StepDetector()) -> Set<CellKey> {
        let cells = history.dropFirst().reduce(Set(history[0].keys)) { $0.intersection($1.keys) }
        var series: [CellKey: [HistoryPoint]] = [:]
        for cell in cells {
            series[cell] = history.enumerated().map {
                HistoryPoint(commit: String(format: "c%03d", $0.offset), value: $0.element[cell]!)
            }
        }
        let key = HistorySeries(
            machine: "corpus", toolchain: "Swift 6.3", configuration: "release", targetCPU: "x86-64", kind: .time)
        let check = HistoryCheck([key: series], detector: detector)
        if ProcessInfo.processInfo.environment["SPRINGBENCH_CORPUS_DEBUG"] != nil {
            for item in check.findings { print("  kept \(item.cell): \(item.finding)") }
        }
        return Set(check.findings.map(\.cell))
    }

    /// `runs` in a seeded order.
    static func shuffled(_ runs: [Run], seed: UInt64) -> [Run] {
        var rng = HistorySimulation.Generator(seed: seed)
        return runs.shuffled(using: &rng)
    }

    static let conditions = NoiseCorpus.conditions

    @Test("A/A in the order recorded: no finding in any condition, nor when the newest 5 come from another")
    func recordedOrder() throws {
        for condition in Self.conditions {
            let runs = try Self.runs(condition)
            #expect(runs.count >= 20, "\(condition): \(runs.count) runs")
            let found = Self.check(runs)
            print("corpus \(condition): \(runs.count) A/A runs in recorded order, findings in \(found.count) cells")
            #expect(found.isEmpty, "\(condition): \(found.sorted())")
        }
        // The machine's mood changes at the newest commits: 15 quiet runs, then 5 loaded.
        let quiet = try Self.runs("quiet")
        for loaded in ["bursty", "compile"] {
            let history = Array(quiet.prefix(15)) + Array(try Self.runs(loaded).prefix(5))
            let found = Self.check(history)
            print("corpus quiet then \(loaded): findings in \(found.count) cells")
            #expect(found.isEmpty, "quiet then \(loaded): \(found.sorted())")
        }
    }

    @Test("A/A reordered 40 times per condition: at most 5 % of checks report anything")
    func reordered() throws {
        for condition in Self.conditions {
            let runs = try Self.runs(condition)
            let alarms = (0..<40).filter { !Self.check(Self.shuffled(runs, seed: UInt64(3800 + $0))).isEmpty }.count
            print("corpus \(condition): A/A reordered, checks with any finding \(alarms) of 40")
            #expect(alarms <= 2, "\(condition): \(alarms) of 40")
        }
    }

    @Test("+20 % on one kernel of one backend in the newest 5 of 20: found, and nothing else named")
    func slowdownFound() throws {
        let slowed: [(Kernel, String)] = [(.add, "simd"), (.axpy, "naive"), (.magnitudeSquared, "openblas")]
        for condition in Self.conditions {
            let runs = Array(try Self.runs(condition).prefix(20))
            var named = 0, affected = 0, wrong = 0
            for (offset, (kernel, backend)) in slowed.enumerated() {
                for replay in 0..<10 {
                    var history = Self.shuffled(runs, seed: UInt64(38_000 + 100 * offset + replay))
                    var targets = Set<CellKey>()
                    for index in (history.count - 5)..<history.count {
                        for cell in history[index].keys where cell.kernel == kernel && cell.backend == backend {
                            history[index][cell]! *= 1.2
                            targets.insert(cell)
                        }
                    }
                    let found = Self.check(history)
                    named += found.intersection(targets).count
                    affected += targets.count
                    if !found.subtracting(targets).isEmpty { wrong += 1 }
                }
            }
            let power = Double(named) / Double(affected)
            print(
                String(
                    format:
                        "corpus %@: +20 %% on one kernel, %.0f %% of its cells found; another cell named in %d of 30",
                    condition, 100 * power, wrong))
            #expect(power >= 0.6, "\(condition): \(power)")
            #expect(wrong <= 2, "\(condition): \(wrong) of 30 named another cell")
        }
    }

    @Test(
        "a real slow build (naive axpy) after 15 runs of the unchanged one: axpy.naive's cells found, the 16-point cells code placement moved left candidates"
    )
    func realSlowBuild() throws {
        // Tests/Fixtures/noise-corpus/slow-axpy.csv: runs 1-15 the unchanged build, 16-20 the slow one.
        let history = try NoiseCorpus.runs("slow-axpy")
        #expect(history.count == 20)
        var series: [CellKey: [HistoryPoint]] = [:]
        for cell in history[0].keys {
            series[cell] = history.enumerated().map {
                HistoryPoint(commit: String(format: "c%03d", $0.offset), value: $0.element[cell]!)
            }
        }
        let key = HistorySeries(
            machine: "corpus", toolchain: "Swift 6.3", configuration: "release", targetCPU: "x86-64", kind: .time)
        let check = HistoryCheck([key: series], detector: StepDetector())
        let axpy = Set([16, 4096, 1 << 20].map { CellKey(kernel: .axpy, backend: "naive", size: $0) })
        #expect(Set(check.findings.map(\.cell)) == axpy, "\(check.findings.map(\.cell))")
        // The untouched kernels the slow binary really made slower at 16 points only (every run,
        // Guides/History.md): each is alone at its size.
        let lone = Set(check.items.filter(\.alone).map(\.cell))
        let moved: Set<CellKey> = [
            CellKey(kernel: .addInPlace, backend: "naive", size: 16),
            CellKey(kernel: .subtract, backend: "parallel", size: 16),
            CellKey(kernel: .subtract, backend: "simd", size: 16),
            CellKey(kernel: .subtractInPlace, backend: "simd", size: 16),
        ]
        #expect(lone == moved, "\(lone.sorted())")
        print(
            "corpus slow-axpy: found \(check.findings.count) cells (axpy.naive), \(lone.count) left alone at their size"
        )
    }
}
