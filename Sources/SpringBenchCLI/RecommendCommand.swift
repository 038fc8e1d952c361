import ArgumentParser
import Benchmarking
import Foundation
import Reporting
import SpringBenchSupport

/// `springbench recommend`: which backend to use for which sizes.
package struct RecommendCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "recommend",
        abstract: "Say which backend wins each kernel over which point counts, by how much, and where it changes.",
        discussion: """
            Reads a results file from `springbench bench`, or runs a fresh quick sweep when none is given. \
            A backend wins clearly only when its median's 95 % bootstrap interval lies below every other \
            backend's; otherwise the verdict is "no clear winner".
            """
    )

    @Option(help: "A results file from `springbench bench`; without it, a fresh `bench --quick` runs (not saved).")
    var input: String?

    @Option(help: "Output format: table or json.")
    package var format: ListingFormat = .table

    package func run() throws {
        try exitingOnUsageError {
            let results: BenchmarkResults
            if let input {
                do {
                    results = try BenchmarkResults.load(from: input)
                } catch {
                    throw UsageError("\(error)")
                }
            } else {
                var plan = BenchmarkPlan.quick(backends: CommandContext.catalogue.names)
                plan.workloads = []
                results = try BenchmarkSession.run(try plan.validated(against: CommandContext.catalogue))
            }
            let recommendation = Recommendation(measurements: results.measurements)
            switch format {
            case .json:
                print(try JSONOutput.string(recommendation))
            case .table:
                print(Self.text(recommendation, machine: results.machine))
            }
        }
    }

    static func text(_ recommendation: Recommendation, machine: MachineRecord) -> String {
        var lines: [String] = []
        for advice in recommendation.kernels {
            lines.append(
                "\(advice.kernel.rawValue): use \(advice.safestChoice) (never slower than \(String(format: "%.2f", advice.safestChoiceWorstRatio))× the fastest)"
            )
            for range in advice.ranges {
                let sizes =
                    range.fromSize == range.toSize
                    ? PointCount.format(range.fromSize)
                    : "\(PointCount.format(range.fromSize))–\(PointCount.format(range.toSize))"
                if let winner = range.winner {
                    lines.append(
                        "  \(sizes): \(winner), at least \(String(format: "%.2f", range.minimumMargin))× faster than the next"
                    )
                } else {
                    lines.append(
                        "  \(sizes): no clear winner (\(NumberFormatting.tie(range.tied, equalWithin: range.equalWithin)))"
                    )
                }
            }
            for crossover in advice.crossovers {
                lines.append(
                    "  crossover \(crossover.from) → \(crossover.to) near \(PointCount.format(Int(crossover.estimatedSize.rounded()))) points"
                )
            }
        }
        lines.append(
            "measured on \(machine.cpuModel), \(machine.buildConfiguration) build for \(machine.targetCPU), \(machine.date)"
        )
        return lines.joined(separator: "\n")
    }
}
