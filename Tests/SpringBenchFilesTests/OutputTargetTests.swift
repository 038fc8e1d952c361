import Foundation
import SpringBenchFiles
import SystemPackage
import Testing

/// A scratch directory of the test's own, removed at the end.
final class Scratch: Sendable {
    let path: String

    init() throws {
        var template = Array(
            FileManager.default.temporaryDirectory.appendingPathComponent("files-XXXXXX").path.utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw FileProblem(path: "TMPDIR", reason: "mkdtemp failed")
        }
        path = String(cString: made)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }

    func at(_ relative: String) -> String { path + "/" + relative }

    /// Every entry under the scratch directory, relative, sorted (symbolic links not followed).
    func listing() -> [String] {
        (FileManager.default.enumerator(atPath: path)?.allObjects as? [String] ?? []).sorted()
    }

    func read(_ relative: String) -> String? {
        try? String(contentsOfFile: at(relative), encoding: .utf8)
    }

    func write(_ text: String, _ relative: String) throws {
        try FileManager.default.createDirectory(
            atPath: (at(relative) as String).components(separatedBy: "/").dropLast().joined(separator: "/"),
            withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: at(relative)))
    }
}

func commitFile(_ text: String, to path: String) throws {
    let transaction = try OutputTransaction(try OutputTarget.file(path, option: "--output"))
    try transaction.write(Data(text.utf8))
    try transaction.commit()
}

func commitSet(_ files: [String: String], to directory: String) throws {
    let transaction = try OutputTransaction(try OutputTarget.directory(directory, option: "--output-directory"))
    for (name, text) in files.sorted(by: { $0.key < $1.key }) { try transaction.write(Data(text.utf8), at: name) }
    try transaction.commit()
}

@Suite("Output paths: resolved and checked before any work, nothing created until commit")
struct OutputTargetTests {
    @Test("nested new directories: nothing exists after resolving, everything after commit")
    func nestedNewDirectories() throws {
        let scratch = try Scratch()
        let target = try OutputTarget.file(scratch.at("a/b/c/r.json"), option: "--output")
        #expect(target.missing.map(\.string) == ["a", "b", "c"])
        #expect(scratch.listing().isEmpty)
        let transaction = try OutputTransaction(target)
        try transaction.write(Data("x".utf8))
        // Staged beside the target, invisible at the target's place.
        #expect(!FileManager.default.fileExists(atPath: scratch.at("a")))
        try transaction.commit()
        #expect(scratch.read("a/b/c/r.json") == "x")
        #expect(scratch.listing() == ["a", "a/b", "a/b/c", "a/b/c/r.json"])
    }

