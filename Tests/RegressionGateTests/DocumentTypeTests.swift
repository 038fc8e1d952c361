import Benchmarking
import DocumentValues
import Foundation
import RegressionGate
import Testing

/// The design rule behind "a field added later cannot be read unvalidated":
/// every number a document stores is wrapped in a rule (``Checked``,
/// ``CheckedOptional``, ``CheckedList``…), and every value whose fields must
/// agree is ``Valid``. This walks real documents and fails on a raw number.
@Suite("Document types: no number is stored without its rule")
struct DocumentTypeTests {
    /// Fields that may hold any value of their type, each with its reason.
    static let unrestricted: [String: String] = [
        "configuration.seed": "any 64-bit seed is a seed"
    ]

    static func fixture(_ name: String) throws -> Data {
        try Data(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("Fixtures/\(name)"))
    }

    /// Paths of stored numbers (or values with invariants) not wrapped in a rule.
    static func rawNumbers(in value: Any, path: String = "") -> [String] {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            return mirror.children.first.map { rawNumbers(in: $0.value, path: path) } ?? []
        }
        // BackendDetails sits below the documents (VectorKernels) and checks
        // its name, SIMD width and threads by hand in init(from:), by the same rules.
        if value is BackendRecord { return [] }
        if mirror.displayStyle == .collection {
            return mirror.children.flatMap { rawNumbers(in: $0.value, path: path + "[]") }.uniqued()
        }
        var found: [String] = []
        for child in mirror.children {
            guard let label = child.label else { continue }
            if label.hasPrefix("_") {
                // A property wrapper's storage: its rule covers the value; look inside composites.
                let name = String(label.dropFirst())
                let inner = Mirror(reflecting: child.value).children.first { $0.label == "wrappedValue" }?.value
                if let inner, !isPlain(inner) { found += rawNumbers(in: inner, path: join(path, name)) }
                continue
            }
            let fieldPath = join(path, label)
            let childMirror = Mirror(reflecting: child.value)
            if childMirror.displayStyle == .optional, childMirror.children.isEmpty { continue }  // nil: nothing stored
            if isNumeric(child.value) || child.value is any Invariant {
                if unrestricted[fieldPath] == nil { found.append(fieldPath) }
            } else if !isPlain(child.value) {
                found += rawNumbers(in: child.value, path: fieldPath)
            }
        }
        return found
    }

    static func join(_ path: String, _ name: String) -> String { path.isEmpty ? name : path + "." + name }

    static func isNumeric(_ value: Any) -> Bool {
        switch value {
        case is Double, is Int, is UInt64, is Float, is [Double], is [Int], is [UInt64], is Double?, is Int?:
            return true
        default: return false
        }
    }

    static func isPlain(_ value: Any) -> Bool {
        if isNumeric(value) { return true }
        switch value {
        case is String, is Bool, is [String], is String?, is Bool?: return true
        default: return Mirror(reflecting: value).displayStyle == .enum
        }
    }

    @Test("a results file with every section stores no raw number")
    func resultsFile() throws {
        let results = try BenchmarkResults.decodeChecked(Self.fixture("results.json")).get()
        #expect(
            results.otherBuilds?.isEmpty == false && results.yardstick != nil && results.cacheCheck != nil,
            "the fixture must hold every optional section")
        #expect(results.measurements.contains { $0.ceiling != nil })
        #expect(Self.rawNumbers(in: results) == [])
    }

    @Test("an instruction-count file stores no raw number")
    func instructionCounts() throws {
        let counts = try InstructionCounts.decodeChecked(Self.fixture("instruction-counts.json")).get()
        #expect(Self.rawNumbers(in: counts) == [])
    }

    @Test("the walker finds a raw number and an unwrapped invariant (it can fail)")
    func walkerCanFail() {
        struct Added: Codable {
            var median: Double
            var nested: [Inner]
            @Checked<Positive> var fine: Double = 1
            var none: Int?
        }
        struct Inner: Codable { var count: Int? }
        struct Unwrapped { var summary: ConfidenceInterval }
        #expect(Self.rawNumbers(in: Added(median: 1, nested: [Inner(count: 1)])) == ["median", "nested[].count"])
        #expect(
            Self.rawNumbers(in: Unwrapped(summary: ConfidenceInterval(lower: 1, upper: 2, level: 0.9))) == ["summary"])
    }

    @Test("JSON paths read as a user writes them")
    func paths() throws {
        var object = try JSONSerialization.jsonObject(with: Self.fixture("results.json")) as! [String: Any]
        var builds = object["otherBuilds"] as! [[String: Any]]
        var cells = builds[0]["measurements"] as! [[String: Any]]
        var summary = cells[1]["summary"] as! [String: Any]
        summary["median"] = 0
        cells[1]["summary"] = summary
        builds[0]["measurements"] = cells
        object["otherBuilds"] = builds
        let data = try JSONSerialization.data(withJSONObject: object)
        guard case .failure(let problem) = BenchmarkResults.decodeChecked(data) else {
            Issue.record("a zero median was accepted")
            return
        }
        #expect(
            problem.detail
                == "otherBuilds[0].measurements[1].summary.median = 0.0 is outside its valid range (finite and > 0)")
    }
}

