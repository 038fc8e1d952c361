import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a command's text goes: the process's standard output and error, or,
/// while ``SpringBenchCLI/run(_:)`` runs a command line in process for a test,
/// that run's own buffers.
///
/// Every command writes through `print` and ``printError(_:)``; this module's
/// `print` (below) shadows the standard library's, so a command's code reads
/// as usual and no text escapes a capture. The capture is task-local: tests
/// running command lines concurrently each read only their own output.
enum Console {
    /// One in-process run's standard output and error.
    final class Capture: @unchecked Sendable {
        private let lock = NSLock()
        private var outText = ""
        private var errorText = ""

        func appendOut(_ text: String) { lock.withLock { outText += text } }
        func appendError(_ text: String) { lock.withLock { errorText += text } }
        var out: String { lock.withLock { outText } }
        var error: String { lock.withLock { errorText } }
    }

    @TaskLocal static var capture: Capture?

    /// The first error a write to standard output met (an errno), 0 while
    /// none did: ``SpringBenchCLI/flushingStandardOutput(_:)`` turns it into exit 2.
    static var outputFailure: Int32 { failureLock.withLock { firstOutputFailure } }
    private static let failureLock = NSLock()
    nonisolated(unsafe) private static var firstOutputFailure: Int32 = 0

    static func writeOut(_ text: String) {
        if let capture {
            capture.appendOut(text)
            return
        }
        fflush(nil)  // anything buffered by a C stream goes first
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(STDOUT_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    let code = written < 0 ? errno : EIO
                    failureLock.withLock { if firstOutputFailure == 0 { firstOutputFailure = code } }
                    return
                }
                offset += written
            }
        }
    }

    static func writeError(_ text: String) {
        if let capture {
            capture.appendError(text)
            return
        }
        fflush(nil)  // keep the two streams in order on a terminal
        var text = text
        text.withUTF8 { bytes in _ = write(STDERR_FILENO, bytes.baseAddress, bytes.count) }
    }
}

/// The standard library's `print`, routed through ``Console`` (it shadows
/// `Swift.print` everywhere in this module).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    Console.writeOut(items.map { "\($0)" }.joined(separator: separator) + terminator)
}

/// Writes a line to standard error (or the in-process run's buffer).
func printError(_ line: String) {
    Console.writeError(line + "\n")
}
