import Foundation
import SpringBenchSupport
import Testing
import VectorKernels

/// `JSONOutput` against RFC 8259 and its own documented rules, on seeded random documents:
/// every string reads back unchanged through Foundation's parser, every finite number's text is
/// Swift's shortest round-trip form (integral values below 10¹⁵ without a fraction, −0 signed),
/// non-finite numbers are `null`, and keys are sorted or kept in encoding order as asked.
@Suite("JSON output: random documents read back by an independent parser")
struct JSONOutputPropertyTests {
    /// A random document: an object whose keys are encoded in the order given.
    struct Document: Encodable {
        var entries: [(key: String, value: Value)]

        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int? { nil }
            init(stringValue: String) { self.stringValue = stringValue }
            init?(intValue: Int) { nil }
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Key.self)
            for (key, value) in entries { try container.encode(value, forKey: Key(stringValue: key)) }
        }
    }

    enum Value: Encodable {
        case number(Double)
        case text(String)
        case list([Value])

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .number(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .text(let value):
                var container = encoder.singleValueContainer()
                try container.encode(value)
            case .list(let values):
                var container = encoder.unkeyedContainer()
                for value in values { try container.encode(value) }
            }
        }
    }

    static func text(_ rng: inout SplitMix64) -> String {
        // Control characters, the two escaped ones, the space, ASCII, and scalars beyond the BMP.
        let pools: [ClosedRange<UInt32>] = [0...0x1F, 0x20...0x7E, 0xA0...0x2FF, 0x1F600...0x1F64F]
        var scalars = String.UnicodeScalarView()
        for _ in 0..<Int.random(in: 0...12, using: &rng) {
            let pick = Int.random(in: 0..<(pools.count + 2), using: &rng)
            let scalar: Unicode.Scalar =
                pick == pools.count
                ? "\"" : pick == pools.count + 1 ? "\\" : Unicode.Scalar(UInt32.random(in: pools[pick], using: &rng))!
            scalars.append(scalar)
        }
        return String(scalars)
    }

    static func number(_ rng: inout SplitMix64) -> Double {
        switch Int.random(in: 0..<6, using: &rng) {
        case 0:
            return [0.0, -0.0, .nan, .infinity, -.infinity, 1e15, -1e15, 1e15 - 1, 0x1p53].randomElement(using: &rng)!
        case 1: return Double(Int.random(in: -1_000_000...1_000_000, using: &rng))
        case 2: return Double(Int64.random(in: -(1 << 62)...(1 << 62), using: &rng))
        default:
            return Double(bitPattern: UInt64.random(in: 0...UInt64.max, using: &rng))
        }
    }

    /// Swift's shortest round-trip text of a finite double, integral ones below 10¹⁵ as integers.
    static func expectedText(_ value: Double) -> String {
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return value.description
    }

    @Test("strings, numbers and key order of 300 random documents")
    func randomDocuments() throws {
        var rng = SplitMix64(seed: 4320)
        for _ in 0..<300 {
            var keys = Set<String>()
            var entries: [(key: String, value: Value)] = []
            for _ in 0..<Int.random(in: 1...6, using: &rng) {
                let key = Self.text(&rng)
                guard keys.insert(key).inserted else { continue }
                let value: Value =
                    Bool.random(using: &rng)
                    ? .text(Self.text(&rng))
                    : .list((0..<Int.random(in: 0...4, using: &rng)).map { _ in .number(Self.number(&rng)) })
                entries.append((key, value))
            }
            for sorted in [true, false] {
                let json = try JSONOutput.string(Document(entries: entries), sortedKeys: sorted)
                let parsed = try #require(
                    try JSONSerialization.jsonObject(with: Data(json.utf8), options: [.fragmentsAllowed])
                        as? [String: Any],
                    "\(json)")
                #expect(Set(parsed.keys) == keys, "\(json)")
                // Key order: each key's quoted form appears in the order asked for.
                let order = sorted ? entries.map(\.key).sorted() : entries.map(\.key)
                var position = json.startIndex
                for key in order {
                    let range = json.range(of: JSONOutput.quoted(key) + " : ", range: position..<json.endIndex)
                    #expect(range != nil, "\(key) out of order in \(json)")
                    position = range?.upperBound ?? position
                }
                for (key, value) in entries {
                    switch value {
                    case .text(let string):
                        #expect(parsed[key] as? String == string, "\(json)")
                    case .list(let numbers):
                        let list = try #require(parsed[key] as? [Any])
                        #expect(list.count == numbers.count)
                        for case (.number(let number), let read) in zip(numbers, list) where !number.isFinite {
                            #expect(read is NSNull, "\(number) in \(json)")
                        }
                    case .number: break
                    }
                }
            }
        }
    }

    @Test("a finite number is written as Swift's shortest round-trip text; −0 keeps its sign; the rest null")
    func numbers() {
        var rng = SplitMix64(seed: 4321)
        for _ in 0..<20_000 {
            let value = Self.number(&rng)
            let text = JSONOutput.number(value)
            guard value.isFinite else {
                #expect(text == "null")
                continue
            }
            #expect(text == Self.expectedText(value), "\(value.bitPattern)")
            #expect(Double(text)?.bitPattern == value.bitPattern, "\(text) reads back as another double")
        }
    }

    @Test("a string literal escapes exactly what RFC 8259 requires: quote, backslash, controls")
    func quoting() {
        for scalar in (0...0x7F).compactMap(Unicode.Scalar.init) + ["é", "😀"] {
            let quoted = JSONOutput.quoted(String(scalar))
            let escaped = scalar == "\"" || scalar == "\\" || scalar.value < 0x20
            #expect(quoted.hasPrefix("\"\\") == escaped, "U+\(String(scalar.value, radix: 16)): \(quoted)")
            if !escaped { #expect(quoted == "\"\(scalar)\"") }
        }
    }
}
