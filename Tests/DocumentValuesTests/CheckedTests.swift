import DocumentValues
import Foundation
import Testing

/// The property wrappers of DocumentValues decode only what their rule
/// accepts, and a refusal names the JSON path (with the first occurrence of a
/// repeat) and the rule's valid range. The oracle is the rule's definition
/// written out here, not the rule's `accepts`.
@Suite struct CheckedTests {
    struct Sample: Codable {
        @Checked<Positive> var seconds: Double
        @CheckedOptional<NonNegative> var spread: Double?
    }

    struct Row: Codable, UniquelyKeyed {
        var name: String
        var uniqueKey: String { name }
    }

    struct Document: Codable {
        var samples: [Sample]
        @UniqueElements var rows: [Row]
        @CheckedList<PositiveCount> var counts: [Int]
    }

    struct Lists: Codable {
        @DistinctCheckedList<PositiveCount> var sizes: [Int]
        @DistinctList var names: [String]
    }

    static func decode(_ json: String) throws -> Document {
        try JSONDecoder().decode(Document.self, from: Data(json.utf8))
    }

    /// The message DocumentPath gives for a decoding failure of `json` as `type`, or nil when it decodes.
    static func refusal<T: Decodable>(_ json: String, as type: T.Type = Document.self) -> String? {
        do {
            _ = try JSONDecoder().decode(type, from: Data(json.utf8))
            return nil
        } catch {
            return DocumentPath.describe(error)
        }
    }

    @Test(
        "each rule accepts exactly its stated range",
        arguments: [0.0, -0.0, 1e-300, 1, -1, .infinity, -.infinity, .nan, 0.5, 1.0])
    func rulesAgreeWithTheirDefinitions(value: Double) {
        #expect(Positive.accepts(value) == (value.isFinite && value > 0))
        #expect(NonNegative.accepts(value) == (value.isFinite && value >= 0))
        #expect(OpenUnitInterval.accepts(value) == (value > 0 && value < 1))
    }

    @Test("counts and text", arguments: [Int.min, -1, 0, 1, 2, Int.max])
    func countRules(value: Int) {
        #expect(PositiveCount.accepts(value) == (value >= 1))
        #expect(NonNegativeCount.accepts(value) == (value >= 0))
        #expect(NonEmptyText.accepts(String(repeating: "x", count: max(0, min(value, 3)))) == (value >= 1))
    }

    @Test("a valid document decodes and encodes back to the same values")
    func roundTrip() throws {
        let json =
            #"{"samples":[{"seconds":0.5,"spread":0},{"seconds":2}],"rows":[{"name":"a"},{"name":"b"}],"counts":[1,3]}"#
        let document = try Self.decode(json)
        #expect(document.samples.map(\.seconds) == [0.5, 2])
        #expect(document.samples.map(\.spread) == [0, nil])
        #expect(document.rows.map(\.name) == ["a", "b"])
        #expect(document.counts == [1, 3])
        let again = try Self.decode(String(decoding: try JSONEncoder().encode(document), as: UTF8.self))
        #expect(again.samples.map(\.seconds) == document.samples.map(\.seconds) && again.counts == document.counts)
    }

    @Test("an absent optional value is left out when encoded, never written as null")
    func absentOptionalIsLeftOut() throws {
        let document = try Self.decode(#"{"samples":[{"seconds":1,"spread":2},{"seconds":3}],"rows":[],"counts":[1]}"#)
        let encoded = try #require(
            try JSONSerialization.jsonObject(with: JSONEncoder().encode(document)) as? [String: Any])
        let samples = try #require(encoded["samples"] as? [[String: Any]])
        #expect(samples.map { Set($0.keys) } == [["seconds", "spread"], ["seconds"]])
    }

    /// p10 ≤ median ≤ p90, as the results' summaries hold them.
    struct Summary: Invariant {
        var p10: Double
        var median: Double
        var p90: Double
        var invariantViolation: String? { p10 <= median && median <= p90 ? nil : "has p10 > median or median > p90" }
    }

    struct Cell: Codable {
        @Valid var summary: Summary
    }

