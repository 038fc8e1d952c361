import ArgumentParser
import SpringModel

/// Where a motion starts and ends, and its initial velocity, shared by
/// `springbench spring` and `springbench convert`.
struct StartOptions: ParsableArguments {
    @Option(parsing: .unconditional, help: "Start value (default 0).")
    var from: Double = 0

    @Option(parsing: .unconditional, help: "Target value (default 1).")
    var to: Double = 1

    @Option(parsing: .unconditional, help: "Initial velocity in units per second.")
    var initialVelocity: Double?

    @Option(parsing: .unconditional, help: "Initial velocity as a fraction of (to - from) per second, UIKit's convention; needs from != to.")
    var relativeVelocity: Double?

    @Option(parsing: .unconditional, help: "Initial velocity in units per millisecond, react-spring's convention (config.velocity).")
    var reactVelocity: Double?

    /// The initial velocity in units per second, or a ``UsageError`` naming the flag.
    func absoluteVelocity() throws -> Double {
        for (flag, value) in [("--from", from), ("--to", to)] where !value.isFinite {
            throw UsageError("\(flag) must be a finite number, got \(value)")
        }
        let given = [("--initial-velocity", initialVelocity), ("--relative-velocity", relativeVelocity),
                     ("--react-velocity", reactVelocity)].filter { $0.1 != nil }
        if given.count > 1 {
            throw UsageError("give one of --initial-velocity, --relative-velocity and --react-velocity, got "
                + given.map(\.0).joined(separator: " and "))
        }
        if let absolute = initialVelocity {
            guard absolute.isFinite else { throw UsageError("--initial-velocity must be a finite number, got \(absolute)") }
            return absolute
        }
        if let perMillisecond = reactVelocity {
            let perSecond = perMillisecond * 1000
            guard perSecond.isFinite else {
                throw UsageError("--react-velocity must be a finite number of units per ms below 1.8e305, got \(perMillisecond)")
            }
            return perSecond
        }
        if let relative = relativeVelocity {
            do {
                return try RelativeVelocity(relative).absolute(from: from, to: to)
            } catch .relativeVelocityWithoutDistance {
                throw UsageError(
                    "--relative-velocity must be 0 when --from equals --to (it is a fraction of to - from), "
                        + "got \(relative) with --from = --to = \(from); give --initial-velocity in units per second instead")
            } catch {
                throw UsageError(SpringOptions.message(for: error, flags: ["relativeVelocity": "--relative-velocity"]))
            }
        }
        return 0
    }
}
