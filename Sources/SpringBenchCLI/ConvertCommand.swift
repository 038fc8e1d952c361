import ArgumentParser
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
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @OptionGroup var springOptions: SpringOptions

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
                ("decayRate", spring.decayRate), ("settlingDuration", spring.exactSettlingDuration(epsilon: epsilon)),
                ("overshootPercent", spring.overshootPercent),
            ])),
            row(SwiftUIParameters.self) { SwiftUIParameters(spring) },
            row(ResponseParameters.self) { ResponseParameters(spring) },
            row(SettlingParameters.self) { () throws(SpringParameterError) in try SettlingParameters(spring, epsilon: epsilon) },
            row(UIKitParameters.self) { UIKitParameters(spring) },
            row(CoreAnimationParameters.self) { CoreAnimationParameters(spring) },
            row(AndroidSpringForce.self) { AndroidSpringForce(spring) },
            row(MotionParameters.self) { MotionParameters(spring) },
            row(MotionDurationParameters.self) { () throws(SpringParameterError) in try MotionDurationParameters(spring) },
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
            let rows = Self.rows(for: spring, epsilon: springOptions.epsilon)
            switch format {
            case .table:
                let width = rows.map(\.name.count).max() ?? 0
                for (name, values) in rows {
                    let padded = name + String(repeating: " ", count: width - name.count)
                    switch values {
                    case .success(let pairs):
                        print("\(padded)  " + pairs.map { pair in
                            "\(pair.name) \(pair.value)" + (Self.units[pair.name].map { " \($0)" } ?? "")
                        }.joined(separator: ", "))
                    case .failure(let error):
                        print("\(padded)  — \(error)")
                    }
                }
            case .json:
                let objects = rows.map { name, values -> String in
                    switch values {
                    case .success(let pairs):
                        let fields = pairs.map { "\"\($0.name)\": \(SpringCommand.jsonNumber($0.value))" }
                        return "  \"\(name)\": {\(fields.joined(separator: ", "))}"
                    case .failure(let error):
                        return "  \"\(name)\": {\"error\": \"\(error.description.replacingOccurrences(of: "\"", with: "\\\""))\"}"
                    }
                }
                print("{\n" + objects.joined(separator: ",\n") + "\n}")
            }
        }
    }

    /// The unit printed after each value in the table (JSON keeps bare numbers;
    /// the README's table of parameterizations gives the same units).
    /// Mass is in the value's own mass unit; time in seconds.
    static let units: [String: String] = [
        "duration": "s", "response": "s", "settlingDuration": "s", "visualDuration": "s", "frequency": "s",
        "naturalFrequency": "rad/s", "decayRate": "1/s", "overshootPercent": "%",
        "stiffness": "mass/s²", "damping": "mass/s", "tension": "mass/s²", "friction": "mass/s",
        "initialVelocity": "1/s", "speed": "(Pop units)", "bounciness": "(Pop units)",
    ]
}
