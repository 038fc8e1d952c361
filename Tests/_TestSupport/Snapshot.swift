import Foundation
import Testing

/// Generated text compared with a committed snapshot file, not with a long
/// literal in the test: `Tests/Snapshots/<test target>/<name>.txt`.
///
/// `SPRINGBENCH_RECORD_SNAPSHOTS=1` (`make snapshots`) writes the text as the
/// new snapshot instead; review the diff and commit it. A missing snapshot is a
/// failure that says how to record it. Hand-written rather than
/// swift-snapshot-testing: that package needs swift-syntax, about 1–2.5 minutes
/// more on a first build of a 2-core machine, for a comparison of two strings.
public enum Snapshot {
    public static let recording = ProcessInfo.processInfo.environment["SPRINGBENCH_RECORD_SNAPSHOTS"] == "1"

    /// The snapshot file of `name` for the test file at `filePath`.
    public static func path(_ name: String, filePath: String) -> URL {
        let file = URL(fileURLWithPath: filePath)
        var directory = file.deletingLastPathComponent()
        // Tests/<Target>/… (possibly in a subfolder): find the folder under Tests/.
        while directory.deletingLastPathComponent().lastPathComponent != "Tests", directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.deletingLastPathComponent().appendingPathComponent("Snapshots")
            .appendingPathComponent(directory.lastPathComponent).appendingPathComponent(name + ".txt")
    }

    /// Expects `text` to equal the snapshot `name`, byte for byte.
    public static func expect(
        _ text: String, matches name: String, filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let url = path(name, filePath: filePath)
        if recording {
            do {
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url, options: .atomic)
            } catch {
                Issue.record("could not record snapshot \(url.path): \(error)", sourceLocation: sourceLocation)
            }
            return
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            Issue.record(
                "no snapshot \(url.lastPathComponent) for this text; record it with `make snapshots` and commit it",
                sourceLocation: sourceLocation)
            return
        }
        let expected = String(decoding: data, as: UTF8.self)
        guard text != expected else { return }
        let actualLines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let expectedLines = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let common = min(actualLines.count, expectedLines.count)
        let first = (0..<common).first { actualLines[$0] != expectedLines[$0] } ?? common
        let got = first < actualLines.count ? String(actualLines[first]) : "(end of text)"
        let want = first < expectedLines.count ? String(expectedLines[first]) : "(end of text)"
        let message =
            "text differs from snapshot \(url.lastPathComponent) at line \(first + 1):\n  got:      \(got)\n"
            + "  snapshot: \(want)\n(`make snapshots` re-records it if the change is meant)"
        Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
    }
}
