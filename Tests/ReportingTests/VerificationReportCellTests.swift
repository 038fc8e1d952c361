import Foundation
import Reporting
import Testing
import Verification
import _TestSupport

/// verification.md's tables read back cell by cell, from made-up results
/// whose every figure names its check (or its scheme and spring): a column
/// filled from another check, a law matrix cell from another subject or a
/// fixed-step cell from another spring shows another value.
@Suite("verification.md cell by cell")
struct VerificationReportCellTests {
    /// Check i: worst value 1.0i × 10⁻ⁱ⁻³, tolerance 2.0i × 10⁻ⁱ⁻³ (none for the third), 10 + i cases.
    static func check(_ i: Int, _ name: String, _ section: VerificationSection, _ verdict: Verdict) -> VerificationCheck
    {
        VerificationCheck(
            name: name, section: section, property: "property \(i)",
            tolerance: i == 2 ? nil : Double(20 + i) * pow(10, -Double(i + 4)),
            toleranceSource: "source \(i)", worstCase: "case \(i) <x>",
            worstValue: Double(10 + i) * pow(10, -Double(i + 4)),
            casesChecked: 10 + i, verdict: verdict)
    }

    static let closedForm = [
        check(0, "closed-form.position", .closedForm, .holds),
        check(1, "closed-form.velocity", .closedForm, .holds),
        check(2, "closed-form.exact-zero", .closedForm, .holds),
        check(3, "closed-form.settling", .closedForm, .holds),
    ]
    /// Subjects `simd` and `openblas.threaded` (a dotted subject) × laws commutative, associative.
    static let laws = [
        check(4, "law.simd.commutative", .vectorLaws, .holds),
        check(5, "law.openblas.threaded.commutative", .vectorLaws, .holds),
        check(6, "law.openblas.threaded.associative", .vectorLaws, .expectedViolation),
    ]
    /// Two platforms × two springs, each value its own, neither listed in
    /// alphabetical order; one above the settling threshold; a sweep row (no platform).
    static let fixedStep = [
        FixedStepErrorRow(
            scheme: "rk4", platform: "Rebound", stepSize: 0.001, spring: "smooth", largestPositionError: 4.44e-7),
        FixedStepErrorRow(
            scheme: "rk4", platform: "Rebound", stepSize: 0.001, spring: "bouncy", largestPositionError: 3.33e-6),
        FixedStepErrorRow(scheme: "rk4", platform: nil, stepSize: 0.01, spring: "bouncy", largestPositionError: 9.99),
        FixedStepErrorRow(
            scheme: "euler", platform: "Pop", stepSize: 1 / 60, spring: "bouncy", largestPositionError: 1.11e-4),
        FixedStepErrorRow(
            scheme: "euler", platform: "Pop", stepSize: 1 / 60, spring: "smooth", largestPositionError: 2.22e-3),
    ]
    static let fixedStepChecks = [check(7, "fixed-step.pop.settles", .fixedStepSchemes, .expectedViolation)]

    static let markdown: String = {
        let results = VerificationResults(
            mode: .quick, checks: closedForm + laws + fixedStepChecks, candidates: [], fixedStepErrors: fixedStep,
            motionPlots: [],
            reference: ReferenceSettings(method: "DOP853", relativeTolerance: 1e-12, absoluteTolerance: 1e-14),
            elapsedSeconds: 1.5)
        return (try? VerificationReport.render(results, machine: nil).markdown) ?? ""
    }()

    static func number(_ value: Double) -> String { NumberFormatting.significant(value, digits: 3) }

    @Test("each section's check table: the checks in run order, every column from its own check")
    func checkTables() throws {
        let header = ["Check", "Verdict", "Worst value", "Tolerance", "Cases", "Worst case"]
        let tables = MarkdownTableReader.tables(in: Self.markdown).filter { $0.header == header }
        try #require(tables.count == 2)
        let verdicts: [Verdict: String] = [
            .holds: "holds", .expectedViolation: "expected violation", .fails: "**FAILS**",
        ]
        for (table, checks) in zip(tables, [Self.closedForm, Self.fixedStepChecks]) {
            let expected = checks.map { check in
                [
                    "`\(check.name)`", verdicts[check.verdict]!, Self.number(check.worstValue),
                    check.tolerance.map(Self.number) ?? "exact", "\(check.casesChecked)",
                    check.worstCase.replacingOccurrences(of: "<", with: "\\<").replacingOccurrences(
                        of: ">", with: "\\>"),
                ]
            }
            #expect(table.rows == expected, "\(table)")
        }
    }

    @Test("the law matrix: subjects as columns in first-seen order, laws as rows, each mark from its own check")
    func lawMatrix() throws {
        let table = try #require(
            MarkdownTableReader.table(withHeader: ["Law", "simd", "openblas.threaded"], in: Self.markdown),
            "\(Self.markdown)")
        #expect(table.rows == [["`commutative`", "✓", "✓"], ["`associative`", "—", "✗"]])
    }

    @Test(
        "the fixed-step table: platforms in first-seen order, springs as columns, bold above 0.001, sweep rows left out"
    )
    func fixedStepTable() throws {
        let table = try #require(
            MarkdownTableReader.table(withHeader: ["Scheme (step)", "smooth", "bouncy"], in: Self.markdown))
        #expect(
            table.rows == [
                ["Rebound", Self.number(4.44e-7), Self.number(3.33e-6)],
                ["Pop", "**\(Self.number(2.22e-3))**", Self.number(1.11e-4)],
            ])
    }
}