    @Test("a broken invariant is refused at the path of the value that holds it, at any depth")
    func invariantNamesItsPath() {
        // Every position of the broken value in lists of one to six.
        for count in 1...6 {
            for broken in 0..<count {
                let cells = (0..<count).map { index in
                    index == broken
                        ? #"{"summary":{"p10":3,"median":2,"p90":4}}"# : #"{"summary":{"p10":1,"median":2,"p90":4}}"#
                }
                let json = #"{"cells":["# + cells.joined(separator: ",") + "]}"
                struct Cells: Codable { var cells: [Cell] }
                let message = Self.refusal(json, as: Cells.self)
                #expect(message?.hasPrefix("cells[\(broken)].summary ") == true, "\(message ?? "decoded")")
                #expect(message?.contains("p10 > median") == true, "\(message ?? "decoded")")
            }
        }
    }

    @Test("a rejected value is named by its JSON path and the rule's valid range")
    func rejectedValueNamesPathAndRange() {
        let base = #"{"rows":[],"counts":[1],"samples":[{"seconds":1},{"seconds":SECONDS}]}"#
        #expect(
            Self.refusal(base.replacingOccurrences(of: "SECONDS", with: "0"))
                == "samples[1].seconds = 0.0 is outside its valid range (finite and > 0)")
        #expect(
            Self.refusal(base.replacingOccurrences(of: "SECONDS", with: "-2.5"))
                == "samples[1].seconds = -2.5 is outside its valid range (finite and > 0)")
        #expect(
            Self.refusal(#"{"rows":[],"counts":[1],"samples":[{"seconds":1,"spread":-1}]}"#)
                == "samples[0].spread = -1.0 is outside its valid range (finite and ≥ 0)")
        #expect(
            Self.refusal(#"{"rows":[],"counts":[2,0],"samples":[]}"#)
                == "counts[1] = 0 is outside its valid range (an integer ≥ 1)")
    }

    @Test("a repeated element is refused at its second occurrence, citing the first")
    func repeatCitesTheFirstOccurrence() {
        let json =
            #"{"samples":[],"counts":[1],"rows":[{"name":"a"},{"name":"b"},{"name":"c"},{"name":"b"},{"name":"a"}]}"#
        #expect(Self.refusal(json) == "rows[3] repeats b of [1]; each appears once")
    }

    @Test(
        "distinct lists: refused at the first repeat, citing the value's first occurrence, on random lists",
        arguments: 0..<20)
    func distinctListsCiteTheFirstOccurrence(seed: UInt64) throws {
        // Six values from 1…5 (a seeded xorshift): always at least one repeat.
        var state = 0x9E37_79B9_7F4A_7C15 &* (seed + 1)
        let values = (0..<6).map { _ -> Int in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return Int(state % 5) + 1
        }
        // The oracle: the first index whose value occurred before, and where it first occurred.
        let repeatIndex = values.indices.first { values[..<$0].contains(values[$0]) }!
        let first = values.firstIndex(of: values[repeatIndex])!
        let list = values.map(String.init).joined(separator: ",")
        let quoted = values.map { "\"\($0)\"" }.joined(separator: ",")
        #expect(
            Self.refusal(#"{"names":["x"],"sizes":["# + list + "]}", as: Lists.self)
                == "sizes[\(repeatIndex)] repeats \(values[repeatIndex]) of [\(first)]; each appears once", "\(values)")
        #expect(
            Self.refusal(#"{"sizes":[1],"names":["# + quoted + "]}", as: Lists.self)
                == "names[\(repeatIndex)] repeats \(values[repeatIndex]) of [\(first)]; each appears once", "\(values)")
    }

    @Test("missing, null, mistyped and empty values each say what they are")
    func otherFailures() {
        #expect(Self.refusal(#"{"samples":[],"rows":[]}"#) == "counts is missing")
        #expect(
            Self.refusal(#"{"samples":[],"rows":[],"counts":[]}"#) == "counts is empty; it needs at least one value")
        #expect(
            Self.refusal(#"{"samples":[{"seconds":"1"}],"rows":[],"counts":[1]}"#)
                == "samples[0].seconds is not a number")
        #expect(Self.refusal("{").map { $0.hasPrefix("not valid JSON") } == true)
    }

    @Test("paths: keys joined by dots, indices in brackets, the root named")
    func pathText() {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(stringValue: String) { self.stringValue = stringValue }
            init(intValue: Int) {
                self.stringValue = "Index \(intValue)"
                self.intValue = intValue
            }
        }
        #expect(DocumentPath.text([]) == "(root)")
        #expect(
            DocumentPath.text([Key(stringValue: "otherBuilds"), Key(intValue: 0), Key(stringValue: "median")])
                == "otherBuilds[0].median")
        #expect(DocumentPath.text([Key(intValue: 2), Key(intValue: 7)]) == "[2][7]")
    }
}
