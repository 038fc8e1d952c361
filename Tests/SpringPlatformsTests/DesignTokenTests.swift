import Foundation
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels

/// Springs as design tokens: the file follows the Format Module 2025.10 and the community group's
/// spring proposal, reads back unchanged, and a bad file is refused with its JSON path.
@Suite("Design tokens")
struct DesignTokenTests {
    static let options = SpringDesignToken.ExportOptions(
        travel: 100, velocity: 0, refreshRates: [60], epsilon: 0.001, tolerance: 0.5)

    /// A bouncy spring of mass 2 and an over-damped one: both sides of SwiftUI's bounce formula.
    static let springs: [Spring] = [
        try! Spring(mass: 2, stiffness: 350, damping: 14), try! Spring(mass: 1, stiffness: 120, damping: 40),
    ]

    /// Written once per spring (each runs every platform's match).
    static let documents: [Data] = springs.map {
        try! SpringDesignToken.document(name: "motion", spring: $0, options: options)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The rules of the Format Module 2025.10 a spring token is held to, written from its published
    /// schemas (design-tokens/community-group, `schemas/src/2025.10/format/token.json` at 11f95e87:
    /// a token's members are `$value`, `$type`, `$ref`, `$description`, `$extensions`,
    /// `$deprecated` and no other; `$description` a string, `$extensions` an object;
    /// `values/duration.json` at 011a50c8: exactly `value` (a number) and `unit` ("ms" or "s")) and
    /// from the format's naming rule (a name does not start with `$` nor contain `{`, `}` or `.`).
    /// `spring` is not a 2025.10 type: its `$value` follows the proposal
    /// (design-tokens/community-group issue #429): `bounce`, `duration`, `physics { stiffness,
    /// damping, mass }`. Returns what breaks a rule, empty when none does.
    static func violations(_ file: [String: Any]) -> [String] {
        var found: [String] = []
        for (name, raw) in file {
            if name.hasPrefix("$") || name.contains(where: { "{}.".contains($0) }) { found.append("name \(name)") }
            guard let token = raw as? [String: Any] else {
                found.append("\(name) is not an object")
                continue
            }
            let members: Set = ["$value", "$type", "$ref", "$description", "$extensions", "$deprecated"]
            for key in token.keys where !members.contains(key) { found.append("\(name).\(key) is not a member") }
            if token["$value"] == nil { found.append("\(name) has no $value") }
            if token["$type"] as? String != "spring" { found.append("\(name).$type") }
            if token["$description"].map({ $0 is String }) == false { found.append("\(name).$description") }
            if let extensions = token["$extensions"] {
                if let object = extensions as? [String: Any] {
                    for key in object.keys where !key.contains(".") {
                        found.append("\(name).$extensions.\(key) is not reverse-domain")
                    }
                } else {
                    found.append("\(name).$extensions is not an object")
                }
            }
            guard let value = token["$value"] as? [String: Any] else {
                found.append("\(name).$value is not an object")
                continue
            }
            if Set(value.keys) != ["bounce", "duration", "physics"] {
                found.append("\(name).$value keys \(value.keys)")
            }
            if !(value["bounce"] is Double) { found.append("\(name).$value.bounce") }
            if let duration = value["duration"] as? [String: Any] {
                if Set(duration.keys) != ["value", "unit"] { found.append("duration keys") }
                if !(duration["value"] is Double) { found.append("duration.value") }
                if !["ms", "s"].contains(duration["unit"] as? String ?? "") { found.append("duration.unit") }
            } else {
                found.append("\(name).$value.duration is not an object")
            }
            if let physics = value["physics"] as? [String: Any] {
                if Set(physics.keys) != ["stiffness", "damping", "mass"] { found.append("physics keys") }
                for key in ["stiffness", "mass"] where !((physics[key] as? Double ?? 0) > 0) {
                    found.append("physics.\(key)")
                }
                if !((physics["damping"] as? Double ?? -1) >= 0) { found.append("physics.damping") }
            } else {
                found.append("\(name).$value.physics is not an object")
            }
        }
        return found
    }

    @Test("A written token follows the format's rules; its values are the spring's, its labels SwiftUI's")
    func writtenTokenFollowsTheFormat() throws {
        for (spring, data) in zip(Self.springs, Self.documents) {
            let file = try Self.object(data)
            #expect(Self.violations(file).isEmpty, "\(Self.violations(file))")
            let token = try #require(file["motion"] as? [String: Any])
            let value = try #require(token["$value"] as? [String: Any])
            let physics = try #require(value["physics"] as? [String: Any])
            // JSONSerialization is not exact on Linux (see SpringDesignToken.read); compare to 1e-15.
            for (key, expected) in [
                ("stiffness", spring.stiffness), ("damping", spring.damping), ("mass", spring.mass),
            ] {
                let written = try #require(physics[key] as? Double)
                #expect(abs(written - expected) <= 1e-15 * expected, "\(key)")
            }
            // SwiftUI's labels, from "Animate with springs" (WWDC 2023), computed here:
            // duration 2π/ω₀, bounce 1 − ζ (ζ ≤ 1) or 1/ζ − 1.
            let omega = (spring.stiffness / spring.mass).squareRoot()
            let zeta = spring.damping / (2 * (spring.stiffness * spring.mass).squareRoot())
            let duration = try #require(value["duration"] as? [String: Any])
            #expect(duration["unit"] as? String == "ms")
            let milliseconds = try #require(duration["value"] as? Double)
            #expect(abs(milliseconds - 2 * .pi / omega * 1000) <= 1e-12 * milliseconds)
            let bounce = try #require(value["bounce"] as? Double)
            #expect(abs(bounce - (zeta <= 1 ? 1 - zeta : 1 / zeta - 1)) <= 1e-12)

            let extensions = try #require(token["$extensions"] as? [String: Any])
            let ours = try #require(extensions[SpringDesignToken.extensionKey] as? [String: Any])
            let platforms = try #require(ours["platforms"] as? [String: Any])
            #expect(Set(platforms.keys) == Set(SpringPlatform.matchTargets.compactMap(\.form?.keyword)))
            let css = try #require(ours["cssLinear"] as? [String: Any])
            let largest = try #require(css["largestError"] as? Double)
            // Within the bound, in the travel's units (a fraction of the travel would be ~100× smaller).
            #expect(largest <= 0.5 && largest > 0.05, "\(largest)")
            #expect((css["easing"] as? String)?.hasPrefix("linear(0, ") == true)
        }
    }

    @Test("A written token reads back as the same spring, bit for bit, and writes the same bytes again")
    func readsBackUnchanged() throws {
        for (spring, data) in zip(Self.springs, Self.documents) {
            let token = try SpringDesignToken.read(data)
            #expect(token.name == "motion" && token.notes.isEmpty)
            #expect(token.spring.mass.bitPattern == spring.mass.bitPattern)
            #expect(token.spring.stiffness.bitPattern == spring.stiffness.bitPattern)
            #expect(token.spring.damping.bitPattern == spring.damping.bitPattern)
            let again = try SpringDesignToken.document(name: "motion", spring: token.spring, options: Self.options)
            #expect(again == data)
        }
    }

    /// Swift prints a Double with the fewest digits that read back to it; the reader must read
    /// those digits back to the same Double (JSONSerialization on Linux does not).
    @Test("300 random springs over a wide range read back bit for bit from their shortest digits")
    func numbersReadExactly() throws {
        var rng = SplitMix64(seed: 0x7031_4e5a)
        for _ in 0..<300 {
            let mass = exp2(Double.random(in: -20...20, using: &rng)) * Double.random(in: 1..<2, using: &rng)
            let stiffness = exp2(Double.random(in: -20...40, using: &rng)) * Double.random(in: 1..<2, using: &rng)
            let damping = exp2(Double.random(in: -30...30, using: &rng)) * Double.random(in: 1..<2, using: &rng)
            let json = """
                {"group": {"$type": "spring", "t": {"$value": {"physics": \
                {"stiffness": \(stiffness), "damping": \(damping), "mass": \(mass)}}}}}
                """
            let token = try SpringDesignToken.read(Data(json.utf8))
            #expect(token.name == "group.t")
            #expect(token.spring.stiffness.bitPattern == stiffness.bitPattern, "\(stiffness)")
            #expect(token.spring.damping.bitPattern == damping.bitPattern, "\(damping)")
            #expect(token.spring.mass.bitPattern == mass.bitPattern, "\(mass)")
        }
    }

    @Test("The proposal's forms: a string duration, bounce and duration alone, an inherited $type, an alias")
    func proposalForms() throws {
        let json = """
            {"motion": {"$type": "spring",
              "base": {"$value": {"bounce": 0.3, "duration": "400ms"}},
              "seconds": {"$value": {"duration": {"value": 0.4, "unit": "s"}, "bounce": 0.3}},
              "alias": {"$value": "{motion.base}"}},
             "size": {"$type": "dimension", "$value": {"value": 4, "unit": "px"}}}
            """
        let expected = try SwiftUIParameters(duration: 0.4, bounce: 0.3).spring
        for name in ["motion.base", "motion.seconds", "motion.alias"] {
            let token = try SpringDesignToken.read(Data(json.utf8), name: name)
            #expect(token.spring == expected, "\(name)")
            #expect(token.name == name)
        }
        // physics wins over labels that disagree, and the disagreement is reported.
        let labelled = """
            {"a": {"$type": "spring", "$value": {"bounce": 0.35, "duration": "400ms", \
            "physics": {"stiffness": 300, "damping": 20, "mass": 1}}}}
            """
        // physics without a mass: mass 1 (the proposal's physics lists it; SpringBench's default).
        let massless = #"{"a": {"$type": "spring", "$value": {"physics": {"stiffness": 300, "damping": 20}}}}"#
        #expect(
            try SpringDesignToken.read(Data(massless.utf8)).spring == (try Spring(mass: 1, stiffness: 300, damping: 20))
        )
        let token = try SpringDesignToken.read(Data(labelled.utf8))
        #expect(token.spring == (try Spring(mass: 1, stiffness: 300, damping: 20)))
        #expect(token.notes.count == 2)
        #expect(token.notes.allSatisfy { $0.hasPrefix("a.$value.") && $0.contains("the physics is used") })
    }

