import ArgumentParser
#if canImport(Glibc)
import Glibc
#endif

@main
struct SpringBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springbench",
        abstract: "Vector-arithmetic backends and spring-animation math: verify, benchmark, report.",
        version: "0.1.0",
        subcommands: [
            BackendsCommand.self, VerifyCommand.self, BenchCommand.self, RecommendCommand.self, ReportCommand.self,
            SpringCommand.self, ConvertCommand.self, CompareCommand.self, BaselineCommand.self,
            InstructionsCommand.self, InstructionsWorkerCommand.self, CompareBuildsCommand.self, SamplerCommand.self,
        ]
    )

    /// Runs the command, giving every kind of unusable input the same exit
    /// code 2: ArgumentParser's own parse errors (unknown option, missing or
    /// malformed value) would otherwise exit 64, and the commands' own
    /// validation (`UsageError`) exits 2.
    static func main() {
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            if exitCode(for: error) == .validationFailure {
                printError(fullMessage(for: error))
                Glibc.exit(2)
            }
            exit(withError: error)
        }
    }
}
