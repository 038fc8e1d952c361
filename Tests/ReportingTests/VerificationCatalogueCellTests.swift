import Benchmarking
import Foundation
import Reporting
import Testing
import Verification
import _TestSupport

/// verification.md's "Which damping formula is right" read back cell by cell:
/// the summary table, each rejected formula's heading, violation table,
/// largest-motion sentence and per-case motion table, the "Motion under each
/// formula" links with their plots, and the machine table.
///
/// Made-up verdicts, not a real run: every figure encodes where it comes from.
/// Candidate i's violation j is off by (100(i + 1) + 10j + 1)·10⁻⁵ against a
/// tolerance of (100(i + 1) + 10j + 5)·10⁻⁷; column c of its motion case r is
/// ±(c + 1 + 0.1i + 0.01r). So a figure from another formula, another case,
/// another violation or another column reads as another value. The formulas
/// are in no alphabetical order (the report keeps the catalogue's order), an
/// accepted one stands between rejected ones, one is a must-hold formula
/// (FAILS), one has no tolerance (exact) and one has no motion cases.
@Suite("verification.md's formula catalogue cell by cell")
struct VerificationCatalogueCellTests {
    typealias Violation = CandidateVerdict.Violation
    typealias MotionError = CandidateVerdict.MotionError

    /// (name, expectation, accepted, property names, motion cases)
    static let shapes: [(String, DampingFormula.Expectation, Bool, [String], Int)] = [
        ("zeta <transcript>", .underReview, false, ["critical-at-zero", "monotone-in-bounce"], 3),
        ("apple", .mustHold, true, [], 2),
        ("mine*", .mustHold, false, ["positive"], 2),
        ("beta", .underReview, false, ["continuous-at-zero", "critical-at-zero", "bounded"], 0),
    ]

    static func violation(_ i: Int, _ j: Int, _ property: String) -> Violation {
        Violation(
            property: property, check: "candidate.\(i).\(property)", worstCase: "formula \(i) case \(j) <b=0_\(j)>",
            worstValue: worstValue(i, j), tolerance: tolerance(i, j))
    }

    static func worstValue(_ i: Int, _ j: Int) -> Double { Double(100 * (i + 1) + 10 * j + 1) * 1e-5 }

    /// None for the must-hold formula's one violation (exact).
    static func tolerance(_ i: Int, _ j: Int) -> Double? {
        i == 2 ? nil : Double(100 * (i + 1) + 10 * j + 5) * 1e-7
    }

    /// Column c of motion case r of formula i; the bounce negative.
    static func cell(_ i: Int, _ r: Int, _ c: Int) -> Double {
        Double(c + 1) + 0.1 * Double(i) + 0.01 * Double(r)
    }

    /// Errors not increasing with r: the largest is the middle case where there are three.
    static func motionError(_ i: Int, _ r: Int) -> MotionError {
        MotionError(
            duration: cell(i, r, 0), bounce: -cell(i, r, 1), candidateDamping: cell(i, r, 2),
            referenceDamping: cell(i, r, 3), largestPositionError: cell(i, r, 4) + (r == 1 ? 0.05 : 0))
    }

    static let candidates: [CandidateVerdict] = shapes.enumerated().map { i, shape in
        let (name, expectation, accepted, properties, cases) = shape
        let motion = (0..<cases).map { motionError(i, $0) }
        let largest = motion.max { $0.largestPositionError < $1.largestPositionError }
        var verdict = CandidateVerdict(
            name: name, source: "source \(i) [link]", formulaText: "zeta_\(i) = 1 - bounce*\(i)",
            expectation: expectation, accepted: accepted,
            violations: properties.enumerated().map { violation(i, $0, $1) },
            largestMotionError: largest?.largestPositionError ?? 9.87 + Double(i),
            largestMotionErrorCase: "case of formula \(i) <worst>")
        verdict.motionErrors = motion
        return verdict
    }

