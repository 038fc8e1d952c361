#if canImport(Glibc)
    import Glibc
#endif

/// An arithmetic expression in `duration` and `bounce`, parsed from text by a
/// small recursive-descent parser and evaluated by walking the tree: no code
/// is generated, loaded or run, so a formula cannot do anything but compute a
/// number.
///
/// Syntax (whitespace is ignored):
/// - numbers: `4`, `0.5`, `.5`, `1e-3`, `2.5E+2`;
/// - variables: `duration`, `bounce`; constants: `pi` (also `π`), `e`;
/// - operators, by increasing precedence: `+ -`, `* / × ÷`, unary `+ -`,
///   `^` (right-associative, so `2^3^2` is `2^9` and `-2^2` is `-4`); `−` (U+2212)
///   is a minus;
/// - parentheses; functions `sqrt exp log abs` of one argument (`log` is
///   natural) and `min max` of two or more, e.g. `max(0, 1 - bounce)`.
///
/// Limits that keep hostile input harmless: at most
/// ``maximumLength`` characters and ``maximumDepth`` nested parentheses or
/// unary operators; anything else is a ``FormulaError`` with the 1-based
/// column of the problem.
///
/// ```swift
/// let formula = try FormulaExpression("4*pi*(1 - bounce)/duration")
/// formula.evaluate(duration: 0.5, bounce: 0.3)   // 17.59…
/// ```
public struct FormulaExpression: Sendable, Hashable, CustomStringConvertible {
    /// The text as given.
    public let text: String
    let root: Node

    /// The longest accepted text, in characters.
    public static let maximumLength = 1000
    /// The deepest accepted nesting of parentheses, function calls and unary operators.
    public static let maximumDepth = 64

    public init(_ text: String) throws(FormulaError) {
        self.text = text
        var parser = FormulaParser(text)
        self.root = try parser.parseFormula()
    }

    /// The value at the given duration and bounce (IEEE arithmetic: it may be NaN or infinite).
    public func evaluate(duration: Double, bounce: Double) -> Double {
        root.evaluate(duration: duration, bounce: bounce)
    }

    public var description: String { text }

    /// The names a formula may use.
    public static let variables = ["duration", "bounce"]
    public static let constants = ["pi", "π", "e"]
    public static let functions = ["sqrt", "exp", "log", "abs", "min", "max"]

    indirect enum Node: Sendable, Hashable {
        case number(Double)
        case duration
        case bounce
        case negate(Node)
        case binary(Operator, Node, Node)
        case call(Function, [Node])

        func evaluate(duration: Double, bounce: Double) -> Double {
            switch self {
            case .number(let value): return value
            case .duration: return duration
            case .bounce: return bounce
            case .negate(let operand): return -operand.evaluate(duration: duration, bounce: bounce)
            case .binary(let op, let lhs, let rhs):
                let a = lhs.evaluate(duration: duration, bounce: bounce)
                let b = rhs.evaluate(duration: duration, bounce: bounce)
                switch op {
                case .add: return a + b
                case .subtract: return a - b
                case .multiply: return a * b
                case .divide: return a / b
                case .power: return pow(a, b)
                }
            case .call(let function, let arguments):
                let values = arguments.map { $0.evaluate(duration: duration, bounce: bounce) }
                switch function {
                case .sqrt: return values[0].squareRoot()
                case .exp: return exp(values[0])
                case .log: return log(values[0])
                case .abs: return Swift.abs(values[0])
                case .min: return values.contains { $0.isNaN } ? .nan : values.min()!
                case .max: return values.contains { $0.isNaN } ? .nan : values.max()!
                }
            }
        }
    }

    enum Operator: Sendable, Hashable { case add, subtract, multiply, divide, power }

    enum Function: String, Sendable, Hashable, CaseIterable {
        case sqrt, exp, log, abs, min, max

        var arity: ClosedRange<Int> {
            switch self {
            case .min, .max: return 2...Int.max
            default: return 1...1
            }
        }
    }
}

/// Why a formula's text is not a formula: the message and the 1-based column
/// (in characters) where the problem starts.
public struct FormulaError: Error, Sendable, Hashable, CustomStringConvertible {
    public var message: String
    /// 1-based character position in the text.
    public var column: Int
    /// The text, for a caret display.
    public var text: String

    public init(_ message: String, column: Int, text: String) {
        self.message = message
        self.column = column
        self.text = text
    }

    public var description: String { "column \(column): \(message)" }

    /// The text with a caret under the column (for terminals), or nil when the
    /// text is too long or spans lines.
    public var caretDisplay: String? {
        guard text.count <= 200, !text.contains(where: \.isNewline) else { return nil }
        return text + "\n" + String(repeating: " ", count: max(0, column - 1)) + "^"
    }
}
