import Benchmarking
import ParallelKernels
import Reporting
import Testing
import VectorKernels
import _ResultsTestSupport

/// The parallel backend's comparison and its section of performance.md, pinned on results whose every figure is known.
@Suite("performance.md: the parallel backend")
struct ParallelSectionTests {
    @Test("Each kernel and size pairs the parallel backend with the best single-thread one, round by round")
    func comparison() throws {
        let comparison = try #require(ParallelComparison(ParallelResults.make()))
        #expect(comparison.threads == 2)
        #expect(comparison.rows.count == SyntheticResults.kernels.count * SyntheticResults.sizes.count)
        for row in comparison.rows {
            let expected = row.size >= 1 << 16 ? 0.5 : 1.0
            // The best single-thread backend is SIMD (or OpenBLAS, equal within its 30 ns) — never the parallel one.
            #expect(row.best != ParallelBackend.name)
            let simd = SyntheticResults.defaultModel(row.kernel, "simd", row.size)
            #expect(abs(row.bestNanosecondsPerElement - simd) / simd < 0.05 || row.best == "simd")
            if row.best == "simd" {
                #expect(abs(row.ratio - expected) < 1e-12, "\(row.kernel) at \(row.size): \(row.ratio)")
                #expect(row.verdict == (expected < 1 ? .faster : .equal))
            }
            let splits = row.kernel != .scale && row.size >= 1 << 16
            #expect(row.splits == splits, "\(row.kernel) at \(row.size)")
        }
        #expect(comparison.slower.isEmpty)
        let bandwidth = try #require(comparison.bandwidth)
        #expect(bandwidth.size == 1 << 24)
        // add at 16 Mi: SIMD 1.0 ns/element, parallel 0.5: 24 bytes / 0.5 ns = 48 GB/s.
        #expect(abs(bandwidth.parallelGigabytesPerSecond - 48) < 1e-9)
        #expect(abs(bandwidth.fractionOfMedian - 48 / ParallelResults.allCoreMedian) < 1e-12)
        #expect(abs(bandwidth.fractionOfBest - 48 / ParallelResults.allCoreBest) < 1e-12)
    }

