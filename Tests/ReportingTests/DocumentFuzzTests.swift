import Benchmarking
import Foundation
import RegressionGate
import Reporting
import Testing
import _TestSupport

/// A mutational fuzz of every document kind the tool reads: each variant of a
/// real file (a field deleted, repeated, given another type or an extreme
/// number, bytes flipped, the text cut short) must decode to a valid document
/// or to one error naming its JSON path — never a crash — and the same way
/// twice. Valid variants then go through what `report`, `recommend` and
/// `compare` do with them.
@Suite("Mutational fuzz of the documents the tool reads")
struct DocumentFuzzTests {
    /// 500 variants of each kind in `make test`, 10,000 in `make check`.
    static let variantsPerKind = TestDepth.scaled(quick: 500, deep: 10_000)

    static func fixture(_ name: String) throws -> Data {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/\(name)")
        return try Data(contentsOf: url)
    }

    /// Fuzzes `Document` from its fixture; `consume` runs on every `every`-th valid variant.
    static func fuzz<Document: VersionedDocument>(
        _ type: Document.Type, fixture name: String, seed: UInt64, every: Int, consume: (Document) throws -> Void
    ) throws -> FuzzTally {
        let fixture = try Self.fixture(name)
        guard case .success = Document.decodeChecked(fixture) else {
            Issue.record("the fixture \(name) itself must be valid")
            return FuzzTally()
        }
        var tally = FuzzTally()
        var mutator = JSONMutator(seed: fixture, randomSeed: seed)
        for index in 0..<Self.variantsPerKind {
            let variant = mutator.next()
            let first = Document.decodeChecked(variant)
            #expect(first == Document.decodeChecked(variant), "variant \(index) decoded two ways")
            switch first {
            case .success(let document):
                tally.valid += 1
                #expect(throws: Never.self) { try document.validatedEncoding().get() }
                if tally.valid % every == 1 {
                    try consume(document)
                    tally.consumed += 1
                }
            case .failure(let problem):
                tally.refused += 1
                #expect(
                    !problem.detail.isEmpty && !problem.detail.contains("\n"), "variant \(index): \(problem.detail)")
            }
        }
        // The mutations reach both outcomes, or they test nothing.
        #expect(tally.refused > Self.variantsPerKind / 2 && tally.valid > Self.variantsPerKind / 20, "\(tally)")
        return tally
    }

    @Test("results files: 500 variants (10,000 deep) decode to a valid document or one located error, the same twice")
    func resultsFiles() throws {
        let tally = try Self.fuzz(BenchmarkResults.self, fixture: "results.json", seed: 0xF022, every: 25) { results in
            _ = PerformanceReport.render(results)
            _ = BackendChoiceReport.render(results)
            _ = Recommendation(measurements: results.measurements)
        }
        print("fuzz results files: \(tally)")
    }

    @Test(
        "instruction-count files: 500 variants (10,000 deep) decode to a valid document or one located error, the same twice"
    )
    func instructionCountFiles() throws {
        let tally = try Self.fuzz(InstructionCounts.self, fixture: "instruction-counts.json", seed: 0x1C0, every: 10) {
            counts in
            let comparison = try? Comparison(
                baseline: .instructions(counts), baselinePath: "a.json",
                current: .instructions(counts), currentPath: "b.json")
            if let comparison { #expect(comparison.exitCode == 0, "a file compared with itself regressed") }
        }
        print("fuzz instruction-count files: \(tally)")
    }
}

extension DocumentFuzzTests {
    @Test("the variants' writer: each fixture, and values of every kind, read back as written")
    func writerRoundTrips() throws {
        for name in ["results.json", "instruction-counts.json"] {
            let tree = try JSONSerialization.jsonObject(with: Self.fixture(name))
            let again = try JSONSerialization.jsonObject(with: JSONText.data(tree))
            #expect(Self.difference(tree, again, at: "$") == nil, "\(name)")
        }
        let values: [Any] = [
            0, -1, 0.0, -0.5, 1e-320, 1e308, Int64.max, UInt64.max, true, false, NSNull(), "",
            "a \"quoted\" \\ back\u{1}slash é", [Any](), [String: Any](), ["k": [1, 2.5]],
        ]
        let text = String(decoding: JSONText.data(values), as: UTF8.self)
        #expect(
            text
                == #"[0,-1,0.0,-0.5,1e-320,1e+308,9223372036854775807,18446744073709551615,true,false,null,"","a \"quoted\" \\ back\u0001slash é",[],{},{"k":[1.0,2.5]}]"#,
            "\(text)")
        let parsed = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [Any])
        #expect(parsed.count == values.count && (parsed[16 - 4] as? String) == values[12] as? String)
    }
}

