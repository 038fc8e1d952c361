/// JSON paths in the form a user reads them: `otherBuilds[0].measurements[3].summary.median`.
public enum DocumentPath {
    /// `codingPath` as a JSON path ("(root)" when empty).
    public static func text(_ codingPath: [any CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue, key.stringValue.hasPrefix("Index ") || key.stringValue == "\(index)" {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : "." + key.stringValue
            }
        }
        return text.isEmpty ? "(root)" : text
    }

    /// What went wrong in a decoding error, with its path: the one message
    /// every document reader prints.
    public static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "\(error)" }
        switch error {
        case .dataCorrupted(let context):
            if context.codingPath.isEmpty { return "not valid JSON (\(underlying(context)))" }
            return "\(text(context.codingPath)) \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            return "\(text(context.codingPath + [key])) is missing"
        case .typeMismatch(let type, let context):
            return "\(text(context.codingPath)) is not \(typeName(type))"
        case .valueNotFound(let type, let context):
            return "\(text(context.codingPath)) is null; expected \(typeName(type))"
        @unknown default:
            return "\(error)"
        }
    }

    /// The error a rejected value gives: `= 0.0 is outside its valid range (finite and > 0)`.
    static func rejected<Rule: ValueRule>(_ value: Rule.Value, by rule: Rule.Type, at codingPath: [any CodingKey])
        -> DecodingError
    {
        DecodingError.dataCorrupted(
            .init(
                codingPath: codingPath, debugDescription: "= \(value) is outside its valid range (\(Rule.validRange))"))
    }

    private static func underlying(_ context: DecodingError.Context) -> String {
        if let underlying = context.underlyingError { return "\(underlying)".prefix(200).description }
        return context.debugDescription
    }

    private static func typeName(_ type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Float.Type: return "a number"
        case is Int.Type, is UInt64.Type, is Int64.Type: return "an integer in range"
        case is String.Type: return "a string"
        case is Bool.Type: return "true or false"
        default:
            let name = "\(type)"
            if name.hasPrefix("Array") { return "an array" }
            if name.hasPrefix("Dictionary") { return "an object" }
            return "the expected kind of value (\(name))"
        }
    }

    /// An array index as a coding key.
    struct Index: CodingKey {
        let intValue: Int?
        var stringValue: String { "Index \(intValue!)" }
        init(_ index: Int) { intValue = index }
        init?(stringValue: String) { nil }
        init?(intValue: Int) { self.intValue = intValue }
    }
}