    /// Three plots, titles in no alphabetical order, each with its own series.
    static let plots: [MotionPlotData] = [
        "duration 1, bounce 0.7", "duration 0.5, bounce -0.5", "duration 2, bounce 0",
    ]
    .enumerated().map { index, title in
        MotionPlotData(
            title: title, duration: 1, bounce: 0, times: [0, 0.5, 1],
            series: [
                NamedSeries(name: "reference \(index)", values: [0, 0.5, 1]),
                NamedSeries(name: "series-\(index)-candidate", values: [0, 0.4, 0.9]),
            ])
    }

    static let machine = MachineRecord(
        cpuModel: "Verification CPU <v>", logicalCores: 3, caches: ["L1d 48K", "L2 1280K"],
        lastLevelCacheBytes: 1280 << 10, memoryBytes: 3 << 30, cpuFeatures: ["sse2", "avx512f"],
        operatingSystem: "Made-up OS 1", kernelRelease: "9.9.9-v", swiftCompiler: "Swift 6.3.1",
        buildConfiguration: "debug", targetCPU: "x86-64 (baseline, SSE2)", backends: [], date: "2026-02-03T04:05:06Z",
        commandLine: "springbench verify --quick", hostname: "verification-host")

    static func results(candidates: [CandidateVerdict] = candidates, plots: [MotionPlotData] = plots)
        -> VerificationResults
    {
        VerificationResults(
            mode: .quick, checks: [], candidates: candidates, fixedStepErrors: [], motionPlots: plots,
            reference: ReferenceSettings(method: "DOP853", relativeTolerance: 1e-12, absoluteTolerance: 1e-14),
            elapsedSeconds: 2.5)
    }

    static let document = try? VerificationReport.render(results(), machine: machine)
    static var markdown: String { document?.markdown ?? "" }

    static func number(_ value: Double) -> String { NumberFormatting.significant(value, digits: 3) }

