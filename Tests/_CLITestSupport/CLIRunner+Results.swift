import Foundation
import _ResultsTestSupport

extension CLIRunner {
    /// A scratch directory holding `in.json` (synthetic results) and an empty `out/`.
    public static func resultsWorkspace(seed: UInt64 = 3) throws -> (directory: String, input: String, output: String) {
        let directory = temporaryDirectory()
        try SyntheticRuns.results(seed: seed).write(to: directory + "/in.json")
        try FileManager.default.createDirectory(atPath: directory + "/out", withIntermediateDirectories: false)
        return (directory, directory + "/in.json", directory + "/out")
    }
}
