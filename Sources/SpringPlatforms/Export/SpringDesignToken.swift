import Foundation
import SpringModel

/// A spring as a design token: the design-tokens community group's proposed `spring` type
/// (design-tokens/community-group issue #429, 2026-07-10: `$type` `spring`, `$value`
/// `{ bounce, duration, physics: { stiffness, damping, mass } }`), written in the Format Module
/// 2025.10's file format (a JSON object of groups and tokens; `$type`, `$value`, `$description`,
/// `$extensions`; a duration as `{ "value": …, "unit": "ms" }`). Guides/Matching.md, "Design
/// tokens", has the format, the reading rules and why each was chosen.
///
/// Writing (``document(name:spring:options:)``): `$value` carries the spring exactly (`physics`, in
/// full precision) and as SwiftUI's `duration`/`bounce`, the form Figma and the proposal share;
/// `$extensions["org.springbench"]` carries what `springbench match` gives for every platform it can
/// target (code, parameters, residual per refresh rate) and a CSS `linear()` fallback with its bound,
/// so one token becomes each platform's code.
///
/// Reading (``read(_:name:)``): any DTCG file; the token named, or the file's only `spring` token
/// (`$type` on the token or inherited from a group), following `{alias}` references. `physics`, when
/// present, is the spring; `duration` and `bounce` are then labels, and a label that disagrees with
/// the physics is reported in ``notes``, not used. Without `physics`, `duration` (required) and
/// `bounce` (default 0) are read with SwiftUI's mapping.
public struct SpringDesignToken: Sendable, Equatable {
    /// The token's path in its file, its names joined by dots (`motion.spring.gentle`).
    public var name: String
    /// The spring the token describes.
    public var spring: Spring
    /// What the reader noticed and did not use (a label that disagrees with `physics`).
    public var notes: [String]

    public init(name: String, spring: Spring, notes: [String] = []) {
        self.name = name
        self.spring = spring
        self.notes = notes
    }

    /// The `$extensions` key SpringBench writes under (reverse domain notation, as the format asks).
    public static let extensionKey = "org.springbench"

    /// A bad token file: the JSON path in the file (`motion.spring.$value.duration.unit`, empty for
    /// the file as a whole) and what is wrong, with the valid values.
    public struct ReadError: Error, Equatable, CustomStringConvertible {
        public var path: String
        public var message: String
        public init(path: String, message: String) {
            self.path = path
            self.message = message
        }
        public var description: String { path.isEmpty ? message : "\(path): \(message)" }
    }
}

// MARK: - Reading

extension SpringDesignToken {
    /// The largest number of `{alias}` hops followed before the chain is called a cycle.
    static let maximumAliasHops = 32

