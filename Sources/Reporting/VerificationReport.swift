import Benchmarking
import Foundation
import SpringBenchFiles
import Verification

/// `Reports/verification.md`: the verdict first, then what the candidate-formula
/// catalogue found, then every check by section with its tolerance and worst
/// case, the plots, and the machine. The same results go to
/// `data/verification.json`.
public enum VerificationReport {
    /// Path of the Markdown file inside the reports directory.
    public static let path = "verification.md"
    /// Path of the JSON results inside the reports directory.
    public static let jsonPath = "data/verification.json"

    /// The results as pretty-printed JSON with sorted keys (deterministic).
    public static func json(_ results: VerificationResults) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return String(decoding: try encoder.encode(results), as: UTF8.self) + "\n"
    }

    /// Renders the report and its attachments (plots and the JSON file).
    public static func render(
        _ results: VerificationResults, machine: MachineRecord?, command: String = "springbench verify"
    ) throws -> ReportDocument {
        var attachments: [String: String] = [jsonPath: try json(results)]
        var md = "# Verification\n\n"
        md += verdict(results) + "\n"
        md += catalogueSection(results)
        for (index, plot) in results.motionPlots.enumerated() {
            let file = "plots/verification-motion-\(index + 1).svg"
            attachments[file] = motionPlot(plot).svg()
            if index == 0 { md += "### Motion under each formula\n\n" }
            md +=
                "![Position against time, \(plain(plot.title)): reference, SpringBench and each candidate](\(file))\n\n"
        }
        for section in VerificationSection.allCases {
            let checks = results.checks.filter { $0.section == section }
            guard !checks.isEmpty else { continue }
            md += "## \(section.title)\n\n"
            md += sectionIntro(section, results)
            if section == .vectorLaws {
                md += lawMatrix(checks)
            } else {
                md += checkTable(checks)
            }
            if section == .fixedStepSchemes, !results.fixedStepErrors.isEmpty {
                md += fixedStepTable(results.fixedStepErrors)
                let file = "plots/verification-fixed-step-error.svg"
                attachments[file] = fixedStepPlot(results.fixedStepErrors).svg()
                md += "![Largest position error against step size for each fixed-step scheme, log–log](\(file))\n\n"
            }
            md += propertyList(checks)
        }
        md += "## How this was run\n\n"
        md +=
            "`\(command)` (\(results.mode.rawValue) mode) took \(NumberFormatting.significant(results.elapsedSeconds, digits: 3)) s. "
        md += "The reference is \(results.reference.method) with rtol \(results.reference.relativeTolerance) and atol "
        md += "\(results.reference.absoluteTolerance) (on the Euclidean norm of the phase state). "
        md += "`u = 2⁻⁵³` is the unit roundoff, `η = 2⁻¹⁰⁷⁴` the smallest subnormal, `γ(N) = N·u/(1 − N·u)`. "
        md += "Every number in this report is also in [`\(jsonPath)`](\(jsonPath)).\n\n"
        if let machine { md += machine.markdownSection }
        return ReportDocument(path: path, markdown: md, attachments: attachments)
    }

    // MARK: Verdict

    static func verdict(_ results: VerificationResults) -> String {
        let total = results.checks.count
        let failures = results.failures
        let findings = results.findings
        var text: String
        if failures.isEmpty {
            text = "**Verdict: pass.** All \(total - findings.count) checks of SpringBench's own code hold"
            text +=
                findings.isEmpty
                ? ".\n"
                : "; \(findings.count) further checks are findings: expected, documented violations by other code (below).\n"
        } else {
            text = "**Verdict: FAIL.** \(failures.count) of \(total) checks fail:\n\n"
            for check in failures {
                text +=
                    "- `\(check.name)`: \(plain(check.property)) — worst case \(plain(check.worstCase)) "
                    + "(value \(number(check.worstValue)), tolerance \(check.tolerance.map(number) ?? "exact"))\n"
            }
        }
        let rejected = results.candidates.filter { !$0.accepted }
        if !rejected.isEmpty {
            text += "\n**Formulas:** "
            text +=
                results.candidates.map { "\(plain($0.name)) — \($0.accepted ? "accepted" : "**rejected**")" }
                .joined(separator: "; ") + ".\n"
        }
        let truncating = findings.filter { $0.section == .vectorLaws }
        if !truncating.isEmpty {
            let laws = Set(truncating.map { $0.name.split(separator: ".").last.map(String.init) ?? $0.name })
            text +=
                "\n**Truncating length policy:** breaks \(laws.sorted().map { "`\($0)`" }.joined(separator: ", ")) "
                + "(expected: it reproduces the seed `AnimatableVector`, Guides/VectorLaws.md; counterexamples below).\n"
        }
        let platforms = findings.filter { $0.section == .fixedStepSchemes }
        if !platforms.isEmpty {
            text +=
                "\n**Fixed-step platforms** whose step error exceeds the settling threshold 0.001: "
                + platforms.map { "`\($0.name)` (\(number($0.worstValue)))" }.joined(separator: ", ") + ".\n"
        }
        return text
    }

    // MARK: Candidates

    static func catalogueSection(_ results: VerificationResults) -> String {
        guard !results.candidates.isEmpty else { return "" }
        var md = "## Which damping formula is right\n\n"
        md +=
            "Every formula gives mass 1 and stiffness (2π/duration)² and is judged by the same properties of "
            + "`Spring(duration:bounce:)` (Guides/SpringFormulas.md). \"Largest motion error\" is the largest |x − x_reference| of the "
            + "motion from 0 to 1 before the reference settles (ε = 0.001), over durations 0.5 and 1 s and bounces "
            + "−0.5, 0, 0.3, 0.7, both motions integrated by the reference; the reference uses Apple's ζ "
            + "(1 − bounce, or 1/(1 + bounce) below 0).\n\n"
        var table = MarkdownTable([
            ("Formula", .left), ("Damping", .left), ("Verdict", .left), ("Largest motion error", .right),
        ])
        for candidate in results.candidates {
            table.append([
                plain(candidate.name), plain(candidate.formulaText),
                candidate.accepted
                    ? "accepted"
                    : "rejected: violates " + candidate.violations.map { "`\($0.property)`" }.joined(separator: ", "),
                number(candidate.largestMotionError),
            ])
        }
        md += table.text + "\n"
        for candidate in results.candidates where !candidate.accepted {
            md += "### \(plain(candidate.name)): \(candidate.expectation == .mustHold ? "FAILS" : "rejected")\n\n"
            md += "`\(candidate.formulaText)` — \(plain(candidate.source)).\n\n"
            var violations = MarkdownTable([
                ("Violated property", .left), ("By how much", .right), ("Tolerance", .right), ("Worst case", .left),
            ])
            for violation in candidate.violations {
                violations.append([
                    "`\(violation.property)`", number(violation.worstValue),
                    violation.tolerance.map(number) ?? "exact", plain(violation.worstCase),
                ])
            }
            md += violations.text + "\n"
            md +=
                "Largest motion error: \(number(candidate.largestMotionError)) of the distance (\(plain(candidate.largestMotionErrorCase))).\n\n"
            if !candidate.motionErrors.isEmpty {
                var motion = MarkdownTable([
                    ("Duration (s)", .right), ("Bounce", .right), ("Damping", .right), ("Apple's damping", .right),
                    ("Largest |x − x_reference| before settling", .right),
                ])
                for row in candidate.motionErrors {
                    motion.append([
                        number(row.duration), number(row.bounce), number(row.candidateDamping),
                        number(row.referenceDamping), number(row.largestPositionError),
                    ])
                }
                md += motion.text + "\n"
            }
        }
        return md
    }

    static func motionPlot(_ data: MotionPlotData) -> LinePlot {
        let series = data.series.map { named in
            PlotSeries(
                name: named.name, points: zip(data.times, named.values).map { PlotPoint(x: $0, y: $1) }, style: .lines)
        }
        return LinePlot(
            title: "Motion from 0 to 1, \(data.title)",
            xAxis: PlotAxis(title: "time (s)"),
            yAxis: PlotAxis(title: "position", domain: -1.5...3),
            series: series,
            referenceLines: [.horizontal("target", y: 1)])
    }

    // MARK: Sections

    static func sectionIntro(_ section: VerificationSection, _ results: VerificationResults) -> String {
        switch section {
        case .referenceIntegrator:
            return
                "The reference integrates the spring ODE with no knowledge of the closed forms. Its order is measured with fixed steps against the closed form; its accuracy on the grid is the next section's check (a wrong pair fails both).\n\n"
        case .closedForm:
            return
                "Grid: ω₀ × ζ × three starts — (x₀, v₀, target) = (0, 0, 1), (2, −3, −0.5) and (0, 5, 0), zero displacement with velocity — over up to \(results.mode == .thorough ? 200 : 40) s; ζ covers 0, under-damped, 1 − 10⁻ᵏ, 1, 1 + 10⁻ᵏ, over-damped and large ζ (with ζω₀ ≤ 4000, where an explicit pair is still affordable). Errors are Euclidean in (x, v).\n\n"
        case .backends:
            return
                "Inputs: IEEE corner mixes (signed zeros, subnormals, values near overflow, the whole exponent range) for the exact kernels; moderate magnitudes for axpy and Σa². Sizes 0…17 and around every SIMD width and tail.\n\n"
        case .vectorLaws:
            return
                "✓ holds; ✗ expected violation (documented behaviour of the truncating policy); **FAIL** a failure.\n\n"
        case .conversions:
            return ""
        case .candidates:
            return
                "The catalogue's verdicts are summarised at the top; every property check is listed here. Violations by catalogue candidates are findings; by SpringBench's own mapping or a formula given to be verified, failures.\n\n"
        case .fixedStepSchemes:
            return
                "Each platform's scheme at its own step, started from rest at 0 toward 1, against the reference at the scheme's step times until the spring settles. The order checks verify SpringBench's implementations of the schemes; the settling-threshold checks are findings about the platforms.\n\n"
        }
    }

    static func checkTable(_ checks: [VerificationCheck]) -> String {
        var table = MarkdownTable([
            ("Check", .left), ("Verdict", .left), ("Worst value", .right), ("Tolerance", .right), ("Cases", .right),
            ("Worst case", .left),
        ])
        for check in checks {
            table.append([
                "`\(check.name)`", verdictText(check.verdict), number(check.worstValue),
                check.tolerance.map(number) ?? "exact", "\(check.casesChecked)", plain(shorten(check.worstCase)),
            ])
        }
        return table.text + "\n"
    }

    static func lawMatrix(_ checks: [VerificationCheck]) -> String {
        var subjects: [String] = []
        var laws: [String] = []
        var cells: [String: VerificationCheck] = [:]
        for check in checks {
            let parts = check.name.split(separator: ".").map(String.init)
            guard parts.count >= 3 else { continue }
            let subject = parts[1..<(parts.count - 1)].joined(separator: ".")
            let law = parts[parts.count - 1]
            if !subjects.contains(subject) { subjects.append(subject) }
            if !laws.contains(law) { laws.append(law) }
            cells[subject + "|" + law] = check
        }
        var table = MarkdownTable([("Law", .left)] + subjects.map { (plain($0), .left) })
        for law in laws {
            table.append(
                ["`\(law)`"]
                    + subjects.map { subject in
                        guard let check = cells[subject + "|" + law] else { return "—" }
                        switch check.verdict {
                        case .holds: return "✓"
                        case .expectedViolation: return "✗"
                        case .fails: return "**FAIL**"
                        }
                    })
        }
        var md = table.text + "\n"
        let violations = checks.filter { $0.verdict != .holds }
        if !violations.isEmpty {
            md += "Counterexamples:\n\n"
            for check in violations {
                md += "- `\(check.name)` (\(verdictText(check.verdict))): \(plain(shorten(check.worstCase)))\n"
            }
            md += "\n"
        }
        return md
    }

    static func propertyList(_ checks: [VerificationCheck]) -> String {
        var seen = Set<String>()
        var md = "<details><summary>Properties and where the tolerances come from</summary>\n\n"
        for check in checks {
            let key = check.property + "|" + check.toleranceSource
            guard seen.insert(key).inserted else { continue }
            md += "- `\(check.name)`: \(plain(check.property)). Tolerance: \(plain(check.toleranceSource)).\n"
        }
        return md + "\n</details>\n\n"
    }

    static func fixedStepTable(_ rows: [FixedStepErrorRow]) -> String {
        let platformRows = rows.filter { $0.platform != nil }
        var platforms: [String] = []
        var springs: [String] = []
        var values: [String: Double] = [:]
        for row in platformRows {
            let platform = row.platform!
            if !platforms.contains(platform) { platforms.append(platform) }
            if !springs.contains(row.spring) { springs.append(row.spring) }
            values[platform + "|" + row.spring] = row.largestPositionError
        }
        var table = MarkdownTable([("Scheme (step)", .left)] + springs.map { (plain($0), .right) })
        for platform in platforms {
            table.append(
                [plain(platform)]
                    + springs.map { spring in
                        values[platform + "|" + spring].map { value in
                            value > 0.001 ? "**\(number(value))**" : number(value)
                        } ?? "—"
                    })
        }
        return
            "Largest position error before settling, as a fraction of the distance (bold: above the settling threshold 0.001):\n\n"
            + table.text + "\n"
    }

    static func fixedStepPlot(_ rows: [FixedStepErrorRow]) -> LinePlot {
        let sweep = rows.filter { $0.platform == nil }
        var names: [String] = []
        for row in sweep where !names.contains(row.scheme) { names.append(row.scheme) }
        let series = names.map { name in
            PlotSeries(
                name: name,
                points: sweep.filter { $0.scheme == name }.map { PlotPoint(x: $0.stepSize, y: $0.largestPositionError) }
            )
        }
        var lines: [PlotReferenceLine] = [.horizontal("settling threshold 0.001", y: 0.001)]
        for (label, step) in [
            ("1 ms (react-spring, Rebound)", 0.001), ("300 Hz", 1.0 / 300), ("120 Hz", 1.0 / 120), ("60 Hz", 1.0 / 60),
        ] {
            lines.append(.vertical(label, x: step))
        }
        return LinePlot(
            title: "Largest position error over 1 s of SwiftUI .bouncy vs step size",
            xAxis: PlotAxis(title: "step size h (s)", scale: .logarithmic),
            yAxis: PlotAxis(title: "largest |x − x_reference| (fraction of distance)", scale: .logarithmic),
            series: series, referenceLines: lines)
    }

    // MARK: Formatting

    static func verdictText(_ verdict: Verdict) -> String {
        switch verdict {
        case .holds: return "holds"
        case .fails: return "**FAILS**"
        case .expectedViolation: return "expected violation"
        }
    }

    static func number(_ value: Double) -> String {
        NumberFormatting.significant(value, digits: 3)
    }

    static func shorten(_ text: String, limit: Int = 300) -> String {
        text.count <= limit ? text : String(text.prefix(limit)) + "…"
    }
}
