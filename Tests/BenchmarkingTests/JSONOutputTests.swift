import Benchmarking
import Foundation
import SpringBenchSupport
import Testing

/// `--format json` goes through one Codable path (``JSONOutput``): NaN and
/// ±∞ become `null` wherever they sit, finite numbers read back exactly.
@Suite struct JSONOutputTests {
    struct Inner: Encodable {
        var value: Double
        var optional: Double?
        var list: [Double]
    }

    struct Outer: Encodable {
        var top: Double
        var missing: Double?
        var present: Double?
        var inner: Inner
        var nested: [[Double?]]
        var byName: [String: Double]
        var text: String
        var seed: UInt64
        var small: Float

        // Explicit, so that a nil optional is written as null (not left out).
        enum CodingKeys: String, CodingKey { case top, missing, present, inner, nested, byName, text, seed, small }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(top, forKey: .top)
            try container.encode(missing, forKey: .missing)
            try container.encode(present, forKey: .present)
            try container.encode(inner, forKey: .inner)
            try container.encode(nested, forKey: .nested)
            try container.encode(byName, forKey: .byName)
            try container.encode(text, forKey: .text)
            try container.encode(seed, forKey: .seed)
            try container.encode(small, forKey: .small)
        }
    }

    static let finite: [Double] = [
        0, -0.0, 1, -1, 0.1, 1 / 3, 5e-324, .leastNormalMagnitude, .greatestFiniteMagnitude,
        -.greatestFiniteMagnitude, 1e15, 123_456_789.123, 2.5e-8, 9_007_199_254_740_993,
    ]

    @Test(
        "NaN, +∞ and −∞ are null at the top, nested and in optionals; finite values round-trip exactly; JSONSerialization parses it"
    )
    func nonFiniteAsNull() throws {
        let value = Outer(
            top: .nan, missing: nil, present: -.infinity,
            inner: Inner(value: .infinity, optional: .nan, list: [1.5, .nan, -.infinity] + Self.finite),
            nested: [[.infinity, nil, 2], [-.nan]], byName: ["a": .nan, "b": 0.1, "c\"\n\u{1}": 3],
            text: "quote \" backslash \\ tab \t nul \u{0} é", seed: .max, small: 0.1)
        for sorted in [true, false] {
            let text = try JSONOutput.string(value, sortedKeys: sorted)
            #expect(!text.contains("nan") && !text.contains("inf"), "\(text)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], "\(text)")
            #expect(object["top"] is NSNull)
            #expect(object["missing"] is NSNull)
            #expect(object["present"] is NSNull)
            let inner = try #require(object["inner"] as? [String: Any])
            #expect(inner["value"] is NSNull && inner["optional"] is NSNull)
            let list = try #require(inner["list"] as? [Any])
            #expect((list[0] as? NSNumber)?.doubleValue == 1.5 && list[1] is NSNull && list[2] is NSNull)
            let nested = try #require(object["nested"] as? [[Any]])
            #expect(
                nested[0][0] is NSNull && nested[0][1] is NSNull && (nested[0][2] as? NSNumber)?.doubleValue == 2
                    && nested[1][0] is NSNull)
            let byName = try #require(object["byName"] as? [String: Any])
            #expect(
                byName["a"] is NSNull && (byName["b"] as? NSNumber)?.doubleValue == 0.1 && byName["c\"\n\u{1}"] != nil)
            #expect(object["text"] as? String == value.text)
            #expect(text.contains("18446744073709551615"))  // a UInt64 seed exactly, not through Double
            #expect(text.contains("\"small\" : 0.1"), "\(text)")
        }
        // Finite values read back bit for bit (JSONDecoder: exact decimal parsing), -0 keeps its sign.
        let text = try JSONOutput.string(Self.finite)
        let decoded = try JSONDecoder().decode([Double].self, from: Data(text.utf8))
        #expect(decoded.map(\.bitPattern) == Self.finite.map(\.bitPattern), "\(text)")
        #expect(try JSONOutput.string([1.0, .nan, -.infinity]).filter { !$0.isWhitespace } == "[1,null,null]")
    }

    @Test("Keys are sorted by default and kept in encoding order when asked")
    func keyOrder() throws {
        struct Ordered: Encodable { var zebra = 1, apple = 2 }
        #expect(try JSONOutput.string(Ordered()).filter { !$0.isWhitespace } == #"{"apple":2,"zebra":1}"#)
        #expect(
            try JSONOutput.string(Ordered(), sortedKeys: false).filter { !$0.isWhitespace } == #"{"zebra":1,"apple":2}"#
        )
    }
}
