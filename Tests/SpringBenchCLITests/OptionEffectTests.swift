import Benchmarking
import Foundation
import RegressionGate
import SpringBenchCLI
import SpringModel
import SpringPlatforms
import Testing
import _CLITestSupport
import _ResultsTestSupport
import _TestSupport

#if PostgreSQL
    import ResultsHistoryPostgreSQL
#endif

/// Every option of every command pinned to what it sets: a command line is
/// parsed in process (`parseAsRoot`, the executable's parsing and
/// validation) and the value that reaches the plan, the spring, the
/// configuration or the output is checked — units converted (ms ↔ s, %,
/// Ki/Mi sizes, per-ms velocities), defaults that depend on other options
/// (the clock, the preset's sizes and samples, the settling threshold, the
/// recorded build configuration), options that change each other's meaning,
/// and the `--format json` fields that echo options.
///
/// One row per option (a shared option group's row runs on every command
/// that pulls the group in); ``everyOptionHasARow()`` lists every declared
/// option from the commands' own help dump and fails for one without a row.
/// ``OptionPropertyTests`` tries extreme values; this suite pins the meaning.
@Suite("every option pinned to what it sets")
struct OptionEffectTests {
    /// One option and the commands it is checked on; `check` gets the
    /// command's path ("spring", "baseline save").
    struct Row: Sendable, CustomTestStringConvertible {
        var option: String
        var commands: [String]
        var check: @Sendable (_ command: String) throws -> Void

        init(_ option: String, _ commands: [String], _ check: @escaping @Sendable (_ command: String) throws -> Void) {
            self.option = option
            self.commands = commands
            self.check = check
        }

        var testDescription: String { "\(option) on \(commands.joined(separator: ", "))" }
    }

    @Test("the option reaches what it sets", arguments: rows)
    func pinned(_ row: Row) throws {
        for command in row.commands {
            try row.check(command)
        }
    }

    /// Every (command, option) the commands declare, from their help dump:
    /// `--long` for options and flags, `<value-name>` for arguments.
    static var declared: Set<String> {
        get throws {
            let dump = try JSONSerialization.jsonObject(with: Data(SpringBenchCommand._dumpHelp().utf8))
            let root = try #require((dump as? [String: Any])?["command"] as? [String: Any])
            var found: Set<String> = []
            func visit(_ command: [String: Any], path: [String]) {
                if !path.isEmpty {
                    for argument in command["arguments"] as? [[String: Any]] ?? [] {
                        let preferred = (argument["preferredName"] as? [String: Any])?["name"] as? String
                        let key =
                            argument["kind"] as? String == "positional"
                            ? "<\(argument["valueName"] as? String ?? "?")>" : "--\(preferred ?? "?")"
                        if ["--help", "--version"].contains(key) { continue }
                        found.insert(path.joined(separator: " ") + " " + key)
                    }
                }
                // ArgumentParser's own `help` subcommand sets nothing.
                for sub in command["subcommands"] as? [[String: Any]] ?? []
                where sub["commandName"] as? String != "help" {
                    visit(sub, path: path + [sub["commandName"] as? String ?? "?"])
                }
            }
            visit(root, path: [])
            return found
        }
    }

    @Test("every declared option of every command has a row, and every row names a declared option")
    func everyOptionHasARow() throws {
        let declared = try Self.declared
        let covered = Set(Self.rows.flatMap { row in row.commands.map { "\($0) \(row.option)" } })
        let missing = declared.subtracting(covered).sorted()
        let stale = covered.subtracting(declared).sorted()
        #expect(missing.isEmpty, "options without a pinning row: \(missing.joined(separator: "; "))")
        #expect(stale.isEmpty, "rows for options no command declares: \(stale.joined(separator: "; "))")
        // The dump really lists the commands' options (a broken walk would pass vacuously).
        #expect(declared.count > 150, "\(declared.count)")
        #expect(declared.contains("baseline save --output-directory"))
        #expect(declared.contains("compare-builds <baseline-executable>"))
    }

    static let rows: [Row] =
        springRows + startRows + springCommandRows + convertRows + matchRows + exportRows + fitRows + sweepRows
        + benchRows
        + compareBuildsRows + verdictRows + compareRows + baselineRows + instructionsRows + hiddenCommandRows
        + resultsFileRows + historyRows + revisionRows + pairingRows + bisectRows + verifyRows
}

// MARK: - Helpers

extension OptionEffectTests {
    /// Each command's own `parse` (its options, then `validate()`), by its path:
    /// half the time of `parseAsRoot`, which ``refused(_:_:)`` still goes through.
    static func parseAny(_ path: String, _ arguments: [String]) throws -> Any {
        switch path {
        case "backends": try BackendsCommand.parse(arguments)
        case "verify": try VerifyCommand.parse(arguments)
        case "bench": try BenchCommand.parse(arguments)
        case "recommend": try RecommendCommand.parse(arguments)
        case "report": try ReportCommand.parse(arguments)
        case "spring": try SpringCommand.parse(arguments)
        case "convert": try ConvertCommand.parse(arguments)
        case "match": try MatchCommand.parse(arguments)
        case "export": try ExportCommand.parse(arguments)
        case "compare": try CompareCommand.parse(arguments)
        case "baseline save": try BaselineCommand.Save.parse(arguments)
        case "baseline list": try BaselineCommand.List.parse(arguments)
        case "instructions": try InstructionsCommand.parse(arguments)
        case "instructions-worker": try InstructionsWorkerCommand.parse(arguments)
        case "compare-builds": try CompareBuildsCommand.parse(arguments)
        case "sampler": try SamplerCommand.parse(arguments)
        case "export-results": try ExportResultsCommand.parse(arguments)
        case "history record": try HistoryCommand.Record.parse(arguments)
        case "history list": try HistoryCommand.List.parse(arguments)
        case "history show": try HistoryCommand.Show.parse(arguments)
        case "history check": try HistoryCommand.Check.parse(arguments)
        case "history export": try HistoryCommand.Export.parse(arguments)
        case "history report": try HistoryCommand.Report.parse(arguments)
        case "bisect": try BisectCommand.parse(arguments)
        default: throw OptionEffectFailure("no parser for \(path)")
        }
    }

    /// `springbench PATH ARGUMENTS…` parsed and validated as the executable does.
    static func parse<Command>(_ path: String, _ arguments: [String], as type: Command.Type = Command.self) throws
        -> Command
    {
        let parsed = try parseAny(path, arguments)
        return try #require(parsed as? Command, "\(path) \(arguments) parsed as \(Swift.type(of: parsed))")
    }

    /// Whether `springbench PATH ARGUMENTS…` is refused at parsing or validation.
    static func refused(_ path: String, _ arguments: [String]) -> Bool {
        (try? SpringBenchCommand.parseAsRoot(path.split(separator: " ").map(String.init) + arguments)) == nil
    }

    /// Relative closeness: conversions that take another route may differ in the last bits.
    static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-12) -> Bool {
        a == b || abs(a - b) <= tolerance * max(abs(a), abs(b))
    }

    static func expectSame(_ spring: Spring, _ expected: Spring, _ context: String) {
        #expect(
            Self.close(spring.mass, expected.mass) && Self.close(spring.stiffness, expected.stiffness)
                && Self.close(spring.damping, expected.damping),
            "\(context): got \(spring), expected \(expected)")
    }

    /// A JSON member left out or null.
    static func absent(_ value: Any?) -> Bool { value == nil || value is NSNull }

    /// The extra arguments each spring-taking command needs besides the spring.
    static func required(_ command: String) -> [String] {
        switch command {
        case "match": ["--to", "motion"]
        case "export": ["--css-linear"]
        default: []
        }
    }

    /// The spring-option group `command` parsed.
    static func springOptions(_ command: String, _ arguments: [String]) throws -> SpringOptions {
        let full = arguments + required(command)
        switch command {
        case "spring": return try Self.parse(command, full, as: SpringCommand.self).springOptions
        case "convert": return try Self.parse(command, full, as: ConvertCommand.self).springOptions
        case "match": return try Self.parse(command, full, as: MatchCommand.self).springOptions
        case "export": return try Self.parse(command, full, as: ExportCommand.self).springOptions
        default: throw OptionEffectFailure("no spring options on \(command)")
        }
    }

    /// The spring `command` builds from `arguments`.
    static func spring(_ command: String, _ arguments: [String]) throws -> Spring {
        try Self.springOptions(command, arguments).spring()
    }

    /// The start-option group `command` parsed.
    static func start(_ command: String, _ arguments: [String]) throws -> StartOptions {
        switch command {
        case "spring": return try Self.parse(command, arguments, as: SpringCommand.self).start
        case "convert": return try Self.parse(command, arguments, as: ConvertCommand.self).start
        default: throw OptionEffectFailure("no start options on \(command)")
        }
    }

    /// The command's `--format json` output as an object (run in process).
    static func json(_ arguments: [String]) throws -> [String: Any] {
        let outcome = SpringBenchCLI.run(arguments)
        #expect(outcome.status == 0, "\(outcome)")
        let object = try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
        return try #require(object as? [String: Any], "not an object: \(outcome)")
    }

    /// The measurement plan `command` builds from `arguments`: bench's
    /// (the standard preset), baseline save's (gate) or compare-builds' (paired).
    static func plan(_ command: String, _ arguments: [String]) throws -> BenchmarkPlan {
        switch command {
        case "bench": return try Self.parse(command, arguments, as: BenchCommand.self).plan()
        case "baseline save":
            return try Self.parse(command, ["main"] + arguments, as: BaselineCommand.Save.self).sweep.plan(.gate)
        case "compare-builds":
            return try Self.parse(command, ["/bin/true", "/bin/true"] + arguments, as: CompareBuildsCommand.self)
                .pairedRun().plan
        default: throw OptionEffectFailure("no plan on \(command)")
        }
    }

    /// The verdict options `command` parsed.
    static func verdict(_ command: String, _ arguments: [String]) throws -> VerdictOptions {
        switch command {
        case "compare":
            return try Self.parse(command, ["a.json", "b.json"] + arguments, as: CompareCommand.self).verdict
        case "compare-builds":
            return try Self.parse(command, ["/bin/true", "/bin/true"] + arguments, as: CompareBuildsCommand.self)
                .verdict
        default: throw OptionEffectFailure("no verdict options on \(command)")
        }
    }

    /// Whether the catalogue's `parallel` backend runs threads here (it runs
    /// one on a one-core machine), which decides the default clock.
    static var parallelClock: SampleClock {
        (CommandContext.catalogue["parallel"]?.details.threads ?? 1) > 1 ? .wall : .threadCPU
    }

    static let springCommands = ["spring", "convert", "match", "export"]
    static let startCommands = ["spring", "convert"]
    static let sweepCommands = ["bench", "baseline save", "compare-builds"]
    static let verdictCommands = ["compare", "compare-builds"]
    static let databaseCommands = [
        "history record", "history list", "history show", "history check", "history export", "history report",
    ]
    static let pairedCommands = ["history check", "bisect"]
}

struct OptionEffectFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

// MARK: - The spring: SpringOptions on spring, convert, match and export

