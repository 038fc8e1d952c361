import Benchmarking
import Foundation
import Reporting
import SpringBenchCLI
import Testing
import _CLITestSupport
import _ResultsTestSupport

/// `springbench recommend --format json` and its table, field by field, from
/// ``DistinctCellModel`` (every cell's time its own): each value against the
/// figure the model gives, not only that the document parses.
@Suite("recommend's output, every field")
struct RecommendOutputTests {
    typealias Model = DistinctCellModel

    static func run(_ format: String) throws -> SpringBenchCLI.Outcome {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/results.json"
        // A results file holds as many samples as its summaries count.
        var results = Model.results
        results.measurements = results.measurements.map { cell in
            var cell = cell
            cell.samples = Array(repeating: cell.summary.median, count: cell.summary.count)
            return cell
        }
        try results.write(to: path)
        return SpringBenchCLI.run(["recommend", "--input", path, "--format", format])
    }

    static func close(_ value: Any?, _ expected: Double) -> Bool {
        guard let value = value as? Double else { return false }
        return abs(value - expected) <= 1e-12 * abs(expected)
    }

    /// A nil optional: left out, or written as null.
    static func isAbsent(_ value: Any?) -> Bool { value == nil || value is NSNull }

    @Test("JSON: per kernel in order, each size's verdict, ranking, ranges, crossover and safest choice")
    func json() throws {
        let outcome = try Self.run("json")
        #expect(outcome.status == 0, "\(outcome)")
        let document = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.stdout.utf8)) as? [String: Any], "\(outcome)")
        #expect(Set(document.keys) == ["kernels"])
        let kernels = try #require(document["kernels"] as? [[String: Any]])
        #expect(kernels.map { $0["kernel"] as? String } == Model.kernels.map(\.rawValue))
        for (kernel, advice) in zip(Model.kernels, kernels) {
            #expect(
                Set(advice.keys) == [
                    "kernel", "verdicts", "ranges", "crossovers", "safestChoice", "safestChoiceWorstRatio",
                ])
            let verdicts = try #require(advice["verdicts"] as? [[String: Any]])
            #expect(verdicts.map { $0["size"] as? Int } == Model.sizes)
            for (size, verdict) in zip(Model.sizes, verdicts) {
                let expected = Model.expected(kernel, size)
                let context = "\(kernel) \(size)"
                #expect(verdict["fastest"] as? String == expected.ranking[0].backend, "\(context)")
                #expect(verdict["runnerUp"] as? String == expected.ranking[1].backend, "\(context)")
                #expect(Self.close(verdict["margin"], expected.margin), "\(context)")
                #expect(verdict["isClear"] as? Bool == expected.clear, "\(context)")
                #expect(verdict["tied"] as? [String] == expected.tied, "\(context)")
                if let within = expected.equalWithin {
                    #expect(Self.close(verdict["equalWithin"], within), "\(context)")
                } else {
                    #expect(Self.isAbsent(verdict["equalWithin"]), "\(context)")
                }
                let ranking = try #require(verdict["ranking"] as? [[String: Any]])
                #expect(ranking.map { $0["backend"] as? String } == expected.ranking.map(\.backend), "\(context)")
                for (entry, (backend, perElement)) in zip(ranking, expected.ranking) {
                    let median = perElement * Double(size)
                    #expect(Self.close(entry["medianNanoseconds"], median), "\(context)")
                    let interval = try #require(entry["interval"] as? [String: Any])
                    #expect(Self.close(interval["lower"], median * (1 - Model.lowerWidth(backend))), "\(context)")
                    #expect(Self.close(interval["upper"], median * (1 + Model.halfWidth)), "\(context)")
                    #expect(interval["level"] as? Double == 0.95, "\(context)")
                }
            }
            let ranges = try #require(advice["ranges"] as? [[String: Any]])
            #expect(ranges.map { $0["fromSize"] as? Int } == [16, 4096, 1 << 20])
            #expect(ranges.map { $0["toSize"] as? Int } == [256, 65_536, 1 << 20])
            #expect(ranges.map { $0["winner"] as? String } == ["naive", nil, "openblas"])
            let verdictsOf = { (sizes: [Int]) in sizes.map { Model.expected(kernel, $0) } }
            let groups = [verdictsOf([16, 256]), verdictsOf([4096, 65_536]), verdictsOf([1 << 20])]
            for (range, group) in zip(ranges, groups) {
                #expect(Self.close(range["minimumMargin"], group.map(\.margin).min()!), "\(kernel) \(range)")
                if group[0].clear {
                    #expect(Self.isAbsent(range["equalWithin"]) && (range["tied"] as? [String]) == [])
                } else {
                    #expect(Self.close(range["equalWithin"], group.compactMap(\.equalWithin).max()!))
                    #expect(range["tied"] as? [String] == ["simd", "openblas"])
                }
            }
            let crossovers = try #require(advice["crossovers"] as? [[String: Any]])
            try #require(crossovers.count == 1)
            #expect(crossovers[0]["from"] as? String == "naive" && crossovers[0]["to"] as? String == "openblas")
            #expect(crossovers[0]["betweenSizes"] as? [Int] == [256, 1 << 20])
            let r0 = log(Model.perElement(kernel, "naive", 256) / Model.perElement(kernel, "openblas", 256))
            let r1 = log(
                Model.perElement(kernel, "naive", 1 << 20) / Model.perElement(kernel, "openblas", 1 << 20))
            let estimate = exp(log(256.0) + r0 / (r0 - r1) * (log(Double(1 << 20)) - log(256.0)))
            #expect((crossovers[0]["estimatedSize"] as? Double).map { abs($0 - estimate) <= 1e-9 * estimate } == true)
            let worst = Model.backends.map { backend in
                (
                    backend,
                    Model.sizes.map { size in
                        Model.perElement(kernel, backend, size)
                            / Model.backends.map { Model.perElement(kernel, $0, size) }.min()!
                    }.max()!
                )
            }.min { $0.1 < $1.1 }!
            #expect(advice["safestChoice"] as? String == worst.0)
            #expect(Self.close(advice["safestChoiceWorstRatio"], worst.1))
        }
    }

    @Test("the table: each kernel's safest choice, ranges ascending with their margins, the crossover")
    func table() throws {
        let outcome = try Self.run("table")
        #expect(outcome.status == 0, "\(outcome)")
        var expected: [String] = []
        for kernel in Model.kernels {
            let verdicts = Model.sizes.map { Model.expected(kernel, $0) }
            let worst = Model.backends.map { backend in
                (
                    backend,
                    verdicts.map { $0.ranking.first { $0.backend == backend }!.perElement / $0.ranking[0].perElement }
                        .max()!
                )
            }.min { $0.1 < $1.1 }!
            expected.append(
                "\(kernel.rawValue): use \(worst.0) (never slower than \(String(format: "%.2f", worst.1))× the fastest)"
            )
            let margin = min(verdicts[0].margin, verdicts[1].margin)
            let size = PointCount.format
            expected.append(
                "  \(size(16))–\(size(256)): naive, at least \(String(format: "%.2f", margin))× faster than the next")
            let within = max(verdicts[2].equalWithin!, verdicts[3].equalWithin!)
            expected.append(
                "  \(size(4096))–\(size(65_536)): no clear winner (simd, openblas equal within "
                    + "\(NumberFormatting.percent(within, digits: 2)))")
            expected.append(
                "  \(size(1 << 20)): openblas, at least \(String(format: "%.2f", verdicts[4].margin))× faster than the next"
            )
            let r0 = log(Model.perElement(kernel, "naive", 256) / Model.perElement(kernel, "openblas", 256))
            let r1 = log(
                Model.perElement(kernel, "naive", 1 << 20) / Model.perElement(kernel, "openblas", 1 << 20))
            let estimate = exp(log(256.0) + r0 / (r0 - r1) * (log(Double(1 << 20)) - log(256.0)))
            expected.append(
                "  crossover naive → openblas near \(PointCount.format(Int(estimate.rounded()))) points")
        }
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(Array(lines.dropLast()) == expected, "\(outcome.stdout)")
    }
}
