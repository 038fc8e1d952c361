import ArgumentParser
import Benchmarking
import Foundation
import SpringModel
import SpringPlatforms

/// Where a motion starts and ends, and its initial velocity, shared by
/// `springbench spring` and `springbench convert`.
package struct StartOptions: ParsableArguments {
    package init() {}

    @Option(parsing: .unconditional, help: "Start value (default 0).")
    package var from: Double = 0

    @Option(parsing: .unconditional, help: "Target value (default 1).")
    package var to: Double = 1

    @Option(parsing: .unconditional, help: "Initial velocity in units per second.")
    var initialVelocity: Double?

    @Option(
        parsing: .unconditional,
        help: "Initial velocity as a fraction of (to - from) per second, UIKit's convention; needs from != to.")
    var relativeVelocity: Double?

    @Option(
        parsing: .unconditional,
        help: "Initial velocity in units per millisecond, react-spring's convention (config.velocity).")
    var reactVelocity: Double?

    @Option(
        parsing: .unconditional,
        help: "Display refresh rate in Hz for the platforms' frame loops, 1...1000 (default 60).")
    package var refreshRate: Double = 60

    @Option(
        help: ArgumentHelp(
            "Show the platforms' frames on a frame-time trace instead of a steady --refresh-rate: hitch (one 50 ms frame at 0.1 s), drop (the rate halves at 0.2 s) or jitter (±25 %), at --refresh-rate; or a file of frame times in seconds, one per line, the first 0.",
            valueName: "trace"))
    var frameTimes: String?

    /// The display clock: `--frame-times` (a named trace at `--refresh-rate`, or a file), else steady.
    package func clock() throws -> FrameClock {
        guard let frameTimes else { return .steady(refreshRate) }
        return try Self.clock(frameTimes: frameTimes, refreshRate: refreshRate)
    }

    /// `--frame-times`: a named trace at `refreshRate`, or a file of frame times in seconds, one
    /// per line (`#` starts a comment); a ``UsageError`` naming the flag, the line or the time.
    static func clock(frameTimes: String, refreshRate: Double) throws -> FrameClock {
        if FrameClock.traceNames.contains(frameTimes) {
            guard let clock = FrameClock.named(frameTimes, at: refreshRate) else {
                throw UsageError(
                    "--refresh-rate must be 1...1000 Hz for --frame-times \(frameTimes), got \(refreshRate)")
            }
            return clock
        }
        let text: String
        do {
            text = try String(contentsOfFile: frameTimes, encoding: .utf8)
        } catch {
            throw UsageError(
                "--frame-times must be \(FrameClock.traceNames.joined(separator: ", ")) or a readable file, got \(frameTimes)"
            )
        }
        var times: [Double] = []
        for (index, line) in text.split(whereSeparator: \.isNewline).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            guard let time = Double(trimmed), time.isFinite else {
                throw UsageError(
                    "--frame-times \(frameTimes): line \(index + 1): a time in seconds, got \"\(trimmed)\"")
            }
            times.append(time)
        }
        do {
            return try FrameClock(frameTimes: times, name: "the frame times in \(frameTimes)")
        } catch {
            throw UsageError("--frame-times \(frameTimes): \(SpringOptions.message(for: error, flags: [:]))")
        }
    }

    /// Each platform's end of this motion, or a ``UsageError`` naming the flag.
    func endings(for spring: Spring, initialVelocity: Double, motionRestSpeed: Double? = nil) throws -> PlatformEndings
    {
        do throws(SpringParameterError) {
            try PlatformAnimation.check(from: from, to: to, initialVelocity: initialVelocity, refreshRate: refreshRate)
        } catch {
            throw UsageError(
                SpringOptions.message(
                    for: error,
                    flags: [
                        "refreshRate": "--refresh-rate", "from": "--from", "to": "--to",
                        "initialVelocity": "--initial-velocity",
                    ]))
        }
        let clock = try clock()
        let runs = PlatformLoops.all(
            spring, from: from, to: to, initialVelocity: initialVelocity, clock: clock,
            motionRestSpeed: motionRestSpeed)
        let rows = runs.map { run in
            PlatformEndings.Row(
                platform: run.platform, doneTime: run.doneTime,
                largestError: run.largestError(against: spring, from: from, to: to, initialVelocity: initialVelocity),
                clockDrift: run.clockDrift, largestJump: run.largestJump(from: from, to: to))
        }
        return PlatformEndings(
            from: from, to: to, refreshRate: refreshRate, rows: rows, trace: frameTimes == nil ? nil : clock.name)
    }

    /// The initial velocity in units per second, or a ``UsageError`` naming the flag.
    package func absoluteVelocity() throws -> Double {
        for (flag, value) in [("--from", from), ("--to", to)] where !value.isFinite {
            throw UsageError("\(flag) must be a finite number, got \(value)")
        }
        let given = [
            ("--initial-velocity", initialVelocity), ("--relative-velocity", relativeVelocity),
            ("--react-velocity", reactVelocity),
        ].filter { $0.1 != nil }
        if given.count > 1 {
            throw UsageError(
                "give one of --initial-velocity, --relative-velocity and --react-velocity, got "
                    + given.map(\.0).joined(separator: " and "))
        }
        if let absolute = initialVelocity {
            guard absolute.isFinite else {
                throw UsageError("--initial-velocity must be a finite number, got \(absolute)")
            }
            return absolute
        }
        if let perMillisecond = reactVelocity {
            let perSecond = perMillisecond * 1000
            guard perSecond.isFinite else {
                throw UsageError(
                    "--react-velocity must be a finite number of units per ms below 1.8e305, got \(perMillisecond)")
            }
            return perSecond
        }
        if let relative = relativeVelocity {
            do {
                return try RelativeVelocity(relative).absolute(from: from, to: to)
            } catch .relativeVelocityWithoutDistance {
                throw UsageError(
                    "--relative-velocity must be 0 when --from equals --to (it is a fraction of to - from), "
                        + "got \(relative) with --from = --to = \(from); give --initial-velocity in units per second instead"
                )
            } catch {
                throw UsageError(SpringOptions.message(for: error, flags: ["relativeVelocity": "--relative-velocity"]))
            }
        }
        return 0
    }
}

