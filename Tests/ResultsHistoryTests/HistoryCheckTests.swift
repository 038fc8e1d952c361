import Benchmarking
import Foundation
import ResultsHistory
import Testing

/// The whole check (`HistoryCheck`): a machine slower for the newest runs
/// moves every cell of a group alike and is taken out, printed as a group
/// shift; a change to one kernel is found in its cells only; one disturbed
/// newest run is never a step; and the scan's p-value accounts for the starts tried.
@Suite("history check: run shifts taken out, one kernel found, one run never a step")
struct HistoryCheckTests {
    static let series = HistorySeries(
        machine: "m", toolchain: "Swift 6.3", configuration: "release", targetCPU: "x86-64", kind: .time)
    static let kernels: [Kernel] = [.add, .subtract, .scale, .axpy, .magnitudeSquared, .addInPlace]

    /// 20 commits of six kernels on one backend at one size: seeded ±1.5 % uniform noise,
    /// `machine(i)` multiplying every cell of commit i, `change(kernel, i)` one cell's.
    static func history(
        machine: (Int) -> Double, change: (Kernel, Int) -> Double = { _, _ in 1 }
    ) -> [CellKey: [HistoryPoint]] {
        var generator = HistorySimulation.Generator(seed: 380)
        var cells: [CellKey: [HistoryPoint]] = [:]
        for kernel in kernels {
            cells[CellKey(kernel: kernel, backend: "naive", size: 4096)] = (0..<20).map { commit in
                let noise = 1 + Double.random(in: -0.015...0.015, using: &generator)
                return HistoryPoint(
                    commit: String(format: "c%02d", commit),
                    value: 100 * noise * machine(commit) * change(kernel, commit))
            }
        }
        return cells
    }

    @Test("the newest 5 runs 40 % slower in every cell: no finding, one group shift printed")
    func machineShiftIsTakenOut() {
        let check = HistoryCheck(
            [Self.series: Self.history(machine: { $0 >= 15 ? 1.4 : 1 })], detector: StepDetector())
        #expect(check.findings.isEmpty, "\(check.findings.map(\.cell))")
        #expect(check.groupShifts.contains { if case .step = $0.finding.kind { true } else { false } })
        #expect(check.series == 6 && check.tests == 12)
    }

    @Test("axpy 20 % slower in the newest 5 while the machine is 30 % slower there too: axpy alone")
    func oneKernelFoundUnderAShift() {
        let check = HistoryCheck(
            [
                Self.series: Self.history(
                    machine: { $0 >= 15 ? 1.3 : 1 },
                    change: { kernel, commit in kernel == .axpy && commit >= 15 ? 1.2 : 1 })
            ], detector: StepDetector())
        #expect(check.findings.map(\.cell.kernel) == [.axpy], "\(check.items.map { ($0.cell, $0.finding, $0.kept) })")
        let step = check.findings.compactMap { if case .step(let step) = $0.finding.kind { step } else { nil } }.first
        #expect(step?.index == 15 && abs((step?.ratio ?? 0) - 1.2) < 0.03, "\(String(describing: step))")
    }

    @Test("a +10 % level within a cell's own ±8 % between-run spread is no candidate, even beside a real +20 % step")
    func withinItsOwnSpreadIsNothing() {
        var cells = Self.history(
            machine: { _ in 1 }, change: { kernel, commit in kernel == .axpy && commit >= 15 ? 1.2 : 1 })
        let swing: [Double] = [
            0.92, 1.08, 0.95, 1.06, 0.93, 1.07, 0.97, 1.04, 0.94, 1.08, 0.96, 1.05, 0.92, 1.07, 0.95,
        ]
        let noisy = CellKey(kernel: .scale, backend: "naive", size: 4096)
        cells[noisy] = (0..<20).map { commit in
            HistoryPoint(
                commit: String(format: "c%02d", commit),
                value: 100 * (commit < 15 ? swing[commit] : 1.10 + Double(commit - 15) / 200))
        }
        let check = HistoryCheck([Self.series: cells], detector: StepDetector())
        #expect(check.findings.map(\.cell.kernel) == [.axpy], "\(check.items.map { ($0.cell, $0.finding, $0.kept) })")
        #expect(!check.items.contains { $0.cell == noisy }, "\(check.items.map { ($0.cell, $0.finding) })")
    }

    /// 20 commits of the six kernels on `backend` at each of `sizes`, seeded ±1.5 % noise,
    /// `change(cell, i)` multiplying one cell at commit i.
    static func history(
        backend: String, sizes: [Int], seed: UInt64, change: (CellKey, Int) -> Double
    ) -> [CellKey: [HistoryPoint]] {
        var generator = HistorySimulation.Generator(seed: seed)
        var cells: [CellKey: [HistoryPoint]] = [:]
        for size in sizes {
            for kernel in kernels {
                let cell = CellKey(kernel: kernel, backend: backend, size: size)
                cells[cell] = (0..<20).map { commit in
                    let noise = 1 + Double.random(in: -0.015...0.015, using: &generator)
                    return HistoryPoint(
                        commit: String(format: "c%02d", commit), value: 100 * noise * change(cell, commit))
                }
            }
        }
        return cells
    }

