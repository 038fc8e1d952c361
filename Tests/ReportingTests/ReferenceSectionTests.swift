import Benchmarking
import Reporting
import Testing
import _ResultsTestSupport

@Suite("performance.md: against gcc, OpenBLAS and numpy")
struct ReferenceSectionTests {
    @Test("the section answers first, then gives every kernel and size from 256 on, with the references named")
    func section() throws {
        let markdown = PerformanceReport.render(ReferenceResults.make()).markdown
        let section = markdown.markdownSection("## Against gcc, OpenBLAS and numpy")
        try #require(!section.isEmpty)
        #expect(
            section[2]
                == "**Answer:** the best single-thread backend is slower than the best reference beyond the noise (3.00 %) in **1 of 4** kernel and size cells from 256 to 16 Mi points; worst add at N = 256, 1.25× the time of gcc loops: add at 256."
        )
        let text = section.joined(separator: "\n")
        #expect(
            text.contains(
                "gcc loops (gcc 12.2.0, -O3 -march=native); numpy (numpy 2.4.6); OpenBLAS (the backend, 1 thread)."))
        let rows = section.filter { $0.hasPrefix("| add") || $0.hasPrefix("| axpy") }
        #expect(
            rows == [
                "| add | 256 | SIMD | 250 | gcc loops | 200 | 1.25× [1.25×, 1.25×] | **slower** |",
                "| add | 4 Ki | SIMD | 250 | OpenBLAS | 252 | 0.990× [0.990×, 0.990×] | equal within noise |",
                "| axpy | 256 | OpenBLAS | 200 | OpenBLAS | 200 | 1.00× [1.00×, 1.00×] | equal within noise |",
                "| axpy | 4 Ki | SIMD | 250 | gcc loops | 245 | 1.02× [1.02×, 1.02×] | equal within noise |",
            ])
        #expect(markdown.markdownSection("## Headline figures").joined().contains("Against gcc, OpenBLAS and numpy"))
        // The per-kernel table shows each reference's own row (the drift's median is 250 ns per element).
        #expect(markdown.contains("| 256 | — | *gcc loops (yardstick)* | *200* |"))
        #expect(markdown.contains("| 4 Ki | — | *numpy (yardstick)* | *325* |"))
    }

    @Test("no reference outside SpringBench, no section")
    func absent() {
        var results = ReferenceResults.make()
        results.references = nil
        #expect(PerformanceReport.render(results).markdown.markdownSection("## Against gcc").isEmpty)
    }
}
