import Benchmarking
import Foundation
import Testing

/// Every closed list of names in the results schema (Benchmarks/schema/bench-results.schema.json)
/// is exactly the cases of the Swift type that writes the field: a name the schema lacks makes every
/// results file holding it invalid (the value sweep's `c-buffer` once could be dropped unnoticed:
/// the fixture's sweep holds two subjects), and a name only the schema has is one no file can hold.
@Suite("The results schema's enums are the types' cases")
struct SchemaEnumTests {
    static let schemaURL = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Benchmarks/schema/bench-results.schema.json")

    /// The `enum` at `path` (keys from the schema's root), as strings.
    static func names(_ path: [String]) throws -> [String] {
        var node: Any = try JSONSerialization.jsonObject(with: Data(contentsOf: schemaURL))
        for key in path {
            node = try #require((node as? [String: Any])?[key], "no \(key) in \(path.joined(separator: "/"))")
        }
        return try #require((node as? [String: Any])?["enum"] as? [String], "\(path.joined(separator: "/"))")
    }

    static let fields: [(path: [String], cases: [String])] = [
        (["$defs", "measurement", "properties", "kernel"], Kernel.allCases.map(\.rawValue)),
        (["properties", "configuration", "properties", "kernels", "items"], Kernel.allCases.map(\.rawValue)),
        (
            ["properties", "cacheCheck", "properties", "cells", "items", "properties", "kernel"],
            Kernel.allCases.map(\.rawValue)
        ),
        (["$defs", "measurement", "properties", "cacheState"], CacheState.allCases.map(\.rawValue)),
        (
            ["properties", "cacheCheck", "properties", "cells", "items", "properties", "cacheState"],
            CacheState.allCases.map(\.rawValue)
        ),
        (["properties", "configuration", "properties", "clock"], SampleClock.allCases.map(\.rawValue)),
        (["properties", "valueTypes", "items", "properties", "operation"], ValueOperation.allCases.map(\.rawValue)),
        (["properties", "valueTypes", "items", "properties", "subject"], ValueSubject.allCases.map(\.rawValue)),
    ]

    @Test("each list equals its type's cases, in the type's order", arguments: fields.indices)
    func listEqualsCases(_ index: Int) throws {
        let (path, cases) = Self.fields[index]
        #expect(try Self.names(path) == cases, "\(path.joined(separator: "/"))")
    }
}
