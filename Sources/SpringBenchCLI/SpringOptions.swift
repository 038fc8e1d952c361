import ArgumentParser
import Foundation
import SpringModel
import SpringPlatforms

/// The options that choose one spring, in any parameterization, shared by
/// `springbench spring` and `springbench convert`.
///
/// The families, their parameters, defaults, ranges and flags, and the
/// presets are SpringPlatforms' catalogue (`SpringParameterizationKind`,
/// `SpringPreset`); this type only reads the flags' values for it. Exactly one family may be given; within a
/// family missing values take the catalogue's defaults (SwiftUI duration 0.5,
/// bounce 0; mass 1). With no family at all the spring is SwiftUI's `.smooth`.
package struct SpringOptions: ParsableArguments {
    package init() {}

    @Option(parsing: .unconditional, help: "SwiftUI perceptual duration in seconds (> 0), with --bounce.")
    var duration: Double?

    @Option(parsing: .unconditional, help: "SwiftUI bounce, -1 < bounce <= 1 (0 critical, negative over-damped).")
    var bounce: Double?

    @Option(parsing: .unconditional, help: "Mass (> 0) for --stiffness/--damping, --response or --tension; default 1.")
    var mass: Double?

    @Option(parsing: .unconditional, help: "Stiffness k (> 0), with --damping.")
    var stiffness: Double?

    @Option(
        parsing: .unconditional,
        help: "Damping c (>= 0), with --stiffness. Over-damping is kept (SwiftUI would clamp it).")
    var damping: Double?

    @Option(parsing: .unconditional, help: "Response (undamped period, seconds, > 0), with --damping-ratio.")
    var response: Double?

    @Option(
        name: .customLong("damping-ratio"), parsing: .unconditional,
        help:
            "Damping ratio (>= 0), with --response, --settling-duration, --exact-settling-duration or --android-stiffness; also Android's names (\(DampingRatioArgument.listing))."
    )
    var dampingRatioArgument: DampingRatioArgument?
    var dampingRatio: Double? { dampingRatioArgument?.value }

    @Option(
        parsing: .unconditional,
        help:
            "SwiftUI's Spring(settlingDuration:dampingRatio:) in seconds (> 0; SwiftUI clamps it to 0.01...10 and the damping ratio to at most 1), with --damping-ratio."
    )
    var settlingDuration: Double?

    @Option(
        parsing: .unconditional,
        help:
            "SpringBench's exact settling duration in seconds (> 0): the motion from rest stays within --epsilon after it; with --damping-ratio (> 0)."
    )
    var exactSettlingDuration: Double?

    @Option(
        name: .customLong("android-stiffness"), parsing: .unconditional,
        help:
            "Android SpringForce / Compose stiffness (> 0), a number or a name (\(AndroidStiffnessArgument.listing)), with --damping-ratio."
    )
    var androidStiffnessArgument: AndroidStiffnessArgument?
    var androidStiffness: Double? { androidStiffnessArgument?.value }

    @Option(
        parsing: .unconditional,
        help: "Motion visualDuration in seconds (> 0), with --motion-bounce (0...0.95, clamped like Motion).")
    var motionVisualDuration: Double?

    @Option(
        parsing: .unconditional,
        help:
            "Motion bounce for --motion-visual-duration or --motion-duration (default 0.3, Motion's; clamped to 0...0.95)."
    )
    var motionBounce: Double?

    @Option(
        parsing: .unconditional,
        help:
            "Motion duration-based spring { duration, bounce }: duration in seconds (> 0; Motion clamps it to 0.01...10), with --motion-bounce."
    )
    var motionDuration: Double?

    @Option(parsing: .unconditional, help: "react-spring tension (> 0), with --friction.")
    var tension: Double?

    @Option(parsing: .unconditional, help: "react-spring friction (>= 0), with --tension.")
    var friction: Double?

    @Option(
        parsing: .unconditional,
        help: "react-spring frequency (seconds, > 0), with --react-damping (damping ratio, default 1).")
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

    @Option(
        parsing: .unconditional,
        help: "anime.js v4.2+ spring({ bounce }): -1...1 (clamped like anime.js; default 0.5), with --anime-duration.")
    var animeBounce: Double?

    @Option(
        parsing: .unconditional,
        help: "anime.js v4.2+ spring({ duration }): perceived duration in ms (clamped to 10...10000; default 628).")
    var animeDuration: Double?

    @Option(
        parsing: .unconditional,
        help:
            "Figma Motion { bounce, duration }: duration in seconds (> 0), with --figma-bounce; read with SwiftUI's mapping, which Figma does not confirm."
    )
    var figmaDuration: Double?

    @Option(parsing: .unconditional, help: "Figma Motion bounce, 0...1 (default 0), with --figma-duration.")
    var figmaBounce: Double?

    @Option(
        help: ArgumentHelp(
            "A design token file (DTCG JSON): the spring is its token of $type spring (Guides/Matching.md, \"Design tokens\").",
            valueName: "file"))
    var designTokenFile: String?

    @Option(
        help: ArgumentHelp(
            "The token's dotted path in --design-token-file, when the file has several spring tokens.",
            valueName: "name"))
    var designTokenName: String?

    @Option(help: "A named spring: \(SpringPreset.all.map(\.name).joined(separator: ", ")).")
    var preset: String?

    @Option(
        parsing: .unconditional,
        help: "SwiftUI's extraBounce, added to the bounce of --preset smooth, snappy or bouncy (.bouncy(extraBounce:))."
    )
    var extraBounce: Double?

    @Option(
        parsing: .unconditional,
        help: "Settling threshold relative to the initial displacement, 0 < epsilon < 1 (default 0.001).")
    package var epsilon: Double = 0.001

    /// Flags several families share; they never choose a family by themselves.
    private static let sharedFlags: Set<String> = ["--mass", "--damping-ratio", "--epsilon", "--motion-bounce"]

    /// Each flag's value, if given, by the flag's name: what the families'
    /// ``SpringParameterizationFamily/flags`` read. A family's new flag needs
    /// its `@Option` above and its line here.
    private var flagValues: [String: Double?] {
        [
            "--duration": duration, "--bounce": bounce, "--mass": mass, "--stiffness": stiffness, "--damping": damping,
            "--response": response, "--damping-ratio": dampingRatio, "--settling-duration": settlingDuration,
            "--exact-settling-duration": exactSettlingDuration, "--epsilon": epsilon,
            "--android-stiffness": androidStiffness,
            "--motion-visual-duration": motionVisualDuration, "--motion-bounce": motionBounce,
            "--motion-duration": motionDuration,
            "--tension": tension, "--friction": friction, "--react-frequency": reactFrequency,
            "--react-damping": reactDamping,
            "--origami-tension": origamiTension, "--origami-friction": origamiFriction,
            "--pop-bounciness": popBounciness, "--pop-speed": popSpeed,
            "--anime-bounce": animeBounce, "--anime-duration": animeDuration,
            "--figma-duration": figmaDuration, "--figma-bounce": figmaBounce,
        ]
    }

    /// The flags that set `kind`'s parameters (its family's
    /// ``SpringParameterizationFamily/flags``), with their values if given.
    /// A parameter without a flag (react-spring frequency's mass) takes its
    /// catalogue default.
    private func flags(
        for kind: SpringParameterizationKind
    ) -> [(flag: String, parameter: SpringParameter.Name, value: Double?)] {
        let values = flagValues
        return kind.family.flags.map { ($0.flag, $0.parameter, values[$0.flag] ?? nil) }
    }

    /// The flags that choose `kind` (its flags no other family shares).
    private func choosingFlags(for kind: SpringParameterizationKind) -> [String] {
        flags(for: kind).map(\.flag).filter { !Self.sharedFlags.contains($0) }
    }

    /// The families given on the command line (a `nil` kind is `--preset`),
    /// each with the flags that chose it.
    private var families: [(kind: SpringParameterizationKind?, flags: [String])] {
        let kinds: [(SpringParameterizationKind?, [String])] = SpringParameterizationKind.all.map { kind in
            (kind, flags(for: kind).filter { !Self.sharedFlags.contains($0.flag) && $0.value != nil }.map(\.flag))
        }
        return (kinds + [(nil, preset != nil ? ["--preset"] : [])]).filter { !$0.1.isEmpty }
    }

    /// "--response, --settling-duration or --android-stiffness": the families
    /// a shared flag goes with, each by the flags that choose it.
    private func families(using sharedFlag: String) -> String {
        let names = SpringParameterizationKind.all
            .filter { kind in flags(for: kind).contains { $0.flag == sharedFlag } }
            .map { choosingFlags(for: $0).joined(separator: "/") }
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }

    /// The platform whose form the options give the spring in (the chosen
    /// family's, or the preset's; SwiftUI's for the default `.smooth`), or
    /// nil for the forms no one platform owns.
    var platform: SpringPlatform? {
        if designTokenFile != nil { return nil }
        guard let chosen = families.first else { return SpringPreset.smooth.platform }
        if let kind = chosen.kind { return kind.family.platform }
        return preset.flatMap(SpringPreset.named)?.platform
    }

    /// Motion's `restSpeed` when `--preset` is one of Motion's default transitions.
    var motionRestSpeed: Double? { preset.flatMap(SpringPreset.named)?.motionRestSpeed }

    /// The spring the options describe, or a ``UsageError`` naming the flag.
    package func spring() throws -> Spring {
        guard epsilon.isFinite, epsilon > 0, epsilon < 1 else {
            throw UsageError("--epsilon must be greater than 0 and less than 1, got \(epsilon)")
        }
        let chosen = families
        if let designTokenFile {
            guard chosen.isEmpty, extraBounce == nil, mass == nil, dampingRatio == nil, motionBounce == nil else {
                throw UsageError(
                    "give one spring: --design-token-file or a family's flags, got --design-token-file and \((chosen.flatMap(\.flags) + ["--extra-bounce", "--mass", "--damping-ratio", "--motion-bounce"].filter { flagGiven($0) }).joined(separator: ", "))"
                )
            }
            return try Self.token(file: designTokenFile, name: designTokenName).spring
        }
        if designTokenName != nil {
            throw UsageError("--design-token-name goes with --design-token-file")
        }
        if chosen.count > 1 {
            throw UsageError(
                "give one spring, got \(chosen.map { $0.flags.joined(separator: "/") }.joined(separator: " and "))")
        }
        let kind = chosen.first?.kind
        let kindFlags = kind.map(flags(for:)) ?? []
        for (shared, value) in [("--mass", mass), ("--damping-ratio", dampingRatio), ("--motion-bounce", motionBounce)]
        where value != nil {
            guard kindFlags.contains(where: { $0.flag == shared }) else {
                throw UsageError(
                    "\(shared) goes with \(families(using: shared)), not with \(chosen.first?.flags.first ?? "the default spring")"
                )
            }
        }
        if extraBounce != nil, kind != nil || !["smooth", "snappy", "bouncy"].contains(preset ?? "smooth") {
            throw UsageError(
                "--extra-bounce goes with --preset smooth, snappy or bouncy (SwiftUI's presets), not with "
                    + (chosen.first?.flags.first.map { $0 == "--preset" ? "--preset \(preset ?? "")" : $0 }
                        ?? "the default spring"))
        }
        guard let kind else {
            let name = preset ?? SpringPreset.smooth.name
            guard let match = SpringPreset.named(name) else {
                throw UsageError(
                    "--preset must be one of \(SpringPreset.all.map(\.name).joined(separator: ", ")), got \(name)")
            }
            if let extraBounce {
                let base = match.values[.bounce] ?? 0
                do {
                    // SwiftUI's .smooth/.snappy/.bouncy(duration: 0.5, extraBounce:): bounce = base + extraBounce.
                    return try SwiftUIParameters(duration: match.values[.duration] ?? 0.5, bounce: base + extraBounce)
                        .spring
                } catch {
                    throw UsageError(
                        "--extra-bounce must make the bounce \(base) + extra-bounce a finite number greater than -1, got \(extraBounce)"
                    )
                }
            }
            return match.spring
        }
        var values: [SpringParameter.Name: Double] = [:]
        for (_, parameter, value) in kindFlags {
            if let value { values[parameter] = value }
        }
        do {
            return try kind.makeSpring(values)
        } catch {
            throw UsageError(message(for: error, kind: kind))
        }
    }

    private func flagGiven(_ flag: String) -> Bool {
        switch flag {
        case "--extra-bounce": return extraBounce != nil
        case "--mass": return mass != nil
        case "--damping-ratio": return dampingRatio != nil
        case "--motion-bounce": return motionBounce != nil
        default: return false
        }
    }

    /// The spring token `name` (or the only one) of the design token file at `file`; what the
    /// reader noticed and did not use is printed as warnings. A ``UsageError`` names the file and
    /// the JSON path.
    static func token(file: String, name: String?) throws -> SpringDesignToken {
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: file))
        } catch {
            throw UsageError("--design-token-file \(file): cannot be read (\(error.localizedDescription))")
        }
        do {
            let token = try SpringDesignToken.read(data, name: name)
            for note in token.notes { printError("warning: \(file): \(note)") }
            return token
        } catch {
            throw UsageError("--design-token-file \(file): \(error.description)")
        }
    }

    /// The catalogue's error in flags: a missing parameter as the flag it
    /// needs, a bad value with its parameter renamed to the flag.
    private func message(for error: SpringCatalogueError, kind: SpringParameterizationKind) -> String {
        let kindFlags = flags(for: kind)
        func flag(_ name: SpringParameter.Name) -> String {
            kindFlags.first { $0.parameter == name }?.flag ?? name.rawValue
        }
        switch error {
        case .missingParameter(let name, _):
            let required = kind.parameters.filter(\.isRequired).map { flag($0.name) }
            let choosing = choosingFlags(for: kind)
            guard choosing.contains(flag(name)), required.filter(choosing.contains).count > 1 else {
                // "--motion-bounce needs --motion-visual-duration", "--settling-duration needs --damping-ratio"
                let given = kindFlags.first { $0.value != nil && choosing.contains($0.flag) }?.flag
                return "\(given ?? kind.name) needs \(flag(name))"
            }
            // Several flags choose the family and all are needed:
            // "--stiffness and --damping go together (and --mass, default 1)"
            let optional = kind.parameters.compactMap { parameter -> String? in
                guard let value = parameter.defaultValue, kindFlags.contains(where: { $0.parameter == parameter.name })
                else { return nil }
                return "\(flag(parameter.name)), default \(Int(exactly: value).map(String.init) ?? "\(value)")"
            }
            return required.joined(separator: " and ") + " go together"
                + (optional.isEmpty ? "" : " (and \(optional.joined(separator: ", ")))")
        case .invalidValue(let error):
            return Self.message(
                for: error, flags: Dictionary(uniqueKeysWithValues: kindFlags.map { ($0.parameter.rawValue, $0.flag) }))
        case .unexpectedParameter:
            return error.description
        }
    }

    /// The model's message with its parameter renamed to the flag the user typed.
    static func message(for error: SpringParameterError, flags: [String: String]) -> String {
        switch error {
        case .outOfRange(let parameter, let validRange, let value):
            // A ratio of two parameters ("stiffness / mass") names both flags.
            let named = parameter.components(separatedBy: " / ").map { flags[$0] ?? $0 }.joined(separator: " / ")
            return "\(flags[parameter] ?? named) must be \(validRange), got \(value)"
        default:
            return error.description
        }
    }
}