    @Test("A cell more than 3 % slower is named; 3 % or less is equal within the tolerance")
    func slower() throws {
        let results = ParallelResults.make { kernel, size in
            kernel == .axpy && size == 4096 ? 1.10 : kernel == .add && size == 256 ? 1.03 : 1.0
        }
        let comparison = try #require(ParallelComparison(results))
        #expect(comparison.slower.map { "\($0.kernel.rawValue)@\($0.size)" } == ["axpy@4096"])
        let add = try #require(comparison.rows.first { $0.kernel == .add && $0.size == 256 })
        #expect(add.verdict == .equal)
        let markdown = PerformanceReport.render(results).markdown
        #expect(
            markdown.contains(
                "slower beyond 3.00 % in **1 of 36** kernel and size cells; below its threshold, where it runs SIMD's code (so the gap is SIMD's own, or the operands' placement in memory): axpy at 4 Ki."
            ))
        let split = ParallelResults.make { kernel, size in kernel == .axpy && size == 1 << 20 ? 1.10 : 1.0 }
        #expect(
            PerformanceReport.render(split).markdown.contains(
                "in **1 of 36** kernel and size cells; where it splits: axpy at 1 Mi."))
        let row = try #require(comparison.rows.first { $0.kernel == .axpy && $0.size == 4096 })
        #expect(abs(try #require(row.simdRatio) - 1.10) < 1e-12)
    }

    @Test("The section answers first: threads, thresholds, the bandwidth bar, the never-slower bar")
    func section() throws {
        let markdown = PerformanceReport.render(ParallelResults.make()).markdown
        let section = markdown.markdownSection("## Parallel backend")
        try #require(!section.isEmpty)
        #expect(
            section[2]
                == "**Answer:** with 2 threads it splits 6 of 7 operations, from 64 Ki points at the earliest. At N = 16 Mi out-of-place add moves 48.0 GB/s, **120 %** of the all-core `add-nt` bandwidth (40.0 GB/s median over 2 threads; 109 % of the best, 44.0 GB/s): the 90 % bar is met. Against the best single-thread backend it is slower beyond 3.00 % in **0 of 36** kernel and size cells."
        )
        let text = section.joined(separator: "\n")
        #expect(text.contains("| scale | never | 1.10× | 1.00× |"))
        #expect(text.contains("| add | 64 Ki | 1.10× | 0.500× |"))
        #expect(text.contains("ParallelBackend.setThreshold(nil, for: .scale)"))
        #expect(text.contains("ParallelBackend.setThreshold(65536, for: .axpy)"))
        #expect(markdown.contains("Parallel backend ([below](#parallel-backend)): with 2 threads"))
        #expect(markdown.contains("| `add-nt`, 2 threads | 24 | 44.0 | 40.0 |"))
    }

    @Test("With its all-core ceiling sampled in the same rounds, the bar judges that ratio, not the probe's rate")
    func sameRoundsCeiling() throws {
        // The probe (40 GB/s median) would give 48/40 = 120 %; the same rounds say 0.85: below the bar.
        var results = ParallelResults.make()
        let index = try #require(
            results.measurements.firstIndex {
                $0.backend == ParallelBackend.name && $0.kernel == .add && $0.size == 1 << 24
            })
        let parallel = results.measurements[index].samples
        // The ceiling's rounds move with the kernel's: the fraction is 0.85 in every round.
        var ceiling = CeilingComparison(
            kernel: .add, size: 1 << 24, kernelSamples: parallel, loops: [parallel.map { $0 * 0.85 }], seed: 1,
            threads: 2)
        results.measurements[index].ceiling = ceiling
        let comparison = try #require(ParallelComparison(results))
        let bandwidth = try #require(comparison.bandwidth)
        #expect(abs(bandwidth.fractionOfMedian - 0.85) < 1e-12)
        #expect(bandwidth.sameRounds?.threads == 2)
        let markdown = PerformanceReport.render(results).markdown
        #expect(
            markdown.contains(
                "**85.0 %** of the all-core `add-nt` ceiling sampled in the same rounds on its own operands"))
        #expect(markdown.contains("**below the 90 % bar**"))
        // A one-thread ceiling (files from before) leaves the probe's figure in charge.
        ceiling.threads = nil
        results.measurements[index].ceiling = ceiling
        let probeBased = try #require(ParallelComparison(results)?.bandwidth)
        #expect(
            probeBased.sameRounds == nil
                && abs(probeBased.fractionOfMedian - 48 / ParallelResults.allCoreMedian) < 1e-12)
    }

    @Test("Below the bandwidth bar, and with one core, the answer says so")
    func belowBarAndOneCore() throws {
        let slow = ParallelResults.make { _, size in size >= 1 << 20 ? 2.0 : 1.0 }
        #expect(PerformanceReport.render(slow).markdown.contains("**below the 90 % bar**"))
        var single = ParallelResults.make(threads: 1)
        single.parallel = ParallelThresholds(
            threads: 1, margin: 0.05, skipped: "one usable core: the backend is SIMD at every size",
            operations: [.init(operation: .add, threshold: nil, ladder: [])])
        let markdown = PerformanceReport.render(single).markdown
        #expect(markdown.contains("**Answer:** one usable core: the backend is SIMD at every size (threshold: never)."))
        #expect(!markdown.contains("### Where it splits"))
    }

    @Test("The headline's fraction of the one-core ceiling names a single-thread backend, never the parallel one")
    func headlineSingleThread() {
        let targets = HeadlineTargets(ParallelResults.make())
        var seen = 0
        for figure in targets.figures {
            guard case .bandwidthFraction(_, _, let backend, _, _) = figure.kind else { continue }
            seen += 1
            #expect(backend != ParallelBackend.name)
        }
        #expect(seen == SyntheticResults.kernels.count)
    }

    @Test("Without a parallel backend there is no section")
    func absent() {
        #expect(ParallelComparison(SyntheticResults.make()) == nil)
        #expect(!PerformanceReport.render(SyntheticResults.make()).markdown.contains("## Parallel backend"))
    }

    @Test("Single-thread C is held against single-thread backends only, though the parallel one is fastest")
    func yardstickSingleThread() throws {
        var results = ParallelResults.make()
        let cells = results.measurements.filter { $0.backend == "simd" && $0.size == 1 << 20 }.map { cell in
            var c = cell
            c.backend = "c"
            return c
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: cells)
        let comparison = try #require(YardstickComparison(results))
        #expect(comparison.rows.count == cells.count)
        for row in comparison.rows {
            #expect(row.best != ParallelBackend.name, "\(row.kernel): \(row.best)")
            #expect(row.verdict != .faster, "\(row.kernel): the parallel backend's 0.5× leaked in")
        }
    }
}