    /// The spring token `name` (its dotted path) in the DTCG file `data`, or the file's only spring
    /// token when `name` is nil.
    public static func read(_ data: Data, name: String? = nil) throws(ReadError) -> SpringDesignToken {
        // JSONDecoder, not JSONSerialization: swift-corelibs-foundation's JSONSerialization reads
        // 21.991148575128552 as 21.991148575128555, so a token would not read back unchanged.
        let root: JSONValue
        do {
            root = try JSONDecoder().decode(JSONValue.self, from: data)
        } catch DecodingError.dataCorrupted(let context) where !context.codingPath.isEmpty {
            // A value the reader cannot hold (a number beyond ±1.8e308), at its path.
            throw ReadError(path: JSONValue.path(context.codingPath), message: context.debugDescription)
        } catch DecodingError.dataCorrupted {
            // Foundation's reader says no more than this: no line, no column.
            throw ReadError(path: "", message: "is not valid JSON")
        } catch {
            throw ReadError(path: "", message: "is not JSON (\(error))")
        }
        guard case .object(let group) = root else {
            throw ReadError(path: "", message: "is not a JSON object; a design token file is a group of tokens")
        }
        var tokens: [String: Node] = [:]
        var order: [String] = []
        try collect(group, path: [], inherited: nil, into: &tokens, order: &order)
        let springs = order.filter { tokens[$0]?.type == "spring" }
        let chosen: String
        if let name {
            guard let node = tokens[name] else {
                throw ReadError(
                    path: name,
                    message: "no token by this name; the spring tokens here: \(listing(springs))")
            }
            guard node.type == "spring" else {
                throw ReadError(
                    path: name, message: "has $type \(node.type.map { "\"\($0)\"" } ?? "none"), not \"spring\"")
            }
            chosen = name
        } else {
            guard springs.count == 1 else {
                throw ReadError(
                    path: "",
                    message: springs.isEmpty
                        ? "has no token of $type \"spring\" (\(order.count) token(s) of other types)"
                        : "has \(springs.count) spring tokens (\(listing(springs))); name one")
            }
            chosen = springs[0]
        }
        let (value, valuePath) = try resolve(chosen, in: tokens)
        var notes: [String] = []
        let spring = try spring(from: value, path: valuePath, notes: &notes)
        return SpringDesignToken(name: chosen, spring: spring, notes: notes)
    }

    struct Node {
        var value: JSONValue
        var type: String?
    }

    /// Any JSON value, numbers as read by JSONDecoder (correctly rounded).
    enum JSONValue: Decodable {
        case object([String: JSONValue])
        case array([JSONValue])
        case string(String)
        case number(Double)
        case bool(Bool)
        case null

        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let value = try? container.decode(Bool.self) {
                self = .bool(value)
            } else if let value = try Self.number(container, at: decoder.codingPath) {
                self = .number(value)
            } else if let value = try? container.decode(String.self) {
                self = .string(value)
            } else if let value = try Self.object(container, depth: decoder.codingPath.count) {
                self = .object(value)
            } else {
                self = .array(try container.decode([JSONValue].self))
            }
        }

        /// The number, nil when the value is not one; a number no double holds throws, at its path.
        private static func number(_ container: any SingleValueDecodingContainer, at path: [any CodingKey]) throws
            -> Double?
        {
            do {
                return try container.decode(Double.self)
            } catch DecodingError.typeMismatch {
                return nil
            } catch {
                // Foundation's reader throws its own error for 1e309, and the decoder then names
                // only the whole file.
                throw DecodingError.dataCorrupted(
                    .init(codingPath: path, debugDescription: "must be a number a double holds (up to ±1.8e308)"))
            }
        }

        /// The object, nil when the value is not one; what a member throws goes on, at its path.
        private static func object(_ container: any SingleValueDecodingContainer, depth: Int) throws
            -> [String: JSONValue]?
        {
            do {
                return try container.decode([String: JSONValue].self)
            } catch DecodingError.typeMismatch(_, let context) where context.codingPath.count <= depth {
                return nil
            }
        }

        /// `a.b[2].c`, as the reader's other messages name a place.
        static func path(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }

        var object: [String: JSONValue]? {
            if case .object(let value) = self { return value }
            return nil
        }
    }

    private static func listing(_ names: [String]) -> String {
        guard !names.isEmpty else { return "none" }
        return names.prefix(10).joined(separator: ", ") + (names.count > 10 ? " and \(names.count - 10) more" : "")
    }

    /// Every token under `group` by dotted path, with the `$type` it has or inherits.
    private static func collect(
        _ group: [String: JSONValue], path: [String], inherited: String?, into tokens: inout [String: Node],
        order: inout [String]
    ) throws(ReadError) {
        let here = path.joined(separator: ".")
        var type = inherited
        if let declared = group["$type"] {
            guard case .string(let text) = declared else {
                throw ReadError(path: joined(here, "$type"), message: "must be a string")
            }
            type = text
        }
        if let value = group["$value"] {
            guard !path.isEmpty else {
                throw ReadError(path: "$value", message: "the file itself is a group; put the token under a name")
            }
            tokens[here] = Node(value: value, type: type)
            order.append(here)
            return
        }
        for key in group.keys.sorted() where !key.hasPrefix("$") {
            guard !key.contains("."), !key.contains("{"), !key.contains("}") else {
                throw ReadError(
                    path: joined(here, key), message: "a token or group name must not contain '.', '{' or '}'")
            }
            guard let child = group[key]?.object else {
                throw ReadError(path: joined(here, key), message: "must be a group or a token (a JSON object)")
            }
            try collect(child, path: path + [key], inherited: type, into: &tokens, order: &order)
        }
    }

    private static func joined(_ path: String, _ key: String) -> String { path.isEmpty ? key : "\(path).\(key)" }

    /// The `$value` of token `name` after following `{alias}` references, and the JSON path it came from.
    private static func resolve(_ name: String, in tokens: [String: Node]) throws(ReadError) -> (JSONValue, String) {
        var current = name
        var seen: [String] = [name]
        while case .string(let text)? = tokens[current]?.value {
            guard text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else {
                throw ReadError(
                    path: "\(current).$value",
                    message:
                        "must be an object { bounce, duration, physics } or a reference {token.name}, got \"\(text)\"")
            }
            let target = String(text.dropFirst().dropLast())
            guard let node = tokens[target] else {
                throw ReadError(
                    path: "\(current).$value", message: "refers to \(text), which is not a token in the file")
            }
            guard node.type == "spring" else {
                throw ReadError(path: "\(current).$value", message: "refers to \(text), which is not a spring token")
            }
            guard !seen.contains(target), seen.count <= maximumAliasHops else {
                throw ReadError(
                    path: "\(current).$value",
                    message: "references form a cycle: \((seen + [target]).joined(separator: " → "))")
            }
            seen.append(target)
            current = target
        }
        return (tokens[current]!.value, "\(current).$value")
    }

    /// The spring a `$value` object describes (rules in the type's documentation).
    static func spring(from value: JSONValue, path: String, notes: inout [String]) throws(ReadError) -> Spring {
        guard let object = value.object else {
            throw ReadError(path: path, message: "must be an object { bounce, duration, physics }")
        }
        for key in object.keys.sorted() where !["bounce", "duration", "physics"].contains(key) {
            throw ReadError(
                path: "\(path).\(key)", message: "is not a spring field; a spring has bounce, duration and physics")
        }
        let bounce = try object["bounce"].map { (raw) throws(ReadError) in
            try number(raw, path: "\(path).bounce")
        }
        let duration = try object["duration"].map { (raw) throws(ReadError) in
            try seconds(raw, path: "\(path).duration")
        }
        if let raw = object["physics"] {
            let physicsPath = "\(path).physics"
            guard let physics = raw.object else {
                throw ReadError(path: physicsPath, message: "must be an object { stiffness, damping, mass }")
            }
            for key in physics.keys.sorted() where !["stiffness", "damping", "mass"].contains(key) {
                throw ReadError(
                    path: "\(physicsPath).\(key)",
                    message: "is not a physics field; they are stiffness, damping and mass")
            }
            func required(_ key: String) throws(ReadError) -> Double {
                guard let raw = physics[key] else {
                    throw ReadError(path: "\(physicsPath).\(key)", message: "is missing")
                }
                return try number(raw, path: "\(physicsPath).\(key)")
            }
            let stiffness = try required("stiffness")
            let damping = try required("damping")
            let mass =
                try physics["mass"].map { (raw) throws(ReadError) in
                    try number(raw, path: "\(physicsPath).mass")
                } ?? 1
            let spring: Spring
            do {
                spring = try Spring(mass: mass, stiffness: stiffness, damping: damping)
            } catch {
                throw ReadError(
                    path: "\(physicsPath).\(error.parameter)", message: describe(error))
            }
            // The labels are SwiftUI's reading of the same spring; a label off by more than a
            // rounding a person would make (0.5 % of the duration, 0.005 of bounce) is reported.
            let labels = SwiftUIParameters(spring)
            if let duration, abs(duration - labels.duration) > 0.005 * labels.duration {
                notes.append(
                    "\(path).duration (\(duration) s) is not the physics' duration (\(labels.duration) s, SwiftUI's 2π/ω₀); the physics is used"
                )
            }
            if let bounce, abs(bounce - labels.bounce) > 0.005 {
                notes.append(
                    "\(path).bounce (\(bounce)) is not the physics' bounce (\(labels.bounce), SwiftUI's); the physics is used"
                )
            }
            return spring
        }
        guard let duration else {
            throw ReadError(path: "\(path).duration", message: "is missing; a spring needs physics or a duration")
        }
        do {
            return try SwiftUIParameters(duration: duration, bounce: bounce ?? 0).spring
        } catch {
            throw ReadError(path: "\(path).\(error.parameter)", message: describe(error))
        }
    }

    private static func describe(_ error: SpringParameterError) -> String {
        if case .outOfRange(_, let range, let value) = error { return "must be \(range), got \(value)" }
        return error.description
    }

    /// A JSON number.
    private static func number(_ raw: JSONValue, path: String) throws(ReadError) -> Double {
        guard case .number(let number) = raw, number.isFinite else {
            throw ReadError(path: path, message: "must be a number")
        }
        return number
    }

    /// A duration in seconds from the format's `{ "value": n, "unit": "ms" | "s" }` or the
    /// proposal's string form `"400ms"` / `"0.4s"`.
    static func seconds(_ raw: JSONValue, path: String) throws(ReadError) -> Double {
        if let object = raw.object {
            for key in object.keys.sorted() where key != "value" && key != "unit" {
                throw ReadError(path: "\(path).\(key)", message: "is not a duration field; they are value and unit")
            }
            guard let value = object["value"] else { throw ReadError(path: "\(path).value", message: "is missing") }
            let number = try number(value, path: "\(path).value")
            guard case .string(let unit)? = object["unit"] else {
                throw ReadError(path: "\(path).unit", message: "must be \"ms\" or \"s\"")
            }
            switch unit {
            case "ms": return number / 1000
            case "s": return number
            default: throw ReadError(path: "\(path).unit", message: "must be \"ms\" or \"s\", got \"\(unit)\"")
            }
        }
        if case .string(let text) = raw {
            let unit = text.hasSuffix("ms") ? "ms" : text.hasSuffix("s") ? "s" : ""
            if !unit.isEmpty, let number = Double(text.dropLast(unit.count)), number.isFinite {
                return unit == "ms" ? number / 1000 : number
            }
        }
        throw ReadError(
            path: path, message: "must be { \"value\": number, \"unit\": \"ms\" | \"s\" } or a string like \"400ms\"")
    }
}