extension OptionEffectTests {
    static let springRows: [Row] = [
        Row("--duration", springCommands) { command throws in
            // SwiftUI: stiffness (2π/duration)², damping 4π(1 − bounce)/duration for bounce ≥ 0, mass 1.
            let spring = try Self.spring(command, ["--duration", "0.8", "--bounce", "0.25"])
            Self.expectSame(spring, try SwiftUIParameters(duration: 0.8, bounce: 0.25).spring, command)
            #expect(Self.close(spring.stiffness, pow(2 * .pi / 0.8, 2)), "\(command): \(spring)")
            #expect(Self.close(spring.damping, 4 * .pi * 0.75 / 0.8), "\(command): \(spring)")
            // --bounce defaults to 0 (critical) when only --duration is given.
            let alone = try Self.spring(command, ["--duration", "0.8"])
            #expect(Self.close(alone.dampingRatio, 1), "\(command): \(alone)")
        },
        Row("--bounce", springCommands) { command throws in
            // --duration defaults to 0.5 s when only --bounce is given.
            let spring = try Self.spring(command, ["--bounce", "0.3"])
            Self.expectSame(spring, try SwiftUIParameters(duration: 0.5, bounce: 0.3).spring, command)
            #expect(Self.close(spring.stiffness, pow(2 * .pi / 0.5, 2)), "\(command): \(spring)")
        },
        Row("--stiffness", springCommands) { command throws in
            let spring = try Self.spring(command, ["--stiffness", "200", "--damping", "12"])
            Self.expectSame(spring, try Spring(mass: 1, stiffness: 200, damping: 12), command)
        },
        Row("--damping", springCommands) { command throws in
            let spring = try Self.spring(command, ["--damping", "3.5", "--stiffness", "90"])
            Self.expectSame(spring, try Spring(mass: 1, stiffness: 90, damping: 3.5), command)
        },
        Row("--mass", springCommands) { command throws in
            // --mass goes with stiffness/damping, response and tension/friction; default 1.
            Self.expectSame(
                try Self.spring(command, ["--stiffness", "200", "--damping", "12", "--mass", "2.5"]),
                try Spring(mass: 2.5, stiffness: 200, damping: 12), command)
            Self.expectSame(
                try Self.spring(command, ["--tension", "170", "--friction", "26", "--mass", "3"]),
                try Spring(mass: 3, stiffness: 170, damping: 26), command)
            // response/dampingRatio with mass m: k = (2π/response)²·m, c = 4πζm/response.
            let response = try Self.spring(command, ["--response", "0.4", "--damping-ratio", "0.7", "--mass", "2"])
            #expect(Self.close(response.stiffness, pow(2 * .pi / 0.4, 2) * 2), "\(command): \(response)")
            #expect(Self.close(response.damping, 4 * .pi * 0.7 * 2 / 0.4), "\(command): \(response)")
        },
        Row("--response", springCommands) { command throws in
            let spring = try Self.spring(command, ["--response", "0.4", "--damping-ratio", "0.7"])
            Self.expectSame(spring, try ResponseParameters(response: 0.4, dampingRatio: 0.7).spring, command)
            #expect(
                Self.close(spring.mass, 1) && Self.close(spring.stiffness, pow(2 * .pi / 0.4, 2)),
                "\(command): \(spring)")
            #expect(Self.close(spring.dampingRatio, 0.7), "\(command): \(spring)")
        },
        Row("--damping-ratio", springCommands) { command throws in
            // A number, or Android's named constants (MEDIUM_BOUNCY = 0.5).
            let named = try Self.spring(
                command, ["--android-stiffness", "300", "--damping-ratio", "DAMPING_RATIO_MEDIUM_BOUNCY"])
            #expect(
                Self.close(named.dampingRatio, AndroidSpringForce.DampingRatio.mediumBouncy), "\(command): \(named)")
            #expect(Self.close(named.dampingRatio, 0.5), "\(command): \(named)")
            let number = try Self.spring(command, ["--response", "0.3", "--damping-ratio", "0.25"])
            #expect(Self.close(number.dampingRatio, 0.25), "\(command): \(number)")
        },
        Row("--settling-duration", springCommands) { command throws in
            let spring = try Self.spring(command, ["--settling-duration", "0.8", "--damping-ratio", "0.6"])
            Self.expectSame(
                spring, try SwiftUISettlingParameters(settlingDuration: 0.8, dampingRatio: 0.6, epsilon: 0.001).spring,
                command)
        },
        Row("--exact-settling-duration", springCommands) { command throws in
            let spring = try Self.spring(command, ["--exact-settling-duration", "1.2", "--damping-ratio", "0.5"])
            Self.expectSame(
                spring, try SettlingParameters(settlingDuration: 1.2, dampingRatio: 0.5, epsilon: 0.001).spring, command
            )
            // The motion from rest really stays within 0.001 after 1.2 s.
            #expect(abs(spring.exactSettlingDuration(epsilon: 0.001) - 1.2) < 1e-6, "\(command): \(spring)")
        },
        Row("--epsilon", springCommands) { command throws in
            // The settling families read it (default 0.001, the same value SwiftUI uses).
            let spring = try Self.spring(
                command, ["--settling-duration", "0.8", "--damping-ratio", "0.6", "--epsilon", "0.01"])
            Self.expectSame(
                spring, try SwiftUISettlingParameters(settlingDuration: 0.8, dampingRatio: 0.6, epsilon: 0.01).spring,
                command)
            let exact = try Self.spring(
                command, ["--exact-settling-duration", "1.2", "--damping-ratio", "0.5", "--epsilon", "0.02"])
            #expect(abs(exact.exactSettlingDuration(epsilon: 0.02) - 1.2) < 1e-6, "\(command): \(exact)")
            #expect(try Self.springOptions(command, ["--epsilon", "0.02"]).epsilon == 0.02)
            #expect(try Self.springOptions(command, []).epsilon == 0.001)
        },
        Row("--android-stiffness", springCommands) { command throws in
            // Android: k = stiffness, mass 1; the named constant STIFFNESS_LOW is 200.
            let spring = try Self.spring(command, ["--android-stiffness", "STIFFNESS_LOW", "--damping-ratio", "0.75"])
            #expect(Self.close(spring.stiffness, 200) && Self.close(spring.mass, 1), "\(command): \(spring)")
            #expect(Self.close(spring.damping, 2 * 0.75 * sqrt(200)), "\(command): \(spring)")
            let number = try Self.spring(command, ["--android-stiffness", "1500", "--damping-ratio", "1"])
            #expect(Self.close(number.stiffness, 1500), "\(command): \(number)")
        },
        Row("--motion-visual-duration", springCommands) { command throws in
            let spring = try Self.spring(command, ["--motion-visual-duration", "0.6", "--motion-bounce", "0.2"])
            Self.expectSame(spring, try MotionDurationParameters(visualDuration: 0.6, bounce: 0.2).spring, command)
        },
        Row("--motion-bounce", springCommands) { command throws in
            // Default 0.3 (Motion's) when only a duration is given.
            Self.expectSame(
                try Self.spring(command, ["--motion-visual-duration", "0.6"]),
                try MotionDurationParameters(visualDuration: 0.6, bounce: 0.3).spring, command)
            Self.expectSame(
                try Self.spring(command, ["--motion-duration", "0.8", "--motion-bounce", "0.1"]),
                try MotionPhysicalDurationParameters(duration: 0.8, bounce: 0.1).spring, command)
        },
        Row("--motion-duration", springCommands) { command throws in
            // Seconds, as Motion's `duration` (not its milliseconds of `visualDuration`'s other forms).
            Self.expectSame(
                try Self.spring(command, ["--motion-duration", "0.8"]),
                try MotionPhysicalDurationParameters(duration: 0.8, bounce: 0.3).spring, command)
        },
        Row("--tension", springCommands) { command throws in
            // react-spring: k = tension, c = friction, mass 1.
            Self.expectSame(
                try Self.spring(command, ["--tension", "170", "--friction", "26"]),
                try Spring(mass: 1, stiffness: 170, damping: 26), command)
        },
        Row("--friction", springCommands) { command throws in
            Self.expectSame(
                try Self.spring(command, ["--friction", "14", "--tension", "120"]),
                try Spring(mass: 1, stiffness: 120, damping: 14), command)
        },
        Row("--react-frequency", springCommands) { command throws in
            // react-spring's frequency in seconds: k = (2π/f)², c = 4πζ/f, mass 1.
            let spring = try Self.spring(command, ["--react-frequency", "0.5", "--react-damping", "0.4"])
            #expect(Self.close(spring.stiffness, pow(2 * .pi / 0.5, 2)), "\(command): \(spring)")
            #expect(Self.close(spring.damping, 4 * .pi * 0.4 / 0.5), "\(command): \(spring)")
        },
        Row("--react-damping", springCommands) { command throws in
            // Default 1 (critical) when only --react-frequency is given.
            let spring = try Self.spring(command, ["--react-frequency", "0.5"])
            #expect(Self.close(spring.dampingRatio, 1), "\(command): \(spring)")
            let given = try Self.spring(command, ["--react-frequency", "0.5", "--react-damping", "0.25"])
            #expect(Self.close(given.dampingRatio, 0.25), "\(command): \(given)")
        },
        Row("--origami-tension", springCommands) { command throws in
            // Rebound: k = (tension − 30)·3.62 + 194, c = (friction − 8)·3 + 25.
            let spring = try Self.spring(command, ["--origami-tension", "40", "--origami-friction", "7"])
            #expect(Self.close(spring.stiffness, 10 * 3.62 + 194), "\(command): \(spring)")
            #expect(Self.close(spring.damping, 22), "\(command): \(spring)")
        },
        Row("--origami-friction", springCommands) { command throws in
            let spring = try Self.spring(command, ["--origami-friction", "10", "--origami-tension", "50"])
            #expect(Self.close(spring.stiffness, 20 * 3.62 + 194), "\(command): \(spring)")
            #expect(Self.close(spring.damping, 31), "\(command): \(spring)")
        },
        Row("--pop-bounciness", springCommands) { command throws in
            Self.expectSame(
                try Self.spring(command, ["--pop-bounciness", "8", "--pop-speed", "10"]),
                try PopParameters(bounciness: 8, speed: 10).spring, command)
            // --pop-speed defaults to 12.
            Self.expectSame(
                try Self.spring(command, ["--pop-bounciness", "8"]), try PopParameters(bounciness: 8, speed: 12).spring,
                command)
        },
        Row("--pop-speed", springCommands) { command throws in
            // --pop-bounciness defaults to 4.
            Self.expectSame(
                try Self.spring(command, ["--pop-speed", "6"]), try PopParameters(bounciness: 4, speed: 6).spring,
                command)
        },
        Row("--anime-bounce", springCommands) { command throws in
            Self.expectSame(
                try Self.spring(command, ["--anime-bounce", "0.2", "--anime-duration", "500"]),
                try AnimeV42DurationParameters(bounce: 0.2, duration: 500).spring, command)
            // --anime-duration defaults to 628 ms.
            Self.expectSame(
                try Self.spring(command, ["--anime-bounce", "0.2"]),
                try AnimeV42DurationParameters(bounce: 0.2, duration: 628).spring, command)
        },
        Row("--anime-duration", springCommands) { command throws in
            // Milliseconds, as anime.js takes them: 500 ms is twice as fast as 1000 ms (4× the stiffness).
            let fast = try Self.spring(command, ["--anime-duration", "500"])
            let slow = try Self.spring(command, ["--anime-duration", "1000"])
            Self.expectSame(fast, try AnimeV42DurationParameters(bounce: 0.5, duration: 500).spring, command)
            #expect(Self.close(fast.stiffness / slow.stiffness, 4, 1e-3), "\(command): \(fast) vs \(slow)")
            // A perceived duration of 500 ms settles in the order of half a second, not of minutes.
            #expect(fast.response > 0.05 && fast.response < 5, "\(command): \(fast)")
        },
        Row("--figma-duration", springCommands) { command throws in
            // SwiftUI's mapping (unconfirmed for Figma): k = (2π/d)², bounce defaults to 0.
            Self.expectSame(
                try Self.spring(command, ["--figma-duration", "0.4"]),
                try Spring(mass: 1, stiffness: (2 * .pi / 0.4) * (2 * .pi / 0.4), damping: 4 * .pi / 0.4), command)
        },
        Row("--figma-bounce", springCommands) { command throws in
            Self.expectSame(
                try Self.spring(command, ["--figma-duration", "0.4", "--figma-bounce", "0.3"]),
                try Spring(mass: 1, stiffness: (2 * .pi / 0.4) * (2 * .pi / 0.4), damping: 4 * .pi * 0.7 / 0.4),
                command)
            #expect(throws: (any Error).self) {
                try Self.spring(command, ["--figma-duration", "0.4", "--figma-bounce", "1.2"])
            }
        },
        Row("--design-token-file", springCommands) { command throws in
            let file = try Self.tokenFile()
            defer { try? FileManager.default.removeItem(atPath: file) }
            Self.expectSame(
                try Self.spring(command, ["--design-token-file", file, "--design-token-name", "m.a"]),
                try Spring(mass: 2, stiffness: 300, damping: 9), command)
        },
        Row("--design-token-name", springCommands) { command throws in
            let file = try Self.tokenFile()
            defer { try? FileManager.default.removeItem(atPath: file) }
            Self.expectSame(
                try Self.spring(command, ["--design-token-file", file, "--design-token-name", "m.b"]),
                try SwiftUIParameters(duration: 0.3, bounce: 0.1).spring, command)
            #expect(throws: (any Error).self) { try Self.spring(command, ["--design-token-file", file]) }
        },
        Row("--preset", springCommands) { command throws in
            // SwiftUI's .bouncy: duration 0.5, bounce 0.3; no family: .smooth (bounce 0).
            Self.expectSame(
                try Self.spring(command, ["--preset", "bouncy"]),
                try SwiftUIParameters(duration: 0.5, bounce: 0.3).spring,
                command)
            Self.expectSame(
                try Self.spring(command, []), try SwiftUIParameters(duration: 0.5, bounce: 0).spring, command)
        },
        Row("--extra-bounce", springCommands) { command throws in
            // .bouncy(extraBounce: 0.1): bounce 0.3 + 0.1.
            Self.expectSame(
                try Self.spring(command, ["--preset", "bouncy", "--extra-bounce", "0.1"]),
                try SwiftUIParameters(duration: 0.5, bounce: 0.4).spring, command)
            Self.expectSame(
                try Self.spring(command, ["--extra-bounce", "0.15"]),
                try SwiftUIParameters(duration: 0.5, bounce: 0.15).spring, command)
        },
    ]
}

