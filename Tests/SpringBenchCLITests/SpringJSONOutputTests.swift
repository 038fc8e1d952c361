import Foundation
import SpringBenchCLI
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels
import _PlatformTestSupport
import _TestSupport

/// `spring`, `convert` and `export` with `--format json`, read back with
/// JSONDecoder (exact for every double) and checked field by field against
/// values computed here apart from the writer: the closed-form motion written
/// out below, the defining formulas of the derived figures, each family's
/// flags fed back to `spring` (a value shown under another family's or
/// parameter's name does not round-trip), and the CSS read by
/// ``CSSLinearReader``.
@Suite("spring, convert and export --format json: every field shows its own value")
struct SpringJSONOutputTests {
    /// The under-damped motion from `u0` (from − to) and `v0`, as the
    /// textbook writes it: u(t) = e^(−αt)(u0 cos ω_d t + (v0 + α u0)/ω_d sin ω_d t).
    static func underDamped(k: Double, c: Double, m: Double, u0: Double, v0: Double, t: Double) -> (
        u: Double, v: Double
    ) {
        let alpha = c / (2 * m)
        let omega = (k / m - alpha * alpha).squareRoot()
        let (a, b) = (u0, (v0 + alpha * u0) / omega)
        let (cosine, sine, decay) = (cos(omega * t), sin(omega * t), exp(-alpha * t))
        let u = decay * (a * cosine + b * sine)
        let v = decay * ((b * omega - alpha * a) * cosine - (a * omega + alpha * b) * sine)
        return (u, v)
    }

    static func run(_ arguments: [String]) throws -> String {
        let outcome = SpringBenchCLI.run(arguments)
        try #require(outcome.status == 0, "\(arguments): \(outcome)")
        return outcome.stdout
    }

    /// Where each key first appears in `text` (for the documented key order).
    static func offsets(_ keys: [String], in text: String) throws -> [Int] {
        try keys.map { key in
            let range = try #require(text.range(of: "\"\(key)\""), "no \(key) in \(text.prefix(200))")
            return text.distance(from: text.startIndex, to: range.lowerBound)
        }
    }

    // MARK: spring

    struct SpringRead: Decodable {
        struct Fields: Decodable {
            var mass, stiffness, damping, dampingRatio, response, bounce: Double
            var exactSettlingDuration, swiftUISettlingDuration: Double
        }
        struct Sample: Decodable { var time, value, velocity: Double }
        struct Ending: Decodable {
            var doneTime: Double?
            var largestError: Double
            var clockDrift: Double?
        }
        struct End: Decodable {
            var from, to, refreshRate: Double
            var platforms: [String: Ending]
        }
        var spring: Fields
        var samples: [Sample]
        var endOfAnimation: End
    }

