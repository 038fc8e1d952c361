import ArgumentParser

package struct SpringBenchCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "springbench",
        abstract: "Vector-arithmetic backends and spring-animation math: verify, benchmark, report.",
        version: SpringBenchVersion.current,
        subcommands: [
            BackendsCommand.self, VerifyCommand.self, BenchCommand.self, RecommendCommand.self, ReportCommand.self,
            SpringCommand.self, ConvertCommand.self, MatchCommand.self, ExportCommand.self, FitCommand.self,
            CompareCommand.self,
            BaselineCommand.self,
            InstructionsCommand.self, InstructionsWorkerCommand.self, CompareBuildsCommand.self, SamplerCommand.self,
            ExportResultsCommand.self,
            HistoryCommand.self, BisectCommand.self,
        ]
    )
}
