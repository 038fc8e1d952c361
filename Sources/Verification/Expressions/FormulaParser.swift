/// The recursive-descent parser behind ``FormulaExpression``:
///
///     formula  = sum END
///     sum      = product (("+" | "-") product)*
///     product  = unary (("*" | "/") unary)*
///     unary    = ("+" | "-") unary | power
///     power    = primary ("^" unary)?
///     primary  = number | name | name "(" sum ("," sum)* ")" | "(" sum ")"
///
/// Recursion depth is bounded by ``FormulaExpression/maximumDepth`` so deeply
/// nested input fails with an error instead of exhausting the stack.
struct FormulaParser {
    typealias Node = FormulaExpression.Node
    let text: String
    let characters: [Character]
    var position = 0
    var depth = 0

    init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    func error(_ message: String, at index: Int? = nil) -> FormulaError {
        FormulaError(message, column: (index ?? position) + 1, text: text)
    }

    mutating func parseFormula() throws(FormulaError) -> Node {
        guard characters.count <= FormulaExpression.maximumLength else {
            throw error(
                "the formula is longer than \(FormulaExpression.maximumLength) characters",
                at: FormulaExpression.maximumLength)
        }
        skipSpaces()
        guard position < characters.count else { throw error("the formula is empty") }
        let node = try parseSum()
        skipSpaces()
        if position < characters.count {
            if characters[position] == ")" { throw error("unmatched ')'") }
            throw error("expected an operator or the end of the formula, found '\(characters[position])'")
        }
        return node
    }

    mutating func skipSpaces() {
        while position < characters.count, characters[position].isWhitespace { position += 1 }
    }

    mutating func peek() -> Character? {
        skipSpaces()
        return position < characters.count ? characters[position] : nil
    }

    mutating func enter() throws(FormulaError) {
        depth += 1
        if depth > FormulaExpression.maximumDepth {
            throw error("the formula nests deeper than \(FormulaExpression.maximumDepth) levels")
        }
    }

    mutating func parseSum() throws(FormulaError) -> Node {
        var node = try parseProduct()
        while let c = peek() {
            let op: FormulaExpression.Operator
            switch c {
            case "+": op = .add
            case "-", "−": op = .subtract
            default: return node
            }
            position += 1
            node = .binary(op, node, try parseProduct())
        }
        return node
    }

    mutating func parseProduct() throws(FormulaError) -> Node {
        var node = try parseUnary()
        while let c = peek() {
            let op: FormulaExpression.Operator
            switch c {
            case "*", "×", "·": op = .multiply
            case "/", "÷": op = .divide
            default: return node
            }
            position += 1
            node = .binary(op, node, try parseUnary())
        }
        return node
    }

    mutating func parseUnary() throws(FormulaError) -> Node {
        guard let c = peek() else { throw error("expected a number, a name or '(' at the end of the formula") }
        if c == "+" || c == "-" || c == "−" {
            position += 1
            try enter()
            defer { depth -= 1 }
            let operand = try parseUnary()
            return c == "+" ? operand : .negate(operand)
        }
        return try parsePower()
    }

    mutating func parsePower() throws(FormulaError) -> Node {
        let base = try parsePrimary()
        if peek() == "^" {
            position += 1
            try enter()
            defer { depth -= 1 }
            return .binary(.power, base, try parseUnary())
        }
        return base
    }

    mutating func parsePrimary() throws(FormulaError) -> Node {
        guard let c = peek() else { throw error("expected a number, a name or '(' at the end of the formula") }
        let start = position
        if c == "(" {
            position += 1
            try enter()
            defer { depth -= 1 }
            let inner = try parseSum()
            guard peek() == ")" else {
                throw error(
                    position < characters.count
                        ? "expected ')', found '\(characters[position])'"
                        : "missing ')' for the '(' at column \(start + 1)")
            }
            position += 1
            return inner
        }
        if c.isASCII && (c.isNumber || c == ".") { return try parseNumber() }
        if c.isLetter || c == "π" || c == "_" { return try parseName() }
        throw error("unexpected '\(c)'; expected a number, a name or '('")
    }

    mutating func parseNumber() throws(FormulaError) -> Node {
        let start = position
        func digits() -> Int {
            var count = 0
            while position < characters.count, characters[position].isASCII, characters[position].isNumber {
                position += 1
                count += 1
            }
            return count
        }
        var mantissaDigits = digits()
        if position < characters.count, characters[position] == "." {
            position += 1
            mantissaDigits += digits()
        }
        guard mantissaDigits > 0 else { throw error("a number needs at least one digit", at: start) }
        if position < characters.count, characters[position] == "e" || characters[position] == "E" {
            // An exponent only if digits follow; otherwise `2e` is 2 then the name `e` (an error below).
            var look = position + 1
            if look < characters.count, characters[look] == "+" || characters[look] == "-" { look += 1 }
            if look < characters.count, characters[look].isASCII, characters[look].isNumber {
                position = look
                _ = digits()
            }
        }
        let literal = String(characters[start..<position])
        guard let value = Double(literal), value.isFinite else {
            throw error("'\(literal)' is not a finite number", at: start)
        }
        if position < characters.count, characters[position].isLetter || characters[position] == "(" {
            throw error("expected an operator after the number '\(literal)' (write '*' for multiplication)")
        }
        return .number(value)
    }

    mutating func parseName() throws(FormulaError) -> Node {
        let start = position
        while position < characters.count,
            characters[position].isLetter || characters[position].isNumber || characters[position] == "_"
                || characters[position] == "π"
        {
            position += 1
        }
        let name = String(characters[start..<position])
        switch name {
        case "duration": return .duration
        case "bounce": return .bounce
        case "pi", "π", "PI", "Pi": return .number(.pi)
        case "e": return .number(M_E)
        default: break
        }
        guard let function = FormulaExpression.Function(rawValue: name) else {
            throw error(
                "unknown name '\(name)'; use duration, bounce, pi, e or one of \(FormulaExpression.functions.joined(separator: ", "))",
                at: start)
        }
        guard peek() == "(" else { throw error("'\(name)' is a function: write \(name)(…)") }
        position += 1
        try enter()
        defer { depth -= 1 }
        var arguments = [try parseSum()]
        while peek() == "," {
            position += 1
            arguments.append(try parseSum())
        }
        guard peek() == ")" else {
            throw error(
                position < characters.count
                    ? "expected ',' or ')' in \(name)(…), found '\(characters[position])'" : "missing ')' for \(name)(")
        }
        position += 1
        guard function.arity.contains(arguments.count) else {
            let wanted =
                function.arity.upperBound == Int.max
                ? "at least \(function.arity.lowerBound)" : "\(function.arity.lowerBound)"
            throw error(
                "\(name) takes \(wanted) argument\(wanted == "1" ? "" : "s"), got \(arguments.count)", at: start)
        }
        return .call(function, arguments)
    }
}

#if canImport(Glibc)
    import Glibc
#endif
