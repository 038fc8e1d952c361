import Foundation
import Testing
import Verification

@Suite("Formula expressions: a safe parser for damping formulas")
struct FormulaExpressionTests {
    struct Valid: Sendable, CustomTestStringConvertible {
        var text: String
        var duration: Double
        var bounce: Double
        var expected: Double
        var testDescription: String { text }
    }

    static let valid: [Valid] = [
        Valid(text: "4*pi*(1-bounce)/duration", duration: 0.5, bounce: 0.3, expected: 4 * .pi * 0.7 / 0.5),
        Valid(text: "1 + 2 * 3", duration: 1, bounce: 0, expected: 7),
        Valid(text: "(1 + 2) * 3", duration: 1, bounce: 0, expected: 9),
        Valid(text: "2^3^2", duration: 1, bounce: 0, expected: 512),
        Valid(text: "-2^2", duration: 1, bounce: 0, expected: -4),
        Valid(text: "2^-1", duration: 1, bounce: 0, expected: 0.5),
        Valid(text: "8 / 4 / 2", duration: 1, bounce: 0, expected: 1),
        Valid(text: "10 - 4 - 3", duration: 1, bounce: 0, expected: 3),
        Valid(
            text: "4π × (1 − bounce) ÷ duration".replacingOccurrences(of: "4π", with: "4*π"), duration: 2, bounce: 0.5,
            expected: .pi),
        Valid(text: "sqrt(duration) + exp(0) + log(e) + abs(-bounce)", duration: 4, bounce: 0.25, expected: 4.25),
        Valid(text: "min(bounce, 0, -1) + max(1, 2, duration)", duration: 3, bounce: 0.5, expected: 2),
        Valid(text: " .5e1 + 1E-1 ", duration: 1, bounce: 0, expected: 5.1),
        Valid(text: "--bounce", duration: 1, bounce: 0.5, expected: 0.5),
    ]

    @Test("valid formulas evaluate with the usual precedence and associativity", arguments: valid)
    func validFormulas(_ c: Valid) throws {
        let formula = try FormulaExpression(c.text)
        #expect(
            abs(formula.evaluate(duration: c.duration, bounce: c.bounce) - c.expected) <= 1e-12
                * max(1, abs(c.expected)))
    }

    struct Invalid: Sendable, CustomTestStringConvertible {
        var text: String
        var column: Int
        var message: String
        var testDescription: String { text.count > 40 ? String(text.prefix(40)) + "…" : text }
    }

    static let invalid: [Invalid] = [
        Invalid(text: "", column: 1, message: "empty"),
        Invalid(text: "   ", column: 4, message: "empty"),
        Invalid(text: "4*", column: 3, message: "end of the formula"),
        Invalid(text: "(1+2", column: 5, message: "missing ')'"),
        Invalid(text: "1+2)", column: 4, message: "unmatched ')'"),
        Invalid(text: "4*pi*(1-bouncy)", column: 9, message: "unknown name 'bouncy'"),
        Invalid(text: "sqrt(1, 2)", column: 1, message: "sqrt takes 1 argument"),
        Invalid(text: "min(1)", column: 1, message: "min takes at least 2 arguments"),
        Invalid(text: "2 3", column: 3, message: "expected an operator"),
        Invalid(text: "4pi", column: 2, message: "write '*'"),
        Invalid(text: "1e999", column: 1, message: "not a finite number"),
        Invalid(text: "bounce $ 2", column: 8, message: "found '$'"),
        Invalid(text: "sqrt", column: 5, message: "is a function"),
        Invalid(text: "1 + * 2", column: 5, message: "unexpected '*'"),
        Invalid(text: "__import__('os')", column: 1, message: "unknown name '__import__'"),
    ]

    @Test("invalid formulas are errors with the column of the problem", arguments: invalid)
    func invalidFormulas(_ c: Invalid) {
        #expect(throws: FormulaError.self) { try FormulaExpression(c.text) }
        do {
            _ = try FormulaExpression(c.text)
        } catch {
            #expect(error.column == c.column, "\(error)")
            #expect(error.message.contains(c.message), "\(error)")
        }
    }

    @Test("hostile input fails cleanly: deep nesting, long text, long unary chains, control and non-ASCII characters")
    func hostileInput() {
        let cases = [
            String(repeating: "(", count: 500) + "1" + String(repeating: ")", count: 500),
            String(repeating: "-", count: 900) + "1",
            String(repeating: "1+", count: 5000) + "1",
            String(repeating: "2^", count: 400) + "2",
            "bounce\u{0}+1", "duration 🙂", "sqrt(((((((((((", "1e", ")", "max(,)", "\n",
        ]
        for text in cases {
            #expect(throws: FormulaError.self, "\(text.prefix(30))") { try FormulaExpression(text) }
        }
        // Right at the limits, still fine.
        let nested = String(repeating: "(", count: 60) + "bounce" + String(repeating: ")", count: 60)
        #expect((try? FormulaExpression(nested))?.evaluate(duration: 1, bounce: 0.25) == 0.25)
    }

    @Test("IEEE results pass through: division by zero and log of a negative number are judged, not crashes")
    func ieeeResults() throws {
        #expect(try FormulaExpression("1/bounce").evaluate(duration: 1, bounce: 0) == .infinity)
        #expect(try FormulaExpression("log(bounce)").evaluate(duration: 1, bounce: -1).isNaN)
        // min and max of a NaN are NaN in every argument position (Swift's
        // min()/max() of a sequence depend on where the NaN stands).
        for text in [
            "max(1, log(bounce))", "max(log(bounce), 1)", "min(1, log(bounce))", "min(log(bounce), 1)",
            "min(2, log(bounce), 1)", "max(0, 1, log(bounce))",
        ] {
            #expect(try FormulaExpression(text).evaluate(duration: 1, bounce: -1).isNaN, "\(text)")
        }
    }
}
