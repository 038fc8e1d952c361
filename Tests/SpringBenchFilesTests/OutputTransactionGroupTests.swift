import Foundation
import SpringBenchFiles
import Testing

/// A command's outputs (results, exports, a kept pair, a summary file) are
/// committed by `OutputTransaction.commit(_:)` as one change: when any of
/// them cannot be put in place, every target is left exactly as it was.
@Suite("Several outputs, one commit")
struct OutputTransactionGroupTests {
    /// An existing results file, a new export in an existing directory, a
    /// kept pair in a directory that does not exist yet, and an append to a
    /// summary file: the four kinds of move a commit makes.
    static func stage(_ scratch: Scratch) throws -> [OutputTransaction] {
        let results = try OutputTransaction(try OutputTarget.file(scratch.at("results.json"), option: "--output"))
        try results.write(Data("new results".utf8))
        let export = try OutputTransaction(try OutputTarget.file(scratch.at("out/cells.csv"), option: "--export"))
        try export.write(Data("new csv".utf8))
        let pair = try OutputTransaction(try OutputTarget.directory(scratch.at("kept/pair"), option: "--keep"))
        try pair.write(Data("b".utf8), at: "baseline.json")
        try pair.write(Data("c".utf8), at: "current.json")
        let summary = try OutputTransaction(try OutputTarget.file(scratch.at("summary.md"), option: "--summary-file"))
        try summary.append(Data("## new\n".utf8))
        return [results, export, pair, summary]
    }

    static func prepared() throws -> Scratch {
        let scratch = try Scratch()
        try scratch.write("old results", "results.json")
        try scratch.write("old csv", "out/other.csv")
        try scratch.write("## old\n", "summary.md")
        return scratch
    }

    @Test("all outputs land together")
    func allLand() throws {
        let scratch = try Self.prepared()
        let written = try OutputTransaction.commit(try Self.stage(scratch))
        #expect(written.count == 5)
        #expect(scratch.read("results.json") == "new results")
        #expect(scratch.read("out/cells.csv") == "new csv")
        #expect(scratch.read("kept/pair/current.json") == "c")
        #expect(scratch.read("summary.md") == "## old\n## new\n")
        #expect(
            scratch.listing() == [
                "kept", "kept/pair", "kept/pair/baseline.json", "kept/pair/current.json", "out", "out/cells.csv",
                "out/other.csv", "results.json", "summary.md",
            ])
    }

    @Test("a full disk at the last output's append undoes the three moved before it")
    func failedAppendUndoesTheRest() throws {
        let scratch = try Self.prepared()
        let before = scratch.listing()
        // Writes 1–5 stage the files; the 6th is the summary's append, at commit.
        try OutputTransaction.$failingWrite.withValue(WriteFault(failing: 6)) {
            let staged = try Self.stage(scratch)
            let error = try #require(throws: OutputError.self) { try OutputTransaction.commit(staged) }
            #expect(error.description.contains("--summary-file"), "\(error)")
        }
        #expect(scratch.listing() == before)
        #expect(scratch.read("results.json") == "old results")
        #expect(scratch.read("summary.md") == "## old\n")
    }

    @Test("a destination that cannot be replaced undoes the outputs moved before it")
    func refusedMoveUndoesTheRest() throws {
        let scratch = try Self.prepared()
        let staged = try Self.stage(scratch)
        // After staging, a non-empty directory takes the export's place: its rename fails.
        try scratch.write("in the way", "out/cells.csv/x")
        #expect(throws: OutputError.self) { try OutputTransaction.commit(staged) }
        #expect(
            scratch.listing() == [
                "out", "out/cells.csv", "out/cells.csv/x", "out/other.csv", "results.json", "summary.md",
            ])
        #expect(scratch.read("results.json") == "old results")
    }

    @Test("a full disk while staging any output writes none", arguments: 1...5)
    func failedStagingWritesNothing(_ failing: Int) throws {
        let scratch = try Self.prepared()
        let before = scratch.listing()
        #expect(throws: OutputError.self) {
            try OutputTransaction.$failingWrite.withValue(WriteFault(failing: failing)) {
                try OutputTransaction.commit(try Self.stage(scratch))
            }
        }
        #expect(scratch.listing() == before)
    }

    @Test("two outputs in one directory, named two ways, take its lock once")
    func oneDirectoryTwoNames() throws {
        let scratch = try Self.prepared()
        try FileManager.default.createSymbolicLink(atPath: scratch.at("alias"), withDestinationPath: "out")
        let first = try OutputTransaction(try OutputTarget.file(scratch.at("out/a.csv"), option: "--export"))
        try first.write(Data("a".utf8))
        let second = try OutputTransaction(try OutputTarget.file(scratch.at("alias/b.csv"), option: "--export"))
        try second.write(Data("b".utf8))
        // A second flock of the same directory from this process would wait forever.
        try OutputTransaction.commit([first, second])
        #expect(scratch.read("out/a.csv") == "a" && scratch.read("out/b.csv") == "b")
    }

    @Test("a commit waits while another writer holds the lock of a target's directory")
    func commitWaitsForTheDirectoryLock() throws {
        let scratch = try Self.prepared()
        // Another open file description of the directory: as another process's lock would.
        let other = open(scratch.at("out"), O_RDONLY | O_DIRECTORY)
        #expect(other >= 0 && flock(other, LOCK_EX) == 0)
        defer { close(other) }
        let transactions = try Self.stage(scratch)
        let finished = DispatchSemaphore(value: 0)
        let box = Transactions(transactions)
        Thread.detachNewThread {
            _ = try? OutputTransaction.commit(box.all)
            finished.signal()
        }
        #expect(finished.wait(timeout: .now() + 0.5) == .timedOut, "committed while the directory was locked")
        #expect(scratch.read("results.json") == "old results", "moved outputs while another writer held a lock")
        flock(other, LOCK_UN)
        #expect(finished.wait(timeout: .now() + 30) == .success)
        #expect(scratch.read("results.json") == "new results" && scratch.read("out/cells.csv") == "new csv")
    }
}

/// Staged transactions handed to another thread.
private final class Transactions: @unchecked Sendable {
    let all: [OutputTransaction]
    init(_ all: [OutputTransaction]) { self.all = all }
}
