import Benchmarking
import Foundation
import SpringBenchCLI
import SpringPlatforms
import Testing
import _CLITestSupport
import _PlatformTestSupport
import _ResultsTestSupport

/// Each command's mapping from options to the model, and its exit code for
/// each outcome: 0 (done, no finding), 1 (a finding: a failed check, a
/// regression), 2 (unusable input, tested in BadInputTests).
@Suite("Commands: options map to the model, outcomes to exit codes")
struct OutcomeTests {
    struct SpringCase: Sendable, CustomTestStringConvertible {
        var arguments: [String]
        var mass: Double
        var stiffness: Double
        var damping: Double
        var testDescription: String { arguments.joined(separator: " ") }
    }

    /// The conversions written out from each platform's definition
    /// (Guides/SpringFormulas.md), independently of SpringModel.
    static let springCases: [SpringCase] = {
        let twoPi = 2 * Double.pi
        return [
            SpringCase(
                arguments: ["--stiffness", "200", "--damping", "10", "--mass", "2"], mass: 2, stiffness: 200,
                damping: 10),
            // SwiftUI: k = (2π/d)², c = 4π(1 − b)/d for b ≥ 0; ζ = 1/(1 + b) for b < 0.
            SpringCase(
                arguments: ["--duration", "0.5", "--bounce", "0.3"],
                mass: 1, stiffness: (twoPi / 0.5) * (twoPi / 0.5), damping: 2 * twoPi * 0.7 / 0.5),
            SpringCase(
                arguments: ["--duration", "0.5", "--bounce", "-0.5"],
                mass: 1, stiffness: (twoPi / 0.5) * (twoPi / 0.5), damping: 2 * (1 / 0.5) * twoPi / 0.5),
            // response/ζ: k = m(2π/T)², c = 2ζ·m·2π/T.
            SpringCase(
                arguments: ["--response", "0.4", "--damping-ratio", "0.8", "--mass", "3"],
                mass: 3, stiffness: 3 * (twoPi / 0.4) * (twoPi / 0.4), damping: 2 * 0.8 * 3 * twoPi / 0.4),
            // Android: stiffness as given, c = 2ζ√(k·m), m = 1.
            SpringCase(
                arguments: ["--android-stiffness", "1500", "--damping-ratio", "0.5"],
                mass: 1, stiffness: 1500, damping: 2 * 0.5 * 1500.0.squareRoot()),
            // Motion: ω = 2π/(1.2·visualDuration), ζ = clamp(1 − bounce, 0.05, 1).
            SpringCase(
                arguments: ["--motion-visual-duration", "0.5", "--motion-bounce", "0.25"],
                mass: 1, stiffness: (twoPi / 0.6) * (twoPi / 0.6), damping: 2 * 0.75 * twoPi / 0.6),
            // react-spring: tension/friction are stiffness/damping; frequency f: k = (2π/f)², c = 4πζ/f.
            SpringCase(arguments: ["--tension", "170", "--friction", "26"], mass: 1, stiffness: 170, damping: 26),
            SpringCase(
                arguments: ["--react-frequency", "0.5", "--react-damping", "0.7"],
                mass: 1, stiffness: (twoPi / 0.5) * (twoPi / 0.5), damping: 2 * 0.7 * twoPi / 0.5),
            // Origami (Rebound): tension = (t − 30)·3.62 + 194, friction = (f − 8)·3 + 25.
            SpringCase(
                arguments: ["--origami-tension", "40", "--origami-friction", "7"],
                mass: 1, stiffness: 10 * 3.62 + 194, damping: -3 + 25),
        ]
    }()

