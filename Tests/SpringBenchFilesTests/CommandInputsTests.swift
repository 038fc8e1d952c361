import Foundation
import SpringBenchFiles
import Testing

/// No output of a command replaces one of its inputs (`CommandInputs`): an
/// input is known by its file identity, so a symbolic link, `..` or a hard
/// link to it is the same file, and the transaction refuses before moving anything.
@Suite("Command inputs")
struct CommandInputsTests {
    @Test(
        "A transaction refuses to replace or append to a file the command read, by any name",
        arguments: ["input.json", "link.json", "sub/../input.json", "hard.json"])
    func outputOverAnInputIsRefused(name: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.at("sub"), withIntermediateDirectories: true)
        try Data("{\"original\": true}".utf8).write(to: URL(fileURLWithPath: scratch.at("input.json")))
        try FileManager.default.createSymbolicLink(atPath: scratch.at("link.json"), withDestinationPath: "input.json")
        #expect(link(scratch.at("input.json"), scratch.at("hard.json")) == 0)
        let before = scratch.listing()
        try CommandInputs.$current.withValue(CommandInputs()) {
            // The command reads its input...
            _ = try InputFile.read(scratch.at("input.json")).get()
            #expect(CommandInputs.input(at: scratch.at(name)) == "the input file \(scratch.at("input.json"))")
            // ... then its output, named otherwise, turns out to be the same file.
            for append in [false, true] {
                let transaction = try OutputTransaction(try OutputTarget.file(scratch.at(name), option: "--output"))
                if append {
                    try transaction.append(Data("more".utf8))
                } else {
                    try transaction.write(Data("csv".utf8))
                }
                let error = try #require(throws: OutputError.self) { try transaction.commit() }
                #expect(error.option == "--output")
                #expect(
                    error.reason.contains("is the input file") && error.reason.contains("never replace"), "\(error)")
            }
            // Another file is written as usual.
            let other = try OutputTransaction(try OutputTarget.file(scratch.at("other.csv"), option: "--output"))
            try other.write(Data("csv".utf8))
            try other.commit()
        }
        #expect(scratch.read("input.json") == "{\"original\": true}")
        #expect(scratch.listing() == (before + ["other.csv"]).sorted())
    }

    @Test("A directory output may not replace an input inside it; a registry is per command")
    func directoryOutputsAndSeparateRegistries() throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.at("reports/data"), withIntermediateDirectories: true)
        try Data("{}".utf8).write(to: URL(fileURLWithPath: scratch.at("reports/data/results.json")))
        try CommandInputs.$current.withValue(CommandInputs()) {
            CommandInputs.register(scratch.at("reports/data/results.json"), as: "--results's file")
            let transaction = try OutputTransaction(
                try OutputTarget.directory(scratch.at("reports"), option: "--output-directory"))
            try transaction.write(Data("# report".utf8), at: "performance.md")
            try transaction.write(Data("{\"new\": 1}".utf8), at: "data/results.json")
            let error = try #require(throws: OutputError.self) { try transaction.commit() }
            #expect(error.description.contains("data/results.json") && error.reason.contains("--results's file"))
            // Nothing moved: not even the file that clashed with nothing.
            #expect(scratch.read("reports/performance.md") == nil)
        }
        // Another command (another registry) may write there.
        try CommandInputs.$current.withValue(CommandInputs()) {
            let transaction = try OutputTransaction(
                try OutputTarget.directory(scratch.at("reports"), option: "--output-directory"))
            try transaction.write(Data("{\"new\": 1}".utf8), at: "data/results.json")
            try transaction.commit()
        }
        #expect(scratch.read("reports/data/results.json") == "{\"new\": 1}")
    }

    @Test("The early check compares files, not spellings, and skips outputs that do not exist yet")
    func earlyCheck() throws {
        let scratch = try Scratch()
        try Data("x".utf8).write(to: URL(fileURLWithPath: scratch.at("a.json")))
        try FileManager.default.createSymbolicLink(atPath: scratch.at("b.json"), withDestinationPath: "a.json")
        #expect(throws: OutputError.self) {
            try CommandInputs.refuse(("--output", scratch.at("b.json")), ifInput: [("--input", scratch.at("a.json"))])
        }
        try CommandInputs.refuse(("--output", scratch.at("new.json")), ifInput: [("--input", scratch.at("a.json"))])
        try Data("y".utf8).write(to: URL(fileURLWithPath: scratch.at("c.json")))
        try CommandInputs.refuse(("--output", scratch.at("c.json")), ifInput: [("--input", scratch.at("a.json"))])
    }

    @Test(
        "A database's journal, WAL and shared-memory files are inputs before they exist, by any directory name",
        arguments: ["h.sqlite-journal", "h.sqlite-wal", "sub/../h.sqlite-shm", "alias/h.sqlite-journal", "real-wal"])
    func companionsOfAnInputAreRefused(name: String) throws {
        let scratch = try Scratch()
        try FileManager.default.createDirectory(atPath: scratch.at("sub"), withIntermediateDirectories: true)
        try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: scratch.at("real")))
        // The database through a link: SQLite names its companions after the link's target.
        try FileManager.default.createSymbolicLink(atPath: scratch.at("h.sqlite"), withDestinationPath: "real")
        try FileManager.default.createSymbolicLink(atPath: scratch.at("alias"), withDestinationPath: ".")
        try CommandInputs.$current.withValue(CommandInputs()) {
            CommandInputs.register(
                companionsOf: scratch.at("h.sqlite"), shownAs: "h.sqlite", suffixes: ["-journal", "-wal", "-shm"],
                as: "the database's companion")
            let transaction = try OutputTransaction(try OutputTarget.file(scratch.at(name), option: "--output"))
            try transaction.write(Data("csv".utf8))
            let error = try #require(throws: OutputError.self) { try transaction.commit() }
            #expect(error.reason.contains("the database's companion h.sqlite-"), "\(error)")
            // A name that only begins like one is an ordinary output.
            let other = try OutputTransaction(
                try OutputTarget.file(scratch.at("h.sqlite-journal.csv"), option: "--output"))
            try other.write(Data("csv".utf8))
            try other.commit()
        }
        #expect(!FileManager.default.fileExists(atPath: scratch.at(name)))
    }
}