    @Test(
        "refused before any work, naming the option",
        arguments: [
            ("file where a directory is meant", "afile/r.json", "afile is not a directory"),
            ("file below a file", "afile/x/y/r.json", "afile is not a directory"),
            ("directory where a file is meant", "adir", "is a directory"),
            ("trailing slash", "adir/", "directory"),
            ("empty", "", "must not be empty"),
            ("symbolic link loop", "loop1", "loop of symbolic links"),
            ("name over NAME_MAX", String(repeating: "n", count: 300), "allows"),
            ("path over PATH_MAX", Array(repeating: "ab", count: 2100).joined(separator: "/") + "/r.json", "allows"),
        ])
    func refusedFiles(_ situation: String, _ given: String, _ reason: String) throws {
        let scratch = try Scratch()
        try scratch.write("keep", "afile")
        try FileManager.default.createDirectory(atPath: scratch.at("adir"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: scratch.at("loop1"), withDestinationPath: "loop2")
        try FileManager.default.createSymbolicLink(atPath: scratch.at("loop2"), withDestinationPath: "loop1")
        let before = scratch.listing()
        let path = given.isEmpty ? "" : scratch.at(given)
        do {
            _ = try OutputTarget.file(path, option: "--output")
            Issue.record("\(situation): accepted")
        } catch {
            #expect(error.option == "--output", "\(situation)")
            #expect(error.description.contains(reason), "\(situation): \(error)")
            #expect(!error.description.contains("\n"))
        }
        #expect(scratch.listing() == before, "\(situation) changed the directory")
    }

    @Test("the filesystem root and a file are refused as report directories")
    func refusedDirectories() throws {
        let scratch = try Scratch()
        try scratch.write("keep", "afile")
        #expect(throws: OutputError.self) { try OutputTarget.directory("/", option: "--output-directory") }
        // sysfs lets nobody make a directory, root included, though access(W_OK) says yes for root:
        // only the probe (mkdtemp + rmdir) refuses it before the work.
        #expect(throws: OutputError.self) { try OutputTarget.file("/sys/springbench-probe/x.json", option: "--output") }
        #expect(throws: OutputError.self) {
            try OutputTarget.directory("/sys/springbench-probe", option: "--output-directory")
        }
        // A device is never renamed over (as root that would replace /dev/null itself).
        #expect(throws: OutputError.self) { try OutputTarget.file("/dev/null", option: "--output") }
        #expect(throws: OutputError.self) { try OutputTarget.directory("/tmp/../", option: "--output-directory") }
        #expect(throws: OutputError.self) {
            try OutputTarget.directory(scratch.at("afile"), option: "--output-directory")
        }
        #expect(throws: OutputError.self) {
            try OutputTarget.directory(scratch.at("afile/sub"), option: "--output-directory")
        }
        #expect(throws: OutputError.self) {
            try OutputTarget.directory(scratch.at("new/../x"), option: "--output-directory")
        }
    }

    @Test("a symbolic link is written through: the link stays, its destination gets the bytes")
    func symbolicLinkWrittenThrough() throws {
        let scratch = try Scratch()
        try scratch.write("old", "real.json")
        try FileManager.default.createSymbolicLink(atPath: scratch.at("link.json"), withDestinationPath: "real.json")
        try commitFile("new", to: scratch.at("link.json"))
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: scratch.at("link.json")) == "real.json")
        #expect(scratch.read("real.json") == "new")
    }

    @Test("a dangling symbolic link creates its destination, directories included")
    func danglingLinkCreatesDestination() throws {
        let scratch = try Scratch()
        try FileManager.default.createSymbolicLink(
            atPath: scratch.at("link.json"), withDestinationPath: "sub/dir/real.json")
        try commitFile("new", to: scratch.at("link.json"))
        #expect(
            try FileManager.default.destinationOfSymbolicLink(atPath: scratch.at("link.json")) == "sub/dir/real.json")
        #expect(scratch.read("sub/dir/real.json") == "new")
    }

    @Test("a full disk at each write leaves the target exactly as it was", arguments: 1...4)
    func fullDiskAtEachWrite(_ failing: Int) throws {
        let scratch = try Scratch()
        try commitSet(["a.md": "old a", "plots/b.svg": "old b"], to: scratch.at("reports"))
        let before = scratch.listing()
        #expect(throws: OutputError.self) {
            try OutputTransaction.$failingWrite.withValue(WriteFault(failing: failing)) {
                try commitSet(
                    ["a.md": "new a", "plots/b.svg": "new b", "plots/c.svg": "new c", "d.md": "new d"],
                    to: scratch.at("reports"))
            }
        }
        #expect(scratch.listing() == before)
        #expect(scratch.read("reports/a.md") == "old a" && scratch.read("reports/plots/b.svg") == "old b")
        // Into a directory that does not exist yet: none is made.
        #expect(throws: OutputError.self) {
            try OutputTransaction.$failingWrite.withValue(WriteFault(failing: failing)) {
                try commitSet(["a.md": "1", "b.md": "2", "c.md": "3", "d.md": "4"], to: scratch.at("new/reports"))
            }
        }
        #expect(scratch.listing() == before)
    }

    @Test("a set replaces the previous set whole; a failed move puts the old files back")
    func failedMoveRollsBack() throws {
        let scratch = try Scratch()
        try commitSet(["a.md": "old a", "b.md": "old b"], to: scratch.at("r"))
        // A non-empty directory where the new set has a file: its rename fails.
        try scratch.write("inside", "r/c.md/x")
        #expect(throws: OutputError.self) {
            try commitSet(["a.md": "new a", "b.md": "new b", "c.md": "new c"], to: scratch.at("r"))
        }
        #expect(scratch.read("r/a.md") == "old a" && scratch.read("r/b.md") == "old b")
        #expect(scratch.listing() == ["r", "r/a.md", "r/b.md", "r/c.md", "r/c.md/x"])
    }

    @Test("concurrent appends to one file lose nothing (8 writers × 25 lines)")
    func concurrentAppends() throws {
        let scratch = try Scratch()
        let path = scratch.at("summary/s.md")
        DispatchQueue.concurrentPerform(iterations: 8) { writer in
            for line in 0..<25 {
                let transaction = try! OutputTransaction(try! OutputTarget.file(path, option: "--summary-file"))
                try! transaction.append(Data("\(writer)-\(line)\n".utf8))
                try! transaction.commit()
            }
        }
        let lines = Set((scratch.read("summary/s.md") ?? "").split(separator: "\n").map(String.init))
        #expect(lines.count == 200)
        #expect(scratch.listing() == ["summary", "summary/s.md"])
    }

    @Test("concurrent writers of sets into one directory leave one writer's whole set")
    func concurrentSets() throws {
        let scratch = try Scratch()
        for _ in 0..<5 {
            DispatchQueue.concurrentPerform(iterations: 4) { writer in
                let files = Dictionary(uniqueKeysWithValues: (0..<6).map { ("f\($0).md", "writer \(writer)") })
                try! commitSet(files, to: scratch.at("reports"))
            }
            let contents = Set((0..<6).map { scratch.read("reports/f\($0).md") })
            #expect(contents.count == 1, "a mixed set: \(contents)")
        }
        #expect(!scratch.listing().contains { $0.contains("staging") })
    }

    @Test("relative paths resolve against the working directory without touching it")
    func relativePaths() throws {
        let target = try OutputTarget.file("d-\(UUID().uuidString)/r.json", option: "--output")
        let cwd = FileManager.default.currentDirectoryPath
        #expect(target.existingAncestor.string == URL(fileURLWithPath: cwd).resolvingSymlinksInPath().path)
        #expect(target.missing.count == 1)
        #expect(target.display.hasPrefix("d-"))
    }

    @Test("a run's temporary directory is removed on remove() and on deinit")
    func temporaryDirectoryRemoved() throws {
        var kept = ""
        do {
            let directory = try RunTemporaryDirectory(purpose: "test")
            kept = directory.path
            #expect(FileManager.default.fileExists(atPath: kept))
        }
        #expect(!FileManager.default.fileExists(atPath: kept))
    }

    @Test("input files: missing, a directory and a device are problems, not crashes")
    func inputFiles() throws {
        let scratch = try Scratch()
        #expect(InputFile.read(scratch.at("none")) == .failure(.missing))
        #expect(InputFile.read(scratch.path) == .failure(.notRegular("a directory")))
        #expect(InputFile.read("/dev/null") == .failure(.notRegular("a device, socket or pipe")))
        try scratch.write("text", "f")
        #expect(InputFile.read(scratch.at("f")) == .success(Data("text".utf8)))
    }
}