// MARK: - Writing

extension SpringDesignToken {
    /// What a written token's `$extensions` are computed for: the motion `springbench match` and
    /// `export --css-linear` are asked for.
    public struct ExportOptions: Sendable {
        /// The travel, 0 → travel, in its units (px).
        public var travel: Double
        /// The start velocity in travel units per second.
        public var velocity: Double
        /// The refresh rates each platform's match is made at.
        public var refreshRates: [Double]
        /// The settling threshold of the exact motion (`--epsilon`).
        public var epsilon: Double
        /// The `linear()` fallback's largest error, in the travel's units.
        public var tolerance: Double

        public init(travel: Double, velocity: Double, refreshRates: [Double], epsilon: Double, tolerance: Double) {
            self.travel = travel
            self.velocity = velocity
            self.refreshRates = refreshRates
            self.epsilon = epsilon
            self.tolerance = tolerance
        }
    }

    /// The token file for `spring` under `name`: pretty-printed JSON with sorted keys, so the same
    /// spring and options always give the same bytes.
    public static func document(name: String, spring: Spring, options: ExportOptions) throws -> Data {
        let labels = SwiftUIParameters(spring)
        var platforms: [String: PlatformEntry] = [:]
        for target in SpringPlatform.matchTargets {
            guard let keyword = target.form?.keyword else { continue }
            let matcher = SpringMatcher(
                source: .exact(spring, epsilon: options.epsilon), target: target, refreshRates: options.refreshRates,
                from: 0, to: options.travel, initialVelocity: options.velocity)
            do {
                platforms[keyword] = PlatformEntry(try matcher.match(), travel: options.travel)
            } catch {
                platforms[keyword] = PlatformEntry(name: target.name, error: "\(error)")
            }
        }
        let relative = options.tolerance / abs(options.travel)
        let linear = CSSExport.linear(
            .exact(spring, velocity: options.velocity / options.travel, epsilon: relative), epsilon: relative)
        let css = CSSFallback(
            easing: linear.text, duration: DurationValue(value: Double(linear.durationMilliseconds), unit: "ms"),
            stops: linear.easing.stops.count, tolerance: options.tolerance,
            largestError: linear.maximumError * abs(options.travel), truncation: linear.truncation * abs(options.travel)
        )
        let token = Token(
            type: "spring",
            description:
                "A spring of mass \(spring.mass), stiffness \(spring.stiffness), damping \(spring.damping) (damping ratio \(PlatformForm.number(spring.dampingRatio))); the platforms' parameters and the CSS fallback are in $extensions.\(extensionKey).",
            value: Value(
                bounce: labels.bounce, duration: DurationValue(value: labels.duration * 1000, unit: "ms"),
                physics: Physics(stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass)),
            extensions: [
                extensionKey: Extension(
                    travel: options.travel, velocity: options.velocity, refreshRates: options.refreshRates,
                    epsilon: options.epsilon, platforms: platforms, cssLinear: css)
            ])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode([name: token])
    }

