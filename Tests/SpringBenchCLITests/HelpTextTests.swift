import ArgumentParser
import Foundation
import SpringBenchCLI
import Testing
import _TestSupport

/// Every command's help, as ArgumentParser renders it at 100 columns, equals
/// its snapshot (Tests/Snapshots/SpringBenchCLITests/help-*.txt; `make
/// snapshots` re-records them). A changed option, default or abstract shows
/// up as a reviewed diff of that file.
@Suite struct HelpTextTests {
    /// The root and every subcommand, depth first, with the words that name it.
    static func commands(
        _ command: any ParsableCommand.Type = SpringBenchCommand.self, path: [String] = ["springbench"]
    ) -> [(path: [String], command: any ParsableCommand.Type)] {
        [(path, command)]
            + command.configuration.subcommands.flatMap { sub in
                commands(sub, path: path + [sub._commandName])
            }
    }

    /// The help states this machine's core count (`--openblas-threads` 1…N); the snapshot holds
    /// a placeholder, so that it is the same on every machine.
    static func machineFree(_ text: String) -> String {
        text.replacingOccurrences(
            of: "1…\(ProcessInfo.processInfo.activeProcessorCount) (default 1)", with: "1…<usable cores> (default 1)")
    }

    @Test("the core count in the help is the machine's, and only it is replaced")
    func placeholderIsTheCoreCount() {
        let bench = SpringBenchCommand.helpMessage(for: BenchCommand.self, columns: 100)
        #expect(bench.contains("1…\(ProcessInfo.processInfo.activeProcessorCount) (default 1)"))
        #expect(Self.machineFree(bench).contains("1…<usable cores> (default 1)"))
        #expect(Self.machineFree(bench).count != bench.count)
    }

    @Test("every command's help equals its snapshot")
    func helpTexts() {
        let all = Self.commands()
        #expect(all.count > 10, "\(all.map(\.path))")
        for (path, command) in all {
            let text = Self.machineFree(SpringBenchCommand.helpMessage(for: command, columns: 100))
            #expect(!text.isEmpty && text.contains("USAGE:"), "\(path)")
            Snapshot.expect(text, matches: "help-" + path.joined(separator: "-"))
        }
    }
}
