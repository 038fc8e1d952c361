import Foundation
import SpringModel

/// How a platform's users write a spring: the parameter family `springbench
/// match` answers in (its names and units) and the code to paste.
///
/// A platform declares its form next to its loop, in its own file
/// (`SpringPlatform(…, form: PlatformForm(…))`); `match --to KEYWORD` finds
/// it through ``SpringPlatform/all``.
public struct PlatformForm: Sendable {
    /// The name `--to` takes (`compose`, `react-spring`).
    public let keyword: String
    /// The family whose parameters describe a spring for this platform.
    public let family: any SpringParameterizationFamily.Type
    /// The code that sets these values in the platform's own API.
    public let code: @Sendable (_ values: [SpringParameter.Name: Double]) -> String

    public init(
        keyword: String, family: any SpringParameterizationFamily.Type,
        code: @escaping @Sendable (_ values: [SpringParameter.Name: Double]) -> String
    ) {
        self.keyword = keyword
        self.family = family
        self.code = code
    }

    /// The family's values for `spring` and the spring they build (the
    /// platform's own ranges and clamps applied), or why it has none.
    public func represent(_ spring: Spring) -> Result<
        (values: [SpringParameter.Name: Double], spring: Spring), SpringParameterError
    > {
        do {
            let values = try family.values(for: spring, epsilon: 0.001)
            let built = try family.makeSpring { values[$0] ?? .nan }
            return .success((values, built))
        } catch {
            return .failure(error)
        }
    }

    /// A number as code shows it: up to 9 significant digits, no trailing zeros.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "\(value)" }
        var text = String(format: "%.9g", value)
        if text.contains("."), !text.contains("e") {
            while text.hasSuffix("0") { text.removeLast() }
            if text.hasSuffix(".") { text.removeLast() }
        }
        return text
    }

    /// A binary32 literal as Kotlin and Java write it (`380f`, `0.8f`).
    public static func float(_ value: Double) -> String { number(Double(Float(value))) + "f" }
}

extension SpringPlatform {
    /// The platforms `springbench match` can answer for (a frame loop and a form), in registry order.
    public static var matchTargets: [SpringPlatform] { all.filter { $0.loop != nil && $0.form != nil } }

    /// The platform whose form's keyword is `keyword`.
    public static func matchTarget(_ keyword: String) -> SpringPlatform? {
        matchTargets.first { $0.form?.keyword == keyword }
    }
}
