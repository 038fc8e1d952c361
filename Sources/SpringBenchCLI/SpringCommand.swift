import ArgumentParser
import Benchmarking
import Foundation
import SpringBenchSupport
import SpringModel

/// `springbench spring`: evaluates one spring in closed form at chosen times.
package struct SpringCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "spring",
        abstract: "Evaluate one spring, given in any parameterization, in closed form.",
        discussion: """
            The value moves from --from to --to (defaults 0 and 1) starting with --initial-velocity \
            (units per second), --relative-velocity (UIKit's: fractions of to - from per second) or \
            --react-velocity (react-spring's: units per millisecond). \
            Sample times come from --times or from --until with --samples (default: 11 samples up to \
            the settling duration). exactSettlingDuration is the spring's from rest: the time after which \
            |x - target| stays within epsilon of the initial displacement.
            """
    )

    enum Format: String, ExpressibleByArgument, CaseIterable {
        case table, json
    }

    @OptionGroup package var springOptions: SpringOptions

    @OptionGroup package var start: StartOptions

    var from: Double { start.from }
    var to: Double { start.to }

    @Option(parsing: .unconditional, help: "Comma-separated sample times in seconds (finite, >= 0).")
    var times: String?

    @Option(parsing: .unconditional, help: "Last sample time in seconds (> 0), with --samples.")
    var until: Double?

    @Option(
        parsing: .unconditional, help: "Number of evenly spaced samples from 0 to --until, 2...1000000 (default 11).")
    var samples: Int?

    @Option(help: "Output format: \(Format.allCases.map(\.rawValue).joined(separator: ", ")).")
    var format: Format = .table

    package func run() throws {
        try exitingOnUsageError {
            let spring = try springOptions.spring()
            let velocity = try absoluteVelocity()
            let sampleTimes = try self.sampleTimes(for: spring)
            let settling = spring.exactSettlingDuration(epsilon: springOptions.epsilon)
            let rows = sampleTimes.map { t in (t, position(spring, velocity, t), self.velocity(spring, velocity, t)) }
            let endings = try start.endings(
                for: spring, initialVelocity: velocity, motionRestSpeed: springOptions.motionRestSpeed)
            switch format {
            case .json:
                print(try Self.json(spring: spring, settling: settling, rows: rows, endings: endings))
            case .table:
                print(table(spring: spring, velocity: velocity, settling: settling, rows: rows))
                print("")
                print(endings.table)
            }
        }
    }

    /// `from − to` and the initial velocity, halved when `from − to` overflows
    /// (a span of 2e308 is a valid motion): position and velocity are linear in
    /// them and the settling, arrival and overshoot figures do not depend on
    /// their scale, so the motion is computed at half scale and doubled back.
    func scaledStart(_ velocity: Double) -> (displacement: Double, velocity: Double, scale: Double) {
        let displacement = from - to
        if displacement.isFinite { return (displacement, velocity, 1) }
        return (from / 2 - to / 2, velocity / 2, 2)
    }

    func position(_ spring: Spring, _ velocity: Double, _ t: Double) -> Double {
        let (u0, v0, scale) = scaledStart(velocity)
        let p = spring.propagator(time: t)
        return scale * (to / scale + (p.positionFromDisplacement * u0 + p.positionFromVelocity * v0))
    }

    func velocity(_ spring: Spring, _ velocity: Double, _ t: Double) -> Double {
        let (u0, v0, scale) = scaledStart(velocity)
        let p = spring.propagator(time: t)
        return scale * (p.velocityFromDisplacement * u0 + p.velocityFromVelocity * v0)
    }

    func absoluteVelocity() throws -> Double { try start.absoluteVelocity() }

    package func sampleTimes(for spring: Spring) throws -> [Double] {
        if let times {
            guard until == nil, samples == nil else { throw UsageError("give --times or --until/--samples, not both") }
            return try times.split(separator: ",", omittingEmptySubsequences: false).map { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let t = Double(trimmed), t.isFinite, t >= 0 else {
                    throw UsageError(
                        "--times must be finite numbers >= 0, got \(trimmed.isEmpty ? "an empty item" : String(trimmed))"
                    )
                }
                return t
            }
        }
        let count = samples ?? 11
        guard (2...1_000_000).contains(count) else {
            throw UsageError("--samples must be in 2...1000000, got \(count)")
        }
        let end: Double
        if let until {
            guard until.isFinite, until > 0 else {
                throw UsageError("--until must be a finite number > 0, got \(until)")
            }
            end = until
        } else {
            let settling = spring.exactSettlingDuration(epsilon: springOptions.epsilon)
            end = settling.isFinite && settling > 0 ? settling : 4 * spring.response
        }
        // No overflow for `end` near the largest Double.
        return (0..<count).map { end * (Double($0) / Double(count - 1)) }
    }

    /// `--format json`: one object, keys in the documented order (encoding
    /// order), non-finite numbers as `null` (``JSONOutput``).
    struct Document: Encodable {
        struct SpringFields: Encodable {
            var mass, stiffness, damping, dampingRatio, response, bounce: Double
            var exactSettlingDuration, swiftUISettlingDuration: Double
        }

        struct Sample: Encodable {
            var time, value, velocity: Double
        }

        var spring: SpringFields
        var samples: [Sample]
        var endOfAnimation: PlatformEndings
    }

    static func json(spring: Spring, settling: Double, rows: [(Double, Double, Double)], endings: PlatformEndings)
        throws -> String
    {
        let document = Document(
            spring: .init(
                mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                dampingRatio: spring.dampingRatio,
                response: spring.response, bounce: spring.bounce, exactSettlingDuration: settling,
                swiftUISettlingDuration: spring.swiftUISettlingDuration),
            samples: rows.map { Document.Sample(time: $0.0, value: $0.1, velocity: $0.2) },
            endOfAnimation: endings)
        return try JSONOutput.string(document, sortedKeys: false)
    }

    func table(spring: Spring, velocity: Double, settling: Double, rows: [(Double, Double, Double)]) -> String {
        let (u0, scaledVelocity, _) = scaledStart(velocity)
        var lines = [
            "spring: mass \(spring.mass), stiffness \(spring.stiffness) mass/s², damping \(spring.damping) mass/s",
            "        damping ratio \(spring.dampingRatio), response \(spring.response) s, bounce \(spring.bounce)",
            "        exact settling duration \(settling) s (epsilon \(springOptions.epsilon), from rest); "
                + "SwiftUI's settlingDuration estimate \(spring.swiftUISettlingDuration) s",
            "motion: from \(from) to \(to) (value units), initial velocity \(velocity) value units/s",
        ]
        if u0 != 0 || scaledVelocity != 0 {
            let arrival = spring.arrivalTime(initialDisplacement: u0, initialVelocity: scaledVelocity)
            let overshoot = spring.overshootPercent(initialDisplacement: u0, initialVelocity: scaledVelocity)
            let motionSettling = spring.exactSettlingDuration(
                initialDisplacement: u0, initialVelocity: scaledVelocity, epsilon: springOptions.epsilon)
            lines.append(
                "        settles after \(motionSettling) s, first reaches the target at "
                    + (arrival.map { "\($0) s" } ?? "never") + ", overshoot "
                    + (overshoot.map { "\($0) %" } ?? "n/a"))
        }
        let header = ["time (s)", "value", "velocity (/s)"]
        let cells = rows.map { ["\($0.0)", "\($0.1)", "\($0.2)"] }
        let widths = (0..<3).map { column in ([header] + cells).map { $0[column].count }.max() ?? 0 }
        func line(_ row: [String]) -> String {
            zip(row, widths).map { String(repeating: " ", count: $1 - $0.count) + $0 }.joined(separator: "  ")
        }
        lines.append("")
        lines.append(line(header))
        lines.append(String(repeating: "-", count: widths.reduce(0, +) + 4))
        lines.append(contentsOf: cells.map(line))
        return lines.joined(separator: "\n")
    }
}
