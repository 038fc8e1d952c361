import Benchmarking
import Foundation
import RegressionGate
import Testing
import _ResultsTestSupport
import _TestSupport

/// `compare` on two runs made at different times: the machine's shifts taken
/// out per backend and size, and a kernel regressed only when it is slower at
/// every size (``SeparateRunsJudgement``), on constructed cells and replayed
/// on the real noise corpus.
@Suite struct SeparateRunsJudgementTests {
    static let kernels: [Kernel] = [.add, .subtract, .scale, .axpy, .magnitudeSquared, .addInPlace]
    static let sizes = [16, 4096, 1 << 20]

    /// Cells of every kernel × `backends` × size at 1 ns per element, the
    /// current side multiplied by `factor(kernel, backend, size)`; each
    /// interval's lower end is the ratio × `lowerSlack`.
    static func cells(
        backends: [String] = ["naive", "simd"], lowerSlack: Double = 1,
        factor: (Kernel, String, Int) -> Double
    ) -> [SeparateRunsJudgement.Cell] {
        kernels.flatMap { kernel in
            backends.flatMap { backend in
                sizes.map { size in
                    let ratio = factor(kernel, backend, size)
                    return SeparateRunsJudgement.Cell(
                        key: CellKey(kernel: kernel, backend: backend, size: size), baseline: Double(size),
                        current: Double(size) * ratio, lower: ratio * lowerSlack, threshold: 0.10)
                }
            }
        }
    }

    @Test("A whole backend and size slower by 30 % is the run's shift: printed, not a regression")
    func groupShiftIsTakenOut() {
        let judgement = SeparateRunsJudgement(
            cells: Self.cells { _, backend, size in
                backend == "simd" && size == 16 ? 1.3 : 1.0
            })
        #expect(!judgement.families.contains { $0.regressed })
        let shift = judgement.notableShifts(beyond: 0.03)
        #expect(shift.count == 1 && shift[0].backend == "simd" && shift[0].size == 16, "\(shift)")
        #expect(abs(shift[0].ratio - 1.3) < 1e-12)
    }

    @Test("One kernel 20 % slower at every size, on top of a machine 30 % slower at one size: that kernel only")
    func oneKernelAtEverySizeRegresses() {
        let judgement = SeparateRunsJudgement(
            cells: Self.cells { kernel, backend, size in
                (kernel == .axpy && backend == "naive" ? 1.2 : 1.0) * (size == 4096 ? 1.3 : 1.0)
            })
        let regressed = judgement.families.filter(\.regressed)
        #expect(regressed.map { "\($0.kernel).\($0.backend)" } == ["axpy.naive"])
        #expect(regressed.first.map { abs($0.meanRatio - 1.2) < 1e-9 } == true, "\(regressed)")
        #expect(judgement.regressed(CellKey(kernel: .axpy, backend: "naive", size: 16)))
        #expect(!judgement.regressed(CellKey(kernel: .axpy, backend: "simd", size: 16)))
    }

    @Test(
        "The real slow build's shape (+49 %, +10 %, +7 % by size) regresses; one size alone, or one size under the floor, does not"
    )
    func everySizeMustAgree() {
        let shapes: [(pattern: [Int: Double], regressed: Bool)] = [
            ([16: 1.49, 4096: 1.10, 1 << 20: 1.07], true),
            ([16: 1.5, 4096: 1.0, 1 << 20: 1.0], false),
            ([16: 1.3, 4096: 1.3, 1 << 20: 1.03], false),
            ([16: 1.09, 4096: 1.09, 1 << 20: 1.09], false),
        ]
        for shape in shapes {
            let judgement = SeparateRunsJudgement(
                cells: Self.cells { kernel, backend, size in
                    kernel == .scale && backend == "simd" ? shape.pattern[size]! : 1.0
                })
            #expect(judgement.families.contains { $0.regressed } == shape.regressed, "\(shape.pattern)")
        }
    }

    @Test("An interval whose lower end falls below the floor keeps the kernel a candidate")
    func intervalsMustClearTheFloor() {
        let wide = SeparateRunsJudgement(
            cells: Self.cells(lowerSlack: 0.9) { kernel, _, _ in
                kernel == .add ? 1.12 : 1.0
            })
        #expect(!wide.families.contains { $0.regressed })
        let narrow = SeparateRunsJudgement(
            cells: Self.cells(lowerSlack: 0.99) { kernel, _, _ in
                kernel == .add ? 1.12 : 1.0
            })
        #expect(narrow.families.filter(\.regressed).count == 2)
    }