@Suite("Results files: sections agree with each other")
struct DocumentInvariantTests {
    static func fixture() throws -> BenchmarkResults {
        try BenchmarkResults.decodeChecked(DocumentTypeTests.fixture("results.json")).get()
    }

    /// The invariant's message for `change` applied to the fixture (nil: accepted).
    static func violation(_ change: (inout BenchmarkResults) -> Void) throws -> String? {
        var results = try fixture()
        change(&results)
        guard case .failure(let problem) = results.validatedEncoding() else { return nil }
        return problem.detail
    }

    @Test("each cross-section rule refuses its own violation, naming the path")
    func rules() throws {
        #expect(try Self.violation { _ in } == nil)
        #expect(try Self.violation { $0.measurements = [] }?.hasPrefix("measurements is empty") == true)
        #expect(
            try Self.violation { $0.measurements[0].backend = "unlisted" }
                == "measurements[0].backend = unlisted is not in configuration.backends")
        #expect(
            try Self.violation { $0.measurements[1].size = 12345 }
                == "measurements[1].size = 12345 is not in configuration.sizes")
        #expect(
            try Self.violation { $0.measurements[0].kernel = .axpy }
                == "measurements[0].kernel = axpy is not in configuration.kernels")
        #expect(
            try Self.violation { $0.measurements[2].samples.removeLast() }?
                .hasPrefix("measurements[2].summary.count = 3 but measurements[2].samples holds 2") == true)
        #expect(
            try Self.violation { $0.otherBuilds![0].measurements[0].size = 777 }
                == "otherBuilds[0].measurements[0].size = 777 is not in configuration.sizes")
        // Another build may name backends this build does not have.
        #expect(try Self.violation { $0.otherBuilds![0].measurements[0].backend = "theirs" } == nil)
        #expect(
            try Self.violation { $0.yardstick!.measurements[0].kernel = .scale }
                == "yardstick.measurements[0].kernel = scale is not in configuration.kernels")
        #expect(
            try Self.violation { $0.cacheCheck!.cells[0].size = 999 }
                == "cacheCheck.cells[0].size = 999 is not in configuration.sizes")
        #expect(
            try Self.violation { $0.workloads[0].samples.append(1) }?.hasPrefix("workloads[0].summary.count") == true)
    }

    @Test(
        "each link of minimum ≤ p10 ≤ median ≤ p90 ≤ maximum is checked on its own",
        arguments: 0..<4)
    func summaryOrder(_ link: Int) throws {
        // Push one statistic above the next one up, leaving every other link in order.
        let order: [WritableKeyPath<SampleSummary, Double>] = [\.minimum, \.p10, \.median, \.p90, \.maximum]
        let lower = order[link], next = order[link + 1]
        let detail = try Self.violation { results in
            var summary = results.measurements[0].summary
            let top = summary.maximum
            for (rank, key) in order.enumerated() { summary[keyPath: key] = top * Double(rank + 1) }
            summary[keyPath: lower] = summary[keyPath: next] * 1.5
            if next == \SampleSummary.maximum { summary.p90 = summary.maximum * 1.5 }
            summary.medianInterval = ConfidenceInterval(lower: summary.median, upper: summary.median, level: 0.95)
            results.measurements[0].summary = summary
        }
        #expect(
            detail?.hasPrefix("measurements[0].summary does not hold minimum ≤ p10") == true,
            "\(String(describing: detail))")
    }

    @Test("an instruction count's per-call and per-element figures follow from its regions")
    func instructionCountsFollowRegions() throws {
        var counts = try InstructionCounts.decodeChecked(DocumentTypeTests.fixture("instruction-counts.json")).get()
        #expect(throws: Never.self) { try counts.validatedEncoding().get() }
        let perCall = counts.entries[0].instructionsPerCall
        counts.entries[0].instructionsPerCall = perCall * 1.01
        guard case .failure(let problem) = counts.validatedEncoding() else {
            Issue.record("a per-call figure 1 % off its regions was accepted")
            return
        }
        #expect(
            problem.detail.hasPrefix("entries[0].instructionsPerCall = ")
                && problem.detail.contains("but its regions give"))
        counts.entries[0].instructionsPerCall = perCall
        counts.entries[0].instructionsPerElement *= 2
        guard case .failure(let second) = counts.validatedEncoding() else {
            Issue.record("a per-element figure twice its regions' was accepted")
            return
        }
        #expect(second.detail.hasPrefix("entries[0].instructionsPerElement = "))
    }

    @Test("values that only disagree within a value: summary order, interval order")
    func orders() throws {
        #expect(
            try Self.violation { $0.measurements[0].summary.p10 = $0.measurements[0].summary.maximum * 2 }?
                .hasPrefix("measurements[0].summary does not hold minimum ≤ p10") == true)
        #expect(
            try Self.violation {
                $0.measurements[0].summary.medianInterval.lower = $0.measurements[0].summary.medianInterval.upper * 2
            }?.hasPrefix("measurements[0].summary.medianInterval has lower") == true)
    }
}

extension Array where Element: Hashable {
    func uniqued() -> [Element] {
        var seen = Set<Element>()
        return filter { seen.insert($0).inserted }
    }
}
