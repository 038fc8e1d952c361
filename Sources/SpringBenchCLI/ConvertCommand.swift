import ArgumentParser
import Benchmarking
import SpringModel

/// `springbench convert`: one spring in every parameterization, side by side.
struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
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

    @OptionGroup var springOptions: SpringOptions

    @OptionGroup var start: StartOptions

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .table

    /// Each parameterization's values for `spring`, or why it has none.
    static func rows(for spring: Spring, epsilon: Double) -> [(name: String, values: Result<[(name: String, value: Double)], SpringParameterError>)] {
        func row<P: SpringParameterization>(_ type: P.Type, _ make: () throws(SpringParameterError) -> P) -> (String, Result<[(name: String, value: Double)], SpringParameterError>) {
            do {
                return (P.parameterizationName, .success(try make().namedValues))
            } catch {
                return (P.parameterizationName, .failure(error))
            }
        }
        return [
            ("canonical", .success([("mass", spring.mass), ("stiffness", spring.stiffness), ("damping", spring.damping)])),
            ("derived", .success([
                ("naturalFrequency", spring.naturalFrequency), ("dampingRatio", spring.dampingRatio),
                ("decayRate", spring.decayRate), ("exactSettlingDuration", spring.exactSettlingDuration(epsilon: epsilon)),
                ("swiftUISettlingDuration", SwiftUISpring(spring).settlingDuration(target: 1, initialVelocity: 0, epsilon: epsilon)),
                ("overshootPercent", spring.overshootPercent),
            ])),
            row(SwiftUIParameters.self) { SwiftUIParameters(spring) },
            row(ResponseParameters.self) { ResponseParameters(spring) },
            row(SettlingParameters.self) { () throws(SpringParameterError) in try SettlingParameters(spring, epsilon: epsilon) },
            row(SwiftUISettlingParameters.self) { () throws(SpringParameterError) in
                try SwiftUISettlingParameters(spring, epsilon: epsilon)
            },
            row(UIKitParameters.self) { UIKitParameters(spring) },
            row(CoreAnimationParameters.self) { CoreAnimationParameters(spring) },
            row(AndroidSpringForce.self) { AndroidSpringForce(spring) },
            row(MotionParameters.self) { MotionParameters(spring) },
            row(MotionDurationParameters.self) { () throws(SpringParameterError) in try MotionDurationParameters(spring) },
            row(MotionPhysicalDurationParameters.self) { () throws(SpringParameterError) in
                try MotionPhysicalDurationParameters(spring)
            },
            row(ReactSpringParameters.self) { ReactSpringParameters(spring) },
            ("react-spring frequency/damping", .success([
                ("frequency", ReactSpringParameters(spring).frequency), ("damping", ReactSpringParameters(spring).dampingRatio),
            ])),
            row(OrigamiParameters.self) { OrigamiParameters(spring) },
            row(PopParameters.self) { () throws(SpringParameterError) in try PopParameters(spring) },
        ]
    }

    func run() throws {
        try exitingOnUsageError {
            let spring = try springOptions.spring()
            let velocity = try start.absoluteVelocity()
            let endings = try start.endings(for: spring, initialVelocity: velocity, motionRestSpeed: springOptions.motionRestSpeed)
            let rows = Self.rows(for: spring, epsilon: springOptions.epsilon)
            switch format {
            case .table:
                let width = rows.map(\.name.count).max() ?? 0
                for (name, values) in rows {
                    let padded = name + String(repeating: " ", count: width - name.count)
                    switch values {
                    case .success(let pairs):
                        print("\(padded)  " + pairs.map { pair in
                            "\(pair.name) \(pair.value)" + (Self.unit(of: pair.name, in: name).map { " \($0)" } ?? "")
                        }.joined(separator: ", "))
                    case .failure(let error):
                        print("\(padded)  — \(error)")
                    }
                }
                print("")
                print(endings.table)
            case .json:
                print(try JSONOutput.string(Document(rows: rows.map { name, values in
                    switch values {
                    case .success(let pairs): (name, pairs.map { ($0.name, $0.value) }, nil)
                    case .failure(let error): (name, nil, error.description)
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

    /// The unit printed after each value in the table (JSON keeps bare numbers;
    /// the README's table of parameterizations gives the same units).
    /// Mass is in the value's own mass unit; time in seconds.
    static let units: [String: String] = [
        "duration": "s", "response": "s", "settlingDuration": "s", "exactSettlingDuration": "s", "swiftUISettlingDuration": "s", "visualDuration": "s", "frequency": "s",
        "naturalFrequency": "rad/s", "decayRate": "1/s", "overshootPercent": "%",
        "stiffness": "mass/s²", "damping": "mass/s", "tension": "mass/s²", "friction": "mass/s",
        "initialVelocity": "1/s", "speed": "(Pop units)", "bounciness": "(Pop units)",
    ]

    /// The unit of `value` in row `row`: react-spring's frequency form calls
    /// its damping ratio `damping`, which has no unit.
    static func unit(of value: String, in row: String) -> String? {
        row == "react-spring frequency/damping" && value == "damping" ? nil : units[value]
    }
}
