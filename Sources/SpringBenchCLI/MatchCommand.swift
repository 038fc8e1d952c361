import ArgumentParser
import Foundation
import SpringBenchSupport
import SpringModel
import SpringPlatforms

/// `springbench match`: the target platform's parameters whose shown motion
/// is closest to the source's (Guides/Matching.md).
package struct MatchCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "match",
        abstract: "The parameters that make another platform show the same motion, with the error stated.",
        discussion: """
            The source is any spring `springbench spring` takes (its options, or --preset), shown through its \
            platform's frame loop (the family's or the preset's platform; --source-platform exact for the closed \
            form itself). The answer is the --to platform's parameters, in its own names and as code to paste, \
            whose motion through its own loop, clock and done rule is closest to the source's at every refresh \
            rate asked, over a travel of --travel (0 → travel) starting at --velocity. The residual is the largest \
            difference while both move, as a fraction of the travel and in the travel's units; each platform's \
            snap to the target at its own "done" is stated apart, with when each declares the animation done. \
            Where the target cannot be given the source's own spring (a range, a clamp) the line says so and the \
            answer is the nearest spring it can show.
            """
    )

    package enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup(title: "The source spring (as for `springbench spring`)")
    package var springOptions: SpringOptions

    @Option(
        help: ArgumentHelp(
            "The target platform: \(SpringPlatform.matchTargets.compactMap(\.form?.keyword).joined(separator: ", ")).",
            valueName: "platform"))
    var to: String

    @Option(
        help:
            "Show the source through this platform's loop (\(SpringPlatform.withLoops.compactMap(\.form?.keyword).joined(separator: ", "))) or `exact`; default: the source form's platform."
    )
    var sourcePlatform: String?

    @Option(parsing: .unconditional, help: "Comma-separated refresh rates in Hz, 1…1000, at most 4 (default 60,120).")
    var refreshRates: String = "60,120"

    @Option(parsing: .unconditional, help: "The travel, from 0 to this value, in its units (default 100, e.g. px).")
    var travel: Double = 100

    @Option(parsing: .unconditional, help: "Initial velocity in travel units per second (default 0).")
    var velocity: Double = 0

    @Option(
        help: ArgumentHelp(
            "Also show the answer on a frame-time trace: hitch (one 50 ms frame at 0.1 s), drop (the rate halves at 0.2 s) or jitter (±25 %), at each --refresh-rates rate; or a file of frame times in seconds, one per line, the first 0.",
            valueName: "trace"))
    var frameTimes: String?

    @Option(help: "Output: text or json.")
    package var format: Format = .text

    /// The clocks `--frame-times` asks for: a named trace at each rate, or the file's once.
    package func traceClocks() throws -> [FrameClock] {
        guard let frameTimes else { return [] }
        if FrameClock.traceNames.contains(frameTimes) {
            return try rates().map { try StartOptions.clock(frameTimes: frameTimes, refreshRate: $0) }
        }
        return [try StartOptions.clock(frameTimes: frameTimes, refreshRate: 60)]
    }

    func rates() throws -> [Double] { try Self.rates(refreshRates) }

    /// `--refresh-rates`: 1…4 distinct rates in 1…1000 Hz, comma-separated.
    static func rates(_ refreshRates: String) throws -> [Double] {
        var rates: [Double] = []
        for text in refreshRates.split(separator: ",", omittingEmptySubsequences: false) {
            guard let rate = Double(text.trimmingCharacters(in: .whitespaces)), rate.isFinite,
                PlatformAnimation.refreshRates.contains(rate)
            else {
                throw UsageError("--refresh-rates: each must be a number in 1…1000 Hz, got \"\(text)\"")
            }
            if !rates.contains(rate) { rates.append(rate) }
        }
        guard !rates.isEmpty, rates.count <= 4 else {
            throw UsageError("--refresh-rates: give 1…4 rates, got \(refreshRates)")
        }
        return rates
    }

    func source(_ spring: Spring) throws -> ShownSpring {
        let keyword = sourcePlatform
        if keyword == "exact" { return .exact(spring, epsilon: springOptions.epsilon) }
        let platform: SpringPlatform?
        if let keyword {
            guard let named = SpringPlatform.withLoops.first(where: { $0.form?.keyword == keyword }) else {
                throw UsageError(
                    "--source-platform must be exact or one of \(SpringPlatform.withLoops.compactMap(\.form?.keyword).joined(separator: ", ")), got \(keyword)"
                )
            }
            platform = named
        } else {
            platform = springOptions.platform
        }
        guard let platform, platform.loop != nil else { return .exact(spring, epsilon: springOptions.epsilon) }
        return .platform(platform, spring, PlatformLoopOptions(motionRestSpeed: springOptions.motionRestSpeed))
    }

    /// The search the options ask for: the source spring shown through its
    /// platform, the --to platform, the refresh rates, the travel and the
    /// velocity; a ``UsageError`` naming a bad option.
    package func matcher() throws -> SpringMatcher {
        guard let target = SpringPlatform.matchTarget(to) else {
            throw UsageError(
                "--to must be one of \(SpringPlatform.matchTargets.compactMap(\.form?.keyword).joined(separator: ", ")), got \(to)"
            )
        }
        guard travel.isFinite, travel != 0, abs(travel) <= 1e9 else {
            throw UsageError("--travel must be a finite, non-zero number up to 1e9 in size, got \(travel)")
        }
        guard velocity.isFinite, abs(velocity) <= 1e12 else {
            throw UsageError("--velocity must be a finite number up to 1e12 in size, got \(velocity)")
        }
        let spring = try springOptions.spring()
        let shown = try source(spring)
        return SpringMatcher(
            source: shown, target: target, refreshRates: try rates(), from: 0, to: travel,
            initialVelocity: velocity)
    }

    package func run() throws {
        try exitingOnUsageError {
            let matcher = try matcher()
            let clocks = try traceClocks()
            let shown = matcher.source
            let result: SpringMatcher.Result
            do {
                result = try matcher.match()
            } catch let error as SpringMatcher.MatchError {
                throw UsageError(error.description)
            }
            let traces = clocks.map { matcher.onTrace(result, clock: $0) }
            switch format {
            case .text: print(Self.text(result, source: shown, travel: travel, traces: traces))
            case .json:
                print(try JSONOutput.string(MatchDocument(result, source: shown, travel: travel, traces: traces)))
            }
        }
    }

    /// "done 0.500 s (Android) vs 0.517 s, +17 ms", or which of the two is not done in the run.
    static func doneText(_ sourceDone: Double?, _ targetDone: Double?, source: String, target: String) -> String {
        switch (sourceDone, targetDone) {
        case (let s?, let t?):
            return String(format: "done %.3f s (%@) vs %.3f s, %+.0f ms", s, source, t, (t - s) * 1000)
        case (nil, let t?):
            return String(format: "%@ not done in the run; %@ done at %.3f s", source, target, t)
        case (let s?, nil):
            return String(format: "done %.3f s (%@); %@ not done in the run", s, source, target)
        case (nil, nil): return "neither done in the run"
        }
    }

    package static func text(
        _ result: SpringMatcher.Result, source: ShownSpring, travel: Double, traces: [SpringMatcher.TraceResult] = []
    ) -> String {
        let units = abs(travel)
        var lines = ["\(result.target.name): \(result.code)"]
        let names = result.target.form?.family.parameters.map(\.name) ?? []
        lines.append(
            "  "
                + names.compactMap { name in result.values[name].map { "\(name.rawValue) \(PlatformForm.number($0))" } }
                .joined(separator: ", "))
        for rate in result.rates {
            let done = doneText(rate.sourceDone, rate.targetDone, source: source.name, target: result.target.shortName)
            lines.append(
                String(
                    format:
                        "  %g Hz: residual %.4g %% of the travel (%.3g over %g) while both move; with the snaps at done %.4g %%; %@",
                    rate.refreshRate, rate.motionResidual * 100, rate.motionResidual * units, units,
                    rate.shownResidual * 100, done))
        }
        for trace in traces {
            let done = doneText(
                trace.sourceDone, trace.targetDone, source: source.name, target: result.target.shortName)
            lines.append(
                String(
                    format:
                        "  on %@: residual %.4g %% of the travel (%.3g over %g) while both move; with the snaps at done %.4g %%; %@; largest jump %.3g %% (%@) vs %.3g %%",
                    trace.clock.name, trace.motionResidual * 100, trace.motionResidual * units, units,
                    trace.shownResidual * 100, done, trace.sourceJump * 100, source.name, trace.targetJump * 100))
        }
        if let reason = result.unrepresentable {
            lines.append(
                "  not exact: \(result.target.shortName) cannot be given the source's spring: \(reason); this is the nearest it can show"
            )
        }
        lines.append("  source: \(source.name) \(source.spring)")
        return lines.joined(separator: "\n")
    }
}