    struct Token: Encodable {
        var type: String
        var description: String
        var value: Value
        var extensions: [String: Extension]
        enum CodingKeys: String, CodingKey {
            case type = "$type"
            case description = "$description"
            case value = "$value"
            case extensions = "$extensions"
        }
    }

    struct Value: Encodable {
        var bounce: Double
        var duration: DurationValue
        var physics: Physics
    }

    struct DurationValue: Encodable {
        var value: Double
        var unit: String
    }

    struct Physics: Encodable {
        var stiffness: Double
        var damping: Double
        var mass: Double
    }

    struct Extension: Encodable {
        /// The layout of this object; a reader refuses a version it does not know.
        var version = 1
        /// Each platform's parameters are matched to the exact motion (`match --source-platform exact`).
        var source = "exact"
        var travel: Double
        var velocity: Double
        var refreshRates: [Double]
        var epsilon: Double
        var platforms: [String: PlatformEntry]
        var cssLinear: CSSFallback
    }

    struct PlatformEntry: Encodable {
        var name: String
        var code: String?
        var parameters: [String: Double]?
        /// The largest residual over the rates, as a fraction of the travel and in its units.
        var residual: Double?
        var residualUnits: Double?
        var rates: [SpringMatcher.RateDocument]?
        var notExact: String?
        var error: String?

        init(name: String, error: String) {
            self.name = name
            self.error = error
        }

        init(_ result: SpringMatcher.Result, travel: Double) {
            name = result.target.name
            code = result.code
            parameters = Dictionary(uniqueKeysWithValues: result.values.map { ($0.key.rawValue, $0.value) })
            residual = result.residual
            residualUnits = result.residual * abs(travel)
            rates = result.rates.map { SpringMatcher.RateDocument($0, travel: travel) }
            notExact = result.unrepresentable
        }
    }

    struct CSSFallback: Encodable {
        var easing: String
        var duration: DurationValue
        var stops: Int
        /// The bound asked for, and the largest error the easing has (both in the travel's units).
        var tolerance: Double
        var largestError: Double
        /// How far the motion still is from the target when the easing ends, in the travel's units.
        var truncation: Double
    }
}
