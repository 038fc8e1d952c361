import ArgumentParser
import Benchmarking
import Foundation
import Reporting
import SpringBenchFiles
import SpringModel
import SpringPlatforms
import Verification

/// `springbench verify`: runs the verification suite, prints a summary and
/// writes `verification.md`, its plots and `data/verification.json`, and
/// `platforms.md` (each platform's frame loop against the exact spring).
package struct VerifyCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract:
            "Verify the closed forms, backends, vector laws and spring formulas against a numerical ODE reference.",
        discussion: """
            Exit status: 0 when every check of SpringBench's own code (and every --damping-formula) holds, \
            1 when any fails, 2 on unusable input. Rejections of the built-in catalogue's known-wrong formulas \
            and the truncating policy's law violations are reported as findings and do not fail the run.

            --damping-formula takes an expression in duration and bounce giving SwiftUI's damping for mass 1 \
            and stiffness (2π/duration)²: numbers, + - * / ^ (also × ÷ −), parentheses, duration, bounce, pi, e, \
            sqrt exp log abs (one argument) and min max (two or more). Example: \
            --damping-formula "4*pi*(1-bounce)/duration". Repeat it to judge several formulas.
            """
    )

    @Flag(help: "Run the large grid (more frequencies, ζ = 1 ± 10⁻ᵏ for k = 1…12, longer times, more sizes and seeds).")
    var thorough = false

    @Option(help: "Directory for verification.md, platforms.md, their plots and data/verification.json.")
    package var outputDirectory = "Reports"

    @Option(
        name: .customLong("damping-formula"), parsing: .unconditionalSingleValue,
        help: "A damping formula in duration and bounce to judge (repeatable).")
    var dampingFormulas: [String] = []

    @Flag(help: "Print the summary only; write no files.")
    package var noReport = false

    package func validate() throws {
        if !noReport { _ = try OutputLocation.directory(outputDirectory, option: "--output-directory") }
    }

    /// The suite the options ask for: --thorough's grid, the catalogue's
    /// backends and every --damping-formula; a ``UsageError`` naming a formula
    /// that does not parse.
    package func suite() throws -> VerificationSuite {
        var suite = VerificationSuite(mode: thorough ? .thorough : .quick)
        suite.backends = CommandContext.catalogue.types
        for text in dampingFormulas {
            do {
                suite.candidates.append(try DampingFormula(expression: text))
            } catch {
                var message = "--damping-formula: \(error.description)"
                if let caret = error.caretDisplay {
                    message += "\n  " + caret.replacingOccurrences(of: "\n", with: "\n  ")
                }
                throw UsageError(message)
            }
        }
        return suite
    }

    package func run() throws {
        var planned: VerificationSuite?
        try exitingOnUsageError { planned = try suite() }
        guard let suite = planned else { return }
        let display = ProgressDisplay()
        let results = suite.run { section in display.show("verify (\(suite.mode.rawValue)): \(section.title)") }
        display.finish()
        print(Self.summary(results))
        if !noReport {
            let machine = MachineRecord.current(
                backends: CommandContext.catalogue.backends.map(\.details),
                commandLine: invocation)
            let document = try VerificationReport.render(
                results, machine: machine, command: Self.commandText(thorough: thorough, formulas: dampingFormulas))
            let platforms = PlatformsReport.render(PlatformComparison(), matrix: ConversionMatrix(), machine: machine)
            do {
                let target = try OutputLocation.directory(outputDirectory, option: "--output-directory")
                let written = try ReportWriter.write([document, platforms], to: target)
                print("wrote \(written.joined(separator: ", "))")
            } catch {
                printError("error: \(error)")
                throw ExitCode(2)
            }
        }
        if !results.allHold { throw ExitCode(1) }
    }

    static func commandText(thorough: Bool, formulas: [String]) -> String {
        var parts = ["springbench verify"]
        if thorough { parts.append("--thorough") }
        for formula in formulas { parts.append("--damping-formula '\(formula)'") }
        return parts.joined(separator: " ")
    }

    static func summary(_ results: VerificationResults) -> String {
        var lines: [String] = []
        let failures = results.failures
        let findings = results.findings
        lines.append(
            failures.isEmpty
                ? "verify (\(results.mode.rawValue)): PASS — \(results.checks.count) checks, \(failures.count) failures, \(findings.count) expected findings, \(String(format: "%.1f", results.elapsedSeconds)) s"
                : "verify (\(results.mode.rawValue)): FAIL — \(failures.count) of \(results.checks.count) checks fail, \(String(format: "%.1f", results.elapsedSeconds)) s"
        )
        for check in failures {
            lines.append("  FAIL \(check.name): \(check.property)")
            lines.append(
                "       worst: \(check.worstCase.prefix(240)) (value \(check.worstValue), tolerance \(check.tolerance.map { "\($0)" } ?? "exact"))"
            )
        }
        for section in VerificationSection.allCases {
            let checks = results.checks.filter { $0.section == section }
            guard !checks.isEmpty else { continue }
            let held = checks.filter { $0.verdict == .holds }.count
            let expected = checks.filter { $0.verdict == .expectedViolation }.count
            let failed = checks.filter { $0.verdict == .fails }.count
            lines.append("  \(section.title): \(held) hold, \(expected) expected violations, \(failed) fail")
        }
        for candidate in results.candidates {
            lines.append(
                "  formula \(candidate.name): \(candidate.summary); largest motion error \(String(format: "%.3g", candidate.largestMotionError))"
            )
        }
        return lines.joined(separator: "\n")
    }
}
