import Benchmarking
import Foundation
import Reporting
import SpringBenchFiles
import Testing
import _ResultsTestSupport

@Suite("Writing reports: whole files or nothing")
struct ReportWriterTests {
    static func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("reporting-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    static func read(_ path: String) throws -> String {
        try String(contentsOfFile: path, encoding: .utf8)
    }

    static func leftoverTemporaries(_ directory: String) -> [String] {
        (FileManager.default.enumerator(atPath: directory)?.allObjects as? [String] ?? []).filter {
            $0.contains(".springbench-staging")
        }
    }

    @Test("Both reports and all their plots land under the directory, plots before the Markdown")
    func writesEverything() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let results = SyntheticResults.make()
        let documents = [PerformanceReport.render(results), BackendChoiceReport.render(results)]
        let written = try ReportWriter.write(documents, to: directory)
        let expected = documents.flatMap { Array($0.attachments.keys) + [$0.path] }
        #expect(written.count == expected.count)
        for document in documents {
            #expect(try Self.read(directory + "/" + document.path) == document.markdown)
            for (path, svg) in document.attachments {
                #expect(try Self.read(directory + "/" + path) == svg)
                #expect(
                    written.firstIndex(of: directory + "/" + path)! < written.firstIndex(
                        of: directory + "/" + document.path)!)
            }
        }
    }

    @Test("A write that fails part-way leaves the previous report and plots intact, and no temporary files")
    func failedWriteKeepsOldFiles() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let old = PerformanceReport.render(SyntheticResults.make())
        try ReportWriter.write([old], to: directory)

        // A directory where the new report wants a plot: rename(2) over it fails
        // (even for root, unlike a read-only directory).
        let blocked = directory + "/plots/a-blocked.svg"
        try FileManager.default.createDirectory(atPath: blocked, withIntermediateDirectories: true)
        try "keep".write(toFile: blocked + "/inside", atomically: false, encoding: .utf8)
        var new = PerformanceReport.render(SyntheticResults.make(halfWidth: 0.3))
        new.markdown += "\nnew version\n"
        new.attachments = new.attachments.mapValues { $0 + "<!-- new -->" }
        new.attachments["plots/a-blocked.svg"] = "<svg/>"

        #expect(throws: OutputError.self) { try ReportWriter.write([new], to: directory) }
        #expect(try Self.read(directory + "/" + old.path) == old.markdown)
        for (path, svg) in old.attachments {
            #expect(try Self.read(directory + "/" + path) == svg)
        }
        #expect(try Self.read(blocked + "/inside") == "keep")
        #expect(Self.leftoverTemporaries(directory).isEmpty)
    }

    @Test(
        "Paths that escape the reports directory are refused before anything is written",
        arguments: ["../escape.svg", "/tmp/absolute.svg", "plots/../../up.svg", "", "plots//double.svg"])
    func refusesEscapingPaths(_ path: String) throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let document = ReportDocument(
            path: "report.md", markdown: "# r\n", attachments: [path: "<svg/>", "plots/ok.svg": "<svg/>"])
        #expect(throws: ReportWriter.PathError.self) { try ReportWriter.write([document], to: directory) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).isEmpty)
    }
}