    /// Text from data as the report escapes it for Markdown (the characters these inputs use).
    static func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\`*_[]<>|#".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }

    /// The lines from the heading line `heading` (exactly) to the next heading of any level.
    static func section(_ heading: String, in markdown: String = markdown) -> [String] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return [] }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("#") } ?? lines.endIndex
        return Array(lines[start..<end])
    }

    static func tables(in lines: [String]) -> [MarkdownTableReader] {
        MarkdownTableReader.tables(in: lines.joined(separator: "\n"))
    }

    static let violationHeader = ["Violated property", "By how much", "Tolerance", "Worst case"]
    static let motionHeader = [
        "Duration (s)", "Bounce", "Damping", "Apple's damping", "Largest |x − x_reference| before settling",
    ]

    @Test("the summary table: every formula in the catalogue's order, its damping, verdict and largest motion error")
    func summaryTable() throws {
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: ["Formula", "Damping", "Verdict", "Largest motion error"], in: Self.markdown),
            "\(Self.markdown)")
        let expected = Self.shapes.indices.map { i in
            let properties = Self.shapes[i].3
            return [
                Self.escaped(Self.shapes[i].0), Self.escaped("zeta_\(i) = 1 - bounce*\(i)"),
                Self.shapes[i].2
                    ? "accepted" : "rejected: violates " + properties.map { "`\($0)`" }.joined(separator: ", "),
                Self.number(i == 3 ? 9.87 + 3 : Self.cell(i, 1, 4) + 0.05),
            ]
        }
        #expect(table.rows == expected, "\(table)")
        // The model discriminates: the largest motion errors differ from formula to formula.
        #expect(Set(table.column("Largest motion error")!).count == Self.shapes.count)
        // The verdict's one-line list agrees, in the same order.
        #expect(
            Self.markdown.contains(
                "**Formulas:** zeta \\<transcript\\> — **rejected**; apple — accepted; mine\\* — **rejected**; "
                    + "beta — **rejected**.\n"))
    }

    @Test("each rejected formula's section: heading, formula line, violations, largest motion error, motion cases")
    func rejectedSections() throws {
        let headings = Self.markdown.split(separator: "\n").filter { $0.hasPrefix("### ") }.map(String.init)
        #expect(
            headings == [
                "### zeta \\<transcript\\>: rejected", "### mine\\*: FAILS", "### beta: rejected",
                "### Motion under each formula",
            ])
        // All violation and motion tables belong to some rejected formula's section.
        let all = MarkdownTableReader.tables(in: Self.markdown)
        #expect(all.filter { $0.header == Self.violationHeader }.count == 3)
        #expect(all.filter { $0.header == Self.motionHeader }.count == 2)

        for (i, heading) in [(0, headings[0]), (2, headings[1]), (3, headings[2])] {
            let lines = Self.section(heading)
            let (_, _, _, properties, cases) = Self.shapes[i]
            #expect(
                lines.contains(
                    "`zeta_\(i) = 1 - bounce*\(i)` — source \(i) \\[link\\]."), "\(i): \(lines)")
            let tables = Self.tables(in: lines)
            #expect(tables.map(\.header) == [Self.violationHeader] + (cases > 0 ? [Self.motionHeader] : []), "\(i)")
            guard let violations = tables.first else { continue }
            let expectedViolations: [[String]] = properties.indices.map { j in
                let tolerance = Self.tolerance(i, j).map(Self.number) ?? "exact"
                let worstCase = Self.escaped("formula \(i) case \(j) <b=0_\(j)>")
                return ["`\(properties[j])`", Self.number(Self.worstValue(i, j)), tolerance, worstCase]
            }
            #expect(violations.rows == expectedViolations, "\(i):\n\(violations)")

            let largest = cases > 0 ? Self.cell(i, 1, 4) + 0.05 : 9.87 + Double(i)
            #expect(
                lines.contains(
                    "Largest motion error: \(Self.number(largest)) of the distance "
                        + "(case of formula \(i) \\<worst\\>)."), "\(i): \(lines)")
            guard cases > 0, tables.count == 2 else { continue }
            let expectedMotion = (0..<cases).map { r in
                [
                    Self.number(Self.cell(i, r, 0)), Self.number(-Self.cell(i, r, 1)), Self.number(Self.cell(i, r, 2)),
                    Self.number(Self.cell(i, r, 3)), Self.number(Self.cell(i, r, 4) + (r == 1 ? 0.05 : 0)),
                ]
            }
            #expect(tables[1].rows == expectedMotion, "\(i):\n\(tables[1])")
            // The summary's figure is the largest of the per-case column.
            #expect(
                Self.number(largest)
                    == Self.number(tables[1].column(Self.motionHeader[4])!.compactMap(Double.init).max()!))
        }
    }

    @Test("an accepted formula gets no section of its own and a catalogue of accepted ones no formula line")
    func acceptedOnly() throws {
        #expect(!Self.markdown.contains("### apple"))
        let accepted = Self.candidates.filter(\.accepted)
        let markdown = try VerificationReport.render(Self.results(candidates: accepted, plots: []), machine: nil)
            .markdown
        #expect(!markdown.contains("**Formulas:**"))
        let table = try #require(
            MarkdownTableReader.table(
                withHeader: ["Formula", "Damping", "Verdict", "Largest motion error"], in: markdown))
        #expect(
            table.rows == [["apple", "zeta\\_1 = 1 - bounce\\*1", "accepted", Self.number(Self.cell(1, 1, 4) + 0.05)]])
        #expect(!MarkdownTableReader.tables(in: markdown).contains { $0.header == Self.violationHeader })
    }

    @Test("motion under each formula: one link per plot in the given order, each file holding its own plot")
    func motionPlots() throws {
        let document = try #require(Self.document)
        let lines = Self.section("### Motion under each formula").filter { !$0.isEmpty }
        #expect(
            lines.dropFirst().map { $0 }
                == Self.plots.indices.map { index in
                    "![Position against time, \(Self.plots[index].title): reference, SpringBench and each candidate]"
                        + "(plots/verification-motion-\(index + 1).svg)"
                }, "\(lines)")
        for (index, plot) in Self.plots.enumerated() {
            let svg = try #require(document.attachments["plots/verification-motion-\(index + 1).svg"])
            #expect(svg.contains("Motion from 0 to 1, \(plot.title)"), "\(index)")
            for other in Self.plots.indices where other != index {
                #expect(!svg.contains("Motion from 0 to 1, \(Self.plots[other].title)"), "\(index) vs \(other)")
                #expect(!svg.contains("series-\(other)-candidate"), "\(index) vs \(other)")
            }
            #expect(svg.contains("series-\(index)-candidate"), "\(index)")
        }
        #expect(document.attachments.keys.filter { $0.hasPrefix("plots/verification-motion-") }.count == 3)
    }

    @Test("a real quick catalogue run: the summary, each section and its motion cases agree with each other")
    func realRunConsistency() throws {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates]
        let markdown = try VerificationReport.render(suite.run(), machine: nil).markdown
        let summary = try #require(
            MarkdownTableReader.table(
                withHeader: ["Formula", "Damping", "Verdict", "Largest motion error"], in: markdown))
        let rejected = summary.rows.filter { $0[2] != "accepted" }
        try #require(!rejected.isEmpty && rejected.count < summary.rows.count, "\(summary)")
        for row in summary.rows {
            let lines =
                Self.section("### \(row[0]): rejected", in: markdown)
                + Self.section("### \(row[0]): FAILS", in: markdown)
            guard row[2] != "accepted" else {
                #expect(lines.isEmpty, "\(row[0])")
                continue
            }
            let tables = Self.tables(in: lines)
            try #require(tables.map(\.header) == [Self.violationHeader, Self.motionHeader], "\(row[0]): \(lines)")
            // The properties the summary lists are the detail table's, in the same order.
            #expect(row[2] == "rejected: violates " + tables[0].column("Violated property")!.joined(separator: ", "))
            // Its largest motion error is the sentence's and the largest of the per-case column.
            #expect(lines.contains { $0.hasPrefix("Largest motion error: \(row[3]) of the distance (") }, "\(row[0])")
            let motion = tables[1]
            let largest = motion.column(Self.motionHeader[4])!.compactMap(Double.init).max()
            #expect(largest.map(Self.number) == row[3], "\(row[0]):\n\(motion)")
            // The cases are durations 0.5 and 1 × bounces −0.5, 0, 0.3, 0.7; Apple's damping is each case's
            // coefficient 2ζω₀ (mass 1, ω₀ = 2π/duration) with ζ = 1 − bounce, or 1/(1 + bounce) below 0.
            var cases: Set<String> = []
            for cells in motion.rows {
                let (duration, bounce) = (try #require(Double(cells[0])), try #require(Double(cells[1])))
                cases.insert("\(cells[0])/\(cells[1])")
                let zeta = bounce < 0 ? 1 / (1 + bounce) : 1 - bounce
                #expect(cells[3] == Self.number(2 * zeta * 2 * Double.pi / duration), "\(row[0]): \(cells)")
            }
            let expectedCases = ["0.500", "1.00"].flatMap { d in ["-0.500", "0", "0.300", "0.700"].map { "\(d)/\($0)" }
            }
            #expect(cases == Set(expectedCases), "\(row[0]): \(cases)")
            #expect(motion.rows.count == expectedCases.count)
        }
    }

    @Test("the machine table: the machine's own record, at the end; none without a machine")
    func machineTable() throws {
        let table = try #require(
            MarkdownTableReader.table(withHeader: ["Recorded", "Value"], in: Self.markdown), "\(Self.markdown)")
        #expect(
            table.rows == [
                ["CPU", "Verification CPU \\<v\\>"], ["Logical cores", "3"], ["Caches", "L1d 48K, L2 1280K"],
                ["Last-level cache", "1.25 MiB"], ["Memory", "3 GiB"], ["CPU features", "sse2, avx512f"],
                ["Operating system", "Made-up OS 1"], ["Kernel", "9.9.9-v"], ["Swift", "Swift 6.3.1"],
                ["Build configuration", "debug"], ["Target CPU", "x86-64 (baseline, SSE2)"],
                ["Host", "verification-host"], ["Date", "2026-02-03T04:05:06Z"],
                ["Command line", "`springbench verify --quick`"],
            ], "\(table)")
        #expect(Self.markdown.hasSuffix(Self.machine.markdownSection))
        let bare = try VerificationReport.render(Self.results(), machine: nil).markdown
        #expect(!bare.contains("## Machine"))
        #expect(MarkdownTableReader.table(withHeader: ["Recorded", "Value"], in: bare) == nil)
    }
}
