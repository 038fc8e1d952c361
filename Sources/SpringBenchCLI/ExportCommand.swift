import ArgumentParser
import Foundation
import SpringBenchSupport
import SpringModel
import SpringPlatforms

/// `springbench export`: a spring as CSS — `linear()`, `@keyframes` or a
/// `cubic-bezier()` — with its error stated (Guides/Matching.md).
package struct ExportCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "A spring as CSS linear(), @keyframes or cubic-bezier(), with its largest error stated.",
        discussion: """
            The motion is the spring's exact motion from 0 to --travel (default 100, px) starting at --velocity, \
            or with --platform a platform's shown frames at --refresh-rate. --css-linear writes the `linear()` \
            easing with the fewest stops found whose piecewise-linear curve, evaluated as CSS Easing Level 2 \
            defines it and as written (rounded), stays within --tolerance (default 0.5, in the travel's units) of \
            the motion everywhere: at a grid of points and, between them, by a bound on the motion's curvature; \
            never more stops than evenly spaced ones need for the same bound. The duration is the whole \
            milliseconds until the spring stays within the tolerance of the target; what is left then (the \
            truncation) is stated apart. --keyframes writes the same stops as CSS @keyframes of --property. \
            --cubic-bezier writes the cubic Bézier with the smallest largest difference found, with that \
            difference stated however large.
            """
    )

    package enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @OptionGroup(title: "The spring (as for `springbench spring`)")
    package var springOptions: SpringOptions

    @Flag(help: "Write a CSS linear() easing and its duration.")
    var cssLinear = false

    @Flag(help: "Write CSS @keyframes with the same stops.")
    var keyframes = false

    @Flag(help: "Write the closest CSS cubic-bezier(), the duration it spans, and its error.")
    var cubicBezier = false

    @Flag(
        help:
            "Write a design token (DTCG JSON, $type spring) with every platform's matched parameters and residuals and a linear() fallback."
    )
    var designToken = false

    @Option(
        parsing: .unconditional,
        help: "For --design-token: the refresh rates each platform is matched at, 1…4 in 1…1000 Hz (default 60,120).")
    var refreshRates: String = "60,120"

    @Option(parsing: .unconditional, help: "The largest error allowed, in the travel's units (default 0.5).")
    var tolerance: Double = 0.5

    @Option(parsing: .unconditional, help: "The travel, from 0 to this value (default 100, px).")
    var travel: Double = 100

    @Option(parsing: .unconditional, help: "Initial velocity in travel units per second (default 0).")
    var velocity: Double = 0

    @Option(
        help:
            "Export this platform's shown frames instead of the exact spring: \(SpringPlatform.withLoops.compactMap(\.form?.keyword).joined(separator: ", "))."
    )
    var platform: String?

    @Option(parsing: .unconditional, help: "Refresh rate for --platform, 1…1000 Hz (default 60).")
    var refreshRate: Double = 60

    @Option(help: "The CSS property @keyframes animate (default translateX, written as transform: translateX(…px)).")
    package var property: String = "translateX"

    @Option(help: "The @keyframes name (default spring).")
    package var name: String = "spring"

    @Option(help: "Output: text or json.")
    package var format: Format = .text

    package func validate() throws {
        guard cssLinear || keyframes || cubicBezier || designToken else {
            throw ValidationError("give --css-linear, --keyframes, --cubic-bezier (any of them) or --design-token")
        }
        if designToken {
            guard !(cssLinear || keyframes || cubicBezier) else {
                throw ValidationError(
                    "--design-token writes a token, which carries its own linear() fallback; leave out --css-linear, --keyframes and --cubic-bezier"
                )
            }
            guard platform == nil, format == .text else {
                throw ValidationError(
                    "--design-token describes the spring itself, in JSON; leave out \(platform != nil ? "--platform" : "--format")"
                )
            }
        }
        guard travel.isFinite, travel != 0, abs(travel) <= 1e9 else {
            throw ValidationError("--travel must be a finite, non-zero number up to 1e9 in size, got \(travel)")
        }
        guard tolerance.isFinite, tolerance > 0, tolerance <= abs(travel) / 10, tolerance >= abs(travel) * 1e-7 else {
            throw ValidationError(
                "--tolerance must be between 1e-7 and 0.1 of the travel (\(abs(travel) * 1e-7)…\(abs(travel) / 10)), got \(tolerance)"
            )
        }
        guard velocity.isFinite, abs(velocity) <= abs(travel) * 1e4 else {
            throw ValidationError("--velocity must be finite and at most 1e4 travels per second, got \(velocity)")
        }
        guard refreshRate.isFinite, PlatformAnimation.refreshRates.contains(refreshRate) else {
            throw ValidationError("--refresh-rate must be in 1…1000 Hz, got \(refreshRate)")
        }
        guard ["translateX", "translateY", "scale", "rotate", "opacity"].contains(property) else {
            throw ValidationError(
                "--property must be translateX, translateY, scale, rotate or opacity, got \(property)")
        }
        guard !name.isEmpty, name.first!.isLetter,
            name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") })
        else {
            throw ValidationError("--name must be a CSS identifier (letters, digits, - and _), got \(name)")
        }
    }

    /// What `run()` exports, from the options, in units of the travel.
    package struct Plan {
        var spring: Spring
        /// --tolerance as a fraction of the travel.
        package var relativeTolerance: Double
        /// --velocity in travels per second.
        package var relativeVelocity: Double
        /// --platform's frames at --refresh-rate, or nil for the exact spring.
        package var platform: SpringPlatform?
        package var refreshRate: Double
    }

    /// The plan, or a ``UsageError``: a spring that does not settle within
    /// --tolerance, an unknown --platform.
    package func plan() throws -> Plan {
        let spring = try springOptions.spring()
        let relative = tolerance / abs(travel)
        let settle = spring.exactSettlingDuration(
            initialDisplacement: -1, initialVelocity: velocity / travel, epsilon: relative / 2)
        guard settle.isFinite, settle <= PlatformAnimation.maximumDuration else {
            throw UsageError(
                "the spring given (damping ratio \(PlatformForm.number(spring.dampingRatio))) does not settle within --tolerance in \(Int(PlatformAnimation.maximumDuration)) s, so CSS has no finite duration for it; give more damping (a lower --bounce, a higher --damping or --damping-ratio)"
            )
        }
        var named: SpringPlatform?
        if let platform {
            guard let match = SpringPlatform.withLoops.first(where: { $0.form?.keyword == platform }) else {
                throw UsageError(
                    "--platform must be one of \(SpringPlatform.withLoops.compactMap(\.form?.keyword).joined(separator: ", ")), got \(platform)"
                )
            }
            named = match
        }
        return Plan(
            spring: spring, relativeTolerance: relative, relativeVelocity: velocity / travel, platform: named,
            refreshRate: refreshRate)
    }

    package func run() throws {
        try exitingOnUsageError {
            let plan = try plan()
            if designToken {
                let options = SpringDesignToken.ExportOptions(
                    travel: travel, velocity: velocity, refreshRates: try MatchCommand.rates(refreshRates),
                    epsilon: springOptions.epsilon, tolerance: tolerance)
                let data = try SpringDesignToken.document(name: name, spring: plan.spring, options: options)
                print(String(decoding: data, as: UTF8.self))
                return
            }
            let spring = plan.spring
            let relative = plan.relativeTolerance
            let motion: ExportedMotion
            var source = "the exact spring \(spring)"
            if let named = plan.platform {
                let shown = ShownSpring.platform(
                    named, spring, PlatformLoopOptions(motionRestSpeed: springOptions.motionRestSpeed)
                )
                .run(from: 0, to: 1, initialVelocity: plan.relativeVelocity, refreshRate: plan.refreshRate)
                motion = .frames(shown)
                source = "\(named.name)'s frames at \(PlatformForm.number(plan.refreshRate)) Hz of \(spring)"
            } else {
                motion = .exact(spring, velocity: plan.relativeVelocity, epsilon: relative)
            }
            var document = ExportDocument(source: source, travel: travel, tolerance: tolerance)
            var lines: [String] = []
            let linear = CSSExport.linear(motion, epsilon: relative)
            document.durationMilliseconds = linear.durationMilliseconds
            if cssLinear || keyframes {
                let summary =
                    "\(linear.easing.stops.count) stops (evenly spaced ones would need \(linear.uniformStops)); within \(String(format: "%.4g", linear.maximumError * abs(travel))) everywhere over \(PlatformForm.number(abs(travel))); after \(linear.durationMilliseconds) ms the motion is still up to \(String(format: "%.4g", linear.truncation * abs(travel))) from the target (the easing holds it there)"
                lines.append("/* \(source); \(summary) */")
                document.stops = linear.easing.stops.count
                document.uniformStops = linear.uniformStops
                document.linearError = linear.maximumError * abs(travel)
                document.truncation = linear.truncation * abs(travel)
            }
            if cssLinear {
                lines.append("transition-timing-function: \(linear.text);")
                lines.append("transition-duration: \(linear.durationMilliseconds)ms;")
                document.linear = linear.text
            }
            if keyframes {
                let text = Self.keyframes(linear.easing, name: name, property: property, travel: travel)
                lines.append(text)
                lines.append("animation: \(name) \(linear.durationMilliseconds)ms linear both;")
                document.keyframes = text
            }
            if cubicBezier {
                let (curve, error) = CSSExport.cubicBezier(motion)
                lines.append(
                    "/* closest cubic Bézier: up to \(String(format: "%.4g", error * abs(travel))) off over \(PlatformForm.number(abs(travel))) (\(String(format: "%.3g", error * 100)) % of the travel), at \(motion.inputs.count) points */"
                )
                lines.append("transition-timing-function: \(curve.text);")
                // The curve spans the motion's duration: without it the easing cannot be used as printed.
                if !cssLinear { lines.append("transition-duration: \(linear.durationMilliseconds)ms;") }
                document.cubicBezier = curve.text
                document.cubicBezierError = error * abs(travel)
            }
            switch format {
            case .text: print(lines.joined(separator: "\n"))
            case .json: print(try JSONOutput.string(document))
            }
        }
    }

    /// `@keyframes NAME { 0% { transform: translateX(0px); } … }` at the stops' inputs.
    package static func keyframes(_ easing: CSSLinearEasing, name: String, property: String, travel: Double) -> String {
        let frames = easing.stops.map { stop -> String in
            let value = stop.output * travel
            let declaration: String
            switch property {
            case "opacity": declaration = "opacity: \(CSSLinearEasing.decimal(value, digits: 5))"
            case "scale": declaration = "transform: scale(\(CSSLinearEasing.decimal(value, digits: 5)))"
            case "rotate": declaration = "transform: rotate(\(CSSLinearEasing.decimal(value, digits: 4))deg)"
            default: declaration = "transform: \(property)(\(CSSLinearEasing.decimal(value, digits: 3))px)"
            }
            return "  \(CSSLinearEasing.decimal(stop.input * 100, digits: 3))% { \(declaration); }"
        }
        return "@keyframes \(name) {\n" + frames.joined(separator: "\n") + "\n}"
    }
}

/// `export --format json`.
struct ExportDocument: Encodable {
    var source: String
    var travel: Double
    var tolerance: Double
    var durationMilliseconds: Int?
    var stops: Int?
    var uniformStops: Int?
    var linearError: Double?
    var truncation: Double?
    var linear: String?
    var keyframes: String?
    var cubicBezier: String?
    var cubicBezierError: Double?

    init(source: String, travel: Double, tolerance: Double) {
        self.source = source
        self.travel = travel
        self.tolerance = tolerance
    }
}