/// Where the cross-process appenders write (an exit test's body cannot capture values).
/// Its own directory per test run (the runner's pid, passed to the exit tests'
/// processes through the environment): two suites running at once on one machine
/// (a mutation run beside `make test`) shared one directory and lost each other's lines.
enum CrossProcessAppends {
    static let variable = "SPRINGBENCH_CROSS_PROCESS_DIRECTORY"
    static let directory: String = {
        if let inherited = ProcessInfo.processInfo.environment[variable] { return inherited }
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("springbench-cross-process-\(getuid())-\(getpid())").path
        setenv(variable, directory, 1)
        return directory
    }()
    static let path = directory + "/summary.md"
    static let perProcess = 40
}

@Suite("Output transactions across processes")
struct CrossProcessOutputTests {
    @Test("4 processes × 40 appends to one file lose nothing: the flock, not the process's own lock, serialises them")
    func appendsAcrossProcesses() async throws {
        try? FileManager.default.removeItem(atPath: CrossProcessAppends.directory)
        defer { try? FileManager.default.removeItem(atPath: CrossProcessAppends.directory) }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    await #expect(processExitsWith: .success) {
                        for line in 0..<CrossProcessAppends.perProcess {
                            let transaction = try OutputTransaction(
                                try OutputTarget.file(CrossProcessAppends.path, option: "--summary-file"))
                            try transaction.append(Data("\(getpid())-\(line)\n".utf8))
                            try transaction.commit()
                        }
                    }
                }
            }
        }
        let text = (try? String(contentsOfFile: CrossProcessAppends.path, encoding: .utf8)) ?? ""
        let lines = text.split(separator: "\n")
        #expect(
            lines.count == 4 * CrossProcessAppends.perProcess && Set(lines).count == lines.count, "\(lines.count) lines"
        )
    }
}