extension DocumentFuzzTests {
    /// The first path where two parsed trees differ, or nil.
    static func difference(_ a: Any, _ b: Any, at path: String) -> String? {
        if let x = a as? [String: Any], let y = b as? [String: Any] {
            guard Set(x.keys) == Set(y.keys) else { return "\(path): keys \(x.keys.sorted()) vs \(y.keys.sorted())" }
            return x.keys.sorted().lazy.compactMap { difference(x[$0]!, y[$0]!, at: path + "." + $0) }.first
        }
        if let x = a as? [Any], let y = b as? [Any] {
            guard x.count == y.count else { return "\(path): \(x.count) vs \(y.count) elements" }
            return x.indices.lazy.compactMap { difference(x[$0], y[$0], at: path + "[\($0)]") }.first
        }
        let same: Bool
        switch (a, b) {
        case (let x as String, let y as String): same = x == y
        case (is NSNull, is NSNull): same = true
        case (let x as NSNumber, let y as NSNumber):
            same = x.isEqual(y) && String(cString: x.objCType) == String(cString: y.objCType)
        default: same = false
        }
        return same ? nil : "\(path): \(a) (\(type(of: a))) vs \(b) (\(type(of: b)))"
    }
}

struct FuzzTally: CustomStringConvertible {
    var valid = 0, refused = 0, consumed = 0
    var description: String { "\(valid) valid (\(consumed) through the consumers), \(refused) refused" }
}

/// Variants of a JSON document: structural mutations of its tree and byte
/// mutations of its text, from a seeded generator (the same run every time).
struct JSONMutator {
    let tree: Any
    let text: [UInt8]
    var state: UInt64

    init(seed: Data, randomSeed: UInt64) {
        tree = try! JSONSerialization.jsonObject(with: seed)
        text = Array(seed)
        state = randomSeed
    }

    mutating func random(_ bound: Int) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int((z ^ (z >> 31)) % UInt64(bound))
    }

    /// Numbers no valid field holds, and some that only some fields hold.
    static let extremes = [
        "0", "-0.0", "-1", "1e-320", "1e308", "-1e308", "1e400", "-1e400", "4611686018427387904",
        "18446744073709551616", "9007199254740993", "0.5", "1", "2", "1099511627777", "\"1\"",
        "null", "true", "[]", "{}", "\"\"",
    ]

    mutating func next() -> Data {
        switch random(10) {
        case 0: return bytes()
        case 1: return Data(text.prefix(random(text.count)))
        default:
            var document = tree
            for _ in 0...random(2) { document = mutate(document, depth: 0) }
            let data = JSONText.data(document)
            // Replace one number of the text by an extreme literal (no JSON writer writes 1e400).
            if random(3) == 0 { return replacingNumber(in: data) }
            return data
        }
    }

    private mutating func bytes() -> Data {
        var copy = text
        for _ in 0...random(4) {
            let at = random(copy.count)
            switch random(3) {
            case 0: copy[at] ^= UInt8(1 << random(8))
            case 1: copy.insert(UInt8(random(256)), at: at)
            default: copy.removeSubrange(at..<min(copy.count, at + 1 + random(16)))
            }
        }
        return Data(copy)
    }

    private mutating func replacingNumber(in data: Data) -> Data {
        var bytes = Array(data)
        let digits = Set("-0123456789.eE+".utf8)
        var starts: [Int] = []
        for index in bytes.indices
        where digits.contains(bytes[index]) && index > 0
            && (bytes[index - 1] == UInt8(ascii: ":") || bytes[index - 1] == UInt8(ascii: " ")
                || bytes[index - 1] == UInt8(ascii: "[") || bytes[index - 1] == UInt8(ascii: ","))
        {
            starts.append(index)
        }
        guard !starts.isEmpty else { return data }
        let start = starts[random(starts.count)]
        var end = start
        while end < bytes.count, digits.contains(bytes[end]) { end += 1 }
        bytes.replaceSubrange(start..<end, with: Array(Self.extremes[random(Self.extremes.count)].utf8))
        return Data(bytes)
    }

    private mutating func mutate(_ node: Any, depth: Int) -> Any {
        if var object = node as? [String: Any], !object.isEmpty {
            let keys = object.keys.sorted()
            let key = keys[random(keys.count)]
            if depth < 8, random(4) != 0, let child = object[key] {
                object[key] = mutate(child, depth: depth + 1)
            } else {
                switch random(3) {
                case 0: object[key] = nil
                case 1: object[key] = replacement()
                default: object[key + "Extra"] = replacement()
                }
            }
            return object
        }
        if var array = node as? [Any], !array.isEmpty {
            let index = random(array.count)
            if depth < 8, random(4) != 0 {
                array[index] = mutate(array[index], depth: depth + 1)
            } else {
                switch random(4) {
                case 0: array.append(array[index])
                case 1: array.remove(at: index)
                case 2: array.removeAll()
                default: array[index] = replacement()
                }
            }
            return array
        }
        return replacement()
    }

    private mutating func replacement() -> Any {
        let values: [Any] = [
            0, -1, 0.0, -0.5, 1e-320, 1e308, -1e308, 4_611_686_018_427_387_904, Int64.max, UInt64.max,
            1, 2, 0.5, "x", "", NSNull(), true, [Any](), [String: Any](), 1_099_511_627_777,
        ]
        return values[random(values.count)]
    }
}

