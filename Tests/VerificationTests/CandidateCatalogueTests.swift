import Testing
import Verification

@Suite("The candidate-formula catalogue")
struct CandidateCatalogueTests {
    static let results: VerificationResults = {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates]
        return suite.run()
    }()

    @Test("the wrong transcription of Guides/SpringFormulas.md is rejected with each violated property listed")
    func wrongTranscriptionRejected() throws {
        let verdict = try #require(Self.results.candidates.first { $0.name == DampingFormula.wrongTranscription.name })
        #expect(!verdict.accepted)
        let violated = Set(verdict.violations.map(\.property))
        let expected: Set = [
            "critical-at-zero", "undamped-at-one", "continuous-at-zero", "monotone-in-bounce", "non-negative-damping",
            "duration-sets-time-scale-only", "apple-example", "apple-example-inverse", "motion-matches-reference",
        ]
        #expect(expected.isSubset(of: violated), "missing: \(expected.subtracting(violated))")
        #expect(verdict.summary.hasPrefix("rejected: violates critical-at-zero"))
        // By how much: damping 1 at bounce 0 and duration 0.5 is ζ = 1/(8π) ≈ 0.04, not 1.
        let critical = try #require(verdict.violations.first { $0.property == "critical-at-zero" })
        #expect(critical.worstValue > 0.5)
        #expect(verdict.largestMotionError > 0.1)
        // A catalogue candidate's rejection is a finding, not a failure.
        #expect(Self.results.allHold)
        #expect(Self.results.check(named: "candidate.transcript-wrong.critical-at-zero")?.verdict == .expectedViolation)
    }

    @Test("SpringBench's SwiftUI mapping is accepted: every property holds")
    func swiftUIAccepted() throws {
        let verdict = try #require(Self.results.candidates.first { $0.name == DampingFormula.swiftUI.name })
        #expect(verdict.accepted, "\(verdict.violations)")
        #expect(verdict.largestMotionError < 1e-9)
    }

    @Test("a formula given as text is judged like the others: the right one holds, the one-branch one fails")
    func userFormulas() throws {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates]
        suite.candidates = [
            try DampingFormula(expression: "4*pi*(1/(1 + min(bounce, 0)) - max(bounce, 0))/duration", name: "right"),
            try DampingFormula(expression: "4*pi*(1-bounce)/duration", name: "one branch"),
        ]
        let results = suite.run()
        let right = try #require(results.candidates.first { $0.name == "right" })
        #expect(right.accepted, "\(right.violations)")
        let oneBranch = try #require(results.candidates.first { $0.name == "one branch" })
        #expect(Set(oneBranch.violations.map(\.property)) == ["round-trip", "motion-matches-reference"])
        #expect(
            results.check(named: "candidate.one-branch.round-trip")?.verdict == .fails,
            "a formula given to be verified fails the run")
    }
}
