import Benchmarking
import Foundation
import SpringBenchSupport
import Testing

/// The JSON Schema in Benchmarks/schema and the decoder's rules agree, value
/// by value: every number of the fixture set in turn to an impossible value
/// (0, −1, 2⁶², −10⁻³⁰⁰) must be refused by both, or accepted by both, except
/// where the Swift side refuses for a rule the schema cannot say (an order of
/// fields, a repeated cell, agreement between sections).
@Suite("The results schema and the decoder agree")
struct SchemaAgreementTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// Every path to a number in `node`, as key/index lists.
    static func numberPaths(_ node: Any, _ path: [Any] = []) -> [[Any]] {
        if let object = node as? [String: Any] {
            return object.keys.sorted().flatMap { numberPaths(object[$0]!, path + [$0]) }
        }
        if let array = node as? [Any] {
            return array.indices.flatMap { numberPaths(array[$0], path + [$0]) }
        }
        if node is NSNumber { return [path] }  // booleans too: setting one to a number is refused by both
        return []
    }

    static func setting(_ node: Any, _ path: ArraySlice<Any>, to value: Any) -> Any {
        guard let first = path.first else { return value }
        if var object = node as? [String: Any], let key = first as? String {
            object[key] = setting(object[key]!, path.dropFirst(), to: value)
            return object
        }
        if var array = node as? [Any], let index = first as? Int {
            array[index] = setting(array[index], path.dropFirst(), to: value)
            return array
        }
        return node
    }

    @Test("each number set to an impossible value: refused by the schema ⇔ refused by its rule")
    func agreement() throws {
        let seed = try Data(contentsOf: Self.root.appendingPathComponent("Tests/Fixtures/results.json"))
        let tree = try JSONSerialization.jsonObject(with: seed)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var files: [String] = [seed].map { _ in directory.appendingPathComponent("seed.json").path }
        try seed.write(to: URL(fileURLWithPath: files[0]))
        var variants: [(String, Data)] = [("the fixture", seed)]
        let paths = Self.numberPaths(tree).filter { !($0.last as? String == "seed") }
        for (index, path) in paths.enumerated() {
            for value in [0, -1, 4_611_686_018_427_387_904, -1e-300] as [Any] {
                let data = try JSONSerialization.data(withJSONObject: Self.setting(tree, path[...], to: value))
                let file = directory.appendingPathComponent("v\(index)-\(variants.count).json").path
                try data.write(to: URL(fileURLWithPath: file))
                files.append(file)
                variants.append(("\(path.map { "\($0)" }.joined(separator: ".")) = \(value)", data))
            }
        }
        let out = directory.appendingPathComponent("out").path, err = directory.appendingPathComponent("err").path
        let list = directory.appendingPathComponent("files").path
        try files.joined(separator: "\n").write(toFile: list, atomically: false, encoding: .utf8)
        let process = try ChildProcess(
            executable: "/bin/sh",
            arguments: ["-c", "xargs python3 \(Self.root.path)/Scripts/schema-check.py < \(list)"],
            standardInput: .nullDevice, standardOutput: .file(out), standardError: .file(err))
        #expect(
            process.wait(seconds: 300) == .exited(0), "\((try? String(contentsOfFile: err, encoding: .utf8)) ?? "")")
        let verdicts = try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n")
        try #require(verdicts.count == variants.count)
        #expect(verdicts[0] == "valid", "the fixture must be valid against the schema")
        var refusedByBoth = 0
        for ((name, data), verdict) in zip(variants, verdicts) {
            let swift = BenchmarkResults.decodeChecked(data)
            switch (swift, verdict) {
            case (.success, "valid"): break
            case (.failure, "invalid"): refusedByBoth += 1
            case (.success, _):
                Issue.record("\(name): the schema refuses it, the decoder accepts it")
            case (.failure(let problem), _):
                // A rule the schema states (a range) must be in the schema too.
                #expect(
                    !problem.detail.contains("outside its valid range"), "\(name): only the decoder refuses: \(problem)"
                )
            }
        }
        #expect(refusedByBoth > variants.count / 2, "\(refusedByBoth) of \(variants.count)")
    }
}
