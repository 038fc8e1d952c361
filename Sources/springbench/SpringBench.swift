import ArgumentParser

@main
struct SpringBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "springbench",
        abstract: "Vector-arithmetic backends and spring-animation math: verify, benchmark, report.",
        version: "0.1.0",
        subcommands: [BackendsCommand.self, BenchCommand.self, RecommendCommand.self, ReportCommand.self, SpringCommand.self, ConvertCommand.self,
                      CompareCommand.self, BaselineCommand.self, InstructionsCommand.self, InstructionsWorkerCommand.self, VerifyCommand.self]
    )
}