/// `match --format json`.
package struct MatchDocument: Encodable {
    /// The answer on each `--frame-times` clock (absent without it).
    struct Trace: Encodable {
        var frameTimes: String
        var residual: Double
        var residualUnits: Double
        var residualWithSnaps: Double
        var sourceDoneSeconds: Double?
        var targetDoneSeconds: Double?
        var sourceLargestJump: Double
        var targetLargestJump: Double
    }
    var target: String
    var code: String
    var parameters: [String: Double]
    var source: String
    var sourceSpring: [String: Double]
    var targetSpring: [String: Double]
    var travel: Double
    var rates: [SpringMatcher.RateDocument]
    var traces: [Trace]?
    var notExact: String?
    var evaluations: Int

    package init(
        _ result: SpringMatcher.Result, source: ShownSpring, travel: Double, traces: [SpringMatcher.TraceResult] = []
    ) {
        target = result.target.form?.keyword ?? result.target.name
        code = result.code
        parameters = Dictionary(uniqueKeysWithValues: result.values.map { ($0.key.rawValue, $0.value) })
        self.source = source.name
        sourceSpring = [
            "mass": source.spring.mass, "stiffness": source.spring.stiffness, "damping": source.spring.damping,
        ]
        targetSpring = [
            "mass": result.spring.mass, "stiffness": result.spring.stiffness, "damping": result.spring.damping,
        ]
        self.travel = travel
        rates = result.rates.map { SpringMatcher.RateDocument($0, travel: travel) }
        self.traces =
            traces.isEmpty
            ? nil
            : traces.map {
                Trace(
                    frameTimes: $0.clock.name, residual: $0.motionResidual,
                    residualUnits: $0.motionResidual * abs(travel), residualWithSnaps: $0.shownResidual,
                    sourceDoneSeconds: $0.sourceDone, targetDoneSeconds: $0.targetDone,
                    sourceLargestJump: $0.sourceJump, targetLargestJump: $0.targetJump)
            }
        notExact = result.unrepresentable
        evaluations = result.evaluations
    }
}
