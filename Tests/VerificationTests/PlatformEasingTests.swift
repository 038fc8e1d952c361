import SpringPlatforms
import Testing
import Verification

@Suite("Closed-form platform easings against the reference")
struct PlatformEasingTests {
    @Test(
        "anime.js's easings are their springs at their own spring time; v3 and v4.0 show over-damping as critical (a finding)"
    )
    func animeEasings() throws {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.closedForm]
        suite.closedFormSampling = 1000  // the grid's first spring only; these checks are apart from it
        let results = suite.run()
        for slug in ["anime-v3", "anime-v4.0", "anime-v4.2"] {
            let check = try #require(results.check(named: "platform-easing.\(slug).vs-reference"))
            #expect(check.verdict == .holds, "\(check.name): \(check.worstCase)")
            #expect(check.casesChecked >= 400, "\(check.name): \(check.casesChecked) cases")
        }
        for slug in ["anime-v3", "anime-v4.0"] {
            let finding = try #require(results.check(named: "platform-easing.\(slug).over-damped-as-critical"))
            #expect(finding.verdict == .expectedViolation, "\(finding.worstCase)")
            // ζ 3 shown as critical: the curves are a tenth of the travel apart, not an ulp.
            #expect(finding.worstValue > 0.05, "\(finding.worstCase)")
        }
        #expect(results.check(named: "platform-easing.anime-v4.2.over-damped-as-critical") == nil)
    }
}