// MARK: - Where the motion starts: StartOptions on spring and convert

extension OptionEffectTests {
    /// One `--format json` run of spring and convert with every start option
    /// given, shared by their rows (a run steps every platform's frame loop).
    static let echoed: [String: String] = {
        var outputs: [String: String] = [:]
        for command in startCommands {
            var arguments = [
                command, "--from", "2", "--to", "-3", "--react-velocity", "0.5", "--refresh-rate", "144",
                "--stiffness", "100", "--damping", "20", "--format", "json",
            ]
            if command == "spring" { arguments += ["--times", "0,0.5"] }
            outputs[command] = SpringBenchCLI.run(arguments).stdout
        }
        return outputs
    }()

    /// `command`'s shared run, its end-of-animation object and (spring) its samples.
    static func echo(_ command: String) throws -> (
        document: [String: Any], end: [String: Any], samples: [[String: Any]]
    ) {
        let object = try JSONSerialization.jsonObject(with: Data(try #require(echoed[command]).utf8))
        let document = try #require(object as? [String: Any])
        let end = try #require(document["endOfAnimation"] as? [String: Any])
        return (document, end, document["samples"] as? [[String: Any]] ?? [])
    }

    static let startRows: [Row] = [
        Row("--from", startCommands) { command throws in
            #expect(try Self.start(command, ["--from", "2"]).from == 2)
            #expect(try Self.start(command, []).from == 0)
            let echo = try Self.echo(command)
            #expect(echo.end["from"] as? Double == 2, "\(echo.end)")
            if command == "spring" { #expect(echo.samples.first?["value"] as? Double == 2, "\(echo.samples)") }
        },
        Row("--to", startCommands) { command throws in
            #expect(try Self.start(command, ["--to", "-3"]).to == -3)
            #expect(try Self.start(command, []).to == 1)
            #expect(try Self.echo(command).end["to"] as? Double == -3)
        },
        Row("--initial-velocity", startCommands) { command throws in
            #expect(try Self.start(command, ["--initial-velocity", "3"]).absoluteVelocity() == 3)
            #expect(try Self.start(command, []).absoluteVelocity() == 0)
        },
        Row("--relative-velocity", startCommands) { command throws in
            // UIKit's: a fraction of (to − from) per second.
            let options = try Self.start(command, ["--from", "2", "--to", "12", "--relative-velocity", "0.5"])
            #expect(try options.absoluteVelocity() == 5)
        },
        Row("--react-velocity", startCommands) { command throws in
            // react-spring's: units per millisecond, so 2 is 2000 units per second.
            #expect(try Self.start(command, ["--react-velocity", "2"]).absoluteVelocity() == 2000)
            if command == "spring" {
                let samples = try Self.echo(command).samples
                #expect(Self.close(samples.first?["velocity"] as? Double ?? 0, 500), "\(samples)")
            }
        },
        Row("--refresh-rate", startCommands) { command throws in
            #expect(try Self.start(command, ["--refresh-rate", "120"]).refreshRate == 120)
            #expect(try Self.start(command, []).refreshRate == 60)
            #expect(try Self.echo(command).end["refreshRate"] as? Double == 144)
        },
        Row("--frame-times", startCommands) { command throws in
            // A named trace at --refresh-rate: the hitch's 50 ms frame follows the first at or after 0.1 s.
            let hitch = try Self.start(command, ["--frame-times", "hitch", "--refresh-rate", "120"]).clock()
            let times = try #require(hitch.times)
            let long = (1..<times.count).filter { times[$0] - times[$0 - 1] > 0.02 }
            #expect(long.count == 1, "\(long)")
            #expect(times[long[0] - 1] >= 0.1 && times[long[0] - 2] < 0.1, "\(times.prefix(16))")
            #expect(abs(times[long[0]] - times[long[0] - 1] - 0.05) < 1e-12)
            #expect(abs(times[long[0] + 1] - times[long[0]] - 1.0 / 120) < 1e-12)
            #expect(try Self.start(command, []).clock() == .steady(60))
            // A file of frame times, one per line.
            let path = CLIRunner.temporaryDirectory() + "/times.txt"
            try "0\n0.016\n# a comment\n0.05\n0.06\n".write(toFile: path, atomically: true, encoding: .utf8)
            let file = try Self.start(command, ["--frame-times", path]).clock()
            #expect(file.times == [0, 0.016, 0.05, 0.06])
            #expect(throws: (any Error).self) { try Self.start(command, ["--frame-times", "stutter"]).clock() }
        },
    ]
}

// MARK: - spring, convert

extension OptionEffectTests {
    static let springCommandRows: [Row] = [
        Row("--times", ["spring"]) { _ throws in
            let command = try Self.parse("spring", ["--times", "0, 0.25,1.5"], as: SpringCommand.self)
            #expect(try command.sampleTimes(for: try command.springOptions.spring()) == [0, 0.25, 1.5])
        },
        Row("--until", ["spring"]) { _ throws in
            let command = try Self.parse("spring", ["--until", "2", "--samples", "5"], as: SpringCommand.self)
            #expect(try command.sampleTimes(for: try command.springOptions.spring()) == [0, 0.5, 1, 1.5, 2])
            // Without --until: 11 samples up to the exact settling duration at --epsilon.
            let plain = try Self.parse("spring", ["--epsilon", "0.01"], as: SpringCommand.self)
            let spring = try plain.springOptions.spring()
            let times = try plain.sampleTimes(for: spring)
            #expect(times.count == 11)
            #expect(times.last == spring.exactSettlingDuration(epsilon: 0.01), "\(times)")
        },
        Row("--samples", ["spring"]) { _ throws in
            let command = try Self.parse("spring", ["--samples", "3", "--until", "4"], as: SpringCommand.self)
            #expect(try command.sampleTimes(for: try command.springOptions.spring()) == [0, 2, 4])
        },
        Row("--format", ["spring", "convert"]) { command throws in
            let document = try Self.echo(command).document
            let spring = try #require((document[command == "spring" ? "spring" : "canonical"]) as? [String: Any])
            #expect(spring["stiffness"] as? Double == 100 && spring["damping"] as? Double == 20, "\(document)")
            let table = SpringBenchCLI.run([command, "--stiffness", "100", "--damping", "20"])
            let parsed = try? JSONSerialization.jsonObject(with: Data(table.stdout.utf8))
            #expect(table.status == 0 && parsed == nil, "\(table)")
        },
    ]

    static let convertRows: [Row] = [
        // convert's JSON echoes --epsilon through its settling row.
        Row("--epsilon", ["convert"]) { _ throws in
            let document = try Self.json([
                "convert", "--stiffness", "100", "--damping", "8", "--epsilon", "0.05", "--format", "json",
            ])
            let derived = try #require(document["derived"] as? [String: Any])
            let spring = try Spring(mass: 1, stiffness: 100, damping: 8)
            #expect(
                Self.close(
                    derived["exactSettlingDuration"] as? Double ?? 0, spring.exactSettlingDuration(epsilon: 0.05)))
        }
    ]
}

// MARK: - match

extension OptionEffectTests {
    static let matchRows: [Row] = [
        Row("--to", ["match"]) { _ throws in
            let matcher = try Self.parse("match", ["--to", "compose"], as: MatchCommand.self).matcher()
            #expect(matcher.target == SpringPlatform.matchTarget("compose"))
            #expect(matcher.target != SpringPlatform.matchTarget("android"))
        },
        Row("--source-platform", ["match"]) { _ throws in
            let exact = try Self.parse(
                "match", ["--to", "motion", "--source-platform", "exact"], as: MatchCommand.self)
            guard case .exact(_, let epsilon) = try exact.matcher().source else {
                Issue.record("--source-platform exact: the source is not the exact spring")
                return
            }
            // The exact source's "done" is its settling time within --epsilon (default 0.001).
            #expect(epsilon == 0.001)
            let tighter = try Self.parse(
                "match", ["--to", "motion", "--source-platform", "exact", "--epsilon", "0.05"], as: MatchCommand.self)
            guard case .exact(_, let given) = try tighter.matcher().source else {
                Issue.record("--source-platform exact --epsilon 0.05: the source is not the exact spring")
                return
            }
            #expect(given == 0.05, "--epsilon does not reach the exact source's done rule")
            let named = try Self.parse(
                "match", ["--to", "motion", "--source-platform", "pop", "--tension", "170", "--friction", "26"],
                as: MatchCommand.self)
            guard case .platform(let platform, _, _) = try named.matcher().source else {
                Issue.record("--source-platform pop: no platform")
                return
            }
            #expect(platform == SpringPlatform.matchTarget("pop"))
            // Default: the platform of the spring's form (react-spring for tension/friction, SwiftUI for none).
            let byForm = try Self.parse(
                "match", ["--to", "motion", "--tension", "170", "--friction", "26"], as: MatchCommand.self)
            guard case .platform(let formPlatform, _, _) = try byForm.matcher().source else {
                Issue.record("the default source is not the form's platform")
                return
            }
            #expect(formPlatform == SpringPlatform.matchTarget("react-spring"))
            guard
                case .platform(let swiftUI, _, _) = try Self.parse("match", ["--to", "motion"], as: MatchCommand.self)
                    .matcher().source
            else {
                Issue.record("the default spring's source is not SwiftUI's loop")
                return
            }
            #expect(swiftUI == SpringPlatform.matchTarget("swiftui"))
        },
        Row("--refresh-rates", ["match"]) { _ throws in
            #expect(
                try Self.parse("match", ["--to", "pop", "--refresh-rates", "90, 30"], as: MatchCommand.self).matcher()
                    .refreshRates == [90, 30])
            #expect(
                try Self.parse("match", ["--to", "pop"], as: MatchCommand.self).matcher().refreshRates == [60, 120])
        },
        Row("--travel", ["match"]) { _ throws in
            let matcher = try Self.parse("match", ["--to", "pop", "--travel", "40"], as: MatchCommand.self).matcher()
            #expect(matcher.from == 0 && matcher.to == 40)
            #expect(try Self.parse("match", ["--to", "pop"], as: MatchCommand.self).matcher().to == 100)
        },
        Row("--velocity", ["match"]) { _ throws in
            #expect(
                try Self.parse("match", ["--to", "pop", "--velocity", "-7"], as: MatchCommand.self).matcher()
                    .initialVelocity == -7)
            #expect(try Self.parse("match", ["--to", "pop"], as: MatchCommand.self).matcher().initialVelocity == 0)
        },
        Row("--frame-times", ["match"]) { _ throws in
            // A named trace at each --refresh-rates rate, in order; a file once; none without it.
            let named = try Self.parse(
                "match", ["--to", "pop", "--refresh-rates", "90,30", "--frame-times", "drop"], as: MatchCommand.self
            ).traceClocks()
            #expect(named == [FrameClock.named("drop", at: 90), FrameClock.named("drop", at: 30)])
            let path = CLIRunner.temporaryDirectory() + "/match-times.txt"
            try "0\n0.02\n0.07\n".write(toFile: path, atomically: true, encoding: .utf8)
            let file = try Self.parse("match", ["--to", "pop", "--frame-times", path], as: MatchCommand.self)
                .traceClocks()
            #expect(file.map(\.times) == [[0, 0.02, 0.07]])
            #expect(try Self.parse("match", ["--to", "pop"], as: MatchCommand.self).traceClocks().isEmpty)
            #expect(throws: (any Error).self) {
                try Self.parse("match", ["--to", "pop", "--frame-times", "stutter"], as: MatchCommand.self)
                    .traceClocks()
            }
        },
        Row("--format", ["match"]) { _ throws in
            #expect(
                try Self.parse("match", ["--to", "pop", "--format", "json"], as: MatchCommand.self).format == .json)
            #expect(try Self.parse("match", ["--to", "pop"], as: MatchCommand.self).format == .text)
        },
    ]
}