    @Test("spring: each family's options give the spring its platform defines", arguments: springCases)
    func springMapping(_ spring: SpringCase) throws {
        let outcome = SpringBenchCLI.run(["spring"] + spring.arguments + ["--format", "json"])
        #expect(outcome.status == 0, "\(outcome)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome)")
        let model = try #require(document["spring"] as? [String: Double], "\(outcome)")
        // Each conversion is a few roundings (≤ 10 u relative); 1e-13 leaves room.
        for (name, expected) in [("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping)] {
            let got = try #require(model[name])
            #expect(abs(got - expected) <= 1e-13 * abs(expected), "\(name): \(got) vs \(expected)")
        }
    }

    @Test("convert --preset bouncy: both settling times under their own names and each platform's end of the animation")
    func convertShowsSettlingAndEndings() throws {
        let table = SpringBenchCLI.run(["convert", "--preset", "bouncy"])
        #expect(table.status == 0, "\(table)")
        #expect(table.stdout.contains("exactSettlingDuration 0.818746717383"), "\(table)")
        #expect(table.stdout.contains("swiftUISettlingDuration 1.044713090512"), "\(table)")
        for platform in PlatformNames.all {
            #expect(
                table.stdout.contains("\n\(platform) ") && table.stdout.contains("done at"), "\(platform): \(table)")
        }
        let json = SpringBenchCLI.run([
            "convert", "--preset", "bouncy", "--refresh-rate", "120", "--from", "0", "--to", "100", "--format", "json",
        ])
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any], "\(json)")
        let ends = try #require(object["endOfAnimation"] as? [String: Any])
        #expect(ends["refreshRate"] as? Double == 120 && ends["to"] as? Double == 100)
        let platforms = try #require(ends["platforms"] as? [String: [String: Any]])
        #expect(Set(platforms.keys) == Set(PlatformNames.all))
        // react-spring's whole-millisecond steps: 9 per 8.33 ms frame, its clock fast by more than 8 %.
        let drift = try #require(platforms[SpringPlatform.reactSpring.shortName]?["clockDrift"] as? Double)
        #expect(drift > 0.08 && drift < 0.1)
        // Motion's default x transition (restSpeed 10) ends at 450 ms, as Motion's own playback does.
        let motion = SpringBenchCLI.run(["convert", "--preset", "motion-transform", "--to", "100"])
        #expect(motion.stdout.contains("\n\(SpringPlatform.motion.shortName)        done at 0.45 s"), "\(motion)")
        let bad = SpringBenchCLI.run(["convert", "--refresh-rate", "0.5"])
        #expect(bad.status == 2 && bad.errorLines.first?.contains("--refresh-rate") == true, "\(bad)")
    }

    @Test("convert prints the same spring as spring for the same options")
    func convertAgreesWithSpring() throws {
        let arguments = ["--android-stiffness", "1500", "--damping-ratio", "0.5", "--format", "json"]
        let spring = SpringBenchCLI.run(["spring"] + arguments)
        let convert = SpringBenchCLI.run(["convert"] + arguments)
        #expect(spring.status == 0 && convert.status == 0, "\(spring)\n\(convert)")
        #expect(convert.stdout.contains("1500"), "\(convert)")
        #expect(convert.stdout.contains("38.7298334620741"), "\(convert)")
    }

    /// Two results files, the current one `factor` times slower everywhere.
    static func resultsPair(factor: Double) throws -> (String, String, String) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("outcome-\(UUID().uuidString)")
            .path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let baseline = directory + "/baseline.json", current = directory + "/current.json"
        try SyntheticRuns.results(seed: 1).write(to: baseline)
        try SyntheticRuns.results(factor: factor, seed: 2).write(to: current)
        return (directory, baseline, current)
    }

    @Test(
        "compare: unchanged exits 0, 30 % slower exits 1, 30 % faster exits 0",
        arguments: [
            (1.0, Int32(0), "No regression"), (1.3, Int32(1), "regress"), (1 / 1.3, Int32(0), "improved"),
        ] as [(Double, Int32, String)])
    func compareExitCodes(factor: Double, status: Int32, phrase: String) throws {
        let (directory, baseline, current) = try Self.resultsPair(factor: factor)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let outcome = SpringBenchCLI.run(["compare", baseline, current, "--format", "plain"])
        #expect(outcome.status == status, "\(outcome)")
        #expect(outcome.stdout.localizedCaseInsensitiveContains(phrase), "\(outcome)")
        #expect(outcome.errorLines.isEmpty, "\(outcome)")
    }

    /// A damping formula that is wrong everywhere fails its check: a finding,
    /// exit 1 — not 2 (the input was usable) and not 0.
    @Test("verify: a failing check exits 1 and names it")
    func verifyFailureExitsOne() {
        let outcome = SpringBenchCLI.run(["verify", "--no-report", "--damping-formula", "1"])
        #expect(outcome.status == 1, "\(outcome)")
        #expect(outcome.stdout.contains("FAIL") || outcome.stdout.contains("fail"), "\(outcome)")
        #expect(outcome.errorLines.isEmpty, "\(outcome)")
    }

    /// The committed results of the last `make report`.

    @Test("recommend and report on a valid results file exit 0; report writes the whole set")
    func resultsConsumersSucceed() throws {
        let recommend = SpringBenchCLI.run(["recommend", "--input", CLIRunner.committedResults])
        #expect(recommend.status == 0, "\(recommend)")
        #expect(
            ["naive", "SIMD", "simd", "OpenBLAS", "openblas"].contains { recommend.stdout.contains($0) }, "\(recommend)"
        )
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("report-\(UUID().uuidString)")
            .path
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let report = SpringBenchCLI.run([
            "report", "--input", CLIRunner.committedResults, "--output-directory", directory,
        ])
        #expect(report.status == 0, "\(report)")
        for file in ["performance.md", "backend-choice.md"] {
            #expect(FileManager.default.fileExists(atPath: directory + "/" + file), "\(file) missing: \(report)")
        }
        let plots = (try? FileManager.default.contentsOfDirectory(atPath: directory + "/plots")) ?? []
        #expect(plots.contains { $0.hasSuffix(".svg") }, "\(plots)")
        let same = SpringBenchCLI.run([
            "compare", CLIRunner.committedResults, CLIRunner.committedResults, "--format", "plain",
        ])
        #expect(same.status == 0 && same.stdout.contains("No regression"), "\(same)")
    }
}
