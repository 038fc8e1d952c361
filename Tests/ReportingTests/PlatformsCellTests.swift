import Foundation
import Reporting
import SpringModel
import SpringPlatforms
import Testing
import _ResultsTestSupport
import _TestSupport

/// platforms.md's tables read back cell by cell, from a comparison whose
/// cells are replaced by figures that encode platform, spring and refresh
/// rate: a column filled from another rate or another spring shows another
/// number.
@Suite("platforms.md cell by cell")
struct PlatformsCellTests {
    static let rates: [Double] = [60, 120, 240]
    static let springs = [
        PlatformComparison.NamedSpring(name: "SwiftUI .bouncy", spring: SpringPreset.bouncy.spring),
        PlatformComparison.NamedSpring(name: "react-spring default", spring: SpringPreset.reactDefault.spring),
    ]
    static let platforms = PlatformLoops.platforms

    static func indices(_ cell: PlatformComparison.Cell) -> (p: Int, s: Int, r: Int) {
        (
            platforms.firstIndex(of: cell.platform)!, springs.firstIndex { $0.name == cell.spring }!,
            rates.firstIndex(of: cell.refreshRate)!
        )
    }

    /// 1.sr × 10^−(p+2): three significant digits name the spring and the rate, the magnitude the platform.
    static func error(_ p: Int, _ s: Int, _ r: Int) -> Double {
        Double(100 + 10 * s + r) * pow(10, -Double(p + 4))
    }

    /// p+1 seconds, plus tenths for the spring and hundredths for the rate; none for one cell.
    static func done(_ p: Int, _ s: Int, _ r: Int) -> Double? {
        p == 0 && s == 1 && r == 2 ? nil : Double(p + 1) + 0.1 * Double(s + 1) + 0.01 * Double(r + 1)
    }

    /// Signed by platform (+ for even, − for odd); none for the second platform (it keeps
    /// no clock). In percent at the highest rate: the tens name the spring's rank and the units
    /// the platform (two digits, as the column shows them); the largest is the last spring's for
    /// even platforms and the first spring's for odd ones, so "the largest drift" is neither the
    /// first nor the last spring's by position. Each lower rate is ten times smaller.
    static func drift(_ p: Int, _ s: Int, _ r: Int) -> Double? {
        guard p != 1 else { return nil }
        let rank = p % 2 == 0 ? s + 1 : springs.count - s
        let percent = Double(10 * rank + p % 10) * pow(10, Double(r - (rates.count - 1)))
        return (p % 2 == 0 ? 1 : -1) * percent / 100
    }

    static let comparison: PlatformComparison = {
        var comparison = PlatformComparison(springs: springs, refreshRates: rates)
        comparison.cells = comparison.cells.map { cell in
            var cell = cell
            let (p, s, r) = indices(cell)
            cell.largestError = error(p, s, r)
            cell.doneTime = done(p, s, r)
            cell.clockDrift = drift(p, s, r)
            return cell
        }
        return comparison
    }()

    static let markdown = PlatformsReport.render(comparison, machine: nil).markdown

    @Test("the answer table: worst error per rate over the springs, the clock at the highest rate")
    func answerTable() throws {
        let header =
            ["platform"] + Self.rates.map { "worst error @\(Int($0)) Hz" } + ["clock @240 Hz", "what it does"]
        let table = try #require(MarkdownTableReader.table(withHeader: header, in: Self.markdown))
        let expected = Self.platforms.enumerated().map { p, platform in
            var row = [platform.shortName]
            for r in Self.rates.indices {
                row.append(NumberFormatting.significant(Self.springs.indices.map { Self.error(p, $0, r) }.max()!))
            }
            // The largest drift at the highest rate: rank = the number of springs, whichever spring it is.
            if p == 1 {
                row.append("display time")
            } else {
                let percent = Double(10 * Self.springs.count + p % 10)
                row.append((p % 2 == 0 ? "+" : "−") + NumberFormatting.significant(percent, digits: 2) + " %")
            }
            row.append(platform.loopSummary.replacingOccurrences(of: "\n", with: " "))
            return row
        }
        #expect(table.rows.map { Array($0.dropLast()) } == expected.map { Array($0.dropLast()) }, "\(table)")
        #expect(table.rows.map(\.last) == expected.map(\.last))
    }

    @Test("each spring's table: error and done time per rate, from that spring and that rate")
    func springTables() throws {
        var header = ["platform"]
        for rate in Self.rates { header += ["error @\(Int(rate)) Hz", "done @\(Int(rate)) Hz (s)"] }
        let tables = MarkdownTableReader.tables(in: Self.markdown).filter { $0.header == header }
        try #require(tables.count == Self.springs.count)
        for (s, table) in tables.enumerated() {
            let expected = Self.platforms.enumerated().map { p, platform in
                [platform.shortName]
                    + Self.rates.indices.flatMap { r in
                        [
                            NumberFormatting.significant(Self.error(p, s, r)),
                            Self.done(p, s, r).map { NumberFormatting.significant($0, digits: 4) } ?? "not within 60 s",
                        ]
                    }
            }
            #expect(table.rows == expected, "\(Self.springs[s].name):\n\(table)")
        }
        // The tables follow the springs' order, each under its own heading.
        let headings = Self.markdown.split(separator: "\n").filter { $0.hasPrefix("### ") }
        #expect(headings.map { String($0.dropFirst(4).prefix { $0 != "(" }) } == Self.springs.map { $0.name + " " })
    }
}
