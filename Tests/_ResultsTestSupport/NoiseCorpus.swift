import Benchmarking
import Foundation

/// The real noise corpus (Tests/Fixtures/noise-corpus, recorded with
/// Scripts/noise-corpus.py on a shared 2-vCPU VM): 20 `bench --quick` runs of
/// one release binary per condition — quiet, under bursty load, beside a
/// compile — each cell's median nanoseconds per call.
public enum NoiseCorpus {
    /// One recorded run: cell → median nanoseconds per call.
    public typealias Run = [CellKey: Double]

    public static let conditions = ["quiet", "bursty", "compile"]

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Fixtures/noise-corpus")

    public struct CorpusError: Error { public var line: String }

    /// The runs of one condition's CSV, in the order recorded.
    public static func runs(_ condition: String) throws -> [Run] {
        let text = try String(contentsOf: directory.appendingPathComponent("\(condition).csv"), encoding: .utf8)
        var byRun: [Int: Run] = [:]
        for line in text.split(separator: "\n") where !line.hasPrefix("#") && !line.hasPrefix("run,") {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 6, let run = Int(fields[0]), let kernel = Kernel(rawValue: String(fields[2])),
                let size = Int(fields[4]), let median = Double(fields[5])
            else { throw CorpusError(line: String(line)) }
            byRun[run, default: [:]][CellKey(kernel: kernel, backend: String(fields[3]), size: size)] = median
        }
        return byRun.keys.sorted().map { byRun[$0]! }
    }
}
