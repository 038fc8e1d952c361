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

    /// Refuses, before any work, an output file that is the same file as one
    /// of the command's explicit inputs (after links and `..`; nil inputs are
    /// skipped). Whatever else a command reads is caught when its outputs
    /// commit (``CommandInputs``).
    static func refuse(_ output: (option: String, path: String), ifInput inputs: [(option: String, path: String?)])
        throws
    {
        do {
            try CommandInputs.refuse(
                output, ifInput: inputs.compactMap { input in input.path.map { (input.option, $0) } })
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