    @Test("compare of two single runs: the shifted group is inconclusive, the slowed kernel regressed, exit 1")
    func comparisonUsesTheJudgement() throws {
        let baseline = _ResultsTestSupport.SyntheticResults.make(
            kernels: Self.kernels, backends: ["naive", "simd"], sizes: Self.sizes, withWorkloads: false,
            model: { _, _, _ in 1.0 })
        let current = _ResultsTestSupport.SyntheticResults.make(
            kernels: Self.kernels, backends: ["naive", "simd"], sizes: Self.sizes, withWorkloads: false,
            model: { kernel, backend, size in
                (kernel == .axpy && backend == "naive" ? 1.25 : 1.0) * (backend == "simd" && size == 16 ? 1.4 : 1.0)
            })
        let comparison = try Comparison(
            baseline: ComparisonInput(results: baseline, path: "a.json", normalizedByBandwidth: false),
            current: ComparisonInput(results: current, path: "b.json", normalizedByBandwidth: false))
        #expect(comparison.separateRuns != nil)
        #expect(comparison.exitCode == 1)
        #expect(Set(comparison.regressions.map { "\($0.cell.kernel).\($0.cell.backend)" }) == ["axpy.naive"])
        #expect(comparison.regressions.count == 3)
        let shifted = comparison.rows.filter { $0.cell.backend == "simd" && $0.cell.size == 16 }
        #expect(shifted.count == Self.kernels.count && shifted.allSatisfy { $0.verdict == .inconclusive })
        #expect(comparison.markdown.contains("axpy on naive: +25 % over its sizes"), "\(comparison.markdown)")
        #expect(comparison.markdown.contains("simd at 16 +40 %"), "\(comparison.markdown)")
    }

    /// Every ordered pair of one condition's runs, judged as `compare` judges
    /// them (medians only: the lower end of each interval is the ratio).
    static func judge(_ baseline: NoiseCorpus.Run, _ current: NoiseCorpus.Run, slower: (CellKey) -> Double)
        -> SeparateRunsJudgement
    {
        SeparateRunsJudgement(
            cells: baseline.keys.sorted().compactMap { key in
                guard let before = baseline[key], let after = current[key] else { return nil }
                let ratio = after * slower(key) / before
                return .init(key: key, baseline: before, current: after * slower(key), lower: ratio, threshold: 0.10)
            })
    }

    @Test(
        "The real noise corpus: A/A pairs failing ≤ 5 % in every condition, +20 % on one kernel found in ≥ 90 %",
        arguments: NoiseCorpus.conditions)
    func corpusReplay(condition: String) throws {
        let runs = try NoiseCorpus.runs(condition)
        #expect(runs.count >= 20)
        var alarms = 0, pairs = 0
        var found: [String: Int] = [:], others: [String: Int] = [:]
        // `make check`: every ordered pair (380 of 20 runs); `make test`: every fifth of them.
        for (a, baseline) in runs.enumerated() {
            for (b, current) in runs.enumerated() where a != b && (TestDepth.isDeep || (a * runs.count + b) % 5 == 0) {
                pairs += 1
                if Self.judge(baseline, current, slower: { _ in 1 }).families.contains { $0.regressed } {
                    alarms += 1
                }
                for backend in ["naive", "simd", "openblas"] {
                    let slowed = Self.judge(baseline, current) { $0.kernel == .axpy && $0.backend == backend ? 1.2 : 1 }
                    let named = slowed.families.filter(\.regressed)
                    if named.contains(where: { $0.kernel == .axpy && $0.backend == backend }) {
                        found[backend, default: 0] += 1
                    }
                    if named.contains(where: { $0.kernel != .axpy || $0.backend != backend }) {
                        others[backend, default: 0] += 1
                    }
                }
            }
        }
        let rate = Double(alarms) / Double(pairs)
        print(
            "compare on the corpus, \(condition): \(alarms) of \(pairs) A/A pairs with a regression ("
                + String(format: "%.1f %%", 100 * rate) + "); +20 % on axpy found in "
                + ["naive", "simd", "openblas"].map { "\($0) \(found[$0, default: 0])" }.joined(separator: ", ")
                + " of \(pairs), another kernel named in "
                + ["naive", "simd", "openblas"].map { "\(others[$0, default: 0])" }.joined(separator: ", "))
        #expect(rate <= 0.05, "\(condition): \(alarms) of \(pairs)")
        for backend in ["naive", "simd", "openblas"] {
            #expect(Double(found[backend, default: 0]) >= 0.9 * Double(pairs), "\(condition) \(backend): \(found)")
            #expect(Double(others[backend, default: 0]) <= 0.05 * Double(pairs), "\(condition) \(backend): \(others)")
        }
    }
}