/// Compact JSON text of a tree as `JSONSerialization.jsonObject` makes it (dictionaries, arrays,
/// strings, `NSNumber`s, `NSNull`) or as ``JSONMutator`` puts values in (`Int`, `Int64`, `UInt64`,
/// `Double`, `Bool`; `NSDecimalNumber` where the parser keeps more digits than a `Double`), keys
/// sorted so a variant's text is the same in every run. Written here
/// because `JSONSerialization.data(withJSONObject:)` bridged every dictionary to `NSDictionary`
/// and cast every value: two thirds of the deep fuzz's 50 s went to writing the variants.
enum JSONText {
    static func data(_ value: Any) -> Data {
        var out: [UInt8] = []
        out.reserveCapacity(1 << 16)
        write(value, into: &out)
        return Data(out)
    }

    static func write(_ value: Any, into out: inout [UInt8]) {
        switch value {
        case let object as [String: Any]:
            out.append(UInt8(ascii: "{"))
            for (index, key) in object.keys.sorted().enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(string: key, into: &out)
                out.append(UInt8(ascii: ":"))
                write(object[key]!, into: &out)
            }
            out.append(UInt8(ascii: "}"))
        case let array as [Any]:
            out.append(UInt8(ascii: "["))
            for (index, element) in array.enumerated() {
                if index > 0 { out.append(UInt8(ascii: ",")) }
                write(element, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        case let string as String:
            write(string: string, into: &out)
        case is NSNull:
            out.append(contentsOf: "null".utf8)
        default:
            out.append(contentsOf: number(value).utf8)
        }
    }

    /// A number's or a Boolean's literal. Native values first: an `NSNumber` also casts to `Bool`,
    /// `Int` and `Double`, so a parsed one is told by its own type (a JSON Boolean is parsed as
    /// `NSNumber` of type `c`, a fraction as `d`).
    static func number(_ value: Any) -> String {
        switch value {
        case let bool as Bool where type(of: value) == Bool.self: return bool ? "true" : "false"
        case let int as Int where type(of: value) == Int.self: return String(int)
        case let int as Int64 where type(of: value) == Int64.self: return String(int)
        case let int as UInt64 where type(of: value) == UInt64.self: return String(int)
        case let double as Double where type(of: value) == Double.self: return literal(double)
        case let decimal as NSDecimalNumber:
            // What the parser keeps of a literal a Double cannot hold exactly (17 significant digits).
            return decimal.stringValue
        case let number as NSNumber:
            switch String(cString: number.objCType) {
            case "c": return number.boolValue ? "true" : "false"
            case "d", "f": return literal(number.doubleValue)
            default: return number.stringValue
            }
        default:
            preconditionFailure("JSONText: \(type(of: value)) is not a JSON value")
        }
    }

    /// The shortest text that reads back as `value` (finite: JSON has no infinities).
    static func literal(_ value: Double) -> String {
        precondition(value.isFinite, "JSONText: \(value) has no JSON literal")
        return "\(value)"
    }

    static func write(string: String, into out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(contentsOf: "\\\"".utf8)
            case UInt8(ascii: "\\"): out.append(contentsOf: "\\\\".utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                out.append(contentsOf: "\\u00".utf8)
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}
