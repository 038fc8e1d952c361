import Foundation
import Reporting
import Testing
import Verification

@Suite("Reports/verification.md and its JSON")
struct VerificationReportTests {
    @Test("the report opens with the verdict, flags the wrong transcription and links plots that it attaches")
    func reportShape() throws {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates, .fixedStepSchemes, .conversions]
        let results = suite.run()
        let document = try VerificationReport.render(results, machine: nil)
        #expect(document.path == "verification.md")
        #expect(document.markdown.hasPrefix("# Verification\n\n**Verdict: pass.**"))
        #expect(document.markdown.contains("transcript (wrong) — **rejected**"))
        #expect(document.markdown.contains("`critical-at-zero`"))
        for (path, contents) in document.attachments where path.hasSuffix(".svg") {
            #expect(document.markdown.contains("](\(path))"))
            #expect(contents.hasPrefix("<svg") || contents.hasPrefix("<?xml"))
        }
        #expect(document.attachments.keys.contains("plots/verification-fixed-step-error.svg"))
        #expect(document.attachments.keys.contains("plots/verification-motion-1.svg"))
        let json = try #require(document.attachments[VerificationReport.jsonPath])
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        let decoded = try decoder.decode(VerificationResults.self, from: Data(json.utf8))
        #expect(decoded.checks.count == results.checks.count)
    }

    @Test("a failing run says FAIL first and lists the failing check")
    func failingReport() throws {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates]
        suite.candidates = [try DampingFormula(expression: "1 - 4*pi*bounce/duration", name: "mine")]
        let results = suite.run()
        let document = try VerificationReport.render(results, machine: nil)
        #expect(document.markdown.hasPrefix("# Verification\n\n**Verdict: FAIL.**"))
        #expect(document.markdown.contains("`candidate.mine.critical-at-zero`"))
    }
}