    @Test(
        "a kernel 25 % slower at one of its three sizes only is a candidate alone at its size; at two sizes, or judged at one size, it is found"
    )
    func loneSizeIsACandidate() {
        let sizes = [16, 4096, 1 << 20]
        func check(_ slowSizes: Set<Int>, seed: UInt64) -> HistoryCheck {
            HistoryCheck(
                [
                    Self.series: Self.history(backend: "naive", sizes: sizes, seed: seed) { cell, commit in
                        cell.kernel == .axpy && slowSizes.contains(cell.size) && commit >= 15 ? 1.25 : 1
                    }
                ], detector: StepDetector())
        }
        for seed in UInt64(1)...5 {
            // One size: the only item clears the Benjamini–Hochberg step and is left a candidate.
            let one = check([16], seed: seed)
            let lone = one.items.filter { $0.cell == CellKey(kernel: .axpy, backend: "naive", size: 16) }
            #expect(one.findings.isEmpty, "seed \(seed): \(one.findings.map(\.cell))")
            #expect(
                lone.count >= 1 && lone.allSatisfy(\.alone), "seed \(seed): \(one.items.map { ($0.cell, $0.alone) })")
            #expect(one.items.allSatisfy { $0.cell.kernel == .axpy }, "seed \(seed)")
            // Two sizes: each corroborates the other.
            let two = check([16, 1 << 20], seed: seed)
            #expect(
                Set(two.findings.map(\.cell.size)) == [16, 1 << 20] && !two.items.contains(where: \.alone),
                "seed \(seed): \(two.items.map { ($0.cell, $0.kept, $0.alone) })")
        }
        // Corroborated by a candidate the check does not keep: +25 % at 16 points and +6 % at
        // 4 Ki (below the 10 % threshold, but its own p ≤ 5 % in ±1.5 % noise) is a finding at 16.
        for seed in UInt64(11)...15 {
            let corroborated = HistoryCheck(
                [
                    Self.series: Self.history(backend: "naive", sizes: sizes, seed: seed) { cell, commit in
                        guard cell.kernel == .axpy, commit >= 15 else { return 1 }
                        return cell.size == 16 ? 1.25 : cell.size == 4096 ? 1.06 : 1
                    }
                ], detector: StepDetector())
            let helper = corroborated.items.first { $0.cell == CellKey(kernel: .axpy, backend: "naive", size: 4096) }
            #expect(
                helper.map { !$0.kept && ($0.finding.pValue ?? 1) <= StepDetector.familyRate } == true,
                "seed \(seed): \(corroborated.items.map { ($0.cell, $0.finding, $0.kept) })")
            #expect(
                corroborated.findings.map(\.cell) == [CellKey(kernel: .axpy, backend: "naive", size: 16)],
                "seed \(seed): \(corroborated.items.map { ($0.cell, $0.kept, $0.alone) })")
        }
        // A kernel judged at one size only is judged as before.
        let single = HistoryCheck(
            [
                Self.series: Self.history(backend: "naive", sizes: [16], seed: 7) { cell, commit in
                    cell.kernel == .axpy && commit >= 15 ? 1.25 : 1
                }
            ], detector: StepDetector())
        #expect(single.findings.map(\.cell.kernel) == [.axpy] && !single.items.contains(where: \.alone))
        // Another series' sizes are not this one's: the same cells under two series, the slow
        // size in one only, the other judged at the remaining sizes.
        let other = HistorySeries(
            machine: "n", toolchain: "Swift 6.3", configuration: "release", targetCPU: "x86-64", kind: .time)
        let split = HistoryCheck(
            [
                Self.series: Self.history(backend: "naive", sizes: [16], seed: 8) { cell, commit in
                    cell.kernel == .axpy && commit >= 15 ? 1.25 : 1
                },
                other: Self.history(backend: "naive", sizes: [4096, 1 << 20], seed: 9) { _, _ in 1 },
            ], detector: StepDetector())
        #expect(split.findings.map(\.cell) == [CellKey(kernel: .axpy, backend: "naive", size: 16)])
    }

    @Test("one newest run 50 % slower in axpy: never a step by itself")
    func oneRunIsNeverAStep() {
        let check = HistoryCheck(
            [
                Self.series: Self.history(
                    machine: { _ in 1 }, change: { kernel, commit in kernel == .axpy && commit == 19 ? 1.5 : 1 })
            ],
            detector: StepDetector())
        #expect(check.items.isEmpty, "\(check.items.map { ($0.cell, $0.finding) })")
        // Two such runs, one of them only 10 % up: the step is as large as the smaller of the two.
        let two = HistoryCheck(
            [
                Self.series: Self.history(
                    machine: { _ in 1 },
                    change: { kernel, commit in kernel == .axpy && commit >= 18 ? (commit == 19 ? 1.5 : 1.1) : 1 })
            ], detector: StepDetector())
        let step = two.items.compactMap { if case .step(let step) = $0.finding.kind { step } else { nil } }.first
        #expect(step.map { $0.ratio < 1.15 } ?? true, "\(String(describing: step))")
    }

    @Test(
        "the scan's p-value exceeds the best single start's: 5 of 20 on top is 1/15504 alone, several times that scanned"
    )
    func scanIsCorrected() throws {
        let wobble: [Double] = [0.05, -0.03, 0.01, -0.05, 0.03]
        let older: [Double] = (0..<15).map { 100 + wobble[$0 % 5] + Double($0) / 1000 }
        let newer: [Double] = (0..<5).map { 120 + Double($0) / 100 }
        let values = older + newer
        let points = values.enumerated().map { HistoryPoint(commit: "c\($0.offset)", value: $0.element) }
        let finding = try #require(StepDetector().timedCandidates(points).first)
        let p = try #require(finding.pValue)
        #expect(p > 3 / 15504.0 && p < 0.01, "\(p)")
        // One test alone (two tests a series) keeps it; among 240 tests it needs company.
        #expect(StepDetector().decide([finding], tests: 2) == [true])
        #expect(StepDetector().decide([finding], tests: 240) == [false])
        #expect(StepDetector().commitsNeeded(count: 20, tests: 240) ?? 99 > 5)
    }
}
