import ODEReference
import SpringPlatforms
import Testing
import Verification

@Suite("The reference integrator keeps its promise on the grid")
struct ReferenceAccuracyTests {
    @Test("DOP853 at rtol 1e-12: observed error within the promised tolerance everywhere on the grid, order 8 measured")
    func dop853WithinPromise() throws {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.referenceIntegrator, .closedForm]
        let results = suite.run()
        let closedForm = try #require(results.check(named: "closed-form.vs-reference"))
        #expect(closedForm.verdict == .holds, "\(closedForm.worstCase)")
        #expect(try #require(closedForm.ratio) <= 1)
        #expect(closedForm.casesChecked > 10_000)
        #expect(results.check(named: "reference.order")?.verdict == .holds)
    }

    @Test("DP5(4) at rtol 1e-10 keeps its promise too, with order 5")
    func dp54WithinPromise() {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.referenceIntegrator, .closedForm]
        suite.referencePair = .dormandPrince54
        suite.relativeTolerance = 1e-10
        suite.absoluteTolerance = 1e-12
        let results = suite.run()
        #expect(results.allHold, "\(results.failures.map(\.worstCase))")
    }

    @Test("the fixed-step schemes show their orders and the platforms' errors are reported")
    func fixedStepSchemes() {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.fixedStepSchemes]
        let results = suite.run()
        #expect(results.allHold)
        for slug in ["semi-implicit-euler", "rk4", "velocity-verlet"] {
            #expect(results.check(named: "fixed-step.\(slug).order")?.verdict == .holds)
        }
        #expect(
            results.fixedStepErrors.contains { $0.platform?.contains(SpringPlatform.reactSpring.shortName) == true })
        #expect(results.fixedStepErrors.allSatisfy { $0.largestPositionError.isFinite })
    }
}
