import ArgumentParser
import Reporting
import SpringBenchFiles

/// `--export FORMAT=PATH` (repeatable), on `bench` and `compare-builds`:
/// the run's cells also written in a dashboard's format (Guides/Exports.md).
package struct ExportOptions: ParsableArguments {
    package init() {}

    @Option(
        name: .customLong("export"),
        help: ArgumentHelp(
            "Also write the cells as FORMAT to PATH; FORMAT is csv, samples-csv, bencher or github-action-benchmark (Guides/Exports.md); repeatable.",
            valueName: "format=path"))
    var exports: [String] = []

    /// Every export resolved and checked before any measuring: a known
    /// format, a writable path, no path given twice or shared with
    /// `reserved` (another output of the command, e.g. `--output`).
    package func requests(reserved: [(option: String, target: OutputTarget)] = []) throws -> [ExportRequest] {
        var requests: [ExportRequest] = []
        for given in exports {
            requests.append(try Self.request(given, option: "--export"))
            let target = requests[requests.count - 1].target
            if let clash = reserved.first(where: { $0.target.path == target.path }) {
                throw ValidationError("--export \(given): \(target.display) is also \(clash.option)'s file")
            }
            if requests.dropLast().contains(where: { $0.target.path == target.path }) {
                throw ValidationError("--export \(given): \(target.display) is given to --export twice")
            }
        }
        return requests
    }

    /// `FORMAT=PATH` read and checked.
    static func request(_ given: String, option: String) throws -> ExportRequest {
        guard let equals = given.firstIndex(of: "=") else {
            throw ValidationError(
                "\(option) \(given): expected FORMAT=PATH with FORMAT one of \(ExportFormat.validNames)")
        }
        let name = String(given[..<equals]), path = String(given[given.index(after: equals)...])
        let format = try format(name, option: option)
        return ExportRequest(format: format, target: try OutputLocation.file(path, option: option))
    }

    package static func format(_ name: String, option: String) throws -> ExportFormat {
        guard let format = ExportFormat(rawValue: name) else {
            throw ValidationError(
                "\(option): \"\(name)\" is not an export format; valid formats: \(ExportFormat.validNames)")
        }
        return format
    }
}

extension Export {
    /// Writes the exports a command was asked for; an environment fault
    /// (a full disk) is unusable input naming the option.
    static func write(_ cells: [ExportCell], to requests: [ExportRequest], option: String) throws {
        var outputs = StagedOutputs()
        try outputs.stageExports(cells, to: requests, option: option)
        try outputs.commit()
    }
}

/// `--output -` of `export-results` and `history export`: the export goes to
/// standard output (checked like every line the tool prints: a full or closed
/// stream is exit 2), and nothing else is printed there.
enum ExportOutput {
    static let standardOutput = "-"

    /// Checks `path` before any work: `-`, or a file path (``OutputLocation/file(_:option:)``).
    static func validate(_ path: String) throws {
        if path != standardOutput { _ = try OutputLocation.file(path, option: "--output") }
    }

    /// Writes `cells` as `format` to `path`; for a file, then says what it wrote (`confirmation`).
    static func write(
        _ cells: [ExportCell], as format: ExportFormat, to path: String, confirmation: (String) -> String
    ) throws {
        guard path != standardOutput else {
            do {
                print(try Export.render(cells, as: format), terminator: "")
            } catch {
                throw UsageError("--output: \(error)")
            }
            return
        }
        let target = try OutputLocation.file(path, option: "--output")
        try Export.write(cells, to: [ExportRequest(format: format, target: target)], option: "--output")
        print(confirmation(target.display))
    }
}
