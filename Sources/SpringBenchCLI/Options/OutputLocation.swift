import ArgumentParser
import SpringBenchFiles

/// Where a command will write, resolved and checked before any long work
/// starts (``OutputTarget``): the one way a command names an output.
enum OutputLocation {
    /// A file for `option`: creatable, writable, not a directory, within the
    /// filesystem's limits; a symbolic link is written through.
    static func file(_ path: String, option: String) throws -> OutputTarget {
        do {
            return try OutputTarget.file(path, option: option)
        } catch {
            throw ValidationError(error.description)
        }
    }

    /// A directory for `option`: not empty, not the filesystem root, not a
    /// file, creatable and writable.
    static func directory(_ path: String, option: String) throws -> OutputTarget {
        do {
            return try OutputTarget.directory(path, option: option)
        } catch {
            throw ValidationError(error.description)
        }
    }
}
