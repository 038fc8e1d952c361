import Foundation
import Reporting
import SpringModel
import SpringPlatforms
import Testing

/// The platforms report's conversion matrix, cell by cell against the matches it was built from.
@Suite struct ConversionMatrixReportTests {
    @Test("Each source's table: targets in the order given, the code, residuals in px and done times as matched")
    func cells() throws {
        let matrix = ConversionMatrix(presets: [.bouncy, .compose], targets: [.flutter, .jetpackCompose, .pop])
        let text = PlatformsReport.conversions(matrix)
        for row in matrix.rows {
            let after = try #require(text.components(separatedBy: "### \(row.preset.name) (").dropFirst().first)
            let section = after.components(separatedBy: "\n### ")[0]
            let lines = section.split(separator: "\n").filter { $0.hasPrefix("| ") && !$0.hasPrefix("| target") }
            #expect(lines.count == 3)
            for (line, (target, result)) in zip(lines, row.matches) {
                let match = try result.get()
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                #expect(cells[0].hasPrefix(target.shortName))
                #expect(cells[0].hasSuffix("(not exact)") == (match.unrepresentable != nil))
                #expect(cells[1] == "`\(match.code)`")
                #expect(cells[2] == NumberFormatting.significant(match.residual * 100, digits: 3))
                #expect(cells[3] == NumberFormatting.significant(match.shownResidual * 100, digits: 3))
                let done = [match.rates[0].sourceDone, match.rates[0].targetDone].map {
                    $0.map { NumberFormatting.significant($0, digits: 3) } ?? "—"
                }
                #expect(cells[4] == done.joined(separator: " → "))
            }
            #expect(section.contains("transition: transform \(row.css.durationMilliseconds)ms \(row.css.text);"))
            #expect(section.contains("(\(row.css.easing.stops.count) stops,"))
            // The CSS is fitted within 0.5 px over the 100 px travel, as a fraction of the travel.
            let bound = ConversionMatrix.cssTolerance / ConversionMatrix.travel
            #expect(row.css.maximumError <= bound, "\(row.preset.name): \(row.css.maximumError) > \(bound)")
            #expect(row.css.maximumError > bound / 20, "\(row.preset.name): fitted far tighter than asked")
        }
        // The same spring on its own platform is matched exactly.
        let composeOnCompose = try matrix.rows[1].matches[1].result.get()
        #expect(composeOnCompose.residual == 0)
    }
}
