import Benchmarking
import Reporting
import Testing
import _ResultsTestSupport

/// The value sweep's section of performance.md, on results whose every figure is known.
@Suite("performance.md: new values at animation sizes")
struct ValueTypeSectionTests {
    /// ns per call by subject at 16 and 256 points (the same in each of 3 rounds).
    static let times: [ValueSubject: (Double, Double)] = [
        .inline: (4, 80), .pointVector: (40, 120), .arrayStruct: (60, 400), .cMalloc: (10, 100), .cBuffer: (3, 40),
    ]

    static func results(frameTimes: Bool = true) -> BenchmarkResults {
        var results = SyntheticResults.make()
        var cells: [ValueTypeMeasurement] = []
        for operation in [ValueOperation.addAllocating, .frame] {
            for (index, size) in [16, 256].enumerated() {
                for subject in ValueSubject.allCases {
                    let time = index == 0 ? times[subject]!.0 : times[subject]!.1
                    let scaled = operation == .frame ? time * (subject == .arrayStruct ? 3 : 2) : time
                    let samples = [scaled, scaled, scaled]
                    cells.append(
                        ValueTypeMeasurement(
                            operation: operation, subject: subject, size: size, iterationsPerSample: 1,
                            samples: samples, summary: SampleStatistics.summarize(samples, seed: 1),
                            allocationsPerOperation: subject == .inline || subject == .cBuffer ? 0 : 1))
                }
            }
        }
        results.valueTypes = cells
        return results
    }

    @Test("the answer opens the section and the headline; the table gives ns and × C malloc per subject")
    func section() throws {
        let markdown = PerformanceReport.render(Self.results()).markdown
        let section = try #require(markdown.range(of: "## New values at animation sizes\n\n"))
        let answer = String(markdown[section.upperBound...].prefix { $0 != "\n" })
        // Two significant digits. a + b: inline 4/10 = 0.4× and 80/100 = 0.8× C malloc; 4/3 = 1.3× and 80/40 = 2× the buffer;
        // frame: [Double] struct 3·60/(2·4) = 22.5× and 3·400/(2·80) = 7.5× slower than inline;
        // PointVector 40/10 = 4× and 120/100 = 1.2× C malloc.
        #expect(
            answer
                == "At 16–256 points `InlinePointVector`'s `a + b` takes 0.40–0.80× the time of C's malloc + loop + free and 1.3–2.0× that of C's loop into a buffer; it allocates nothing; an animation frame is 7.5–22× faster than with a struct over `[Double]`; `PointVector`'s `a + b` takes 1.2–4.0× C's malloc + loop + free. Issue 41's bars: 4 of 7 met."
        )
        #expect(markdown.contains("New values at animation sizes ([below](#new-values-at-animation-sizes)): " + answer))
        #expect(
            markdown.contains(
                "| `a + b` | 256 | 80.0 ns (0.800×) | 120 ns (1.20×) | 400 ns (4.00×) | 100 ns | 40.0 ns (0.400×) |"))
        #expect(markdown.contains("| PointVector a + b ≤ 1.0× C malloc + loop + free at 256 points | 1.20× | **no** |"))
        // Tables follow the catalogue order: operations as declared, sizes ascending.
        let add16 = try #require(markdown.range(of: "| `a + b` | 16 |")),
            add256 = try #require(markdown.range(of: "| `a + b` | 256 |"))
        let frame16 = try #require(markdown.range(of: "| `from + (to − from) · t` | 16 |"))
        #expect(add16.lowerBound < add256.lowerBound && add256.lowerBound < frame16.lowerBound)
    }

    @Test("without a value sweep there is no section and no headline line")
    func absent() {
        var results = Self.results()
        results.valueTypes = nil
        let markdown = PerformanceReport.render(results).markdown
        #expect(!markdown.contains("New values at animation sizes"))
    }
}
