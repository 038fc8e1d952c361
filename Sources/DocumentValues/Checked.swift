/// A stored value that is decoded only when its ``ValueRule`` accepts it.
///
/// Decoding a value the rule rejects throws `DecodingError.dataCorrupted` at
/// the value's own coding path, so the message names the JSON path
/// (`otherBuilds[0].measurements[3].summary.median`) and the valid range.
/// Encoding writes the value as it is; `VersionedDocument.write(to:)` reads
/// what it wrote back before putting it in place, so the same rule holds both ways.
///
/// ```swift
/// struct Sample: Codable {
///     @Checked<Positive> var nanoseconds: Double
/// }
/// ```
@propertyWrapper
public struct Checked<Rule: ValueRule>: Codable, Sendable, Hashable {
    public var wrappedValue: Rule.Value

    public init(wrappedValue: Rule.Value) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let value = try decoder.singleValueContainer().decode(Rule.Value.self)
        guard Rule.accepts(value) else { throw DocumentPath.rejected(value, by: Rule.self, at: decoder.codingPath) }
        wrappedValue = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// An optional value: absent and `null` read as nil, anything else must
/// satisfy the rule. Written only when present (older readers see no new key).
@propertyWrapper
public struct CheckedOptional<Rule: ValueRule>: Codable, Sendable, Hashable {
    public var wrappedValue: Rule.Value?

    public init(wrappedValue: Rule.Value?) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            wrappedValue = nil
            return
        }
        let value = try container.decode(Rule.Value.self)
        guard Rule.accepts(value) else { throw DocumentPath.rejected(value, by: Rule.self, at: decoder.codingPath) }
        wrappedValue = value
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

/// A list of values, each satisfying the rule, and at least one of them.
@propertyWrapper
public struct CheckedList<Rule: ValueRule>: Codable, Sendable, Hashable {
    public var wrappedValue: [Rule.Value]

    public init(wrappedValue: [Rule.Value]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var values: [Rule.Value] = []
        if let count = container.count { values.reserveCapacity(count) }
        while !container.isAtEnd {
            let element = try container.decode(Checked<Rule>.self)
            values.append(element.wrappedValue)
        }
        guard !values.isEmpty else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "is empty; it needs at least one value"))
        }
        wrappedValue = values
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// Something a section of a document holds once at most: a cell, a workload.
public protocol UniquelyKeyed {
    associatedtype UniqueKey: Hashable & CustomStringConvertible
    var uniqueKey: UniqueKey { get }
}

/// A section whose elements are unique by ``UniquelyKeyed/uniqueKey``: a
/// repeated cell is refused at the path of its second occurrence.
@propertyWrapper
public struct UniqueElements<Element: UniquelyKeyed & Codable & Sendable>: Codable, Sendable {
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var firstIndex: [Element.UniqueKey: Int] = [:]
        while !container.isAtEnd {
            let index = container.currentIndex
            let element = try container.decode(Element.self)
            if let first = firstIndex[element.uniqueKey] {
                throw DecodingError.dataCorrupted(
                    .init(
                        codingPath: decoder.codingPath + [DocumentPath.Index(index)],
                        debugDescription: "repeats \(element.uniqueKey) of [\(first)]; each appears once"))
            }
            firstIndex[element.uniqueKey] = index
            elements.append(element)
        }
        wrappedValue = elements
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// A list of distinct plain values (kernels, backend names, sizes).
@propertyWrapper
public struct DistinctList<Element: Codable & Sendable & Hashable & CustomStringConvertible>: Codable, Sendable,
    Hashable
{
    public var wrappedValue: [Element]

    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try refusingRepeats(try [Element](from: decoder), at: decoder.codingPath)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

// Optional checked values: an absent key decodes as nil and nil is not written,
// exactly as `Double?` behaves in synthesised Codable.
extension KeyedDecodingContainer {
    public func decode<Rule>(_ type: CheckedOptional<Rule>.Type, forKey key: Key) throws -> CheckedOptional<Rule> {
        try decodeIfPresent(type, forKey: key) ?? CheckedOptional(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    public mutating func encode<Rule>(_ value: CheckedOptional<Rule>, forKey key: Key) throws {
        if value.wrappedValue != nil { try encodeIfPresent(value, forKey: key) }
    }
}

/// A list of distinct values, each satisfying the rule, at least one of them
/// (a sweep's sizes, its backend names).
@propertyWrapper
public struct DistinctCheckedList<Rule: ValueRule>: Codable, Sendable, Hashable {
    public var wrappedValue: [Rule.Value]

    public init(wrappedValue: [Rule.Value]) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        wrappedValue = try refusingRepeats(try CheckedList<Rule>(from: decoder).wrappedValue, at: decoder.codingPath)
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

/// A value whose fields must agree with each other (p10 ≤ median ≤ p90, an
/// interval's lower ≤ upper): checked by ``Valid`` when it is decoded.
public protocol Invariant: Codable, Sendable, Equatable {
    /// Why the fields disagree, or nil when they agree.
    var invariantViolation: String? { get }
}

/// A value decoded only when its ``Invariant`` holds.
@propertyWrapper
public struct Valid<Value: Invariant>: Codable, Sendable, Equatable {
    public var wrappedValue: Value

    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let value = try Value(from: decoder)
        if let violation = value.invariantViolation {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: violation))
        }
        wrappedValue = value
    }

    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

extension UniqueElements: Equatable where Element: Equatable {}
extension UniqueElements: Hashable where Element: Hashable {}
extension Valid: Hashable where Value: Hashable {}

/// `values`, or an error at the path of the first value that repeats an
/// earlier one, citing that earlier one's index (its first occurrence).
func refusingRepeats<Value: Hashable>(_ values: [Value], at codingPath: [any CodingKey]) throws -> [Value] {
    var firstIndex: [Value: Int] = [:]
    for (index, value) in values.enumerated() {
        if let first = firstIndex[value] {
            throw DecodingError.dataCorrupted(
                .init(
                    codingPath: codingPath + [DocumentPath.Index(index)],
                    debugDescription: "repeats \(value) of [\(first)]; each appears once"))
        }
        firstIndex[value] = index
    }
    return values
}

/// An optional section whose elements are unique by
/// ``UniquelyKeyed/uniqueKey``: absent (or `null`) reads as nil and nil is
/// not written; present, it is read as ``UniqueElements`` is.
@propertyWrapper
public struct OptionalUniqueElements<Element: UniquelyKeyed & Codable & Sendable>: Codable, Sendable {
    public var wrappedValue: [Element]?

    public init(wrappedValue: [Element]?) {
        self.wrappedValue = wrappedValue
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try UniqueElements<Element>(from: decoder).wrappedValue
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue { try container.encode(wrappedValue) } else { try container.encodeNil() }
    }
}

extension OptionalUniqueElements: Equatable where Element: Equatable {}

extension KeyedDecodingContainer {
    public func decode<Element>(_ type: OptionalUniqueElements<Element>.Type, forKey key: Key) throws
        -> OptionalUniqueElements<Element>
    {
        try decodeIfPresent(type, forKey: key) ?? OptionalUniqueElements(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    public mutating func encode<Element>(_ value: OptionalUniqueElements<Element>, forKey key: Key) throws {
        if value.wrappedValue != nil { try encodeIfPresent(value, forKey: key) }
    }
}
