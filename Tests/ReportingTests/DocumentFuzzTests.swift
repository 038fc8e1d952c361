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
            let data = (try? JSONSerialization.data(withJSONObject: document, options: [.fragmentsAllowed])) ?? Data()
            // Replace one number of the text by an extreme literal (JSONSerialization cannot write 1e400).
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
