import Foundation
import SpringBenchCLI
import Testing
import _CLITestSupport

/// `export --design-token` and `--design-token-file`, in process: the token reads back unchanged
/// and the residuals it states are `match`'s.
@Suite("Design tokens on the command line")
struct DesignTokenCommandTests {
    struct Rate: Decodable, Equatable {
        var refreshRate: Double
        var residual: Double
        var residualUnits: Double
        var residualWithSnaps: Double
        var sourceDoneSeconds: Double?
        var targetDoneSeconds: Double?
    }
    struct Platform: Decodable {
        var code: String?
        var parameters: [String: Double]?
        var rates: [Rate]?
    }
    struct Extension: Decodable { var platforms: [String: Platform] }
    struct Token: Decodable {
        var extensions: [String: Extension]
        enum CodingKeys: String, CodingKey { case extensions = "$extensions" }
    }
    struct Match: Decodable {
        var code: String
        var parameters: [String: Double]
        var rates: [Rate]
    }

    static let spring = ["--duration", "0.45", "--bounce", "0.25"]
    static let motion = ["--travel", "-80", "--velocity", "30", "--refresh-rates", "120,50"]

    @Test("export --design-token writes a token that reads back byte for byte, with match's residuals")
    func roundTripAndMatch() throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let written = SpringBenchCLI.run(["export", "--design-token", "--name", "card"] + Self.spring + Self.motion)
        #expect(written.status == 0, "\(written)")
        let path = directory + "/card.tokens.json"
        try written.stdout.write(toFile: path, atomically: true, encoding: .utf8)

        let again = SpringBenchCLI.run(
            ["export", "--design-token", "--name", "card", "--design-token-file", path] + Self.motion)
        #expect(again.status == 0 && again.stderr.isEmpty, "\(again)")
        #expect(again.stdout == written.stdout)

        let token = try JSONDecoder().decode([String: Token].self, from: Data(written.stdout.utf8))
        let platforms = try #require(token["card"]?.extensions["org.springbench"]?.platforms)
        for target in ["svelte", "compose", "reanimated3"] {
            let match = SpringBenchCLI.run(
                ["match", "--design-token-file", path, "--to", target, "--format", "json"] + Self.motion)
            #expect(match.status == 0, "\(match)")
            let answer = try JSONDecoder().decode(Match.self, from: Data(match.stdout.utf8))
            let stated = try #require(platforms[target])
            #expect(stated.rates == answer.rates, "\(target)")
            #expect(stated.code == answer.code && stated.parameters == answer.parameters, "\(target)")
        }
        #expect(CLIRunner.contents(of: directory) == ["card.tokens.json"])
    }

    @Test(
        "Bad combinations are refused with exit 2 and a message naming the option",
        arguments: [
            (["export", "--design-token", "--css-linear"], "leave out --css-linear"),
            (["export", "--design-token", "--platform", "svelte"], "leave out --platform"),
            (["export", "--design-token", "--refresh-rates", "0"], "--refresh-rates"),
            (
                ["spring", "--design-token-file", "/nonexistent/t.json"],
                "--design-token-file /nonexistent/t.json: cannot be read"
            ),
            (["spring", "--design-token-file", "/nonexistent/t.json", "--stiffness", "5"], "give one spring"),
            (["spring", "--design-token-name", "a"], "--design-token-name goes with --design-token-file"),
        ])
    func refused(arguments: [String], message: String) {
        let outcome = SpringBenchCLI.run(arguments)
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.stderr.contains(message), "\(outcome)")
        #expect(outcome.stdout.isEmpty, "\(outcome)")
    }

    @Test("A bad token names the file and the JSON path; a disagreeing label is a warning")
    func badToken() throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let bad = directory + "/bad.json"
        try #"{"m": {"$type": "spring", "$value": {"duration": {"value": 1, "unit": "h"}}}}"#.write(
            toFile: bad, atomically: true, encoding: .utf8)
        let refused = SpringBenchCLI.run(["convert", "--design-token-file", bad])
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("--design-token-file \(bad): m.$value.duration.unit: must be \"ms\" or \"s\""))
        let labelled = directory + "/labelled.json"
        try #"{"m": {"$type": "spring", "$value": {"bounce": 0.9, "physics": {"stiffness": 100, "damping": 10}}}}"#
            .write(toFile: labelled, atomically: true, encoding: .utf8)
        let warned = SpringBenchCLI.run(["spring", "--design-token-file", labelled])
        #expect(warned.status == 0, "\(warned)")
        #expect(warned.stderr.contains("warning: \(labelled): m.$value.bounce (0.9)"), "\(warned)")
        #expect(warned.stdout.contains("stiffness 100.0"), "\(warned)")
    }
}