    @Test(
        "A bad token file is refused with the JSON path and what is valid",
        arguments: [
            ("[1]", "", "is not a JSON object"),
            ("{\"a\": ", "", "is not valid JSON"),
            // A number no double holds: Foundation's reader names only the file; the path is ours.
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": {\"value\": 1e309, \"unit\": \"ms\"}}}}",
                "a.$value.duration.value", "must be a number a double holds (up to ±1.8e308)"
            ),
            ("{\"a\": [0, {\"b\": [1, -1e400]}]}", "a[1].b[1]", "must be a number a double holds"),
            ("{\"a\": {\"$type\": \"color\", \"$value\": \"#fff\"}}", "", "has no token of $type \"spring\""),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"1s\"}}, \"b\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"1s\"}}}",
                "", "has 2 spring tokens (a, b); name one"
            ),
            ("{\"a\": {\"$type\": \"spring\", \"$value\": {\"bounce\": 0.2}}}", "a.$value.duration", "is missing"),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": {\"value\": 4, \"unit\": \"min\"}}}}",
                "a.$value.duration.unit", "must be \"ms\" or \"s\", got \"min\""
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"fast\"}}}", "a.$value.duration",
                "must be { \"value\": number"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"1s\", \"bounce\": true}}}",
                "a.$value.bounce", "must be a number"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"1s\", \"bounce\": -1}}}",
                "a.$value.bounce", "must be a finite number greater than -1"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"-1s\"}}}", "a.$value.duration",
                "must be a finite number > 0"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"physics\": {\"stiffness\": 100}}}}",
                "a.$value.physics.damping", "is missing"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"physics\": {\"stiffness\": 100, \"damping\": 1, \"mass\": 0}}}}",
                "a.$value.physics.mass", "must be"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"physics\": {\"stiffness\": 1, \"damping\": 1, \"tension\": 2}}}}",
                "a.$value.physics.tension", "is not a physics field"
            ),
            (
                "{\"a\": {\"$type\": \"spring\", \"$value\": {\"dampingRatio\": 0.5}}}", "a.$value.dampingRatio",
                "is not a spring field"
            ),
            (
                "{\"g\": {\"$type\": \"spring\", \"a\": {\"$value\": \"{g.b}\"}, \"b\": {\"$value\": \"{g.a}\"}}}", "",
                "has 2 spring tokens"
            ),
            ("{\"a\": {\"$type\": \"spring\", \"$value\": \"{b}\"}}", "a.$value", "not a token in the file"),
            ("{\"a\": {\"$type\": 3, \"$value\": {}}}", "a.$type", "must be a string"),
            ("{\"a\": 3}", "a", "must be a group or a token"),
            ("{\"$value\": {}}", "$value", "put the token under a name"),
            (
                "{\"a.b\": {\"$type\": \"spring\", \"$value\": {\"duration\": \"1s\"}}}", "a.b",
                "must not contain '.', '{' or '}'"
            ),
        ])
    func refused(json: String, path: String, message: String) {
        let error = #expect(throws: SpringDesignToken.ReadError.self) {
            _ = try SpringDesignToken.read(Data(json.utf8))
        }
        #expect(error?.path == path, "\(String(describing: error))")
        #expect(error?.message.contains(message) == true, "\(String(describing: error))")
    }

    @Test("Names: an alias cycle, an alias to another type, a name that is not there or not a spring")
    func names() {
        let json = """
            {"g": {"$type": "spring", "a": {"$value": "{g.b}"}, "b": {"$value": "{g.a}"}},
             "c": {"$type": "spring", "$value": "{d}"}, "d": {"$type": "duration", "$value": {"value": 1, "unit": "s"}}}
            """
        func failure(_ name: String) -> SpringDesignToken.ReadError? {
            do {
                _ = try SpringDesignToken.read(Data(json.utf8), name: name)
                return nil
            } catch {
                return error
            }
        }
        #expect(failure("g.a")?.message.contains("cycle: g.a → g.b → g.a") == true)
        #expect(failure("c")?.message.contains("not a spring token") == true)
        #expect(failure("d")?.message == "has $type \"duration\", not \"spring\"")
        #expect(failure("e")?.message.contains("the spring tokens here: c, g.a, g.b") == true)
    }
}
