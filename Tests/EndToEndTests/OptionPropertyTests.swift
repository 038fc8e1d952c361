import Foundation
import SpringBenchCLI
import Testing
import VectorKernels
import _CLITestSupport
import _TestSupport

/// Random and extreme values for every numeric option and parser of the
/// commands that answer at once, and out-of-range values for those of the
/// commands that measure (which must refuse before measuring): whatever the
/// value, exit 0 or 2, never a trap or a hang; an exit 2 has one `error:` line
/// naming the option; an exit 0 with `--format json` prints valid JSON.
///
/// Each command line runs in process (``SpringBenchCLI/run(_:)``: the
/// executable's parsing, validation, error lines and exit status, with its
/// output captured); a trap would end the test run, so it cannot pass unseen.
@Suite(.timeLimit(.minutes(10))) struct OptionPropertyTests {
    /// Extremes every option gets, then random doubles of every magnitude.
    static let extremes = [
        "0", "-0", "5e-324", "-5e-324", "2.2250738585072014e-308", "1e-308", "1e308", "-1e308",
        "1.7976931348623157e308", "-1.7976931348623157e308", "nan", "-nan", "inf", "-inf", "1e400", "",
        "1", "-1", "0.9999999999999999", "1.0000000000000002", "9223372036854775807", "18446744073709551616",
        "abc", "1,2", "0x10",
    ]

    /// The extremes of `make test`: a zero of each sign, the smallest
    /// subnormal, the largest magnitudes of each sign, beyond the range,
    /// NaN, infinity, an empty and a non-numeric value.
    static let quickExtremes = ["0", "-0", "5e-324", "1e308", "-1e308", "1e400", "nan", "inf", "", "abc"]

    /// Every extreme and `count` random values in `make check`; the
    /// quick extremes and one random value in `make test`.
    static func values(seed: UInt64, count: Int) -> [String] {
        var rng = SplitMix64(seed: seed)
        return TestDepth.scaled(quick: quickExtremes, deep: extremes)
            + (0..<TestDepth.scaled(quick: 1, deep: count)).map { _ in
                let exponent = Int.random(in: -320...308, using: &rng)
                let value = Double(
                    sign: Bool.random(using: &rng) ? .plus : .minus, exponent: exponent,
                    significand: Double.random(in: 1..<2, using: &rng))
                return "\(value)"
            }
    }

    /// The spring options: each alone, and with its partner where it needs one.
    static let springOptions: [(option: String, partner: [String])] = [
        ("--duration", []), ("--bounce", []), ("--mass", ["--stiffness", "100", "--damping", "10"]),
        ("--stiffness", ["--damping", "10"]), ("--damping", ["--stiffness", "100"]),
        ("--response", ["--damping-ratio", "0.5"]), ("--damping-ratio", ["--response", "0.5"]),
        ("--settling-duration", ["--damping-ratio", "0.5"]), ("--android-stiffness", ["--damping-ratio", "0.5"]),
        ("--motion-visual-duration", ["--motion-bounce", "0.2"]),
        ("--motion-bounce", ["--motion-visual-duration", "0.5"]),
        ("--tension", ["--friction", "20"]), ("--friction", ["--tension", "170"]),
        ("--react-frequency", ["--react-damping", "0.5"]), ("--react-damping", ["--react-frequency", "0.5"]),
        ("--origami-tension", ["--origami-friction", "7"]), ("--origami-friction", ["--origami-tension", "40"]),
        ("--pop-bounciness", ["--pop-speed", "12"]), ("--pop-speed", ["--pop-bounciness", "4"]),
        ("--epsilon", []), ("--from", []), ("--to", []), ("--initial-velocity", []), ("--relative-velocity", []),
        ("--times", []), ("--until", ["--samples", "5"]), ("--samples", ["--until", "1"]),
        ("--exact-settling-duration", ["--damping-ratio", "0.5"]), ("--motion-duration", ["--motion-bounce", "0.2"]),
        ("--react-velocity", []), ("--extra-bounce", ["--preset", "bouncy"]), ("--refresh-rate", []),
        ("--anime-bounce", ["--anime-duration", "500"]), ("--anime-duration", ["--anime-bounce", "0.2"]),
    ]

    static func check(_ outcome: SpringBenchCLI.Outcome, naming option: String, json: Bool) {
        #expect(outcome.status == 0 || outcome.status == 2, "\(outcome)")
        if outcome.status == 2 {
            #expect(outcome.errorLines.count == 1, "\(outcome)")
            #expect(outcome.errorLines.first?.contains(option) == true, "error does not name \(option): \(outcome)")
        } else if outcome.status == 0, json {
            let parsed = try? JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8))
            #expect(parsed != nil, "not valid JSON: \(outcome)")
        }
    }

    /// Every (command, option) pair, one test case each: they spread over
    /// the cores (a debug build's argument parsing costs tens of ms a line).
    static let springOptionCases: [(command: String, option: String)] = ["spring", "convert"].flatMap { command in
        springOptions.map(\.option).filter { option in
            // spring's sampling options
            command == "spring" || !["--times", "--until", "--samples"].contains(option)
        }.map { (command, $0) }
    }

    @Test("spring and convert: every numeric option, extreme and random values", arguments: springOptionCases)
    func springOptionValues(_ command: String, _ option: String) throws {
        let partner = try #require(Self.springOptions.first { $0.option == option }).partner
        // convert parses and validates through the same option groups as
        // spring; `make test` gives it the first five values, the deep run all.
        let values = Self.values(seed: command == "spring" ? 1 : 2, count: 4)
        for value in command == "spring" || TestDepth.isDeep ? values : Array(values.prefix(5)) {
            let outcome = SpringBenchCLI.run([command, option, value] + partner + ["--format", "json"])
            Self.check(outcome, naming: option, json: true)
        }
    }

    @Test("bench, compare, compare-builds and instructions refuse out-of-range numbers before any work")
    func measuringOptionValues() {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let invalid = [
            "0", "-0", "-1", "5e-324", "1e308", "nan", "inf", "-inf", "", "abc", "1e400", "99999999999999999999",
        ]
        let cases: [(command: [String], option: String, values: [String])] = [
            (["bench"], "--samples", invalid + ["2", "1001"]),
            (["bench"], "--min-sample-ms", invalid + ["0.001", "1001"]),
            (["bench"], "--openblas-threads", invalid + ["1000"]),
            (["bench"], "--probe-trials", invalid + ["101"]),
            (["bench"], "--sizes", invalid + ["16,16", "1.5", "2e12", "4Kx", ",16"]),
            (["compare", "a.json", "b.json"], "--threshold", invalid + ["1000", "1e6"]),
            (["compare", "a.json", "b.json"], "--confidence", invalid + ["49", "99.99"]),
            (["compare-builds", "a", "b"], "--epochs", invalid + ["101", "3"]),
            (["instructions"], "--sizes", invalid + ["2Mi", "16,16"]),
        ]
        for (command, option, values) in cases {
            for value in values {
                // Files and outputs in the scratch directory: whatever a broken
                // check let through would be written there, and found.
                let outcome = SpringBenchCLI.run(CLIRunner.scratchArguments(command + [option, value], in: directory))
                #expect(outcome.status == 2, "\(outcome)")
                Self.check(outcome, naming: option, json: false)
                #expect(CLIRunner.contents(of: directory).isEmpty, "\(outcome)")
            }
        }
    }
}
