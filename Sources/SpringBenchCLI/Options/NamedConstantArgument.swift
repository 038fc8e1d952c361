import ArgumentParser
import SpringModel

/// A number, or one of a platform's named constants: Android's
/// `STIFFNESS_MEDIUM` / Compose's `StiffnessMedium` / `medium` all read 1500.
/// Names are matched ignoring case, `_` and `-`, with or without the
/// constant's prefix.
protocol NamedConstantArgument: ExpressibleByArgument {
    /// The constants by their short name (`"mediumlow"`), and the prefixes the platforms write before it.
    static var constants: [(name: String, value: Double)] { get }
    static var prefixes: [String] { get }
    var value: Double { get }
    init(value: Double)
}

extension NamedConstantArgument {
    init?(argument: String) {
        if let number = Double(argument) {
            self.init(value: number)
            return
        }
        var key = argument.lowercased().filter { $0 != "_" && $0 != "-" }
        for prefix in Self.prefixes where key.hasPrefix(prefix) {
            key.removeFirst(prefix.count)
            break
        }
        guard let match = Self.constants.first(where: { $0.name == key }) else { return nil }
        self.init(value: match.value)
    }

    /// The names for help texts: `high 10000, medium 1500, …`.
    static var listing: String {
        constants.map { "\($0.name) \(Int(exactly: $0.value).map(String.init) ?? "\($0.value)")" }.joined(
            separator: ", ")
    }
}

/// `--android-stiffness`: a number or `SpringForce.STIFFNESS_*` / Compose `Spring.Stiffness*`.
struct AndroidStiffnessArgument: NamedConstantArgument {
    var value: Double
    static let constants: [(name: String, value: Double)] = [
        ("high", AndroidSpringForce.Stiffness.high), ("medium", AndroidSpringForce.Stiffness.medium),
        ("mediumlow", AndroidSpringForce.Stiffness.mediumLow), ("low", AndroidSpringForce.Stiffness.low),
        ("verylow", AndroidSpringForce.Stiffness.veryLow),
    ]
    static let prefixes = ["stiffness"]
}

/// `--damping-ratio`: a number or `SpringForce.DAMPING_RATIO_*` / Compose `Spring.DampingRatio*`.
struct DampingRatioArgument: NamedConstantArgument {
    var value: Double
    static let constants: [(name: String, value: Double)] = [
        ("highbouncy", AndroidSpringForce.DampingRatio.highBouncy),
        ("mediumbouncy", AndroidSpringForce.DampingRatio.mediumBouncy),
        ("lowbouncy", AndroidSpringForce.DampingRatio.lowBouncy),
        ("nobouncy", AndroidSpringForce.DampingRatio.noBouncy),
    ]
    static let prefixes = ["dampingratio"]
}
