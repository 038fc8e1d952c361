import Foundation
import Testing

/// Builds the gcc yardstick (`Yardsticks/gcc/loops.c`) for a test, as
/// `make report` does, into a directory the test owns.
public enum LoopsLibraryBuild {
    /// The C source, found from this file's place in the package.
    public static let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Yardsticks/gcc/loops.c").path

    /// gcc's path, or nil when it is absent (tests that need it are skipped, saying so).
    public static let gcc: String? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { "\($0)/gcc" }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }()

    /// Why gcc-dependent tests are skipped here.
    public static let skipReason: Comment = "gcc is absent: the gcc -march=native yardstick cannot be built here"

    /// Runs gcc on `source` (or another C file) with `flags`, writing a shared
    /// library to `directory`/`name`; returns its path (nil when gcc failed).
    public static func build(
        into directory: String, name: String = "libloops.so", source: String = source,
        flags: [String] = ["-O3", "-march=native", "-DSPRINGBENCH_LOOPS_DESCRIPTION=\"test: gcc -O3 -march=native\""]
    ) -> String? {
        guard let gcc else { return nil }
        let output = directory + "/" + name
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gcc)
        process.arguments = flags + ["-shared", "-fPIC", "-o", output, source]
        do {
            try process.run()
        } catch {
            return nil
        }
        process.waitUntilExit()
        return process.terminationStatus == 0 ? output : nil
    }

    /// loops.c with one loop replaced by `body` (the original kept as
    /// `original_<name>`), built into `directory`; nil when gcc failed.
    public static func broken(_ name: String, signature: String, body: String, in directory: String) throws -> String? {
        let file = directory + "/\(name).c"
        try """
        #define springbench_loops_\(name) original_\(name)
        #include "\(source)"
        #undef springbench_loops_\(name)
        \(signature) { \(body) }

        """.write(toFile: file, atomically: true, encoding: .utf8)
        return build(into: directory, name: "lib\(name).so", source: file)
    }

    /// A fresh temporary directory for one test.
    public static func temporaryDirectory() -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "springbench-loops-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url.path
    }
}
