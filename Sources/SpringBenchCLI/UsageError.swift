import ArgumentParser

#if canImport(Glibc)
    import Glibc
#endif

/// Input the user must fix: printed as `error: …` on standard error, exit code 2.
package struct UsageError: Error, CustomStringConvertible {
    package let description: String

    init(_ description: String) {
        self.description = description
    }
}

/// Runs `body`, turning a ``UsageError`` (or any error meant for the user) into
/// its message and exit code 2.
func exitingOnUsageError(_ body: () throws -> Void) throws {
    do {
        try body()
    } catch let error as UsageError {
        printError("error: \(error.description)")
        throw ExitCode(2)
    }
}

/// The command line as recorded in results and reports: `springbench` and its
/// arguments, without the executable's path (which would tie a committed
/// report to one machine's directories).
var invocation: String {
    (["springbench"] + (SpringBenchCLI.arguments ?? Array(CommandLine.arguments.dropFirst()))).joined(separator: " ")
}
