import Foundation
import SpringBenchCLI
import Testing

/// `springbench backends --format json` field by field against the table the
/// same command prints: one source, two formats, so a field swapped or left
/// out in either shows.
@Suite("backends: JSON and table agree field by field")
struct BackendsOutputTests {
    @Test("each backend's name, SIMD width, library, core, threads, fused axpy and summary, in the same order")
    func jsonAgreesWithTable() throws {
        let json = SpringBenchCLI.run(["backends", "--format", "json"])
        let table = SpringBenchCLI.run(["backends"])
        #expect(json.status == 0 && table.status == 0, "\(json)\n\(table)")
        let objects = try #require(
            try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        let lines = table.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("backend ") == true, "\(table.stdout)")
        // The table's columns are padded with at least two spaces; the header
        // is followed by a rule of dashes.
        let rows = lines.dropFirst(2).map { line in
            line.components(separatedBy: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        }
        try #require(rows.count == objects.count, "\(table.stdout)")
        #expect(!objects.isEmpty)
        for (object, row) in zip(objects, rows) {
            #expect(
                Set(object.keys).isSuperset(of: ["name", "displayName", "summary", "threads", "fusedAXPY"]),
                "\(object)")
            let expected = [
                object["name"] as? String ?? "?", (object["simdWidth"] as? Int).map(String.init) ?? "-",
                object["library"] as? String ?? "-", object["core"] as? String ?? "-",
                (object["threads"] as? Int).map(String.init) ?? "?",
                (object["fusedAXPY"] as? Bool) == true ? "yes" : "no",
                object["summary"] as? String ?? "?",
            ]
            #expect(row == expected, "\(row) vs \(object)")
        }
    }
}
