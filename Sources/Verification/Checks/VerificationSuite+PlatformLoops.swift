import ODEReference
import SpringModel
import SpringPlatforms

// Every registered platform's frame loop (`SpringPlatform.withLoops`, so a
// platform added to the registry is checked here with no other change), run
// from rest over a unit distance at 60 and 120 Hz on the fixed-step springs
// (and an over-damped one), against the reference at each frame's display time.

extension VerificationSuite {
    /// The display rates the loops are checked at.
    static let platformLoopRates: [Double] = [60, 120]

    /// A platform's check name: its short name, lower-cased, spaces as hyphens.
    static func platformLoopSlug(_ platform: SpringPlatform) -> String {
        platform.shortName.lowercased().split(separator: " ").joined(separator: "-")
    }

    /// The fixed-step springs, with an over-damped one (react-spring's
    /// molasses, ζ ≈ 3.6) in every mode: loops that run ζ ≥ 1 as critical show it.
    var platformLoopSprings: [(name: String, stiffness: Double, damping: Double)] {
        let springs = fixedStepSprings
        let molasses = (name: "react-spring molasses", stiffness: 280.0, damping: 120.0)
        return springs.contains { $0.name == molasses.name } ? springs : springs + [molasses]
    }

    func platformLoopChecks() -> [VerificationCheck] {
        var checks: [VerificationCheck] = []
        for platform in SpringPlatform.withLoops {
            guard let loop = platform.loop else { continue }
            var recorder = CheckRecorder(
                "platform-loop.\(Self.platformLoopSlug(platform)).shown-within-settling-epsilon", .fixedStepSchemes,
                property:
                    "\(platform.shortName)'s frame loop (\(platform.loopSummary)): largest |shown − reference| over the frames before its own done frame ≤ the settling threshold, at \(Self.platformLoopRates.map { "\(Int($0))" }.joined(separator: " and ")) Hz",
                toleranceSource:
                    "ε = 0.001 of the distance, as for the fixed-step schemes: a larger error moves the shown motion by more than what counts as arrived. A violation is a finding about that platform's loop (its step, clock or per-tick rule), not about SpringBench"
            )
            for named in platformLoopSprings {
                guard let spring = try? Spring(mass: 1, stiffness: named.stiffness, damping: named.damping) else {
                    continue
                }
                for rate in Self.platformLoopRates {
                    let shown = loop.init(spring, options: PlatformLoopOptions())
                        .run(from: 0, to: 1, initialVelocity: 0, refreshRate: rate)
                    let end = Swift.min(shown.doneFrame ?? shown.values.count, shown.values.count)
                    let times = (0..<end).map { Double($0) / rate }
                    let system = SpringODE(stiffness: named.stiffness, damping: named.damping, target: 1)
                    guard let reference = try? referenceMotion(system, position: 0, velocity: 0, at: times) else {
                        recorder.record(violated: true, "\(named.name) at \(rate) Hz: the reference failed")
                        continue
                    }
                    var worst = 0.0
                    for n in 0..<end {
                        let error = abs(shown.values[n] - reference.positions[n])
                        if error > worst || error.isNaN { worst = error }
                    }
                    recorder.record(
                        worst, tolerance: 0.001,
                        "\(named.name) (k \(text(named.stiffness)), c \(text(named.damping))) at \(text(rate)) Hz")
                }
            }
            checks.append(recorder.finish(violationExpected: true))
        }
        return checks
    }
}
