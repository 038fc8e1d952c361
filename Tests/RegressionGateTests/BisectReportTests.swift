import Benchmarking
import Foundation
import RegressionGate
import Testing

/// `springbench bisect`'s report line by line and field by field, from a
/// search whose every change is chosen: each commit's change differs, so a
/// line or field filled from another step shows another number.
@Suite("bisect's report, every line and field")
struct BisectReportTests {
    static func commit(_ n: Int) -> RevisionCommit {
        RevisionCommit(sha: String(repeating: "\(n)", count: 12) + "abcdef0123456789abcdef01", subject: "commit \(n)")
    }

    static func change(_ ratio: Double, _ lower: Double, _ upper: Double) -> ChangeInterval {
        ChangeInterval(ratio: ratio, lower: lower, upper: upper, level: 0.95)
    }

    static let report: BisectReport = {
        var report = BisectReport(
            cell: CellKey(kernel: .axpy, backend: "simd", size: 4096), good: commit(1), bad: commit(9), range: 8,
            badChange: change(1.25, 1.21, 1.29), boundary: 1.125, level: 0.95)
        report.steps = [
            BisectReport.Step(commit: commit(5), change: change(1.242, 1.2, 1.3), judgement: .bad, uncertain: false),
            BisectReport.Step(commit: commit(3), change: nil, judgement: .untestable, uncertain: false),
            BisectReport.Step(commit: commit(2), change: change(1.013, 0.99, 1.14), judgement: .good, uncertain: true),
            BisectReport.Step(commit: commit(4), change: change(1.236, 1.22, 1.25), judgement: .bad, uncertain: false),
        ]
        report.found = commit(4)
        report.parent = commit(2)
        report.ownChange = change(1.224, 1.18, 1.27)
        return report
    }()

    @Test("plain text: the found commit, its own change, the search's range, each step in the order judged")
    func plainText() {
        let c = (1...9).map { String(Self.commit($0).sha.prefix(10)) }
        #expect(
            Self.report.plainText.split(separator: "\n").map(String.init) == [
                "first regressing commit: \(Self.commit(4).sha) commit 4",
                "  axpy.simd.4Ki at \(c[3]) against its parent \(c[1]): +22.4 % [+18.0 %, +27.0 %] (95 % interval)",
                "  \(c[8]) against \(c[0]): +25.0 % [+21.0 %, +29.0 %]; boundary +12.5 %; 8 commit(s), 4 step(s)",
                "  step 1: \(c[4]) bad: +24.2 % [+20.0 %, +30.0 %]",
                "  step 2: \(c[2]) untestable: did not build",
                "  step 3: \(c[1]) good (uncertain): +1.3 % [−1.0 %, +14.0 %]".replacingOccurrences(of: "−", with: "-"),
                "  step 4: \(c[3]) bad: +23.6 % [+22.0 %, +25.0 %]",
            ])
    }

    @Test("JSON: every field, the steps in order")
    func json() throws {
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(Self.report.json().utf8)) as? [String: Any])
        #expect(
            Set(object.keys) == [
                "cell", "good", "bad", "commits", "badChange", "boundary", "confidence", "steps", "found", "parent",
                "ownChange", "candidates",
            ])
        func commit(_ value: Any?) -> String? { (value as? [String: Any])?["sha"] as? String }
        func ratios(_ value: Any?) -> [Double]? {
            (value as? [String: Any]).flatMap { object in
                ["ratio", "lower", "upper"].map { object[$0] as? Double }.reduce([Double]()) { list, item in
                    item.map { list + [$0] } ?? list
                }
            }
        }
        #expect(object["cell"] as? String == "axpy.simd.4Ki")
        #expect(commit(object["good"]) == Self.commit(1).sha)
        #expect(commit(object["bad"]) == Self.commit(9).sha)
        #expect(commit(object["found"]) == Self.commit(4).sha)
        #expect(commit(object["parent"]) == Self.commit(2).sha)
        #expect((object["good"] as? [String: Any])?["subject"] as? String == "commit 1")
        #expect(object["commits"] as? Int == 8)
        #expect(ratios(object["badChange"]) == [1.25, 1.21, 1.29])
        #expect(ratios(object["ownChange"]) == [1.224, 1.18, 1.27])
        #expect(object["boundary"] as? Double == 1.125)
        #expect(object["confidence"] as? Double == 95)
        #expect((object["candidates"] as? [Any])?.isEmpty == true)
        let steps = try #require(object["steps"] as? [[String: Any]])
        #expect(steps.map { commit($0["commit"]) } == [5, 3, 2, 4].map { Self.commit($0).sha })
        #expect(steps.map { $0["judgement"] as? String } == ["bad", "untestable", "good", "bad"])
        #expect(steps.map { $0["uncertain"] as? Bool } == [false, false, true, false])
        #expect(
            steps.map { ratios($0["change"]) } == [[1.242, 1.2, 1.3], nil, [1.013, 0.99, 1.14], [1.236, 1.22, 1.25]])
    }
}
