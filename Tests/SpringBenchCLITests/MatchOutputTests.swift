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
        struct Trace: Decodable {
            var frameTimes: String
            var residual: Double
            var residualUnits: Double
            var residualWithSnaps: Double
            var sourceDoneSeconds: Double?
            var targetDoneSeconds: Double?
            var sourceLargestJump: Double
            var targetLargestJump: Double
        }
        var rates: [Rate]
        var traces: [Trace]?
        var notExact: String?
        var evaluations: Int
    }

    /// Two traces whose every figure is distinct: trace t, column c is 0.0t0c…; the second has
    /// no source done.
    static func traces() throws -> [SpringMatcher.TraceResult] {
        let clocks = [try #require(FrameClock.named("hitch", at: 120)), try #require(FrameClock.named("drop", at: 48))]
        return clocks.enumerated().map { t, clock in
            let base = 0.01 * Double(t + 1)
            return SpringMatcher.TraceResult(
                clock: clock, motionResidual: base + 0.0001, shownResidual: base + 0.0002,
                sourceDone: t == 1 ? nil : 2 + base + 0.0003, targetDone: 2 + base + 0.0004,
                sourceJump: base + 0.0005, targetJump: base + 0.0006)
        }
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
        #expect(!lines.contains { $0.hasPrefix("  on ") }, "no --frame-times, no trace line")
    }

    @Test("--frame-times: one line and one JSON object per trace, in order, each figure its own")
    func traceFields() throws {
        let (result, source) = try Self.result()
        let traces = try Self.traces()
        let document = try JSONDecoder().decode(
            Read.self,
            from: Data(
                try JSONOutput.string(MatchDocument(result, source: source, travel: Self.travel, traces: traces)).utf8))
        let read = try #require(document.traces)
        try #require(read.count == 2)
        for (t, row) in read.enumerated() {
            let base = 0.01 * Double(t + 1)
            #expect(row.frameTimes == traces[t].clock.name, "trace \(t)")
            #expect(row.residual == base + 0.0001 && row.residualUnits == (base + 0.0001) * 40, "trace \(t)")
            #expect(row.residualWithSnaps == base + 0.0002, "trace \(t)")
            #expect(row.sourceDoneSeconds == (t == 1 ? nil : 2 + base + 0.0003), "trace \(t)")
            #expect(row.targetDoneSeconds == 2 + base + 0.0004, "trace \(t)")
            #expect(row.sourceLargestJump == base + 0.0005 && row.targetLargestJump == base + 0.0006, "trace \(t)")
        }
        let plain = try JSONDecoder().decode(
            Read.self, from: Data(try JSONOutput.string(MatchDocument(result, source: source, travel: 40)).utf8))
        #expect(plain.traces == nil, "without --frame-times the document has no traces")

        let lines = MatchCommand.text(result, source: source, travel: Self.travel, traces: traces)
            .split(separator: "\n").map(String.init)
        let traceLines = lines.filter { $0.hasPrefix("  on ") }
        try #require(traceLines.count == 2, "\(lines)")
        #expect(
            traceLines[0].hasPrefix(
                "  on 120 Hz with one 50 ms frame at 0.1 s: residual 1.01 % of the travel (0.404 over 40)"))
        #expect(traceLines[0].contains("with the snaps at done 1.02 %; done 2.010 s (exact) vs 2.010 s, +0 ms;"))
        #expect(traceLines[0].hasSuffix("largest jump 1.05 % (exact) vs 1.06 %"), "\(traceLines[0])")
        #expect(traceLines[1].hasPrefix("  on 48 Hz, then 24 Hz from 0.2 s: residual 2.01 %"), "\(traceLines[1])")
        #expect(traceLines[1].contains("exact not done in the run; \(result.target.shortName) done at 2.020 s"))
        #expect(traceLines[1].hasSuffix("largest jump 2.05 % (exact) vs 2.06 %"), "\(traceLines[1])")
        // After the rates, before the source line.
        #expect(lines.firstIndex(of: traceLines[0])! > lines.lastIndex { $0.contains(" Hz: ") }!)
        #expect(lines.last == "  source: exact \(source.spring)")
    }
}
