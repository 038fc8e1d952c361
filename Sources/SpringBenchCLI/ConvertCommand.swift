import ArgumentParser
import Benchmarking
import SpringBenchSupport
import SpringModel
import SpringPlatforms

/// `springbench convert`: one spring in every parameterization, side by side.
package struct ConvertCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Show one spring, given in any parameterization, in every parameterization.",
        discussion: """
            Conversions go through the canonical mass/stiffness/damping and keep the motion: a spring \
            of mass 2 shows as the mass-1 spring that moves the same way where a platform fixes the mass. \
            Rows without an inverse for this spring say why.

            Two settling times are shown under their own names: exactSettlingDuration, when the motion \
            from rest really stays within --epsilon of the target, and swiftUISettlingDuration, SwiftUI's \
            own settlingDuration estimate. Then each platform's end of the animation from --from to --to \
            (defaults 0 and 1) at --refresh-rate (default 60 Hz), by the platform's own rule in the value's \
            units, with the largest distance its frames show from the exact spring and its clock drift.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @OptionGroup package var springOptions: SpringOptions

    @OptionGroup package var start: StartOptions

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .table

    /// Each parameterization's values for `spring`, or why it has none: the
    /// canonical and derived rows, then every registered family's row
    /// (``SpringParameterizationKind/registry``), each under its unit table.
    static func rows(for spring: Spring, epsilon: Double) -> [Row] {
        [
            Row(
                name: "canonical", units: PhysicalFamily.units,
                values: .success([("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping)])),
            Row(
                name: "derived", units: derivedUnits,
                values: .success([
                    ("naturalFrequency", spring.naturalFrequency), ("dampingRatio", spring.dampingRatio),
                    ("decayRate", spring.decayRate),
                    ("exactSettlingDuration", spring.exactSettlingDuration(epsilon: epsilon)),
                    (
                        "swiftUISettlingDuration",
                        SwiftUISpring(spring).settlingDuration(target: 1, initialVelocity: 0, epsilon: epsilon)
                    ),
                    ("overshootPercent", spring.overshootPercent),
                ])),
        ]
            + SpringParameterizationKind.registry.compactMap { family in
                family.converted(spring, epsilon: epsilon).map {
                    Row(name: family.name, units: family.units, values: $0)
                }
            }
    }

    /// One row of the table: a name, its values (or why there are none) and their units.
    struct Row {
        var name: String
        /// The unit printed after each value, by value name.
        var units: [String: String]
        var values: Result<[(name: String, value: Double)], SpringParameterError>

        /// The unit printed after `value` in the table, if it has one.
        func unit(of value: String) -> String? { units[value] }
    }

    package func run() throws {
        try exitingOnUsageError {
            let spring = try springOptions.spring()
            let velocity = try start.absoluteVelocity()
            let endings = try start.endings(
                for: spring, initialVelocity: velocity, motionRestSpeed: springOptions.motionRestSpeed)
            let rows = Self.rows(for: spring, epsilon: springOptions.epsilon)
            switch format {
            case .table:
                let width = rows.map(\.name.count).max() ?? 0
                for row in rows {
                    let padded = row.name + String(repeating: " ", count: width - row.name.count)
                    switch row.values {
                    case .success(let pairs):
                        print(
                            "\(padded)  "
                                + pairs.map { pair in
                                    "\(pair.name) \(pair.value)" + (row.unit(of: pair.name).map { " \($0)" } ?? "")
                                }.joined(separator: ", "))
                    case .failure(let error):
                        print("\(padded)  — \(error)")
                    }
                }
                print("")
                print(endings.table)
            case .json:
                print(
                    try JSONOutput.string(
                        Document(
                            rows: rows.map { row in
                                switch row.values {
                                case .success(let pairs): (row.name, pairs.map { ($0.name, $0.value) }, nil)
                                case .failure(let error): (row.name, nil, error.description)
                                }
                            }, endings: endings), sortedKeys: false))
            }
        }
    }

    /// `--format json`: one member per row in the table's order (its values,
    /// or `{"error": …}`), then `"endOfAnimation"`; non-finite numbers as null.
    struct Document: Encodable {
        var rows: [(name: String, values: [(name: String, value: Double)]?, error: String?)]
        var endings: PlatformEndings

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: JSONKey.self)
            for row in rows {
                var object = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(row.name))
                if let error = row.error { try object.encode(error, forKey: JSONKey("error")) }
                for (name, value) in row.values ?? [] { try object.encode(value, forKey: JSONKey(name)) }
            }
            try container.encode(endings, forKey: JSONKey("endOfAnimation"))
        }
    }

    /// The units of the derived row (the canonical row's are
    /// ``PhysicalFamily/units``, each family's its own). Mass is in the
    /// value's own mass unit; time in seconds.
    static let derivedUnits: [String: String] = [
        "naturalFrequency": "rad/s", "decayRate": "1/s", "exactSettlingDuration": "s", "swiftUISettlingDuration": "s",
        "overshootPercent": "%",
    ]
}