    @Test("spring: the spring's eight fields, each sample's time, value and velocity, each platform's ending")
    func spring() throws {
        let (k, c, m, from, to, v0) = (170.0, 20.0, 2.0, 3.0, -5.0, 4.0)
        let times = [0.3, 0, 1.7, 0.05]  // not ascending: the samples keep the order asked
        let text = try Self.run([
            "spring", "--stiffness", "170", "--damping", "20", "--mass", "2", "--from", "3", "--to", "-5",
            "--initial-velocity", "4", "--times", "0.3,0,1.7,0.05", "--refresh-rate", "90", "--epsilon", "0.002",
            "--format", "json",
        ])
        let read = try JSONDecoder().decode(SpringRead.self, from: Data(text.utf8))
        let zeta = c / (2 * (k * m).squareRoot())
        #expect(read.spring.mass == m && read.spring.stiffness == k && read.spring.damping == c)
        // Each derived figure from its definition: a few roundings apart at most.
        #expect(abs(read.spring.dampingRatio - zeta) <= 4 * zeta.ulp)
        let response = 2 * Double.pi / (k / m).squareRoot()
        #expect(abs(read.spring.response - response) <= 4 * response.ulp)
        #expect(abs(read.spring.bounce - (1 - zeta)) <= 4 * (1 - zeta).ulp)
        let spring = try Spring(mass: m, stiffness: k, damping: c)
        #expect(read.spring.exactSettlingDuration == spring.exactSettlingDuration(epsilon: 0.002))
        #expect(read.spring.exactSettlingDuration != spring.exactSettlingDuration(epsilon: 0.001))
        #expect(read.spring.swiftUISettlingDuration == spring.swiftUISettlingDuration)
        #expect(read.spring.swiftUISettlingDuration != read.spring.exactSettlingDuration)

        #expect(read.samples.map(\.time) == times)
        let scale = abs(from - to) + abs(v0) / (k / m).squareRoot()
        for sample in read.samples {
            let exact = Self.underDamped(k: k, c: c, m: m, u0: from - to, v0: v0, t: sample.time)
            // A handful of roundings in each closed form, relative to the motion's scale.
            #expect(abs(sample.value - (to + exact.u)) <= 1e-13 * scale, "t = \(sample.time)")
            #expect(abs(sample.velocity - exact.v) <= 1e-13 * scale * (k / m).squareRoot(), "t = \(sample.time)")
        }

        let end = read.endOfAnimation
        #expect(end.from == from && end.to == to && end.refreshRate == 90)
        let runs = PlatformLoops.all(spring, from: from, to: to, initialVelocity: v0, refreshRate: 90)
        #expect(Set(end.platforms.keys) == Set(PlatformNames.all))
        #expect(Set(end.platforms.keys).count == runs.count)
        for run in runs {
            let shown = try #require(end.platforms[run.platform.shortName], "\(run.platform)")
            #expect(shown.doneTime == run.doneTime, "\(run.platform)")
            #expect(
                shown.largestError == run.largestError(against: spring, from: from, to: to, initialVelocity: v0),
                "\(run.platform)")
            #expect(shown.clockDrift == run.clockDrift, "\(run.platform)")
            // 90 Hz: every platform's done time is a whole frame of its own clock after the start.
            if let done = shown.doneTime { #expect(done > 0 && done < 60, "\(run.platform)") }
        }
        // Not all the same figure: a column filled from one platform would pass the loop above only then.
        #expect(Set(runs.compactMap(\.doneTime)).count > 3)
        // The documented key order.
        let order = try Self.offsets(
            [
                "spring", "mass", "stiffness", "damping", "dampingRatio", "response", "bounce", "exactSettlingDuration",
                "swiftUISettlingDuration", "samples", "endOfAnimation",
            ], in: text)
        #expect(order == order.sorted())
        let ending = try Self.offsets(["endOfAnimation", "from", "to", "refreshRate", "platforms"], in: text)
        #expect(ending == ending.sorted())
    }

    // MARK: convert

    typealias ConvertRead = [String: [String: JSONValue]]

