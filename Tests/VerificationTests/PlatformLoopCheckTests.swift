import SpringPlatforms
import Testing
import Verification

/// `springbench verify` checks every registered platform's frame loop against
/// the reference: a platform added to `SpringPlatform.all` is picked up with
/// no other change.
@Suite("verify: every registered frame loop against the reference")
struct PlatformLoopCheckTests {
    static let results: VerificationResults = {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.fixedStepSchemes]
        return suite.run()
    }()

    @Test("one check per platform with a loop, none failing (a loop's error is a finding)")
    func everyLoopIsChecked() throws {
        for platform in SpringPlatform.withLoops {
            let slug = platform.shortName.lowercased().split(separator: " ").joined(separator: "-")
            let check = try #require(
                Self.results.check(named: "platform-loop.\(slug).shown-within-settling-epsilon"), "\(platform)")
            #expect(check.verdict != .fails, "\(check.worstCase)")
        }
        #expect(Self.results.allHold)
    }

    @Test("Flutter shows the closed form; Reanimated's per-frame restart does too, except ζ ≥ 1 run as critical")
    func closedFormLoops() throws {
        let flutter = try #require(Self.results.check(named: "platform-loop.flutter.shown-within-settling-epsilon"))
        #expect(flutter.verdict == .holds)
        for slug in ["reanimated-4", "reanimated-3"] {
            // The over-damped molasses spring (ζ ≈ 3.6) runs as the critical spring of its k/m.
            let check = try #require(Self.results.check(named: "platform-loop.\(slug).shown-within-settling-epsilon"))
            #expect(check.verdict == .expectedViolation, "\(check.worstCase)")
            #expect(check.worstCase.contains("molasses"), "\(check.worstCase)")
        }
        // Svelte's per-tick damping: off at 120 Hz even for a spring it matches exactly at 60 Hz.
        let svelte = try #require(Self.results.check(named: "platform-loop.svelte.shown-within-settling-epsilon"))
        #expect(svelte.verdict == .expectedViolation)
    }
}
