import Foundation
import ResultsHistory
import Testing
import _HistoryTestSupport

/// A writer killed (SIGKILL) while committing leaves a *hot* journal: the
/// database file holds some of the new pages, the journal the old ones. A
/// read-only connection cannot roll it back (SQLite: SQLITE_READONLY_ROLLBACK),
/// so read commands used to refuse the history. They now read it as the
/// journal restores it, from a rolled-back copy, and leave both files as they
/// were; the next write rolls them back in place.
@Suite final class HotJournalTests {
    let directory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("hot-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    static let python: String? = ["/usr/bin/python3", "/usr/local/bin/python3", "/bin/python3"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    /// Python's own SQLite (another build of the library, as another tool would be) changes every
    /// cell and adds runs in one transaction with a two-page cache, so pages spill into the file
    /// after the journal is synced, then the process kills itself.
    static let killedWriter = """
        os, sqlite3, sys = map(__import__, ("os", "sqlite3", "sys"))
        c = sqlite3.connect(sys.argv[1], isolation_level=None)
        c.execute("PRAGMA cache_size = 2")
        c.execute("BEGIN")
        c.execute("UPDATE cell SET value = value * 1000")
        for i in range(3000):
            c.execute("INSERT INTO run (commitID, machine, toolchain, configuration, targetCPU, kind, recordedAt) "
                      "VALUES (?, 'm', 't', 'c', 'x', 'time', 'now')", ("k%d" % i,))
        os.kill(os.getpid(), 9)

        """

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    @Test(
        "a hot journal: read as the journal restores it, both files unchanged; the next write rolls it back",
        .enabled(if: python != nil, "python3 is absent: no second SQLite to kill mid-commit"))
    func hotJournalIsReadRestored() throws {
        let path = directory + "/history.sqlite"
        try HistoryFixture.make(at: path)
        let before = try HistoryFixture.open(path, create: false)
        let expected = try HistoryFixture.readEverything(before)
        let runs = try before.runs().map(\.commit)
        try before.close()
        let script = directory + "/kill.py"
        try Self.killedWriter.write(toFile: script, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.python!)
        process.arguments = [script, path]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == SIGKILL)
        let journal = try #require(bytes(path + "-journal"), "no journal left")
        try #require(
            Array(journal.prefix(8)) == [0xd9, 0xd5, 0x05, 0xf9, 0x20, 0xa1, 0x63, 0xd7], "the journal is not hot")
        let (database, entries) = (bytes(path), try FileManager.default.contentsOfDirectory(atPath: directory).sorted())

        let history = try HistoryFixture.open(path, create: false)
        #expect(history.readThroughHotJournal)
        #expect(try history.runs().map(\.commit) == runs)
        let read = try HistoryFixture.readEverything(history)
        #expect(read.count == expected.count && read.impossible.isEmpty)
        try history.close()
        #expect(bytes(path) == database && bytes(path + "-journal") == journal, "a read changed the files")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory).sorted() == entries)

        // A write rolls the journal back in place, then records as usual.
        let writer = try HistoryFixture.open(path, create: true)
        #expect(!writer.readThroughHotJournal)
        #expect(try writer.runs().map(\.commit) == runs)
        try writer.close()
        #expect(!FileManager.default.fileExists(atPath: path + "-journal"))
    }
}
