import ArgumentParser
import Foundation

/// Checks where a command will write, before any long work starts.
enum OutputLocation {
    /// A results file: a non-empty path that is not a directory, in a directory
    /// that exists (or can be made) and is writable.
    static func checkFile(_ path: String, option: String) throws {
        guard !path.isEmpty else { throw ValidationError("\(option): must not be empty") }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue {
            throw ValidationError("\(option): \(path) is a directory; give a file path")
        }
        let parent = (path as NSString).deletingLastPathComponent
        try checkWritableDirectory(parent.isEmpty ? "." : parent, option: option)
        try probe(parent.isEmpty ? "." : parent, option: option)
    }

    /// Writes and removes a file in `directory`, or in its nearest existing
    /// ancestor when it does not exist yet (nothing is created that stays):
    /// the only check that knows about read-only mounts and /proc.
    private static func probe(_ directory: String, option: String) throws {
        var existing = directory
        while !existing.isEmpty, !FileManager.default.fileExists(atPath: existing) {
            existing = (existing as NSString).deletingLastPathComponent
        }
        if existing.isEmpty { existing = "." }
        if existing != directory {
            // A directory can be made only where the system lets us make one.
            let trial = existing + "/.springbench-probe-\(getpid())"
            guard mkdir(trial, 0o700) == 0 else {
                throw ValidationError("\(option): cannot create \(directory): \(String(cString: strerror(errno)))")
            }
            rmdir(trial)
        }
        var template = Array("\(existing)/.springbench-probe-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw ValidationError("\(option): cannot write in \(existing): \(String(cString: strerror(errno)))")
        }
        close(descriptor)
        unlink(template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) })
    }

    /// A report directory: not empty, not the filesystem root, not an existing
    /// file, and writable (made if missing).
    static func checkDirectory(_ path: String, option: String) throws {
        guard !path.isEmpty else { throw ValidationError("\(option): must not be empty") }
        guard URL(fileURLWithPath: path).standardizedFileURL.path != "/" else {
            throw ValidationError("\(option): refusing to write reports into the filesystem root")
        }
        try checkWritableDirectory(path, option: option)
        try probe(path, option: option)
    }

    private static func checkWritableDirectory(_ directory: String, option: String) throws {
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw ValidationError("\(option): \(directory) exists and is not a directory") }
            guard FileManager.default.isWritableFile(atPath: directory) else {
                throw ValidationError("\(option): the directory \(directory) is not writable")
            }
        } else {
            // The nearest existing ancestor must be a writable directory.
            var ancestor = (directory as NSString).deletingLastPathComponent
            while !ancestor.isEmpty, !FileManager.default.fileExists(atPath: ancestor) {
                ancestor = (ancestor as NSString).deletingLastPathComponent
            }
            let existing = ancestor.isEmpty ? "." : ancestor
            guard FileManager.default.isWritableFile(atPath: existing) else {
                throw ValidationError("\(option): cannot create \(directory) (\(existing) is not writable)")
            }
        }
    }
}
