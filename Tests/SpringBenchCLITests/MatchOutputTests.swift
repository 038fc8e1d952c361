import Foundation
import SpringBenchCLI
import SpringBenchSupport
import SpringModel
import SpringPlatforms
import Testing

/// `match`'s two outputs pinned field by field: a real result whose every
/// per-rate figure is then replaced by a distinct synthetic value (each one
/// names its rate and its column), so a figure taken from another rate or
/// another column, a reordered rate or a residual not scaled by the travel's
/// size shows as a wrong value, not as a plausible one.
@Suite("match: every field of the text and JSON output shows its own value")
struct MatchOutputTests {
    /// Rates deliberately not in ascending order: the output keeps the order asked.
    static let rates: [Double] = [120, 48, 90]
    /// Negative: the residual in travel units uses |travel|.
    static let travel = -40.0

    static func result() throws -> (SpringMatcher.Result, ShownSpring) {
        let command = try MatchCommand.parse([
            "--to", "flutter", "--source-platform", "exact", "--stiffness", "170", "--damping", "26",
            "--refresh-rates", "120,48,90", "--travel", "-40",
        ])
        let matcher = try command.matcher()
        var result = try matcher.match()
        // Row r, column c: 0.0r0c… — every figure distinct and traceable.
        try #require(result.rates.map(\.refreshRate) == Self.rates)
        for r in result.rates.indices {
            result.rates[r].motionResidual = 0.001 * Double(r + 1) + 0.0001
            result.rates[r].shownResidual = 0.001 * Double(r + 1) + 0.0002
            result.rates[r].sourceDone = 1 + Double(r) / 10 + 0.003
            result.rates[r].targetDone = 1 + Double(r) / 10 + 0.004
        }
        result.rates[2].sourceDone = nil  // one rate where the source is not done in the run
        result.unrepresentable = nil
        return (result, matcher.source)
    }

    /// The document as a reader sees it (JSONDecoder: exact for every
    /// double; Foundation's JSONSerialization on Linux is not).
    struct Read: Decodable {
        struct Rate: Decodable {
            var refreshRate: Double
            var residual: Double
            var residualUnits: Double
            var residualWithSnaps: Double
            var sourceDoneSeconds: Double?
            var targetDoneSeconds: Double?
        }
        var target: String
        var code: String
        var parameters: [String: Double]
        var source: String
        var sourceSpring: [String: Double]
        var targetSpring: [String: Double]
        var travel: Double
        var rates: [Rate]
        var notExact: String?
        var evaluations: Int
    }

    @Test("JSON: target, code, parameters, both springs, travel and each rate's six fields, in the order asked")
    func json() throws {
        let (result, source) = try Self.result()
        let text = try JSONOutput.string(MatchDocument(result, source: source, travel: Self.travel))
        let document = try JSONDecoder().decode(Read.self, from: Data(text.utf8))
        #expect(document.target == "flutter")
        #expect(document.code == result.code)
        #expect(document.source == "exact")
        #expect(document.travel == Self.travel)
        #expect(document.evaluations == result.evaluations)
        #expect(document.notExact == nil)
        #expect(
            document.parameters == Dictionary(uniqueKeysWithValues: result.values.map { ($0.key.rawValue, $0.value) }))
        #expect(!document.parameters.isEmpty)
        #expect(document.sourceSpring == ["mass": 1, "stiffness": 170, "damping": 26])
        #expect(
            document.targetSpring == [
                "mass": result.spring.mass, "stiffness": result.spring.stiffness, "damping": result.spring.damping,
            ])
        try #require(document.rates.count == Self.rates.count)
        for (r, row) in document.rates.enumerated() {
            let motion = 0.001 * Double(r + 1) + 0.0001
            #expect(row.refreshRate == Self.rates[r], "row \(r)")
            #expect(row.residual == motion, "row \(r)")
            #expect(row.residualUnits == motion * 40, "row \(r)")
            #expect(row.residualWithSnaps == 0.001 * Double(r + 1) + 0.0002, "row \(r)")
            #expect(row.targetDoneSeconds == 1 + Double(r) / 10 + 0.004, "row \(r)")
            #expect(row.sourceDoneSeconds == (r == 2 ? nil : 1 + Double(r) / 10 + 0.003), "row \(r)")
        }
    }

    @Test("the result's residuals are its worst rate's: the conversion matrix and the verdicts read them")
    func worstRate() throws {
        let (result, _) = try Self.result()
        // Rates 120, 48, 90 carry 0.0011, 0.0021, 0.0031 (motion) and 0.0012, 0.0022, 0.0032 (shown).
        #expect(result.residual == 0.001 * 3 + 0.0001)
        #expect(result.shownResidual == 0.001 * 3 + 0.0002)
        var reordered = result
        reordered.rates.reverse()
        #expect(reordered.residual == result.residual && reordered.shownResidual == result.shownResidual)
    }

    @Test("text: one line per rate, in the order asked, each with its own residuals and done times")
    func text() throws {
        let (result, source) = try Self.result()
        let lines = MatchCommand.text(result, source: source, travel: Self.travel).split(separator: "\n").map(
            String.init)
        #expect(lines.first == "\(result.target.name): \(result.code)")
        let rateLines = lines.filter { $0.hasPrefix("  ") && $0.contains(" Hz: ") }
        try #require(rateLines.count == 3, "\(lines)")
        for (r, line) in rateLines.enumerated() {
            let motion = 0.001 * Double(r + 1) + 0.0001
            let shown = motion + 0.0001
            let expectedStart = String(
                format:
                    "  %g Hz: residual %.4g %% of the travel (%.3g over 40) while both move; with the snaps at done %.4g %%; ",
                Self.rates[r], motion * 100, motion * 40, shown * 100)
            #expect(line.hasPrefix(expectedStart), "line \(r): \(line)\nexpected: \(expectedStart)")
            let targetDone = 1 + Double(r) / 10 + 0.004
            if r == 2 {
                #expect(
                    line.hasSuffix(
                        String(
                            format: "exact not done in the run; %@ done at %.3f s", result.target.shortName, targetDone)
                    ), "\(line)")
            } else {
                let sourceDone = 1 + Double(r) / 10 + 0.003
                #expect(
                    line.hasSuffix(
                        String(
                            format: "done %.3f s (exact) vs %.3f s, %+.0f ms", sourceDone, targetDone,
                            (targetDone - sourceDone) * 1000)), "\(line)")
            }
        }
        #expect(lines.last == "  source: exact \(source.spring)")
    }
}
