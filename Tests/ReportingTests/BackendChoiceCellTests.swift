import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport
import _TestSupport

/// backend-choice.md's tables read back cell by cell and checked against
/// figures the test derives from the synthetic model itself, so a cell filled
/// from the wrong backend, size or kernel, or rows in the wrong order, fail.
///
/// The model is ``DistinctCellModel``.
@Suite("backend-choice.md cell by cell")
struct BackendChoiceCellTests {
    typealias Model = DistinctCellModel
    static let sizes = Model.sizes, backends = Model.backends, kernels = Model.kernels
    static let halfWidth = Model.halfWidth
    typealias Expected = Model.Expected
    static func perElement(_ kernel: Kernel, _ backend: String, _ size: Int) -> Double {
        Model.perElement(kernel, backend, size)
    }
    static func expected(_ kernel: Kernel, _ size: Int) -> Expected { Model.expected(kernel, size) }
    static func name(_ backend: String) -> String { Model.displayNames[backend]! }

    static func significant(_ value: Double) -> String { NumberFormatting.significant(value) }
    static func ratio(_ value: Double) -> String { NumberFormatting.ratio(value) }

    static let markdown = BackendChoiceReport.render(Model.results).markdown

    @Test("the model has the shape the checks rely on: clear wins, a tie range and a crossover")
    func modelShape() {
        for kernel in Self.kernels {
            let verdicts = Self.sizes.map { Self.expected(kernel, $0) }
            #expect(verdicts.map(\.clear) == [true, true, false, false, true])
            #expect(verdicts.map { $0.ranking[0].backend } == ["naive", "naive", "simd", "simd", "openblas"])
        }
    }

    @Test("each kernel's evidence table: header, one row per size in ascending order, every cell")
    func verdictTables() throws {
        let header = [
            "N", "Verdict", "Margin", "Backends, fastest first: median ns/element [95 % interval]",
        ]
        let tables = MarkdownTableReader.tables(in: Self.markdown).filter { $0.header == header }
        try #require(tables.count == Self.kernels.count)
        for (kernel, table) in zip(Self.kernels, tables) {
            #expect(table.rows.count == Self.sizes.count)
            for (row, size) in zip(table.rows, Self.sizes) {
                let verdict = Self.expected(kernel, size)
                let fastest = Self.name(verdict.ranking[0].backend)
                #expect(row[0] == NumberFormatting.size(size), "\(kernel) row \(row)")
                if verdict.clear {
                    #expect(row[1] == "**\(fastest)** wins", "\(kernel) \(size)")
                } else {
                    let tied = verdict.tied.map(Self.name).joined(separator: ", ")
                    let within = NumberFormatting.percent(verdict.equalWithin!, digits: 2)
                    #expect(
                        row[1] == "no clear winner (fastest median: \(fastest); \(tied) equal within \(within))",
                        "\(kernel) \(size)")
                }
                #expect(row[2] == Self.ratio(verdict.margin), "\(kernel) \(size)")
                let ranking = verdict.ranking.map { backend, value in
                    "\(Self.name(backend)) \(Self.significant(value)) "
                        + "[\(Self.significant(value * (1 - Model.lowerWidth(backend)))), \(Self.significant(value * (1 + Self.halfWidth)))]"
                }
                #expect(row[3] == ranking.joined(separator: " · "), "\(kernel) \(size)")
            }
        }
    }

    @Test("the range table: kernels in order, ranges ascending, winner, margin with where it is smallest")
    func rangeTable() throws {
        let table = try #require(
            MarkdownTableReader.table(withHeader: ["Kernel", "N", "Use", "Margin"], in: Self.markdown))
        var expectedRows: [[String]] = []
        for kernel in Self.kernels {
            let verdicts = Self.sizes.map { Self.expected(kernel, $0) }
            // Consecutive sizes with the same clear winner (or none) form a range.
            var ranges: [[Expected]] = []
            for verdict in verdicts {
                let winner = verdict.clear ? verdict.ranking[0].backend : nil
                if let last = ranges.last?.last, (last.clear ? last.ranking[0].backend : nil) == winner {
                    ranges[ranges.count - 1].append(verdict)
                } else {
                    ranges.append([verdict])
                }
            }
            #expect(ranges.count == 3)
            for range in ranges {
                let from = range.first!.size, to = range.last!.size
                let span =
                    from == to
                    ? NumberFormatting.size(from) : "\(NumberFormatting.size(from)) – \(NumberFormatting.size(to))"
                if range[0].clear {
                    let closest = range.min { $0.margin < $1.margin }!
                    expectedRows.append([
                        kernel.rawValue, span, "**\(Self.name(range[0].ranking[0].backend))**",
                        "≥ \(Self.ratio(closest.margin)) (closest: \(Self.name(closest.ranking[1].backend)) at "
                            + "\(NumberFormatting.size(closest.size)))",
                    ])
                } else {
                    let tied = Self.backends.filter { backend in range.contains { $0.tied.contains(backend) } }
                    let within = range.compactMap(\.equalWithin).max()!
                    let spread = range.flatMap { verdict in
                        verdict.ranking.filter { verdict.tied.contains($0.backend) }.map {
                            $0.perElement / verdict.ranking[0].perElement
                        }
                    }.max()!
                    expectedRows.append([
                        kernel.rawValue, span,
                        "no clear winner (\(tied.map(Self.name).joined(separator: ", ")) equal within "
                            + "\(NumberFormatting.percent(within, digits: 2)))",
                        "medians within \(Self.ratio(spread))",
                    ])
                }
            }
        }
        #expect(table.rows == expectedRows, "\(table)")
    }

    @Test("the per-kernel summary: crossover sizes and estimate, safest backend and its worst ratio")
    func kernelSummary() throws {
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: [
                    "Kernel", "Crossovers (clear winner changes)", "Safest single backend",
                    "Its worst ratio to the fastest",
                ], in: Self.markdown))
        var expectedRows: [[String]] = []
        for kernel in Self.kernels {
            // naive wins clearly up to 256, OpenBLAS from 1 Mi: the log-ratio crosses 0 in between.
            let low = 256, high = 1 << 20
            let r0 = log(Self.perElement(kernel, "naive", low) / Self.perElement(kernel, "openblas", low))
            let r1 = log(Self.perElement(kernel, "naive", high) / Self.perElement(kernel, "openblas", high))
            let estimate = exp(log(Double(low)) + r0 / (r0 - r1) * (log(Double(high)) - log(Double(low))))
            let worst = Self.backends.map { backend in
                (
                    backend,
                    Self.sizes.map { size in
                        Self.perElement(kernel, backend, size)
                            / Self.backends.map { Self.perElement(kernel, $0, size) }.min()!
                    }.max()!
                )
            }.min { $0.1 < $1.1 }!
            expectedRows.append([
                kernel.rawValue,
                "naive → OpenBLAS between \(NumberFormatting.size(low)) and \(NumberFormatting.size(high)) "
                    + "(≈ \(NumberFormatting.approximateSize(estimate)))",
                Self.name(worst.0), Self.ratio(worst.1),
            ])
        }
        #expect(table.rows == expectedRows, "\(table)")
    }
}
