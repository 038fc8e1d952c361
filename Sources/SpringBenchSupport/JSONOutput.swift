import Foundation

/// How every `--format json` output is written: pretty-printed, keys sorted
/// (or in encoding order when asked), and the one rule for numbers JSON
/// cannot hold — NaN and ±infinity are written as `null` (a consumer reads
/// "no finite value"), never as a string or an invalid token.
///
/// Why a small encoder of its own rather than a `JSONNumber` wrapper around
/// each `Double`: the output types (comparison documents, recommendations,
/// backend details) are shared with the files they are read from, and a
/// wrapper would change every `Double` in them, their decoding and every
/// reader, and a `Double` added later without the wrapper would silently
/// bring back the problem. `JSONEncoder` itself offers only strings for
/// non-finite numbers. This encoder takes any `Encodable` as it is and
/// decides at the one place a `Double` becomes text: finite numbers in
/// Swift's shortest round-tripping form, the others `null` (`encodeNil`'s
/// output) — no sentinel, nothing replaced afterwards.
package enum JSONOutput {
    /// `value` as pretty-printed JSON with sorted keys.
    package static func string<Value: Encodable>(_ value: Value) throws -> String {
        try string(value, sortedKeys: true)
    }

    /// `value` as pretty-printed JSON; `sortedKeys: false` keeps the order
    /// the value encodes its keys in (a documented order).
    package static func string<Value: Encodable>(_ value: Value, sortedKeys: Bool) throws -> String {
        let root = Node()
        try root.encode(value, codingPath: [])
        var text = ""
        root.write(into: &text, indent: "", sortedKeys: sortedKeys)
        return text
    }

    /// A number as JSON text by the same rule: the shortest decimal that
    /// reads back to the same `Double` (integral values without `.0`), or `null`.
    package static func number(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        if value == value.rounded(), abs(value) < 1e15 {
            return value == 0 && value.sign == .minus ? "-0" : String(Int64(value))
        }
        return "\(value)"
    }

    /// One JSON value being built: a literal (number, `true`, `null`, a
    /// quoted string), an array or an object (keys in encoding order).
    final class Node {
        var literal: String?
        var array: [Node]?
        var keys: [String] = []
        var object: [String: Node]?

        func encode<Value: Encodable>(_ value: Value, codingPath: [any CodingKey]) throws {
            try value.encode(to: TreeEncoder(node: self, codingPath: codingPath))
        }

        func child(forKey key: String) -> Node {
            if object == nil { object = [:] }
            if let existing = object![key] { return existing }
            let node = Node()
            keys.append(key)
            object![key] = node
            return node
        }

        func appended() -> Node {
            let node = Node()
            if array == nil { array = [] }
            array!.append(node)
            return node
        }

        func write(into text: inout String, indent: String, sortedKeys: Bool) {
            let inner = indent + "  "
            if let object {
                guard !keys.isEmpty else { return text += "{}" }
                text += "{\n"
                for (index, key) in (sortedKeys ? keys.sorted() : keys).enumerated() {
                    text += inner + JSONOutput.quoted(key) + " : "
                    object[key]!.write(into: &text, indent: inner, sortedKeys: sortedKeys)
                    text += index == keys.count - 1 ? "\n" : ",\n"
                }
                text += indent + "}"
            } else if let array {
                guard !array.isEmpty else { return text += "[]" }
                text += "[\n"
                for (index, element) in array.enumerated() {
                    text += inner
                    element.write(into: &text, indent: inner, sortedKeys: sortedKeys)
                    text += index == array.count - 1 ? "\n" : ",\n"
                }
                text += indent + "]"
            } else {
                // An encoder that was asked for nothing: an empty object, as JSONEncoder writes.
                text += literal ?? "{}"
            }
        }
    }

    /// `string` as a JSON string literal (RFC 8259 §7: `"` and `\` escaped,
    /// control characters as `\n`, `\r`, `\t` or `\u00XX`). The exports use it too.
    package static func quoted(_ string: String) -> String {
        var text = "\""
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20: text += String(format: "\\u%04x", scalar.value)
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }

    /// The `Encoder` that fills a ``Node``.
    struct TreeEncoder: Encoder, SingleValueEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var userInfo: [CodingUserInfoKey: Any] { [:] }

        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            if node.object == nil { node.object = [:] }
            return KeyedEncodingContainer(Keyed<Key>(node: node, codingPath: codingPath))
        }

        func unkeyedContainer() -> any UnkeyedEncodingContainer {
            if node.array == nil { node.array = [] }
            return Unkeyed(node: node, codingPath: codingPath)
        }

        func singleValueContainer() -> any SingleValueEncodingContainer { self }

        // Single values: the one place a number becomes text.
        mutating func encodeNil() throws { node.literal = "null" }
        mutating func encode(_ value: Bool) throws { node.literal = value ? "true" : "false" }
        mutating func encode(_ value: String) throws { node.literal = JSONOutput.quoted(value) }
        mutating func encode(_ value: Double) throws {
            if value.isFinite { node.literal = JSONOutput.number(value) } else { try encodeNil() }
        }
        mutating func encode(_ value: Float) throws {
            if value.isFinite {
                node.literal = Double(value) == Double(value).rounded() ? JSONOutput.number(Double(value)) : "\(value)"
            } else {
                try encodeNil()
            }
        }
        mutating func encode(_ value: Int) throws { node.literal = String(value) }
        mutating func encode(_ value: Int8) throws { node.literal = String(value) }
        mutating func encode(_ value: Int16) throws { node.literal = String(value) }
        mutating func encode(_ value: Int32) throws { node.literal = String(value) }
        mutating func encode(_ value: Int64) throws { node.literal = String(value) }
        mutating func encode(_ value: UInt) throws { node.literal = String(value) }
        mutating func encode(_ value: UInt8) throws { node.literal = String(value) }
        mutating func encode(_ value: UInt16) throws { node.literal = String(value) }
        mutating func encode(_ value: UInt32) throws { node.literal = String(value) }
        mutating func encode(_ value: UInt64) throws { node.literal = String(value) }
        mutating func encode<T: Encodable>(_ value: T) throws { try node.encode(value, codingPath: codingPath) }
    }

    struct Keyed<Key: CodingKey>: KeyedEncodingContainerProtocol {
        let node: Node
        var codingPath: [any CodingKey]

        func encoder(_ key: Key) -> TreeEncoder {
            TreeEncoder(node: node.child(forKey: key.stringValue), codingPath: codingPath + [key])
        }

        mutating func encodeNil(forKey key: Key) throws {
            var e = encoder(key)
            try e.encodeNil()
        }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
            var e = encoder(key)
            try e.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
            -> KeyedEncodingContainer<NestedKey>
        {
            encoder(key).container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
            encoder(key).unkeyedContainer()
        }
        mutating func superEncoder() -> any Encoder { encoder(Key(stringValue: "super")!) }
        mutating func superEncoder(forKey key: Key) -> any Encoder { encoder(key) }
    }

    struct Unkeyed: UnkeyedEncodingContainer {
        let node: Node
        var codingPath: [any CodingKey]
        var count: Int { node.array?.count ?? 0 }

        struct Index: CodingKey {
            var intValue: Int?
            var stringValue: String { "Index \(intValue ?? 0)" }
            init(intValue: Int) { self.intValue = intValue }
            init?(stringValue: String) { nil }
        }

        func encoder() -> TreeEncoder {
            let path = codingPath + [Index(intValue: count)]
            return TreeEncoder(node: node.appended(), codingPath: path)
        }

        mutating func encodeNil() throws {
            var e = encoder()
            try e.encodeNil()
        }
        mutating func encode<T: Encodable>(_ value: T) throws {
            var e = encoder()
            try e.encode(value)
        }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
            NestedKey
        > {
            encoder().container(keyedBy: keyType)
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { encoder().unkeyedContainer() }
        mutating func superEncoder() -> any Encoder { encoder() }
    }
}
