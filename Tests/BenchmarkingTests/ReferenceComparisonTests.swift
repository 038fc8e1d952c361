import Benchmarking
import Testing
import VectorKernels
import _ResultsTestSupport

/// Issue 26's bar from synthetic results: the best single-thread backend
/// against the best of gcc loops, OpenBLAS (1 thread) and numpy, paired
/// round by round, 256 to 16 Mi points.
@Suite("Against gcc, OpenBLAS and numpy")
struct ReferenceComparisonTests {
    struct Expected: Sendable {
        var kernel: Kernel
        var size: Int
        var best: String
        var reference: String
        var ratio: Double
        var verdict: YardstickComparison.Verdict
    }

    static let expected = [
        Expected(kernel: .add, size: 256, best: "simd", reference: "gcc", ratio: 1.25, verdict: .slower),
        // 1 % faster is inside the noise, as 2 % slower is: the limit holds both ways.
        Expected(kernel: .add, size: 4096, best: "simd", reference: "openblas", ratio: 1 / 1.01, verdict: .equal),
        Expected(kernel: .axpy, size: 256, best: "openblas", reference: "openblas", ratio: 1, verdict: .equal),
        Expected(kernel: .axpy, size: 4096, best: "simd", reference: "gcc", ratio: 1 / 0.98, verdict: .equal),
    ]

    @Test("every cell from 256 points on, pinned: best backend, best reference, paired ratio, verdict")
    func pinnedCells() throws {
        let comparison = try #require(ReferenceComparison(ReferenceResults.make()))
        #expect(comparison.references == ["gcc", "numpy", "openblas"])
        #expect(comparison.rows.count == Self.expected.count)
        for (row, expected) in zip(comparison.rows, Self.expected) {
            #expect(row.kernel == expected.kernel && row.size == expected.size)
            #expect(row.best == expected.best, "\(row)")
            #expect(row.reference == expected.reference, "\(row)")
            #expect(abs(row.ratio - expected.ratio) < 1e-12, "\(row)")
            // Every round's ratio is the same, so the interval is that point.
            #expect(
                abs(row.interval.lower - expected.ratio) < 1e-12 && abs(row.interval.upper - expected.ratio) < 1e-12)
            #expect(row.verdict == expected.verdict, "\(row)")
        }
        #expect(comparison.slower.map(\.size) == [256])
        #expect(comparison.worst?.kernel == .add && comparison.worst?.size == 256)
    }

    @Test("a backend outside the single-thread set (a parallel one) never contends, however fast")
    func parallelBackendIgnored() throws {
        let comparison = try #require(ReferenceComparison(ReferenceResults.make(extraBackends: ["parallel": 0.1])))
        #expect(comparison.rows.map(\.best) == Self.expected.map(\.best))
    }

    @Test("OpenBLAS with more than one thread is neither the best backend nor a reference")
    func threadedOpenBLASLeftOut() throws {
        let comparison = try #require(ReferenceComparison(ReferenceResults.make(openBLASThreads: 2)))
        #expect(comparison.references == ["gcc", "numpy"])
        #expect(comparison.rows.map(\.best) == ["simd", "simd", "simd", "simd"])
        #expect(comparison.rows.map(\.reference) == ["gcc", "gcc", "gcc", "gcc"])
        #expect(abs(comparison.rows[1].ratio - 1 / 1.02) < 1e-12)
    }

    @Test("no reference outside SpringBench, no comparison")
    func absent() {
        var results = ReferenceResults.make()
        results.references = nil
        #expect(ReferenceComparison(results) == nil)
    }
}
