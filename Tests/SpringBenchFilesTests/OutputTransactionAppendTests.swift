import Foundation
import SpringBenchFiles
import Testing

/// Appending (`compare --summary-file`, a CI runner's step summary) writes into
/// the existing file in place: the same inode, owner and mode, and a
/// descriptor the runner holds open still sees every byte. A write that fails
/// part way leaves the file as it was.
@Suite("Appending in place")
struct OutputTransactionAppendTests {
    static func identity(_ path: String) -> stat {
        var status = stat()
        _ = stat(path, &status)
        return status
    }

    @Test("The file keeps its inode, owner and mode, and an open descriptor keeps writing to it")
    func appendKeepsTheFile() throws {
        let scratch = try Scratch()
        let path = scratch.at("summary.md")
        try Data("runner's heading\n".utf8).write(to: URL(fileURLWithPath: path))
        #expect(chmod(path, 0o640) == 0)
        // Another owner where the test may set one (as root, as CI runs); the mode is checked everywhere.
        let otherOwner = getuid() == 0 && chown(path, 4321, 4321) == 0
        let runner = open(path, O_WRONLY | O_APPEND)
        #expect(runner >= 0)
        defer { close(runner) }
        let before = Self.identity(path)
        let transaction = try OutputTransaction(try OutputTarget.file(path, option: "--summary-file"))
        try transaction.append(Data("## compare\n".utf8))
        #expect(try transaction.commit() == [path])
        let after = Self.identity(path)
        #expect(after.st_ino == before.st_ino && after.st_dev == before.st_dev, "the file was replaced")
        #expect(after.st_mode & 0o7777 == 0o640)
        if otherOwner { #expect(after.st_uid == 4321 && after.st_gid == 4321) }
        // The runner's descriptor still writes into the same file.
        _ = "runner's footer\n".withCString { write(runner, $0, strlen($0)) }
        #expect(scratch.read("summary.md") == "runner's heading\n## compare\nrunner's footer\n")
        #expect(scratch.listing() == ["summary.md"])
    }

    @Test("A full disk during the append leaves the file as it was; a missing file is created")
    func failedAppendLeavesTheFile() throws {
        let scratch = try Scratch()
        let path = scratch.at("summary.md")
        try Data("kept\n".utf8).write(to: URL(fileURLWithPath: path))
        // The first write stages the bytes, the second appends them.
        try OutputTransaction.$failingWrite.withValue(WriteFault(failing: 2)) {
            let transaction = try OutputTransaction(try OutputTarget.file(path, option: "--summary-file"))
            try transaction.append(Data("lost\n".utf8))
            let error = try #require(throws: OutputError.self) { try transaction.commit() }
            #expect(error.description.contains("No space left on device"), "\(error)")
        }
        #expect(scratch.read("summary.md") == "kept\n")
        let fresh = try OutputTransaction(try OutputTarget.file(scratch.at("new.md"), option: "--summary-file"))
        try fresh.append(Data("first\n".utf8))
        try fresh.commit()
        #expect(scratch.read("new.md") == "first\n")
        #expect(scratch.listing() == ["new.md", "summary.md"])
    }
}