/// When each platform declares a motion finished, as `spring` and `convert` print it.
struct PlatformEndings: Encodable {
    struct Row {
        var platform: SpringPlatform
        var doneTime: Double?
        var largestError: Double
        var clockDrift: Double?
        /// The largest step between two frames, as a fraction of the travel.
        var largestJump: Double
    }

    var from: Double
    var to: Double
    var refreshRate: Double
    var rows: [Row]
    /// The frame-time trace the frames were shown on, or nil for a steady rate.
    var trace: String?

    /// The table lines, a heading first.
    var table: String {
        var lines = [
            "end of the animation from \(from) to \(to) "
                + (trace.map { "on \($0)" } ?? "at \(refreshRate) Hz")
                + ", by each platform's own rule "
                + "(largest error of its frames against the exact spring at the same instants, as a fraction of the travel"
                + (trace == nil ? "):" : "; largest jump between two frames, the same):")
        ]
        let width = rows.map(\.platform.shortName.count).max() ?? 0
        for row in rows {
            let name = row.platform.shortName
            let padded = name + String(repeating: " ", count: width - name.count)
            lines.append(
                "\(padded)  done at " + (row.doneTime.map { "\($0) s" } ?? "never within 60 s")
                    + ", largest error \(row.largestError)"
                    + (row.clockDrift.map { ", clock drift \($0 * 100) %" } ?? "")
                    + (trace == nil ? "" : ", largest jump \(row.largestJump)"))
        }
        return lines.joined(separator: "\n")
    }

    /// `"endOfAnimation"`'s value in `--format json`: `from`, `to`,
    /// `refreshRate`, and `platforms`, each platform's `doneTime`,
    /// `largestError` and `clockDrift` (null when absent or not finite).
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: JSONKey.self)
        try container.encode(from, forKey: JSONKey("from"))
        try container.encode(to, forKey: JSONKey("to"))
        try container.encode(refreshRate, forKey: JSONKey("refreshRate"))
        if let trace { try container.encode(trace, forKey: JSONKey("frameTimes")) }
        var platforms = container.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey("platforms"))
        for row in rows {
            var platform = platforms.nestedContainer(keyedBy: JSONKey.self, forKey: JSONKey(row.platform.shortName))
            try platform.encode(row.doneTime, forKey: JSONKey("doneTime"))  // Optional: null when never done
            try platform.encode(row.largestError, forKey: JSONKey("largestError"))
            try platform.encode(row.clockDrift, forKey: JSONKey("clockDrift"))
            if trace != nil { try platform.encode(row.largestJump, forKey: JSONKey("largestJump")) }
        }
    }
}

/// A JSON object key known only at run time (a platform's or a row's name).
struct JSONKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ name: String) { stringValue = name }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}
