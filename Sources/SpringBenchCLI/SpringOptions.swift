import ArgumentParser
import SpringModel

/// The options that choose one spring, in any parameterization, shared by
/// `springbench spring` and `springbench convert`.
///
/// Exactly one family may be given; within a family missing values take the
/// platform's defaults where it has them (SwiftUI duration 0.5, bounce 0;
/// mass 1). With no family at all the spring is SwiftUI's default `.smooth`.
struct SpringOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "SwiftUI perceptual duration in seconds (> 0), with --bounce.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "SwiftUI bounce, -1 < bounce <= 1 (0 critical, negative over-damped).")
    var bounce: Double?

    @Option(parsing: .unconditional, help: "Mass (> 0) for --stiffness/--damping, --response or --tension; default 1.")
    var mass: Double?

    @Option(parsing: .unconditional, help: "Stiffness k (> 0), with --damping.")
    var stiffness: Double?

    @Option(parsing: .unconditional, help: "Damping c (>= 0), with --stiffness. Over-damping is kept (SwiftUI would clamp it).")
    var damping: Double?

    @Option(parsing: .unconditional, help: "Response (undamped period, seconds, > 0), with --damping-ratio.")
    var response: Double?

    @Option(parsing: .unconditional, help: "Damping ratio (>= 0), with --response, --settling-duration or --android-stiffness.")
    var dampingRatio: Double?

    @Option(parsing: .unconditional, help: "Settling duration in seconds (> 0) to reach within --epsilon, with --damping-ratio (> 0).")
    var settlingDuration: Double?

    @Option(parsing: .unconditional, help: "Android SpringForce stiffness (> 0; HIGH 10000, MEDIUM 1500, LOW 200, VERY_LOW 50), with --damping-ratio.")
    var androidStiffness: Double?

    @Option(parsing: .unconditional, help: "Motion visualDuration in seconds (> 0), with --motion-bounce (0...0.95, clamped like Motion).")
    var motionVisualDuration: Double?

    @Option(parsing: .unconditional, help: "Motion bounce for --motion-visual-duration.")
    var motionBounce: Double?

    @Option(parsing: .unconditional, help: "react-spring tension (> 0), with --friction.")
    var tension: Double?

    @Option(parsing: .unconditional, help: "react-spring friction (>= 0), with --tension.")
    var friction: Double?

    @Option(parsing: .unconditional, help: "react-spring frequency (seconds, > 0), with --react-damping (damping ratio, default 1).")
    var reactFrequency: Double?

    @Option(parsing: .unconditional, help: "react-spring damping ratio for --react-frequency.")
    var reactDamping: Double?

    @Option(parsing: .unconditional, help: "Rebound/Origami tension, with --origami-friction (defaults 40, 7).")
    var origamiTension: Double?

    @Option(parsing: .unconditional, help: "Rebound/Origami friction.")
    var origamiFriction: Double?

    @Option(parsing: .unconditional, help: "Pop springBounciness, 0...20 (default 4), with --pop-speed.")
    var popBounciness: Double?

    @Option(parsing: .unconditional, help: "Pop springSpeed, 0...20 (default 12).")
    var popSpeed: Double?

    @Option(help: "A named spring: \(SpringOptions.presetNames.joined(separator: ", ")).")
    var preset: String?

    @Option(parsing: .unconditional, help: "Settling threshold relative to the initial displacement, 0 < epsilon < 1 (default 0.001).")
    var epsilon: Double = 0.001

    static let presets: [(name: String, spring: Spring)] = [
        ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
        ("core-animation", CoreAnimationParameters.defaults.spring),
        ("android", AndroidSpringForce.springForceDefault.spring),
        ("compose", AndroidSpringForce.composeDefault.spring),
        ("motion", MotionParameters.defaults.spring),
        ("rebound", OrigamiParameters.defaults.spring),
        ("pop", PopParameters.defaults.spring),
    ] + ReactSpringParameters.presets.map { ("react-\($0.name)", $0.parameters.spring) }

    static var presetNames: [String] { presets.map(\.name) }

    /// The families given on the command line, each with the flags that set it.
    private var families: [(name: String, flags: [String])] {
        let all: [(String, [(String, Bool)])] = [
            ("SwiftUI", [("--duration", duration != nil), ("--bounce", bounce != nil)]),
            ("physical", [("--stiffness", stiffness != nil), ("--damping", damping != nil)]),
            ("response", [("--response", response != nil)]),
            ("settling", [("--settling-duration", settlingDuration != nil)]),
            ("Android", [("--android-stiffness", androidStiffness != nil)]),
            ("Motion", [("--motion-visual-duration", motionVisualDuration != nil), ("--motion-bounce", motionBounce != nil)]),
            ("react-spring", [("--tension", tension != nil), ("--friction", friction != nil)]),
            ("react-spring frequency", [("--react-frequency", reactFrequency != nil), ("--react-damping", reactDamping != nil)]),
            ("Origami", [("--origami-tension", origamiTension != nil), ("--origami-friction", origamiFriction != nil)]),
            ("Pop", [("--pop-bounciness", popBounciness != nil), ("--pop-speed", popSpeed != nil)]),
            ("preset", [("--preset", preset != nil)]),
        ]
        return all.compactMap { name, flags in
            let given = flags.filter(\.1).map(\.0)
            return given.isEmpty ? nil : (name, given)
        }
    }

    /// The spring the options describe, or a ``UsageError`` naming the flag.
    func spring() throws -> Spring {
        guard epsilon.isFinite, epsilon > 0, epsilon < 1 else {
            throw UsageError("--epsilon must be greater than 0 and less than 1, got \(epsilon)")
        }
        let chosen = families
        if chosen.count > 1 {
            throw UsageError(
                "give one spring, got \(chosen.map { $0.flags.joined(separator: "/") }.joined(separator: " and "))")
        }
        let family = chosen.first?.name ?? "preset"
        if family != "physical" && family != "response" && family != "react-spring", mass != nil {
            throw UsageError("--mass goes with --stiffness/--damping, --response or --tension, not with \(chosen.first?.flags.first ?? "the default spring")")
        }
        if dampingRatio != nil, !["response", "settling", "Android"].contains(family) {
            throw UsageError("--damping-ratio goes with --response, --settling-duration or --android-stiffness")
        }
        // Model parameter names → flags, per family.
        func build(_ flags: [String: String], _ body: () throws -> Spring) throws -> Spring {
            do {
                return try body()
            } catch let error as SpringParameterError {
                throw UsageError(Self.message(for: error, flags: flags))
            }
        }
        switch family {
        case "SwiftUI":
            return try build(["duration": "--duration", "bounce": "--bounce"]) {
                try SwiftUIParameters(duration: duration ?? 0.5, bounce: bounce ?? 0).spring
            }
        case "physical":
            guard let stiffness, let damping else {
                throw UsageError("--stiffness and --damping go together (and --mass, default 1)")
            }
            return try build(["mass": "--mass", "stiffness": "--stiffness", "damping": "--damping"]) {
                try Spring(mass: mass ?? 1, stiffness: stiffness, damping: damping)
            }
        case "response":
            return try build(["response": "--response", "dampingRatio": "--damping-ratio", "mass": "--mass"]) {
                try ResponseParameters(response: response!, dampingRatio: dampingRatio ?? 1, mass: mass ?? 1).spring
            }
        case "settling":
            guard let dampingRatio else { throw UsageError("--settling-duration needs --damping-ratio") }
            return try build(["settlingDuration": "--settling-duration", "dampingRatio": "--damping-ratio", "epsilon": "--epsilon"]) {
                try SettlingParameters(settlingDuration: settlingDuration!, dampingRatio: dampingRatio, epsilon: epsilon).spring
            }
        case "Android":
            return try build(["stiffness": "--android-stiffness", "dampingRatio": "--damping-ratio"]) {
                try AndroidSpringForce(
                    stiffness: androidStiffness!, dampingRatio: dampingRatio ?? AndroidSpringForce.DampingRatio.mediumBouncy
                ).spring
            }
        case "Motion":
            guard let motionVisualDuration else { throw UsageError("--motion-bounce needs --motion-visual-duration") }
            return try build(["visualDuration": "--motion-visual-duration", "bounce": "--motion-bounce"]) {
                try MotionDurationParameters(visualDuration: motionVisualDuration, bounce: motionBounce ?? 0).spring
            }
        case "react-spring":
            return try build(["tension": "--tension", "friction": "--friction", "mass": "--mass"]) {
                try ReactSpringParameters(tension: tension ?? 170, friction: friction ?? 26, mass: mass ?? 1).spring
            }
        case "react-spring frequency":
            guard let reactFrequency else { throw UsageError("--react-damping needs --react-frequency") }
            return try build(["frequency": "--react-frequency", "damping": "--react-damping"]) {
                try ReactSpringParameters(frequency: reactFrequency, damping: reactDamping ?? 1).spring
            }
        case "Origami":
            return try build(["origamiTension": "--origami-tension", "origamiFriction": "--origami-friction"]) {
                try OrigamiParameters(origamiTension: origamiTension ?? 40, origamiFriction: origamiFriction ?? 7).spring
            }
        case "Pop":
            return try build(["bounciness": "--pop-bounciness", "speed": "--pop-speed"]) {
                try PopParameters(bounciness: popBounciness ?? 4, speed: popSpeed ?? 12).spring
            }
        default:
            let name = preset ?? "smooth"
            guard let match = Self.presets.first(where: { $0.name == name }) else {
                throw UsageError("--preset must be one of \(Self.presetNames.joined(separator: ", ")), got \(name)")
            }
            return match.spring
        }
    }

    /// The model's message with its parameter renamed to the flag the user typed.
    static func message(for error: SpringParameterError, flags: [String: String]) -> String {
        switch error {
        case .outOfRange(let parameter, let validRange, let value):
            return "\(flags[parameter] ?? parameter) must be \(validRange), got \(value)"
        default:
            return error.description
        }
    }
}
