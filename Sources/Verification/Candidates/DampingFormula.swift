import SpringModel

/// A candidate for SwiftUI's `Spring(duration:bounce:)` damping: mass 1,
/// stiffness `(2π/duration)²` (which nobody disputes), and a damping `c(duration, bounce)`
/// to be judged by the properties Apple's mapping must have (Guides/SpringFormulas.md).
///
/// ```swift
/// let mine = try DampingFormula(expression: "4*pi*(1 - bounce)/duration")
/// var suite = VerificationSuite()
/// suite.candidates.append(mine)
/// ```
public struct DampingFormula: Sendable {
    /// A short name for tables.
    public var name: String
    /// Where the formula comes from.
    public var source: String
    /// The formula as text, for the report.
    public var formulaText: String
    /// Whether a violation fails the suite (SpringBench's own mapping, a formula
    /// given to be verified) or is a finding about the candidate (the catalogue).
    public var expectation: Expectation
    /// `c(duration, bounce)`.
    public var damping: @Sendable (_ duration: Double, _ bounce: Double) -> Double

    public enum Expectation: String, Sendable, Codable {
        /// The formula must have every property: a violation fails the suite.
        case mustHold = "must-hold"
        /// The formula is under review: violations are findings ("rejected: violates …").
        case underReview = "under-review"
    }

    public init(
        name: String, source: String, formulaText: String, expectation: Expectation,
        damping: @escaping @Sendable (_ duration: Double, _ bounce: Double) -> Double
    ) {
        self.name = name
        self.source = source
        self.formulaText = formulaText
        self.expectation = expectation
        self.damping = damping
    }

    /// A formula parsed from text (see ``FormulaExpression`` for the syntax),
    /// judged as one that must hold: a user who asks whether a formula is right
    /// gets exit code 1 when it is not.
    public init(
        expression text: String, name: String? = nil, expectation: Expectation = .mustHold
    ) throws(FormulaError) {
        let expression = try FormulaExpression(text)
        self.init(
            name: name ?? text, source: "given on the command line / by the caller", formulaText: text,
            expectation: expectation, damping: { expression.evaluate(duration: $0, bounce: $1) })
    }

    /// The stiffness every candidate shares, `(2π/duration)²`.
    public static func stiffness(duration: Double) -> Double {
        let omega = 2 * Double.pi / duration
        return omega * omega
    }

    /// The damping ratio the formula gives, `c / (2√k)` (mass 1).
    public func dampingRatio(duration: Double, bounce: Double) -> Double {
        damping(duration, bounce) / (2 * (2 * Double.pi / duration))
    }

    /// A slug for check names.
    var slug: String {
        let lowered = name.lowercased()
        var result = ""
        for character in lowered {
            if character.isLetter || character.isNumber {
                result.append(character)
            } else if !result.hasSuffix("-") {
                result.append("-")
            }
        }
        while result.hasSuffix("-") { result.removeLast() }
        return result.isEmpty ? "formula" : String(result.prefix(48))
    }
}

extension DampingFormula {
    /// SpringBench's own mapping (`SwiftUIParameters`): must hold.
    public static let swiftUI = DampingFormula(
        name: "SwiftUI (SpringBench)",
        source: "Apple, WWDC 2023 \"Animate with springs\"; Guides/SpringFormulas.md; SpringModel.SwiftUIParameters",
        formulaText: "4π(1 − bounce)/duration for bounce ≥ 0, 4π/(duration·(1 + bounce)) for bounce < 0",
        expectation: .mustHold,
        damping: { duration, bounce in
            (try? SwiftUIParameters(duration: duration, bounce: bounce).spring.damping) ?? .nan
        })

    /// The widely copied wrong transcription of Apple's session (Guides/SpringFormulas.md).
    public static let wrongTranscription = DampingFormula(
        name: "transcript (wrong)",
        source:
            "a widely copied transcript of WWDC 2023 \"Animate with springs\" (Guides/SpringFormulas.md: \"A transcription to validate\")",
        formulaText: "1 − 4π·bounce/duration for bounce ≥ 0, 4π/(duration + 4π·bounce) for bounce < 0",
        expectation: .underReview,
        damping: { duration, bounce in
            bounce >= 0 ? 1 - 4 * .pi * bounce / duration : 4 * .pi / (duration + 4 * .pi * bounce)
        })

    /// Apple's bounce ≥ 0 branch applied to negative bounce too: right for
    /// bounce ≥ 0, over-damped with ζ = 1 − bounce instead of 1/(1 + bounce) below.
    public static let linearBranchOnly = DampingFormula(
        name: "one branch only", source: "a plausible simplification: 4π(1 − bounce)/duration for every bounce",
        formulaText: "4π(1 − bounce)/duration",
        expectation: .underReview,
        damping: { duration, bounce in 4 * .pi * (1 - bounce) / duration })

    /// The response form read with the wrong constant: `c = 2π(1 − bounce)/duration`
    /// (ζ halved), a slip between `2ζω₀` and `ζω₀`.
    public static let halfDamping = DampingFormula(
        name: "2π instead of 4π", source: "a slip between c = 2ζω₀ and c = ζω₀",
        formulaText: "2π(1 − bounce)/duration (bounce ≥ 0), 2π/(duration·(1 + bounce)) (bounce < 0)",
        expectation: .underReview,
        damping: { duration, bounce in
            bounce >= 0 ? 2 * .pi * (1 - bounce) / duration : 2 * .pi / (duration * (1 + bounce))
        })

    /// The catalogue judged by default: SpringBench's mapping and known wrong ones.
    public static let catalogue: [DampingFormula] = [.swiftUI, .wrongTranscription, .linearBranchOnly, .halfDamping]
}