    /// A JSON value of convert's rows: a number, a string (a row's error) or an object (the endings).
    enum JSONValue: Decodable {
        case number(Double)
        case text(String)
        case other
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let number = try? container.decode(Double.self) {
                self = .number(number)
            } else if let text = try? container.decode(String.self) {
                self = .text(text)
            } else {
                self = .other
            }
        }
        var number: Double? { if case .number(let value) = self { value } else { nil } }
    }

    /// What a family's own rule lets a round trip move k/m and c/m by: anime.js
    /// v4.2+ rounds k and c to 3 decimals (`AnimeV42DurationParameters`,
    /// juliangarnier/anime 0d82be2a `calculateSDFromBD`): ±5e-4 each. SwiftUI's
    /// settling form stops its Newton iteration once a step is at most ε =
    /// 0.001 rad/s (`SwiftUISettlingParameters`), so ω₀ is within ε: k = ω₀²
    /// within 2ω₀ε + ε², c = 2ζω₀ within 2ζε. Every other family: none.
    static func roundTripAllowance(_ family: String, omega: Double, zeta: Double) -> (k: Double, c: Double) {
        switch family {
        case AnimeV42DurationFamily.name: (5e-4, 5e-4)
        case SwiftUISettlingFamily.name: (2 * omega * 1e-3 + 1e-6, 2 * zeta * 1e-3)
        default: (0, 0)
        }
    }

    /// Seeded springs across the under-damped range convert's families cover.
    static func springs(count: Int) -> [(k: Double, c: Double, m: Double)] {
        var generator = SplitMix64(seed: 0x5EED_C0DE)
        return (0..<count).map { _ in
            let m = [1.0, 2.5, 0.4][Int(generator.next() % 3)]
            let k = exp(log(20.0) + Double(generator.next() % 1_000_000) / 1e6 * log(50.0)) * m
            let zeta = 0.15 + 0.8 * Double(generator.next() % 1_000_000) / 1e6
            return (k, 2 * zeta * (k * m).squareRoot(), m)
        }
    }

    @Test(
        "convert: canonical and derived rows from their definitions; every family's row fed back to spring is the same motion",
        arguments: 0..<6
    )
    func convertRoundTrip(spring index: Int) throws {
        // One seeded spring per case: the cases run in parallel (serially, six took 30 s of a
        // one-minute unit tier in debug, every other test of the target waiting behind them).
        var roundTrips: Set<String> = []
        for (k, c, m) in [Self.springs(count: 6)[index]] {
            let arguments = ["--mass", "\(m)", "--stiffness", "\(k)", "--damping", "\(c)", "--format", "json"]
            let text = try Self.run(["convert"] + arguments)
            let read = try JSONDecoder().decode(ConvertRead.self, from: Data(text.utf8))
            let canonical = try #require(read["canonical"])
            #expect(canonical["mass"]?.number == m && canonical["stiffness"]?.number == k)
            #expect(canonical["damping"]?.number == c)
            let derived = try #require(read["derived"])
            let omega = (k / m).squareRoot()
            let zeta = c / (2 * (k * m).squareRoot())
            for (name, expected) in [
                ("naturalFrequency", omega), ("dampingRatio", zeta), ("decayRate", c / (2 * m)),
                ("overshootPercent", 100 * exp(-Double.pi * zeta / (1 - zeta * zeta).squareRoot())),
            ] {
                let shown = try #require(derived[name]?.number, "\(name)")
                #expect(abs(shown - expected) <= 1e-13 * expected, "\(name): \(shown) vs \(expected)")
            }
            let spring = try Spring(mass: m, stiffness: k, damping: c)
            #expect(derived["exactSettlingDuration"]?.number == spring.exactSettlingDuration(epsilon: 0.001))
            #expect(derived["swiftUISettlingDuration"]?.number.map { $0 > 0 } == true)
            // The rows in the table's order: canonical, derived, then the registry's.
            let rowNames =
                ["canonical", "derived"]
                + SpringParameterizationKind.registry.compactMap { family in
                    family.converted(spring, epsilon: 0.001) == nil ? nil : family.name
                }
            #expect(Set(read.keys) == Set(rowNames + ["endOfAnimation"]))
            let offsets = try Self.offsets(rowNames.map { $0 }, in: text)
            #expect(offsets == offsets.sorted(), "\(rowNames)")

            // Each family's row through its own flags back to spring: the same motion (k/m, c/m).
            for family in SpringParameterizationKind.registry where !family.flags.isEmpty {
                guard let row = read[family.name], row["error"] == nil else { continue }
                var flags: [String] = []
                for (flag, parameter) in family.flags {
                    let value = try #require(
                        row[parameter.rawValue]?.number, "\(family.name) shows no \(parameter.rawValue): \(row.keys)")
                    flags += [flag, "\(value)"]
                }
                let back = try JSONDecoder().decode(
                    SpringRead.self, from: Data(try Self.run(["spring"] + flags + ["--format", "json"]).utf8))
                let (kBack, cBack) = (back.spring.stiffness / back.spring.mass, back.spring.damping / back.spring.mass)
                // Values print with 17 digits and most inverses are closed forms: 1e-9 is rounding with
                // room. Two families round or stop early by their platform's own rule (allowances below).
                let omega = (k / m).squareRoot()
                let (kAllowance, cAllowance) = Self.roundTripAllowance(family.name, omega: omega, zeta: zeta)
                #expect(abs(kBack - k / m) <= 1e-9 * (k / m) + kAllowance, "\(family.name): k/m \(kBack) vs \(k / m)")
                #expect(abs(cBack - c / m) <= 1e-9 * omega + cAllowance, "\(family.name): c/m \(cBack) vs \(c / m)")
                roundTrips.insert(family.name)
            }
            // Every family with flags that converts this spring (the library's own answer) made the
            // round trip or says in its row why not: a family dropping its row shows here.
            let convertible = SpringParameterizationKind.registry.filter { family in
                !family.flags.isEmpty && family.converted(spring, epsilon: 0.001) != nil
            }
            let explained = Set(read.filter { $0.value["error"] != nil }.keys)
            #expect(
                roundTrips.union(explained).isSuperset(of: convertible.map { $0.name }),
                "\(roundTrips), errors in \(explained)")
        }
    }

    @Test("convert: over the seeded springs, at least 12 families with flags show a row without error")
    func convertFamiliesShown() throws {
        // The round trip above runs one spring per case; across them, the families it can take.
        var shown: Set<String> = []
        for (k, c, m) in Self.springs(count: 6) {
            let text = try Self.run([
                "convert", "--mass", "\(m)", "--stiffness", "\(k)", "--damping", "\(c)", "--format", "json",
            ])
            let read = try JSONDecoder().decode(ConvertRead.self, from: Data(text.utf8))
            for family in SpringParameterizationKind.registry where !family.flags.isEmpty {
                if let row = read[family.name], row["error"] == nil { shown.insert(family.name) }
            }
        }
        #expect(shown.count >= 12, "\(shown)")
    }

    // MARK: export

    struct ExportRead: Decodable {
        var source: String
        var travel: Double
        var tolerance: Double
        var durationMilliseconds: Int
        var stops: Int
        var uniformStops: Int
        var linearError: Double
        var truncation: Double
        var linear: String
        var keyframes: String
        var cubicBezier: String
        var cubicBezierError: Double
    }

    @Test("export: the easing, keyframes and Bézier as written; each error the largest difference, in travel units")
    func export() throws {
        let (k, c, travel, tolerance, velocity) = (170.0, 20.0, -40.0, 0.2, 30.0)
        let options = [
            "--stiffness", "170", "--damping", "20", "--travel", "-40", "--tolerance", "0.2", "--velocity", "30",
            "--css-linear", "--keyframes", "--cubic-bezier", "--property", "translateY", "--name", "drop",
        ]
        let read = try JSONDecoder().decode(
            ExportRead.self, from: Data(try Self.run(["export"] + options + ["--format", "json"]).utf8))
        #expect(read.travel == travel && read.tolerance == tolerance)
        #expect(read.source.contains("exact spring"))
        // The text output prints the same easing, Bézier, keyframes and duration.
        let text = try Self.run(["export"] + options)
        #expect(text.contains("transition-timing-function: \(read.linear);"))
        #expect(text.contains("transition-timing-function: \(read.cubicBezier);"))
        #expect(text.contains(read.keyframes))
        #expect(text.contains("transition-duration: \(read.durationMilliseconds)ms;"))
        // --css-linear and --cubic-bezier share one duration: printed once.
        #expect(text.split(separator: "\n").filter { $0.hasPrefix("transition-duration:") }.count == 1, "\(text)")
        #expect(text.contains("animation: drop \(read.durationMilliseconds)ms linear both;"))

        // The motion in progress units (0 → 1) over the stated duration.
        let duration = Double(read.durationMilliseconds) / 1000
        let progress = { (p: Double) -> Double in
            1 + Self.underDamped(k: k, c: c, m: 1, u0: -1, v0: velocity / travel, t: p * duration).u
        }
        let points = try #require(CSSLinearReader.points(read.linear), "\(read.linear)")
        #expect(points.count == read.stops && read.stops <= read.uniformStops)
        let dense = (0...20_000).map { Double($0) / 20_000 }
        let worst = dense.reduce(0.0) { Swift.max($0, abs(CSSLinearReader.evaluate(points, at: $1) - progress($1))) }
        // Stated: the largest difference at the checked points plus a curvature margin of at most a
        // tenth of the bound, so the true largest difference ≤ stated ≤ it + tolerance/10.
        let slack = 1e-9 * abs(travel)
        #expect(worst * abs(travel) <= read.linearError + slack, "\(worst * abs(travel)) vs \(read.linearError)")
        #expect(read.linearError <= worst * abs(travel) + tolerance / 10 + slack)
        #expect(read.linearError <= tolerance)
        // The truncation: after the duration the motion stays within it, and it is within the half bound.
        let after = (0...2000).map { duration + Double($0) / 200 }
        let tail = after.reduce(0.0) {
            Swift.max($0, abs(Self.underDamped(k: k, c: c, m: 1, u0: -1, v0: velocity / travel, t: $1).u))
        }
        #expect(tail * abs(travel) <= read.truncation + slack && read.truncation <= tolerance / 2 + slack)
        // The duration is the first whole millisecond the motion stays within half the bound after.
        let before = Double(read.durationMilliseconds - 1) / 1000
        let late = (0...1000).map { before + Double($0) / 1000 * 0.001 }.contains {
            abs(Self.underDamped(k: k, c: c, m: 1, u0: -1, v0: velocity / travel, t: $0).u) * abs(travel)
                > tolerance / 2
        }
        let settled = (0...4000).map { duration + Double($0) / 400 }.allSatisfy {
            abs(Self.underDamped(k: k, c: c, m: 1, u0: -1, v0: velocity / travel, t: $0).u) * abs(travel)
                <= tolerance / 2 * (1 + 1e-9)
        }
        #expect(late && settled, "duration \(read.durationMilliseconds) ms")

        // Keyframes: one per stop, at the stops' inputs, each value the stop's output × travel (3 decimals).
        let frames = read.keyframes.split(separator: "\n").dropFirst().dropLast()
        #expect(read.keyframes.hasPrefix("@keyframes drop {"))
        #expect(frames.count == read.stops)
        for (frame, point) in zip(frames, points) {
            let parts = String(frame).trimmingCharacters(in: CharacterSet.whitespaces).split(
                separator: "%", maxSplits: 1)
            let input = try #require(Double(parts[0]), "\(frame)")
            #expect(abs(input / 100 - point.input) <= 5e-6, "\(frame)")
            let inner = try #require(frame.range(of: "translateY(")).upperBound
            let close = try #require(frame.range(of: "px)")).lowerBound
            let value = try #require(Double(frame[inner..<close]), "\(frame)")
            #expect(abs(value - point.output * travel) <= 5e-4 + 1e-12 * abs(travel), "\(frame)")
        }

        // The Bézier as written; its stated error is the largest difference in travel units.
        let inside = read.cubicBezier.dropFirst("cubic-bezier(".count).dropLast()
        let control = inside.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        try #require(control.count == 4 && (0...1).contains(control[0]) && (0...1).contains(control[2]))
        let curve = (control[0], control[1], control[2], control[3])
        // The writer states the largest difference at the points it checks (the exported motion's
        // own grid, taken from the library, and 16 points between each two) plus the motion's
        // curvature term between those (the library's `between`); measured there with this reader
        // and the textbook motion it is the same figure to rounding.
        let motion = ExportedMotion.exact(
            try Spring(stiffness: k, damping: c), velocity: velocity / travel, epsilon: tolerance / abs(travel))
        let grid = motion.inputs
        let checked =
            grid
            + grid.indices.dropLast().flatMap { i in
                (1..<16).map { grid[i] + (grid[i + 1] - grid[i]) * Double($0) / 16 }
            }
        let measured = checked.map { abs(CSSCubicBezierReader.evaluate(curve, at: $0) - progress($0)) }.max()!
        #expect(
            abs(read.cubicBezierError - (measured + motion.between) * abs(travel)) <= slack,
            "\(read.cubicBezierError) vs \(measured) + \(motion.between)")
    }
}
