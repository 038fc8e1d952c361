import ArgumentParser
import Benchmarking
import Foundation
import RegressionGate
import Reporting
import ResultsHistory
import SpringBenchFiles
import SpringBenchSupport

/// `springbench history`: results across commits in an SQLite database
/// (``HistoryDatabase``), their steps and slides (Guides/History.md).
package struct HistoryCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "history",
        abstract: "Keep results across commits; find steps and slides.",
        subcommands: [Record.self, List.self, Show.self, Check.self, Report.self, Export.self]
    )

    package struct DatabaseOption: ParsableArguments {
        package init() {}

        @Option(
            help: """
                The history: an SQLite file, created on the first record, or a PostgreSQL server \
                (postgresql://USER:PASSWORD@HOST[:PORT]/DATABASE).
                """)
        package var database = HistoryDatabase.defaultPath

        /// A URL's form, or the path as an output; nothing is opened yet.
        package func validate() throws {
            do {
                try HistoryStores.validate(database)
            } catch let error as HistoryDatabaseError {
                throw ValidationError(error.description)
            } catch let error as OutputError {
                throw ValidationError(error.description)
            }
        }

        /// Opens the history (``HistoryStores``: a postgresql:// URL or an
        /// SQLite path), runs `body` on it and closes it; a store that cannot
        /// be used, read or written is exit 2 naming --database.
        func using<T>(create: Bool, _ body: (any HistoryStore) throws -> T) throws -> T {
            do {
                let history = try HistoryStores.open(database, create: create)
                defer { try? history.close() }
                if let file = history as? HistoryDatabase, file.readThroughHotJournal {
                    printError(
                        "note: \(file.path) has a hot journal (a writer was killed while committing); read as the journal restores it, both files left as they are (the next `history record` rolls it back)"
                    )
                }
                return try body(history)
            } catch let error as HistoryDatabaseError {
                throw UsageError(error.description)
            } catch let error as OutputError {
                throw UsageError(error.description)
            }
        }
    }

    package struct Record: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Record results or instruction-count files at a commit (again: left as it was).")

        @Argument(help: "Results files (`springbench bench`) or instruction-count files (`springbench instructions`).")
        package var files: [String]

        @Option(
            help: """
                The commit the files were measured at: a full commit id, or any revision of the \
                repository here (HEAD, a branch, a tag, a short id), stored as its full id \
                (default: HEAD).
                """)
        package var commit: String?

        @Option(help: "The branch (default: none recorded).")
        package var branch: String?

        @Option(help: "The machine key (default: the results' hostname).")
        package var machine: String?

        @OptionGroup package var database: DatabaseOption

        package func validate() throws {
            if files.isEmpty { throw ValidationError("history record needs at least one results file") }
            if let commit, commit.isEmpty || commit.contains(where: \.isWhitespace) {
                throw ValidationError("--commit \"\(commit)\" must be a non-empty revision without spaces")
            }
            if let machine, machine.isEmpty { throw ValidationError("--machine must not be empty") }
        }

        package func run() throws {
            try exitingOnUsageError {
                // Every file is read and checked before the database is touched.
                var documents: [(String, ResultsDocument)] = []
                for file in files {
                    do {
                        documents.append((file, try ResultsDocument.load(from: file)))
                    } catch {
                        throw UsageError("\(error)")
                    }
                }
                let commit = try Self.resolve(self.commit)
                try database.using(create: true) { history in
                    for (file, document) in documents {
                        let outcome: RecordOutcome
                        switch document {
                        case .wallClock(let results):
                            outcome = try history.record(results, commit: commit, branch: branch, machine: machine)
                        case .instructions(let counts):
                            outcome = try history.record(counts, commit: commit, branch: branch, machine: machine)
                        }
                        switch outcome {
                        case .recorded(let cells): print("recorded \(file): \(cells) cells at \(commit)")
                        case .alreadyRecorded:
                            print("\(file): already recorded at \(commit) for this machine and build; left as it was")
                        }
                    }
                }
            }
        }

        /// The full object name to store for `--commit`: a full commit id
        /// (40 hexadecimal digits, or 64 in a SHA-256 repository) as given,
        /// lowercased; any other revision as `git rev-parse` resolves it to a
        /// commit in the working directory's repository (started by
        /// posix_spawn, ``ChildProcess``). A symbolic name is never stored:
        /// "HEAD" kept as text made every later record of HEAD "already
        /// recorded". Refused, naming the option, when git cannot resolve it.
        static func resolve(_ revision: String?) throws -> String {
            if let revision, isFullObjectName(revision) { return revision.lowercased() }
            let name = revision ?? "HEAD"
            let run = try? ChildProcess.capture(
                executable: "/usr/bin/env",
                arguments: ["git", "rev-parse", "--verify", "--quiet", "--end-of-options", name + "^{commit}"])
            let text = run?.output.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let run, case .exited(0) = run.termination, isFullObjectName(text) else {
                let given = revision.map { "--commit \"\($0)\"" } ?? "--commit: not given, and HEAD"
                throw UsageError(
                    "\(given) is no commit that `git rev-parse` finds here (not inside a git repository, or no such "
                        + "revision); run inside the repository or pass the full commit id (40 hexadecimal digits)")
            }
            return text.lowercased()
        }

        static func isFullObjectName(_ text: String) -> Bool {
            (text.utf8.count == 40 || text.utf8.count == 64)
                && text.utf8.allSatisfy {
                    (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0)
                        || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0 | 0x20)
                }
        }
    }

    package struct List: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(abstract: "List the recorded runs, oldest first.")

        @OptionGroup package var database: DatabaseOption

        package func run() throws {
            try exitingOnUsageError {
                try database.using(create: false) { history in
                    for run in try history.runs() {
                        print(
                            "\(run.commit)\t\(run.branch ?? "-")\t\(run.series)\t\(run.cells) cells\t\(run.recordedAt)")
                    }
                }
            }
        }
    }

    package struct Show: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "One cell's values across commits, per machine and build.")

        @Argument(help: "The cell, kernel.backend.size (e.g. add.simd.4096 or add.simd.4Ki).")
        package var cell: String

        @OptionGroup package var database: DatabaseOption

        package func validate() throws {
            if CellKey(historyKey: cell) == nil {
                throw ValidationError(
                    "CELL \"\(cell)\" must be kernel.backend.size with a known kernel and a size in 1…\(PointCount.maximum)"
                )
            }
        }

        package func run() throws {
            try exitingOnUsageError {
                let key = CellKey(historyKey: cell)!
                let bySeries = try database.using(create: false) { try $0.history(of: key) }
                if bySeries.isEmpty { throw UsageError("CELL \(cell): no values recorded for \(key)") }
                for (series, values) in bySeries.sorted(by: { $0.key < $1.key }) {
                    print("\(key) on \(series):")
                    let steps = Set(
                        HistoryReport.steps(values, kind: series.kind, detector: StepDetector()).map(\.index))
                    for (index, value) in values.enumerated() {
                        var interval = ""
                        if let lower = value.lower, let upper = value.upper {
                            interval = String(format: "  [%.6g, %.6g]", lower, upper)
                        }
                        // The time relative to the reference timed in the same rounds, when recorded.
                        let relative =
                            value.relative.map {
                                String(format: "\t%.4g× %@ [%.4g, %.4g]", $0.median, $0.reference, $0.lower, $0.upper)
                            } ?? ""
                        print(
                            "  \(value.commit)\t\(value.branch ?? "-")\t\(String(format: "%.6g", value.value))\(interval)"
                                + relative + (steps.contains(index) ? "\tstep" : ""))
                    }
                }
            }
        }
    }

    package struct Check: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Exit 1 on a step regression at the newest commit or a slide beyond the threshold.",
            discussion: """
                Exits 0 when nothing is found, 1 naming each cell and what was found, 2 for unusable input. \
                Timed series are judged by rank tests (Mann–Whitney for a newer level of 2 to 8 commits, \
                Mann–Kendall for a slide), which assume no shape of the between-run noise, and the Benjamini–Hochberg \
                procedure over all of them keeps the chance of any false alarm in the whole check at most 5 %; what clears \
                its own test but not that bar is printed as a candidate and does not fail the check. Before the \
                tests, each run's shift common to the cells of one backend and size (5 or more) is taken out: a \
                machine slower for a few runs moves no cell by itself, and such a shift is printed, not judged. \
                Instruction counts are exact: any increase at the newest commit fails. With --confirm, each timed finding is measured again as `compare-builds` does it: the commits \
                before and after a step (or the first and newest of a slide's window) are built from the git \
                repository at --repository with the configuration and target CPU the history recorded, and timed \
                side by side, sample by sample, on this machine. A finding, or a candidate significant on its own, \
                counts only when the paired interval lies wholly above no change; one that the pair does not \
                confirm is printed and left out. A \
                finding whose commits cannot be built or found still counts, with the reason.
                """)

        @Option(help: "The accumulated slide over the window that fails, in percent (0 < P ≤ 1000).")
        var threshold: String = "10"

        @Option(help: "Commits the slide is measured over, K (3…10000).")
        package var window = 20

        @OptionGroup package var database: DatabaseOption

        @Flag(help: "Confirm each timed finding by a paired run of its two commits' builds (see below).")
        package var confirm = false

        @OptionGroup(title: "Builds (with --confirm)")
        package var builds: RevisionOptions

        @OptionGroup(title: "Paired runs (with --confirm)")
        package var pairing: PairingOptions

        package var thresholdFraction: Double? {
            let text = threshold.hasSuffix("%") ? String(threshold.dropLast()) : threshold
            guard let value = Double(text), value.isFinite, value > 0, value <= 1000 else { return nil }
            return value / 100
        }

        package func validate() throws {
            if thresholdFraction == nil {
                throw ValidationError("--threshold \(threshold) must be a percentage in (0, 1000], e.g. 10 or 10%")
            }
            if !(3...10_000).contains(window) { throw ValidationError("--window \(window) must be in 3…10000") }
            try builds.check()
            try pairing.check()
        }

        package func run() throws {
            var found = 0
            let confirmation = StepConfirmation(builds: builds, pairing: pairing)
            try exitingOnUsageError {
                defer { confirmation.close() }
                let detector = StepDetector(threshold: thresholdFraction!, window: window)
                let histories = try database.using(create: false) { history in
                    try history.cells().map { ($0, try history.history(of: $0)) }
                }
                var timed: [HistorySeries: [CellKey: [HistoryPoint]]] = [:]
                for (cell, bySeries) in histories {
                    for (series, values) in bySeries.sorted(by: { $0.key < $1.key }) {
                        let points = values.map { HistoryPoint(commit: $0.commit, value: $0.value) }
                        guard series.kind == .time else {
                            for finding in StepDetector.checkExact(points) {
                                print("\(cell) on \(series): \(finding)")
                                found += 1
                            }
                            continue
                        }
                        timed[series, default: [:]][cell] = points
                    }
                }
                // Every timed series gives its candidates; one Benjamini–Hochberg
                // step over all of them (two tests a series) decides which count.
                let all = HistoryCheck(timed, detector: detector)
                for item in all.items {
                    let label =
                        item.kept
                        ? ""
                        : !detector.reachesThreshold(item.finding)
                            ? "candidate, below --threshold (exit 0): "
                            : item.alone
                                ? "candidate, alone at its size: \(item.cell.kernel).\(item.cell.backend) moved at no "
                                    + "other size (code placement moves one size; --confirm judges it) (exit 0): "
                                : "candidate, not beyond the whole check's bar (exit 0): "
                    print("\(item.cell) on \(item.series): \(label)\(item.finding)")
                    // A candidate significant on its own (before the correction for
                    // the check's many tests) counts when a paired run confirms it.
                    guard item.kept || (confirm && (item.finding.pValue ?? 0) <= StepDetector.familyRate) else {
                        continue
                    }
                    if confirm, !(try confirmation.confirms(item.finding, of: item.cell, in: item.series)) { continue }
                    found += 1
                }
                for shift in all.groupShifts {
                    print(
                        "\(shift.backend) at \(PointCount.format(shift.size)) on \(shift.series): its cells moved "
                            + "together, not judged (the machine, or a change to the whole group; "
                            + "compare-builds tells them apart): \(shift.finding)")
                }
                if all.series > 0 {
                    print(
                        "history check: \(all.series) timed series, \(all.tests) rank tests at a whole-check "
                            + "false-alarm rate of \(Int(StepDetector.familyRate * 100)) % (Benjamini–Hochberg); "
                            + (all.commitsNeeded.map { "a step needs at least \($0) commits on its new level to count" }
                                ?? "no step can count yet (too few commits)"))
                }
            }
            if found > 0 {
                print("history check: \(found) finding\(found == 1 ? "" : "s")")
                throw ExitCode(1)
            }
            print("history check: no step or slide at the newest commit")
        }
    }

    package struct Export: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Write one commit's timed cells as csv, bencher or github-action-benchmark (Guides/Exports.md).",
            discussion: """
                The history keeps each cell's median and its interval, not the samples, so samples-csv is not \
                offered and the columns a history does not keep (percentiles, the ceiling, allocations) are left \
                empty or out. With more than one machine or build recorded at the commit, each name is suffixed \
                @MACHINE/TARGET/CONFIGURATION.
                """)

        @Option(help: "csv, bencher or github-action-benchmark.")
        package var format: String

        @Option(help: "The file to write (- for standard output).")
        package var output: String

        @Option(help: "The commit (a full id or a prefix of at least 7 characters; default: the newest recorded).")
        package var commit: String?

        @OptionGroup package var database: DatabaseOption

        package func validate() throws {
            let format = try ExportOptions.format(self.format, option: "--format")
            if format == .samplesCSV {
                throw ValidationError(
                    "--format samples-csv: a history keeps no samples; use csv, bencher or github-action-benchmark")
            }
            try ExportOutput.validate(output)
            if HistoryStores.scheme(of: database.database) == nil {
                try OutputLocation.refuse(("--output", output), ifInput: [("--database", database.database)])
            }
            if let commit, commit.isEmpty || commit.contains(where: \.isWhitespace) {
                throw ValidationError("--commit \"\(commit)\" must be a non-empty revision without spaces")
            }
        }

        package func run() throws {
            try exitingOnUsageError {
                let format = try ExportOptions.format(self.format, option: "--format")
                let cells = try database.using(create: false) { history -> [ExportCell] in
                    let runs = try history.runs()
                    let chosen: String
                    if let commit {
                        let matches = HistoryExport.commits(matching: commit, in: runs)
                        guard matches.count == 1 else {
                            throw UsageError(
                                matches.isEmpty
                                    ? "--commit \(commit): no run recorded at this commit (`springbench history list`)"
                                    : "--commit \(commit): names \(matches.count) recorded commits; give more characters"
                            )
                        }
                        chosen = matches[0]
                    } else {
                        guard let newest = HistoryExport.newestCommit(in: runs) else {
                            throw UsageError("--database: the history holds no timed run to export")
                        }
                        chosen = newest
                    }
                    let cells = HistoryExport.cells(
                        at: chosen, histories: try history.cells().map { ($0, try history.history(of: $0)) })
                    guard !cells.isEmpty else {
                        throw UsageError(
                            "--commit \(chosen): only instruction counts are recorded there; nothing timed to export")
                    }
                    return cells
                }
                try ExportOutput.write(cells, as: format, to: output) { "wrote \($0) (\(cells.count) cells)" }
            }
        }
    }

    package struct Report: ParsableCommand {
        package init() {}

        package static let configuration = CommandConfiguration(
            abstract: "Write Reports/history.md with an SVG trend per kernel × backend × size, steps marked.")

        @Option(help: "The directory history.md and its plots/ go to.")
        package var outputDirectory = "Reports"

        @OptionGroup package var database: DatabaseOption

        package func validate() throws {
            _ = try OutputLocation.directory(outputDirectory, option: "--output-directory")
        }

        package func run() throws {
            try exitingOnUsageError {
                let target = try OutputLocation.directory(outputDirectory, option: "--output-directory")
                let histories = try database.using(create: false) { history in
                    try history.cells().map { ($0, try history.history(of: $0)) }
                }
                do {
                    for path in try ReportWriter.write([HistoryReport.render(histories)], to: target) {
                        print("wrote \(path)")
                    }
                } catch let error as OutputError {
                    throw UsageError(error.description)
                }
            }
        }
    }
}