// MARK: - export (CSS)

extension OptionEffectTests {
    static func exportPlan(_ arguments: [String]) throws -> ExportCommand.Plan {
        try Self.parse("export", arguments, as: ExportCommand.self).plan()
    }

    /// Frames of k 246.74, ζ 0.7 from 0 to 100 at 60 Hz (FitCommandTests' closed form) in a CSV file.
    static func fitFile(count: Int = 45, stretch: Double = 1) throws -> String {
        let path = CLIRunner.temporaryDirectory() + "/frames.csv"
        let text =
            "t,value\n"
            + FitCommandTests.frames(count: count).map { "\($0.time * stretch),\($0.value)" }
            .joined(separator: "\n")
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// `fit --format json`'s document for `arguments`, and its best model.
    static func fit(_ arguments: [String]) throws -> ([String: Any], [String: Any]) {
        let document = try Self.json(["fit"] + arguments + ["--format", "json"])
        return (document, try #require((document["models"] as? [[String: Any]])?.first, "\(document)"))
    }

    /// `fit --format json` on the default frames: four rows compare against it, so it runs once
    /// (each run is about 0.4 s in a debug build).
    static let defaultFitOutcome = Result { SpringBenchCLI.run(["fit", try fitFile(), "--format", "json"]) }

    /// The default fit's document and best model.
    static func defaultFit() throws -> ([String: Any], [String: Any]) {
        let outcome = try defaultFitOutcome.get()
        #expect(outcome.status == 0, "\(outcome)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome)")
        return (document, try #require((document["models"] as? [[String: Any]])?.first, "\(document)"))
    }

    static let fitRows: [Row] = [
        Row("<frames>", ["fit"]) { _ throws in
            // The same frames on a clock running twice as slow: half the stiffness's square root.
            let slow = try Self.fitFile(stretch: 2)
            let (_, fast) = try Self.defaultFit(), (_, stretched) = try Self.fit([slow])
            #expect(Self.close(fast["stiffness"] as? Double ?? 0, 246.74, 1e-6), "\(fast)")
            #expect(Self.close(stretched["stiffness"] as? Double ?? 0, 246.74 / 4, 1e-6), "\(stretched)")
        },
        Row("--target", ["fit"]) { _ throws in
            let (_, best) = try Self.fit([try Self.fitFile(), "--target", "100"])
            #expect(best["to"] as? Double == 100, "\(best)")
        },
        Row("--velocity", ["fit"]) { _ throws in
            let (_, best) = try Self.fit([try Self.fitFile(), "--velocity", "0"])
            #expect(best["initialVelocity"] as? Double == 0, "\(best)")
        },
        Row("--noise", ["fit"]) { _ throws in
            let (document, _) = try Self.fit([try Self.fitFile(), "--noise", "0.25"])
            #expect(document["noise"] as? Double == 0.25 && document["noiseSource"] as? String == "given")
            let (defaulted, _) = try Self.defaultFit()
            // 0.1 % of the values' range: 0 to the overshoot's 104.599 (4.599 % for ζ 0.7, e^(−πζ/√(1−ζ²))).
            let overshoot = 100 * exp(-Double.pi * 0.7 / (1 - 0.49).squareRoot())
            #expect(Self.close(defaulted["noise"] as? Double ?? 0, 0.1 + overshoot / 1000, 1e-3), "\(defaulted)")
        },
        Row("--refresh-rate", ["fit"]) { _ throws in
            let (document, _) = try Self.fit([try Self.fitFile(), "--refresh-rate", "59"])
            #expect(document["refreshRate"] as? Double == 59)
            let (read, _) = try Self.defaultFit()
            #expect(read["refreshRate"] as? Double == 60)
        },
        Row("--format", ["fit"]) { _ throws in
            let outcome = SpringBenchCLI.run(["fit", try Self.fitFile()])
            #expect(outcome.status == 0 && outcome.stdout.hasPrefix("a spring: "), "\(outcome)")
            let (document, _) = try Self.defaultFit()
            #expect(document["isSpring"] as? Bool == true)
        },
    ]

    /// A token file with two spring tokens, `m.a` (physics) and `m.b` (duration and bounce).
    static func tokenFile() throws -> String {
        let path = CLIRunner.temporaryDirectory() + "/tokens.json"
        try #"""
        {"m": {"$type": "spring", "a": {"$value": {"physics": {"stiffness": 300, "damping": 9, "mass": 2}}},
               "b": {"$value": {"duration": {"value": 300, "unit": "ms"}, "bounce": 0.1}}}}
        """#.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    static let exportRows: [Row] = [
        Row("--design-token", ["export"]) { _ throws in
            let document = try Self.json(["export", "--design-token", "--duration", "0.3", "--bounce", "0.1"])
            let token = try #require(document["spring"] as? [String: Any], "\(document)")
            #expect(token["$type"] as? String == "spring")
            let physics = try #require((token["$value"] as? [String: Any])?["physics"] as? [String: Any])
            #expect(Self.close(physics["stiffness"] as? Double ?? 0, (2 * .pi / 0.3) * (2 * .pi / 0.3)))
        },
        Row("--refresh-rates", ["export"]) { _ throws in
            let document = try Self.json([
                "export", "--design-token", "--refresh-rates", "90,30", "--duration", "0.3", "--bounce", "0.1",
            ])
            let ours = try #require(
                ((document["spring"] as? [String: Any])?["$extensions"] as? [String: Any])?["org.springbench"]
                    as? [String: Any])
            #expect(ours["refreshRates"] as? [Double] == [90, 30])
            let svelte = try #require((ours["platforms"] as? [String: Any])?["svelte"] as? [String: Any])
            #expect((svelte["rates"] as? [[String: Any]])?.compactMap { $0["refreshRate"] as? Double } == [90, 30])
        },
        Row("--css-linear", ["export"]) { _ throws in
            let document = try Self.json(["export", "--css-linear", "--tolerance", "1", "--format", "json"])
            #expect((document["linear"] as? String)?.hasPrefix("linear(") == true, "\(document)")
            #expect(Self.absent(document["keyframes"]) && Self.absent(document["cubicBezier"]), "\(document)")
        },
        Row("--keyframes", ["export"]) { _ throws in
            let document = try Self.json(
                [
                    "export", "--keyframes", "--tolerance", "1", "--name", "slide", "--property", "opacity", "--format",
                    "json",
                ])
            let keyframes = try #require(document["keyframes"] as? String)
            #expect(keyframes.hasPrefix("@keyframes slide {") && keyframes.contains("opacity:"), "\(keyframes)")
            #expect(Self.absent(document["linear"]) && Self.absent(document["cubicBezier"]), "\(document)")
        },
        Row("--cubic-bezier", ["export"]) { _ throws in
            let document = try Self.json(["export", "--cubic-bezier", "--tolerance", "1", "--format", "json"])
            #expect((document["cubicBezier"] as? String)?.hasPrefix("cubic-bezier(") == true, "\(document)")
            #expect(Self.absent(document["linear"]) && Self.absent(document["keyframes"]), "\(document)")
            // As printed it can be pasted: the curve and the duration it spans, the JSON's.
            let text = SpringBenchCLI.run(["export", "--cubic-bezier", "--tolerance", "1"])
            let duration = try #require(document["durationMilliseconds"] as? Int)
            let lines = text.stdout.split(separator: "\n")
            #expect(lines.contains("transition-duration: \(duration)ms;"), "\(text)")
            #expect(lines.filter { $0.hasPrefix("transition-duration:") }.count == 1, "\(text)")
            // With --css-linear too, once (SpringJSONOutputTests' export, which has both).
        },
        Row("--tolerance", ["export"]) { _ throws in
            // In the travel's units: 0.25 over a travel of 50 is 0.005 of it.
            #expect(
                try Self.exportPlan(["--css-linear", "--tolerance", "0.25", "--travel", "50"]).relativeTolerance
                    == 0.005)
            #expect(try Self.exportPlan(["--css-linear"]).relativeTolerance == 0.005)  // 0.5 of 100
        },
        Row("--travel", ["export"]) { _ throws in
            #expect(try Self.exportPlan(["--css-linear", "--travel", "20"]).relativeTolerance == 0.025)
            let document = try Self.json(["export", "--css-linear", "--travel", "20", "--format", "json"])
            #expect(document["travel"] as? Double == 20 && document["tolerance"] as? Double == 0.5, "\(document)")
        },
        Row("--velocity", ["export"]) { _ throws in
            // Travel units per second, as travels per second for the motion.
            #expect(try Self.exportPlan(["--css-linear", "--velocity", "150", "--travel", "50"]).relativeVelocity == 3)
            #expect(try Self.exportPlan(["--css-linear"]).relativeVelocity == 0)
        },
        Row("--platform", ["export"]) { _ throws in
            #expect(
                try Self.exportPlan(["--css-linear", "--platform", "android"]).platform
                    == SpringPlatform.matchTarget("android"))
            #expect(try Self.exportPlan(["--css-linear"]).platform == nil)
        },
        Row("--refresh-rate", ["export"]) { _ throws in
            #expect(
                try Self.exportPlan(["--css-linear", "--platform", "pop", "--refresh-rate", "120"]).refreshRate == 120)
            #expect(try Self.exportPlan(["--css-linear", "--platform", "pop"]).refreshRate == 60)
        },
        Row("--property", ["export"]) { _ throws in
            #expect(
                try Self.parse("export", ["--keyframes", "--property", "rotate"], as: ExportCommand.self).property
                    == "rotate")
            #expect(try Self.parse("export", ["--keyframes"], as: ExportCommand.self).property == "translateX")
            let text = ExportCommand.keyframes(
                CSSLinearEasing(stops: [.init(input: 0, output: 0), .init(input: 1, output: 1)]), name: "n",
                property: "rotate", travel: 90)
            #expect(text.contains("transform: rotate(") && text.contains("deg)"), "\(text)")
        },
        Row("--name", ["export"]) { _ throws in
            #expect(
                try Self.parse("export", ["--keyframes", "--name", "fade-in"], as: ExportCommand.self).name == "fade-in"
            )
            #expect(try Self.parse("export", ["--keyframes"], as: ExportCommand.self).name == "spring")
        },
        Row("--format", ["export"]) { _ throws in
            #expect(
                try Self.parse("export", ["--css-linear", "--format", "json"], as: ExportCommand.self).format == .json)
            #expect(try Self.parse("export", ["--css-linear"], as: ExportCommand.self).format == .text)
        },
    ]
}

// MARK: - The measurement plan: SweepOptions on bench, baseline save and compare-builds

extension OptionEffectTests {
    static let sweepRows: [Row] = [
        Row("--kernels", sweepCommands) { command throws in
            #expect(try Self.plan(command, ["--kernels", "axpy,add"]).kernels == [.axpy, .add])
            #expect(try Self.plan(command, []).kernels == Kernel.allCases)
        },
        Row("--backends", sweepCommands) { command throws in
            #expect(try Self.plan(command, ["--backends", "simd,naive"]).backends == ["simd", "naive"])
            // Default: every backend for bench; the single-threaded ones for the gates.
            let all = CommandContext.catalogue.names
            let single = CommandContext.catalogue.backends.filter { $0.details.threads == 1 }.map(\.name)
            #expect(try Self.plan(command, []).backends == (command == "bench" ? all : single))
        },
        Row("--sizes", sweepCommands) { command throws in
            // Ki and Mi are binary, k is decimal.
            #expect(try Self.plan(command, ["--sizes", "4Ki,1Mi,250k,1e3"]).sizes == [1000, 4096, 250_000, 1 << 20])
            let preset: [Int] =
                command == "compare-builds"
                ? [16, 256, 4096, 65536, 1 << 20] : [16, 256, 4096, 65536, 1 << 20, 1 << 24]
            #expect(try Self.plan(command, []).sizes == preset)
        },
        Row("--quick", sweepCommands) { command throws in
            let quick = try Self.plan(command, ["--quick"])
            #expect(quick.preset == .quick)
            #expect(quick.sizes == [16, 4096, 1 << 20])
            #expect(quick.timing.samples == 11 && quick.timing.minimumSampleNanoseconds == 0.5e6)
            #expect(quick.probeTrials == 4)
            #expect(quick.backends == CommandContext.catalogue.names)
            #expect(try Self.plan(command, []).preset != .quick)
        },
        Row("--samples", sweepCommands) { command throws in
            #expect(try Self.plan(command, ["--samples", "7"]).timing.samples == 7)
            #expect(try Self.plan(command, []).timing.samples == (command == "compare-builds" ? 3 : 25))
        },
        Row("--min-sample-ms", sweepCommands) { command throws in
            // Milliseconds into the plan's nanoseconds.
            #expect(try Self.plan(command, ["--min-sample-ms", "0.25"]).timing.minimumSampleNanoseconds == 250_000)
            #expect(try Self.plan(command, ["--min-sample-ms", "3"]).timing.minimumSampleNanoseconds == 3_000_000)
            #expect(try Self.plan(command, []).timing.minimumSampleNanoseconds == 2_000_000)
        },
        Row("--openblas-threads", sweepCommands) { command throws in
            #expect(try Self.plan(command, []).openBLASThreads == 1)
            // OpenBLAS alone is timed by the thread's CPU time with one thread; with more, by the wall clock.
            let one = try Self.plan(command, ["--backends", "openblas"])
            #expect(one.timing.clock == .threadCPU && !one.clockIsExplicit)
            guard ProcessInfo.processInfo.activeProcessorCount >= 2 else { return }
            let two = try Self.plan(command, ["--backends", "openblas", "--openblas-threads", "2"])
            #expect(two.openBLASThreads == 2)
            #expect(two.timing.clock == .wall)
        },
        Row("--clock", sweepCommands) { command throws in
            // Named: taken as given. Unnamed: wall when a backend runs threads, thread-cpu otherwise.
            let named = try Self.plan(command, ["--backends", "naive", "--clock", "wall"])
            #expect(named.timing.clock == .wall && named.clockIsExplicit)
            #expect(try Self.plan(command, ["--backends", "naive,simd"]).timing.clock == .threadCPU)
            #expect(try Self.plan(command, ["--backends", "naive,parallel"]).timing.clock == parallelClock)
            // The threads counted are the chosen backends': OpenBLAS's threads only when it runs.
            if ProcessInfo.processInfo.activeProcessorCount >= 2 {
                let unused = try Self.plan(command, ["--backends", "naive", "--openblas-threads", "2"])
                #expect(unused.timing.clock == .threadCPU)
            }
        },
        Row("--probe-trials", sweepCommands) { command throws in
            #expect(try Self.plan(command, ["--probe-trials", "9"]).probeTrials == 9)
            #expect(try Self.plan(command, []).probeTrials == (command == "compare-builds" ? 4 : 25))
        },
        Row("--target-precision", sweepCommands) { command throws in
            if command == "compare-builds" {
                // Epochs are added after the first batch; the plan itself is unchanged.
                let run = try Self.parse(
                    command, ["/bin/true", "/bin/true", "--target-precision", "2%"], as: CompareBuildsCommand.self)
                let goal = try #require(try run.precisionGoal())
                #expect(goal.target == 0.02 && goal.budgetSeconds == 600)
                #expect(try run.pairedRun().plan.timing.targetPrecision == nil)
                #expect(try run.pairedRun().plan.timing.samples == 3)
                return
            }
            // A percentage as a fraction; --samples then defaults to 5 (the least per cell).
            let precise = try Self.plan(command, ["--target-precision", "2.5%"])
            #expect(precise.timing.targetPrecision == 0.025)
            #expect(precise.timing.samples == 5)
            #expect(try Self.plan(command, ["--target-precision", "2%", "--samples", "9"]).timing.samples == 9)
            #expect(try Self.plan(command, []).timing.targetPrecision == nil)
        },
        Row("--precision-budget", sweepCommands) { command throws in
            if command == "compare-builds" {
                let run = try Self.parse(
                    command, ["/bin/true", "/bin/true", "--target-precision", "2%", "--precision-budget", "90"],
                    as: CompareBuildsCommand.self)
                #expect(try run.precisionGoal()?.budgetSeconds == 90)
                return
            }
            // Seconds per kernel and size into nanoseconds; default 10 s.
            let budget = try Self.plan(command, ["--target-precision", "2%", "--precision-budget", "30"])
            #expect(budget.timing.precisionBudgetNanoseconds == 30e9)
            #expect(try Self.plan(command, ["--target-precision", "2%"]).timing.precisionBudgetNanoseconds == 10e9)
            #expect(Self.refused(command == "bench" ? "bench" : "baseline save main", ["--precision-budget", "30"]))
        },
        Row("--seed", sweepCommands) { command throws in
            #expect(try Self.plan(command, ["--seed", "7"]).seed == 7)
            #expect(try Self.plan(command, []).seed == 2026)
        },
    ]
}

// MARK: - bench

extension OptionEffectTests {
    static func bench(_ arguments: [String]) throws -> BenchCommand { try parse("bench", arguments) }

    static let benchRows: [Row] = [
        Row("--no-workloads", ["bench"]) { _ throws in
            #expect(try Self.bench(["--no-workloads"]).plan().workloads.isEmpty)
            #expect(try Self.bench([]).plan().workloads == SpringWorkload.allCases)
        },
        Row("--no-value-types", ["bench"]) { _ throws in
            #expect(try Self.bench(["--no-value-types"]).plan().valueTypeSizes.isEmpty)
            #expect(try Self.bench([]).plan().valueTypeSizes == ValueTypeSweep.defaultSizes)
        },
        Row("--no-cache-check", ["bench"]) { _ throws in
            #expect(try Self.bench(["--no-cache-check"]).plan().cacheCheck == nil)
            #expect(try Self.bench([]).plan().cacheCheck != nil)
        },
        Row("--no-yardstick", ["bench"]) { _ throws in
            #expect(try Self.bench(["--no-yardstick"]).plan().yardstick == false)
            #expect(try Self.bench([]).plan().yardstick == true)
        },
        Row("--other-build", ["bench"]) { _ throws in
            #expect(
                try Self.bench(["--other-build", "/bin/true", "--other-build", "/bin/sh"]).plan().otherBuilds == [
                    "/bin/true", "/bin/sh",
                ])
            #expect(try Self.bench([]).plan().otherBuilds.isEmpty)
        },
        Row("--loops-library", ["bench"]) { _ throws in
            // A loaded library reaches the plan (ReferenceOptionTests times one); none by default.
            #expect(try Self.bench([]).plan().loopsLibrary == nil)
            #expect(Self.refused("bench", ["--loops-library", "/bin/true"]))
            guard LoopsLibraryBuild.gcc != nil else { return }
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let library = try #require(LoopsLibraryBuild.build(into: directory))
            #expect(try Self.bench(["--loops-library", library]).plan().loopsLibrary == library)
        },
        Row("--reference-sampler", ["bench"]) { _ throws in
            #expect(try Self.bench(["--reference-sampler", "/bin/true"]).plan().referenceSamplers == ["/bin/true"])
            #expect(try Self.bench([]).plan().referenceSamplers.isEmpty)
        },
        Row("--output", ["bench"]) { _ throws in
            #expect(try Self.bench(["--output", "/tmp/r.json"]).output == "/tmp/r.json")
            #expect(try Self.bench([]).output == "Reports/data/bench-results.json")
            // It is the results file the exports may not overwrite.
            #expect(Self.refused("bench", ["--output", "/tmp/r.json", "--export", "csv=/tmp/r.json"]))
        },
        Row("--export", ["bench", "compare-builds"]) { command throws in
            let arguments = ["--export", "csv=/tmp/a.csv", "--export", "bencher=/tmp/b.json"]
            let requests =
                command == "bench"
                ? try Self.bench(arguments).exportRequests()
                : try Self.parse(command, ["/bin/true", "/bin/true"] + arguments, as: CompareBuildsCommand.self).exports
                    .requests()
            #expect(requests.map(\.format) == [.csv, .bencher])
            #expect(requests.map { "\($0.target.path)" } == ["/tmp/a.csv", "/tmp/b.json"])
        },
    ]
}

// MARK: - compare-builds

extension OptionEffectTests {
    static func compareBuilds(_ arguments: [String]) throws -> CompareBuildsCommand {
        try Self.parse("compare-builds", ["/opt/base/springbench", "/opt/pr/springbench"] + arguments)
    }

    static let compareBuildsRows: [Row] = [
        Row("<baseline-executable>", ["compare-builds"]) { _ throws in
            #expect(try Self.compareBuilds([]).pairedRun().baseline.executable == "/opt/base/springbench")
        },
        Row("<current-executable>", ["compare-builds"]) { _ throws in
            #expect(try Self.compareBuilds([]).pairedRun().current.executable == "/opt/pr/springbench")
        },
        Row("--epochs", ["compare-builds"]) { _ throws in
            #expect(try Self.compareBuilds(["--epochs", "12"]).pairedRun().epochs == 12)
            #expect(try Self.compareBuilds([]).pairedRun().epochs == 16)
            // How many epochs are enough depends on --confidence: 5 serve a 90 % interval, not a 99 % one.
            #expect(throws: UsageError.self) { try Self.compareBuilds(["--epochs", "5"]).pairedRun() }
            #expect(try Self.compareBuilds(["--epochs", "5", "--confidence", "90"]).pairedRun().epochs == 5)
        },
        Row("--keep", ["compare-builds"]) { _ throws in
            #expect(try Self.compareBuilds(["--keep", "/tmp/pair"]).keep == "/tmp/pair")
            #expect(try Self.compareBuilds([]).keep == nil)
        },
        Row("--debug-doubled-baseline", ["compare-builds"]) { _ throws in
            let run = try Self.compareBuilds(["--debug-doubled-baseline", "simd"]).pairedRun()
            #expect(run.baseline.doubledBackends == ["simd"] && run.current.doubledBackends.isEmpty)
            #expect(throws: UsageError.self) {
                try Self.compareBuilds(["--debug-doubled-baseline", "nosuch"]).pairedRun()
            }
        },
        Row("--debug-doubled-current", ["compare-builds"]) { _ throws in
            let run = try Self.compareBuilds(["--debug-doubled-current", "naive"]).pairedRun()
            #expect(run.current.doubledBackends == ["naive"] && run.baseline.doubledBackends.isEmpty)
        },
    ]
}

// MARK: - The verdict: VerdictOptions on compare and compare-builds

extension OptionEffectTests {
    static let verdictRows: [Row] = [
        Row("--threshold", verdictCommands) { command throws in
            // Percent, with or without the sign, into a fraction; default 10 %.
            #expect(try Self.verdict(command, ["--threshold", "5%"]).validatedThresholds().defaultFraction == 0.05)
            #expect(try Self.verdict(command, ["--threshold", "2.5"]).validatedThresholds().defaultFraction == 0.025)
            #expect(try Self.verdict(command, []).validatedThresholds().defaultFraction == 0.1)
        },
        Row("--threshold-for", verdictCommands) { command throws in
            let thresholds = try Self.verdict(command, ["--threshold-for", "add=3", "--threshold-for", "axpy=40%"])
                .validatedThresholds()
            #expect(thresholds.kernelFractions == ["add": 0.03, "axpy": 0.4])
            #expect(thresholds.defaultFraction == 0.1)
        },
        Row("--format", verdictCommands) { command throws in
            #expect(try Self.verdict(command, ["--format", "json"]).format == .json)
            #expect(try Self.verdict(command, []).format == .markdown)
        },
        Row("--summary-file", verdictCommands) { command throws in
            #expect(try Self.verdict(command, ["--summary-file", "/tmp/summary.md"]).summaryFile == "/tmp/summary.md")
            #expect(try Self.verdict(command, []).summaryFile == nil)
        },
        Row("--confidence", verdictCommands) { command throws in
            // Percent into the level.
            #expect(try Self.verdict(command, ["--confidence", "95"]).level == 0.95)
            #expect(try Self.verdict(command, []).level == 0.99)
        },
    ]
}

// MARK: - compare (run in process on synthetic results)

extension OptionEffectTests {
    /// Two synthetic results files, the current one 30 % slower, in a fresh directory.
    static func comparedFiles() throws -> (directory: String, baseline: String, current: String) {
        let directory = CLIRunner.temporaryDirectory()
        let baseline = directory + "/base.json", current = directory + "/current.json"
        try SyntheticRuns.results(spread: 0.01, seed: 1).write(to: baseline)
        try SyntheticRuns.results(factor: 1.3, spread: 0.01, seed: 2).write(to: current)
        return (directory, baseline, current)
    }

    static func compareJSON(_ arguments: [String], status: Int32) throws -> [String: Any] {
        let outcome = SpringBenchCLI.run(["compare"] + arguments + ["--format", "json"])
        #expect(outcome.status == status, "\(outcome)")
        return try #require(try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any])
    }

    static let compareRows: [Row] = [
        Row("<baseline>", ["compare"]) { _ throws in
            let files = try Self.comparedFiles()
            defer { try? FileManager.default.removeItem(atPath: files.directory) }
            // The first file is the baseline: 30 % slower after is a regression (exit 1), before is not.
            _ = try Self.compareJSON([files.baseline, files.current], status: 1)
            _ = try Self.compareJSON([files.current, files.baseline], status: 0)
        },
        Row("<current>", ["compare"]) { _ throws in
            let files = try Self.comparedFiles()
            defer { try? FileManager.default.removeItem(atPath: files.directory) }
            // The second file is the one judged: the baseline against itself is no regression.
            _ = try Self.compareJSON([files.baseline, files.baseline], status: 0)
            _ = try Self.compareJSON([files.baseline, files.current], status: 1)
        },
        Row("--across-machines", ["compare"]) { _ throws in
            let files = try Self.comparedFiles()
            defer { try? FileManager.default.removeItem(atPath: files.directory) }
            // Another machine's run is refused without the flag, compared as fractions of its probe with it.
            let other = files.directory + "/other.json"
            try SyntheticRuns.results(factor: 1.3, spread: 0.01, seed: 2, cpu: "Other CPU").write(to: other)
            #expect(SpringBenchCLI.run(["compare", files.baseline, other]).status == 2)
            let across = try Self.compareJSON([files.baseline, other, "--across-machines"], status: 1)
            #expect(across["acrossMachines"] as? Bool == true, "\(across)")
            let same = try Self.compareJSON(
                [
                    files.baseline, files.current, "--threshold", "5%", "--threshold-for", "add=40",
                    "--confidence", "95",
                ], status: 1)
            #expect(same["acrossMachines"] as? Bool == false, "\(same)")
            // The JSON echoes the verdict options as fractions.
            #expect(same["defaultThreshold"] as? Double == 0.05, "\(same)")
            #expect((same["kernelThresholds"] as? [String: Double]) == ["add": 0.4], "\(same)")
            #expect(same["level"] as? Double == 0.95, "\(same)")
            // The summary file gets the Markdown report.
            let summary = files.directory + "/summary.md"
            _ = SpringBenchCLI.run(["compare", files.baseline, files.current, "--summary-file", summary])
            let written = try String(contentsOfFile: summary, encoding: .utf8)
            #expect(written.contains("|"), "\(written)")
        },
    ]
}

// MARK: - baseline save, baseline list

extension OptionEffectTests {
    static let baselineRows: [Row] = [
        Row("<name>", ["baseline save"]) { _ throws in
            let save = try Self.parse(
                "baseline save", ["main-2", "--output-directory", "/tmp/b"], as: BaselineCommand.Save.self)
            #expect(save.store.path(of: save.name) == "/tmp/b/main-2.json")
            #expect(Self.refused("baseline save", ["a/b"]))
        },
        Row("--from", ["baseline save"]) { _ throws in
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let results = directory + "/r.json"
            try SyntheticRuns.results(seed: 3).write(to: results)
            let outcome = SpringBenchCLI.run(
                ["baseline", "save", "kept", "--from", results, "--output-directory", directory + "/store"])
            #expect(outcome.status == 0, "\(outcome)")
            guard case .wallClock(let stored) = try ResultsDocument.load(from: directory + "/store/kept.json") else {
                Issue.record("the stored baseline is not the results file given")
                return
            }
            #expect(stored.measurements.count == SyntheticRuns.cells.count)
        },
        Row("--instructions", ["baseline save"]) { _ throws in
            #expect(
                try Self.parse("baseline save", ["x", "--instructions"], as: BaselineCommand.Save.self).instructions)
            #expect(try Self.parse("baseline save", ["x"], as: BaselineCommand.Save.self).instructions == false)
            // With --instructions the timed sweep's options are not checked (callgrind does not use them).
            #expect(!Self.refused("baseline save", ["x", "--instructions", "--samples", "1"]))
            #expect(Self.refused("baseline save", ["x", "--samples", "1"]))
        },
        Row("--output-directory", ["baseline save", "baseline list"]) { command throws in
            if command == "baseline list" {
                let list = try Self.parse(command, ["--directory", "/tmp/old"], as: BaselineCommand.List.self)
                #expect(list.directory == "/tmp/old")
                #expect(
                    try Self.parse(command, [], as: BaselineCommand.List.self).directory
                        == BaselineStore.defaultDirectory)
                return
            }
            let save = try Self.parse(command, ["x", "--directory", "/tmp/old"], as: BaselineCommand.Save.self)
            #expect(save.store.path(of: "x") == "/tmp/old/x.json")
            let plain = try Self.parse(command, ["x"], as: BaselineCommand.Save.self)
            #expect(plain.store.path(of: "x") == BaselineStore.defaultDirectory + "/x.json")
        },
        Row("--debug-doubled-backend", ["baseline save", "instructions", "sampler"]) { command throws in
            let names: [String]
            switch command {
            case "baseline save":
                names = try Self.parse(
                    command, ["x", "--debug-doubled-backend", "simd"], as: BaselineCommand.Save.self
                )
                .doubledBackends
            case "instructions":
                names = try Self.parse(command, ["--debug-doubled-backend", "simd"], as: InstructionsCommand.self)
                    .doubledBackends
            default:
                names = try Self.parse(command, ["--debug-doubled-backend", "simd"], as: SamplerCommand.self)
                    .doubledBackends
            }
            #expect(names == ["simd"])
            let catalogue = try DebugDoubling.catalogue(names, announce: false)
            #expect(catalogue["simd"]?.details.name != nil)
            #expect(throws: UsageError.self) { try DebugDoubling.catalogue(["nosuch"], announce: false) }
        },
    ]
}

// MARK: - instructions

extension OptionEffectTests {
    static func cells(_ arguments: [String]) throws -> [CellKey] {
        let command = try Self.parse("instructions", arguments, as: InstructionsCommand.self)
        return try InstructionCounting.cells(kernels: command.kernels, backends: command.backends, sizes: command.sizes)
    }

    static let instructionsRows: [Row] = [
        Row("--kernels", ["instructions"]) { _ throws in
            #expect(Set(try Self.cells(["--kernels", "scale"]).map(\.kernel)) == [.scale])
            #expect(Set(try Self.cells([]).map(\.kernel)) == Set(Kernel.allCases))
        },
        Row("--backends", ["instructions"]) { _ throws in
            #expect(Set(try Self.cells(["--backends", "naive"]).map(\.backend)) == ["naive"])
            #expect(Set(try Self.cells([]).map(\.backend)) == Set(CommandContext.catalogue.names))
        },
        Row("--sizes", ["instructions"]) { _ throws in
            // Ki is 1024; default 16 and 4Ki.
            #expect(
                try Self.cells(["--kernels", "add", "--backends", "naive", "--sizes", "2Ki,64"]).map(\.size) == [
                    2048, 64,
                ])
            #expect(Set(try Self.cells([]).map(\.size)) == [16, 4096])
        },
        Row("--output", ["instructions"]) { _ throws in
            #expect(
                try Self.parse("instructions", ["--output", "/tmp/i.json"], as: InstructionsCommand.self).output
                    == "/tmp/i.json")
            #expect(
                try Self.parse("instructions", [], as: InstructionsCommand.self).output
                    == "Reports/data/instruction-counts.json")
        },
    ]
}

// MARK: - Internal commands (sampler, instructions-worker)

extension OptionEffectTests {
    static let hiddenCommandRows: [Row] = [
        Row("--openblas-threads", ["sampler"]) { _ throws in
            #expect(
                try Self.parse("sampler", ["--openblas-threads", "2"], as: SamplerCommand.self).openblasThreads == 2)
            #expect(try Self.parse("sampler", [], as: SamplerCommand.self).openblasThreads == 1)
        },
        Row("--cells", ["instructions-worker"]) { _ throws in
            let worker = try Self.parse(
                "instructions-worker", ["--cells", "add:naive:16", "--calls", "2,10"],
                as: InstructionsWorkerCommand.self)
            #expect(worker.cells == "add:naive:16")
            #expect(CellKey(argument: worker.cells) == CellKey(kernel: .add, backend: "naive", size: 16))
        },
        Row("--calls", ["instructions-worker"]) { _ throws in
            let worker = try Self.parse(
                "instructions-worker", ["--cells", "add:naive:16", "--calls", "2,10"],
                as: InstructionsWorkerCommand.self)
            #expect(worker.calls == "2,10")
        },
        Row("--doubled", ["instructions-worker"]) { _ throws in
            let worker = try Self.parse(
                "instructions-worker", ["--cells", "add:naive:16", "--calls", "2,10", "--doubled", "simd,naive"],
                as: InstructionsWorkerCommand.self)
            #expect(worker.doubled == "simd,naive")
        },
        Row("--seed", ["instructions-worker"]) { _ throws in
            let arguments = ["--cells", "add:naive:16", "--calls", "2,10"]
            #expect(
                try Self.parse("instructions-worker", arguments + ["--seed", "5"], as: InstructionsWorkerCommand.self)
                    .seed == 5)
            #expect(try Self.parse("instructions-worker", arguments, as: InstructionsWorkerCommand.self).seed == 2026)
        },
    ]
}

// MARK: - Commands that read a results file: recommend, report, export-results, backends

extension OptionEffectTests {
    static let resultsFileRows: [Row] = [
        Row("--format", ["backends"]) { _ throws in
            let outcome = SpringBenchCLI.run(["backends", "--format", "json"])
            let list = try #require(
                try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [[String: Any]])
            #expect(list.compactMap { $0["name"] as? String } == CommandContext.catalogue.names)
            #expect(SpringBenchCLI.run(["backends"]).stdout.hasPrefix("backend "))
        },
        Row("--input", ["recommend", "report", "export-results"]) { command throws in
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let input = directory + "/in.json"
            try SyntheticRuns.results(seed: 3).write(to: input)
            switch command {
            case "recommend":
                let document = try Self.json(["recommend", "--input", input, "--format", "json"])
                #expect(document["kernels"] != nil, "\(document)")
            case "report":
                #expect(try Self.parse(command, [], as: ReportCommand.self).input == "Reports/data/bench-results.json")
                let outcome = SpringBenchCLI.run(["report", "--input", input, "--output-directory", directory + "/out"])
                #expect(outcome.status == 0, "\(outcome)")
                #expect(FileManager.default.fileExists(atPath: directory + "/out/performance.md"))
            default:
                let outcome = SpringBenchCLI.run(
                    ["export-results", "--input", input, "--format", "csv", "--output", directory + "/o.csv"])
                #expect(outcome.status == 0, "\(outcome)")
                let csv = try String(contentsOfFile: directory + "/o.csv", encoding: .utf8)
                #expect(csv.split(separator: "\r\n").count == 1 + SyntheticRuns.cells.count, "\(csv)")
            }
        },
        Row("--format", ["recommend", "export-results"]) { command throws in
            if command == "recommend" {
                #expect(try Self.parse(command, ["--format", "json"], as: RecommendCommand.self).format == .json)
                #expect(try Self.parse(command, [], as: RecommendCommand.self).format == .table)
                return
            }
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let input = directory + "/in.json"
            try SyntheticRuns.results(seed: 3).write(to: input)
            let outcome = SpringBenchCLI.run(
                ["export-results", "--input", input, "--format", "bencher", "--output", directory + "/o.json"])
            #expect(outcome.status == 0, "\(outcome)")
            let bencher = try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: directory + "/o.json")))
            #expect((bencher as? [String: Any])?.count == SyntheticRuns.cells.count, "\(bencher)")
        },
        Row("--output-directory", ["report", "history report", "verify"]) { command throws in
            switch command {
            case "report":
                #expect(
                    try Self.parse(command, ["--output-directory", "/tmp/r"], as: ReportCommand.self).outputDirectory
                        == "/tmp/r")
                #expect(try Self.parse(command, [], as: ReportCommand.self).outputDirectory == "Reports")
            case "history report":
                #expect(
                    try Self.parse(command, ["--output-directory", "/tmp/r"], as: HistoryCommand.Report.self)
                        .outputDirectory == "/tmp/r")
                #expect(try Self.parse(command, [], as: HistoryCommand.Report.self).outputDirectory == "Reports")
            default:
                #expect(
                    try Self.parse(command, ["--output-directory", "/tmp/r"], as: VerifyCommand.self).outputDirectory
                        == "/tmp/r")
                #expect(try Self.parse(command, [], as: VerifyCommand.self).outputDirectory == "Reports")
            }
            // The filesystem root is never a report directory.
            #expect(Self.refused(command, ["--output-directory", "/"]))
        },
        Row("--output", ["export-results", "history export"]) { command throws in
            let arguments =
                command == "export-results" ? ["--input", "in.json", "--format", "csv"] : ["--format", "csv"]
            if command == "export-results" {
                #expect(
                    try Self.parse(command, arguments + ["--output", "/tmp/o.csv"], as: ExportResultsCommand.self)
                        .output == "/tmp/o.csv")
            } else {
                #expect(
                    try Self.parse(command, arguments + ["--output", "/tmp/o.csv"], as: HistoryCommand.Export.self)
                        .output == "/tmp/o.csv")
            }
            #expect(Self.refused(command, arguments + ["--output", "/"]))
        },
        Row("--baseline", ["export-results"]) { _ throws in
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let input = directory + "/in.json"
            try SyntheticRuns.results(seed: 3).write(to: input)
            // Read, and refused as the baseline of an unpaired run.
            let outcome = SpringBenchCLI.run(
                [
                    "export-results", "--input", input, "--baseline", input, "--format", "csv", "--output",
                    directory + "/o.csv",
                ])
            #expect(outcome.status == 2 && outcome.errorLines.first?.contains("--baseline") == true, "\(outcome)")
        },
    ]
}

// MARK: - history

extension OptionEffectTests {
    static let historyRows: [Row] = [
        Row("--database", databaseCommands) { command throws in
            let path = command.split(separator: " ").map(String.init)
            let extra: [String] =
                switch path[1] {
                case "record": ["a.json"]
                case "show": ["add.simd.4Ki"]
                case "export": ["--format", "csv", "--output", "/tmp/o.csv"]
                default: []
                }
            let parsed = try Self.parseAny(command, extra + ["--database", "/tmp/h.sqlite"])
            let database: HistoryCommand.DatabaseOption? =
                switch parsed {
                case let c as HistoryCommand.Record: c.database
                case let c as HistoryCommand.List: c.database
                case let c as HistoryCommand.Show: c.database
                case let c as HistoryCommand.Check: c.database
                case let c as HistoryCommand.Export: c.database
                case let c as HistoryCommand.Report: c.database
                default: nil
                }
            #expect(database?.database == "/tmp/h.sqlite", "\(command)")
            // A PostgreSQL server's URL reaches the command as given (with the package trait
            // PostgreSQL, which registers the store as the tool does).
            #if PostgreSQL
                PostgreSQLHistory.register()
                let url = "postgresql://bench:secret@127.0.0.1:5432/history"
                let server: HistoryCommand.DatabaseOption? =
                    switch try Self.parseAny(command, extra + ["--database", url]) {
                    case let c as HistoryCommand.Record: c.database
                    case let c as HistoryCommand.List: c.database
                    case let c as HistoryCommand.Show: c.database
                    case let c as HistoryCommand.Check: c.database
                    case let c as HistoryCommand.Export: c.database
                    case let c as HistoryCommand.Report: c.database
                    default: nil
                    }
                #expect(server?.database == url, "\(command)")
            #endif
            #expect(Self.refused(command, extra + ["--database", "/"]), "\(command)")
        },
        Row("<files>", ["history record"]) { _ throws in
            #expect(
                try Self.parse("history record", ["a.json", "b.json"], as: HistoryCommand.Record.self).files == [
                    "a.json", "b.json",
                ])
            #expect(Self.refused("history record", []))
        },
        Row("--commit", ["history record", "history export"]) { command throws in
            let extra = command == "history record" ? ["a.json"] : ["--format", "csv", "--output", "/tmp/o.csv"]
            if command == "history record" {
                #expect(
                    try Self.parse(command, extra + ["--commit", "abc1234"], as: HistoryCommand.Record.self).commit
                        == "abc1234")
            } else {
                #expect(
                    try Self.parse(command, extra + ["--commit", "abc1234"], as: HistoryCommand.Export.self).commit
                        == "abc1234")
            }
            #expect(Self.refused(command, extra + ["--commit", "a b"]))
        },
        Row("--branch", ["history record"]) { _ throws in
            #expect(
                try Self.parse("history record", ["a.json", "--branch", "main"], as: HistoryCommand.Record.self).branch
                    == "main")
            #expect(try Self.parse("history record", ["a.json"], as: HistoryCommand.Record.self).branch == nil)
        },
        Row("--machine", ["history record"]) { _ throws in
            #expect(
                try Self.parse("history record", ["a.json", "--machine", "ci-1"], as: HistoryCommand.Record.self)
                    .machine == "ci-1")
            #expect(Self.refused("history record", ["a.json", "--machine", ""]))
        },
        Row("<cell>", ["history show"]) { _ throws in
            let show = try Self.parse("history show", ["add.simd.4Ki"], as: HistoryCommand.Show.self)
            #expect(CellKey(historyKey: show.cell) == CellKey(kernel: .add, backend: "simd", size: 4096))
            #expect(Self.refused("history show", ["add.simd"]))
        },
        Row("--threshold", ["history check", "bisect"]) { command throws in
            if command == "bisect" {
                // Percent into the boundary's fraction; nil keeps the geometric midpoint.
                #expect(
                    try Self.parse(
                        command, ["--good", "v1", "--cell", "add.simd.16", "--threshold", "5"], as: BisectCommand.self
                    )
                    .thresholdFraction == 0.05)
                #expect(
                    try Self.parse(command, ["--good", "v1", "--cell", "add.simd.16"], as: BisectCommand.self)
                        .thresholdFraction == nil)
                return
            }
            #expect(
                try Self.parse(command, ["--threshold", "5%"], as: HistoryCommand.Check.self).thresholdFraction == 0.05)
            #expect(
                try Self.parse(command, ["--threshold", "12.5"], as: HistoryCommand.Check.self).thresholdFraction
                    == 0.125)
            #expect(try Self.parse(command, [], as: HistoryCommand.Check.self).thresholdFraction == 0.1)
        },
        Row("--window", ["history check"]) { _ throws in
            #expect(try Self.parse("history check", ["--window", "30"], as: HistoryCommand.Check.self).window == 30)
            #expect(try Self.parse("history check", [], as: HistoryCommand.Check.self).window == 20)
            #expect(Self.refused("history check", ["--window", "2"]))
        },
        Row("--confirm", ["history check"]) { _ throws in
            #expect(try Self.parse("history check", ["--confirm"], as: HistoryCommand.Check.self).confirm)
            #expect(try Self.parse("history check", [], as: HistoryCommand.Check.self).confirm == false)
        },
        Row("--format", ["history export"]) { _ throws in
            let export = try Self.parse(
                "history export", ["--format", "bencher", "--output", "/tmp/o.json"], as: HistoryCommand.Export.self)
            #expect(try ExportOptions.format(export.format, option: "--format") == .bencher)
            #expect(Self.refused("history export", ["--format", "samples-csv", "--output", "/tmp/o.csv"]))
        },
    ]
}

// MARK: - Builds and paired runs: RevisionOptions and PairingOptions on history check and bisect

extension OptionEffectTests {
    /// The revision options of `command` with `arguments`.
    static func revision(_ command: String, _ arguments: [String]) throws -> RevisionOptions {
        if command == "bisect" {
            return try Self.parse(
                command, ["--good", "v1", "--cell", "add.simd.16"] + arguments, as: BisectCommand.self
            ).builds
        }
        return try Self.parse(command, arguments, as: HistoryCommand.Check.self).builds
    }

    static func pairing(_ command: String, _ arguments: [String]) throws -> PairingOptions {
        if command == "bisect" {
            return try Self.parse(
                command, ["--good", "v1", "--cell", "add.simd.16"] + arguments, as: BisectCommand.self
            )
            .pairing
        }
        return try Self.parse(command, arguments, as: HistoryCommand.Check.self).pairing
    }

    static func builds(_ command: String, _ arguments: [String], recorded: (String?, String?) = (nil, nil)) throws
        -> RevisionBuilds
    {
        try Self.revision(command, arguments).builds(
            root: "/repo", prefix: "pkg", workDirectory: "/work", configuration: recorded.0, targetCPU: recorded.1)
    }

    static let revisionRows: [Row] = [
        Row("--repository", pairedCommands) { command throws in
            #expect(try Self.revision(command, ["--repository", "/src/app"]).repository == "/src/app")
            #expect(try Self.revision(command, []).repository == ".")
        },
        Row("--package-path", pairedCommands) { command throws in
            // Given: taken as the package's place; else --repository's place in the repository.
            #expect(try Self.builds(command, ["--package-path", "Packages/Core"]).packagePath == "Packages/Core")
            #expect(try Self.builds(command, []).packagePath == "pkg")
            #expect(
                Self.refused(
                    command == "bisect" ? "bisect" : command,
                    (command == "bisect" ? ["--good", "v1", "--cell", "add.simd.16"] : []) + ["--package-path", "../x"])
            )
        },
        Row("--product", pairedCommands) { command throws in
            #expect(try Self.builds(command, ["--product", "mybench"]).product == "mybench")
            #expect(try Self.builds(command, []).product == "springbench")
        },
        Row("--build-configuration", pairedCommands) { command throws in
            // Given: it wins; else the history's recorded one; else release.
            #expect(
                try Self.builds(command, ["--build-configuration", "debug"], recorded: ("release", nil)).configuration
                    == "debug")
            #expect(try Self.builds(command, [], recorded: ("debug", nil)).configuration == "debug")
            #expect(try Self.builds(command, []).configuration == "release")
        },
        Row("--target-cpu", pairedCommands) { command throws in
            #expect(
                try Self.builds(command, ["--target-cpu", "znver4"], recorded: (nil, "haswell")).targetCPU == "znver4")
            #expect(try Self.builds(command, [], recorded: (nil, "haswell")).targetCPU == "haswell")
            #expect(try Self.builds(command, []).targetCPU == nil)
        },
        Row("--work-directory", pairedCommands) { command throws in
            #expect(try Self.revision(command, ["--work-directory", "/tmp/w"]).workDirectory == "/tmp/w")
            #expect(try Self.revision(command, []).workDirectory == nil)
        },
    ]

    static let pairingRows: [Row] = [
        Row("--epochs", pairedCommands) { command throws in
            #expect(try Self.pairing(command, ["--epochs", "24"]).epochs == 24)
            #expect(try Self.pairing(command, []).epochs == 16)
        },
        Row("--samples", pairedCommands) { command throws in
            // Pairs per epoch reach the one cell's plan; default 3.
            let cell = CellKey(kernel: .add, backend: "simd", size: 16)
            #expect(
                try CellPairing.plan(for: cell, samples: try Self.pairing(command, ["--samples", "9"]).samples).timing
                    .samples == 9)
            #expect(try Self.pairing(command, []).samples == 3)
        },
        Row("--confidence", pairedCommands) { command throws in
            #expect(try Self.pairing(command, ["--confidence", "90"]).level == 0.9)
            #expect(try Self.pairing(command, []).level == 0.99)
        },
    ]
}

// MARK: - bisect

extension OptionEffectTests {
    static func bisect(_ arguments: [String]) throws -> BisectCommand { try parse("bisect", arguments) }

    static let bisectRows: [Row] = [
        Row("--good", ["bisect"]) { _ throws in
            #expect(try Self.bisect(["--good", "v1.4.0", "--cell", "add.simd.16"]).good == "v1.4.0")
        },
        Row("--bad", ["bisect"]) { _ throws in
            #expect(try Self.bisect(["--good", "v1", "--bad", "feature", "--cell", "add.simd.16"]).bad == "feature")
            #expect(try Self.bisect(["--good", "v1", "--cell", "add.simd.16"]).bad == "HEAD")
        },
        Row("--cell", ["bisect"]) { _ throws in
            // Ki is 1024; the cell's backend decides the clock of the paired plan.
            let key = try Self.bisect(["--good", "v1", "--cell", "axpy.naive.4Ki"]).key()
            #expect(key == CellKey(kernel: .axpy, backend: "naive", size: 4096))
            let plan = try CellPairing.plan(for: key, samples: 3)
            #expect(plan.kernels == [.axpy] && plan.sizes == [4096] && plan.backends == ["naive"])
            #expect(plan.timing.clock == .threadCPU)
            let threaded = try CellPairing.plan(for: CellKey(kernel: .add, backend: "parallel", size: 16), samples: 3)
            #expect(threaded.timing.clock == parallelClock)
        },
        Row("--format", ["bisect"]) { _ throws in
            #expect(try Self.bisect(["--good", "v1", "--cell", "add.simd.16", "--format", "json"]).format == .json)
            #expect(try Self.bisect(["--good", "v1", "--cell", "add.simd.16"]).format == .plain)
        },
    ]
}

// MARK: - verify

extension OptionEffectTests {
    static let verifyRows: [Row] = [
        Row("--thorough", ["verify"]) { _ throws in
            #expect(try Self.parse("verify", ["--thorough"], as: VerifyCommand.self).suite().mode == .thorough)
            #expect(try Self.parse("verify", [], as: VerifyCommand.self).suite().mode == .quick)
        },
        Row("--damping-formula", ["verify"]) { _ throws in
            let plain = try Self.parse("verify", [], as: VerifyCommand.self).suite().candidates
            let suite = try Self.parse(
                "verify", ["--damping-formula", "4*pi*(1-bounce)/duration", "--damping-formula", "2"],
                as: VerifyCommand.self
            ).suite()
            #expect(suite.candidates.count == plain.count + 2)
            // The formula judged is the one given: 4π(1 − bounce)/duration at duration 0.5, bounce 0.25.
            let given = try #require(suite.candidates.dropLast().last)
            #expect(Self.close(given.damping(0.5, 0.25), 4 * .pi * 0.75 / 0.5))
            #expect(suite.candidates.last?.damping(0.5, 0.25) == 2)
            #expect(throws: UsageError.self) {
                try Self.parse("verify", ["--damping-formula", "4*("], as: VerifyCommand.self).suite()
            }
        },
        Row("--no-report", ["verify"]) { _ throws in
            // Writes nothing, so its directory is not checked.
            #expect(
                try Self.parse("verify", ["--no-report", "--output-directory", "/"], as: VerifyCommand.self).noReport)
            #expect(Self.refused("verify", ["--output-directory", "/"]))
        },
    ]
}
