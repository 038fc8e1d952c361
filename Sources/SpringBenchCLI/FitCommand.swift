import ArgumentParser
import Foundation
import SpringBenchSupport
import SpringModel
import SpringPlatforms

/// `springbench fit FRAMES`: the spring, platform loop and refresh rate that best explain recorded
/// frames (Guides/Matching.md, "Fitting recorded frames").
package struct FitCommand: ParsableCommand {
    package init() {}

    package static let configuration = CommandConfiguration(
        commandName: "fit",
        abstract: "The spring, platform loop and refresh rate that best explain recorded frames.",
        discussion: """
            FRAMES is a CSV file (a header naming a time column, `t`, `time` or `seconds` in seconds or \
            `time_ms`/`ms` in milliseconds, and a value column, `value`, `x`, `y` or `position`; or two unnamed \
            numeric columns, seconds and value) or JSON (an array of [t, value] pairs or of objects with \
            those names, or an object with `frames` and optional `target` and `velocity`). Every model is \
            fitted by least squares: the exact closed form and each platform's own loop, clock and done rule \
            at the frames' refresh rate. The answer is the spring in every form, each platform's code, the \
            residual, 95 % intervals (parametric bootstrap) for stiffness and damping ratio, and the loop that \
            explains the frames best (its done frame on the recording's last is evidence), or "not a spring" \
            with the evidence when none fits.
            """
    )

    package enum Format: String, ExpressibleByArgument, CaseIterable { case text, json }

    @Argument(help: ArgumentHelp("The recorded frames (CSV or JSON).", valueName: "frames"))
    var frames: String

    @Option(parsing: .unconditional, help: "The target value, when known (default: fitted).")
    var target: Double?

    @Option(
        parsing: .unconditional, help: "The start velocity in value units per second, when known (default: fitted).")
    var velocity: Double?

    @Option(
        parsing: .unconditional,
        help:
            "The samples' noise (standard deviation, value units) for the verdict (default: a quantisation step found, else 0.1 % of the travel)."
    )
    var noise: Double?

    @Option(
        parsing: .unconditional,
        help: "The display's refresh rate, 1…1000 Hz (default: from the median frame interval).")
    var refreshRate: Double?

    @Option(help: "Output: text or json.")
    package var format: Format = .text

    /// The frames in `text` (the file's contents), with the target and velocity the file gives.
    package static func parse(_ text: String, file: String) throws -> (
        RecordedMotion, target: Double?, velocity: Double?
    ) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("[") || trimmed.hasPrefix("{") { return try parseJSON(Data(trimmed.utf8), file: file) }
        return (try parseCSV(trimmed, file: file), nil, nil)
    }

    static let timeNames: [String: Double] = [
        "t": 1, "time": 1, "seconds": 1, "time_s": 1, "s": 1, "time_ms": 1e-3, "ms": 1e-3, "t_ms": 1e-3,
    ]
    static let valueNames: Set<String> = ["value", "v", "x", "y", "position", "px"]

    static func parseCSV(_ text: String, file: String) throws -> RecordedMotion {
        var lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        guard !lines.isEmpty else { throw UsageError("\(file): has no frames") }
        func cells(_ line: String) -> [String] {
            line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
        var timeColumn = 0, valueColumn = 1, unit = 1.0
        let header = cells(lines[0]).map { $0.lowercased() }
        if header.contains(where: { Double($0) == nil }) {
            guard let t = header.firstIndex(where: { timeNames[$0] != nil }),
                let v = header.firstIndex(where: { valueNames.contains($0) })
            else {
                throw UsageError(
                    "\(file): line 1: the header needs a time column (t, time, seconds, time_ms or ms) and a value column (value, x, y, position), got \(header.joined(separator: ","))"
                )
            }
            timeColumn = t
            valueColumn = v
            unit = timeNames[header[t]]!
            lines.removeFirst()
        }
        var times: [Double] = [], values: [Double] = []
        for (offset, line) in lines.enumerated() {
            let row = cells(line)
            let number = offset + (header.contains(where: { Double($0) == nil }) ? 2 : 1)
            guard row.count > Swift.max(timeColumn, valueColumn), let t = Double(row[timeColumn]),
                let v = Double(row[valueColumn]), t.isFinite, v.isFinite
            else {
                throw UsageError("\(file): line \(number): needs a finite time and value, got \"\(line)\"")
            }
            times.append(t * unit)
            values.append(v)
        }
        return RecordedMotion(times: times, values: values)
    }

    static func parseJSON(_ data: Data, file: String) throws -> (RecordedMotion, target: Double?, velocity: Double?) {
        struct Document: Decodable {
            var frames: [Frame]
            var target: Double?
            var velocity: Double?
        }
        struct Frame: Decodable {
            var time: Double
            var value: Double
            struct Key: CodingKey {
                var stringValue: String
                var intValue: Int? { nil }
                init(stringValue: String) { self.stringValue = stringValue }
                init?(intValue: Int) { nil }
            }
            init(from decoder: any Decoder) throws {
                if var pair = try? decoder.unkeyedContainer() {
                    time = try pair.decode(Double.self)
                    value = try pair.decode(Double.self)
                    guard pair.isAtEnd else {
                        throw DecodingError.dataCorrupted(
                            .init(codingPath: decoder.codingPath, debugDescription: "a pair is [time, value]"))
                    }
                    return
                }
                let object = try decoder.container(keyedBy: Key.self)
                guard let timeKey = object.allKeys.first(where: { FitCommand.timeNames[$0.stringValue] != nil }),
                    let valueKey = object.allKeys.first(where: { FitCommand.valueNames.contains($0.stringValue) })
                else {
                    throw DecodingError.dataCorrupted(
                        .init(
                            codingPath: decoder.codingPath,
                            debugDescription: "a frame needs a time (t, time, time_ms, ms) and a value (value, x, y)"))
                }
                time = try object.decode(Double.self, forKey: timeKey) * FitCommand.timeNames[timeKey.stringValue]!
                value = try object.decode(Double.self, forKey: valueKey)
            }
        }
        do {
            if data.first(where: { !Character(UnicodeScalar($0)).isWhitespace }) == UInt8(ascii: "[") {
                let frames = try JSONDecoder().decode([Frame].self, from: data)
                return (RecordedMotion(times: frames.map(\.time), values: frames.map(\.value)), nil, nil)
            }
            let document = try JSONDecoder().decode(Document.self, from: data)
            return (
                RecordedMotion(times: document.frames.map(\.time), values: document.frames.map(\.value)),
                document.target, document.velocity
            )
        } catch {
            throw UsageError("\(file): \(Self.describe(error))")
        }
    }

    /// A decoding error as its JSON path and what was wrong.
    static func describe(_ error: any Error) -> String {
        let context: DecodingError.Context
        switch error as? DecodingError {
        case .dataCorrupted(let c)?, .typeMismatch(_, let c)?, .valueNotFound(_, let c)?: context = c
        case .keyNotFound(let key, let c)?:
            return "\(path(c.codingPath + [key])): is missing"
        default: return "\(error)"
        }
        let underlying = (context.underlyingError as? NSError)?.userInfo[NSDebugDescriptionErrorKey] as? String
        return "\(path(context.codingPath)): \(underlying ?? context.debugDescription)"
    }

    static func path(_ keys: [any CodingKey]) -> String {
        let text = keys.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        return text.isEmpty ? "the document" : String(text.drop { $0 == "." })
    }

    package func run() throws {
        try exitingOnUsageError {
            let text: String
            do {
                text = try String(contentsOfFile: frames, encoding: .utf8)
            } catch {
                throw UsageError("\(frames): cannot be read (\(error.localizedDescription))")
            }
            let (recording, fileTarget, fileVelocity) = try Self.parse(text, file: frames)
            let fit = SpringFit(
                recording: recording, target: target ?? fileTarget, initialVelocity: velocity ?? fileVelocity,
                noise: noise, refreshRate: refreshRate)
            let result: SpringFit.Result
            do {
                result = try fit.fit()
            } catch let error as SpringFit.FitError {
                throw UsageError(error.parameter == "frames" ? "\(frames): \(error.message)" : error.description)
            }
            switch format {
            case .text: print(Self.text(result))
            case .json: print(try JSONOutput.string(FitDocument(result)))
            }
        }
    }

    /// The spring's code on each platform `match` can target (its form's values for the spring).
    static func codes(_ spring: Spring) -> [(platform: String, code: String)] {
        SpringPlatform.matchTargets.compactMap { platform in
            guard let form = platform.form, case .success(let represented) = form.represent(spring) else { return nil }
            return (platform.name, form.code(represented.values))
        }
    }

    static func text(_ result: SpringFit.Result) -> String {
        let best = result.best
        let spring = best.spring
        var lines = [result.verdict]
        lines.append(
            "explained best by \(best.name) at \(PlatformForm.number(result.refreshRate)) Hz"
                + (best.endsOnDone ? " (its done frame is the recording's last)" : ""))
        lines.append(
            String(
                format: "  stiffness %@ (95 %%: %@–%@), damping ratio %@ (%@–%@), mass 1",
                PlatformForm.number(spring.stiffness), PlatformForm.number(result.stiffnessInterval.low),
                PlatformForm.number(result.stiffnessInterval.high), PlatformForm.number(spring.dampingRatio),
                PlatformForm.number(result.dampingRatioInterval.low),
                PlatformForm.number(result.dampingRatioInterval.high)))
        lines.append(
            "  from \(PlatformForm.number(best.from)) to \(PlatformForm.number(best.to)), start velocity \(PlatformForm.number(best.initialVelocity))/s; residual \(String(format: "%.3g", best.rms)) RMS, \(String(format: "%.3g", best.largest)) at most, over \(result.samplesUsed) samples"
                + (result.outliers.isEmpty
                    ? ""
                    : "; left out as outliers: samples \(result.outliers.map(String.init).joined(separator: ", "))"))
        if result.isSpring {
            lines.append("in every form:")
            for row in ConvertCommand.rows(for: spring, epsilon: 0.001) {
                if case .success(let values) = row.values {
                    lines.append(
                        "  \(row.name): "
                            + values.map { "\($0.name) \(PlatformForm.number($0.value))" }.joined(separator: ", "))
                }
            }
            lines.append("code:")
            for (platform, code) in codes(spring) { lines.append("  \(platform): \(code)") }
        }
        if !result.indistinguishable.isEmpty {
            lines.append(
                "  as well explained (within the noise) by: \(result.indistinguishable.joined(separator: ", ")); "
                    + (best.doneFrame == nil || !best.endsOnDone
                        ? "the lowest residual decides" : "the done frame decides"))
        }
        lines.append("every model, best first (RMS residual, done frame):")
        for explanation in result.ranked {
            lines.append(
                "  \(explanation.name): \(String(format: "%.3g", explanation.rms)), "
                    + (explanation.doneFrame.map {
                        "done at frame \($0)" + (explanation.endsOnDone ? ", the recording's last" : "")
                    }
                        ?? "no done frame")
                    + ", k \(PlatformForm.number(explanation.spring.stiffness)), ζ \(PlatformForm.number(explanation.spring.dampingRatio))"
            )
        }
        return lines.joined(separator: "\n")
    }
}

/// `fit --format json`.
struct FitDocument: Encodable {
    struct Model: Encodable {
        var model: String
        var refreshRate: Double
        var stiffness: Double
        var dampingRatio: Double
        var from: Double
        var to: Double
        var initialVelocity: Double
        var rms: Double
        var largest: Double
        var doneFrame: Int?
        var endsOnDone: Bool
        var runsZ: Double
    }
    var isSpring: Bool
    var verdict: String
    var refreshRate: Double
    var stiffnessInterval: [Double]
    var dampingRatioInterval: [Double]
    var samplesUsed: Int
    var outliers: [Int]
    var noise: Double
    var noiseSource: String
    var indistinguishable: [String]
    var codes: [String: String]
    var models: [Model]

    init(_ result: SpringFit.Result) {
        isSpring = result.isSpring
        verdict = result.verdict
        refreshRate = result.refreshRate
        stiffnessInterval = [result.stiffnessInterval.low, result.stiffnessInterval.high]
        dampingRatioInterval = [result.dampingRatioInterval.low, result.dampingRatioInterval.high]
        samplesUsed = result.samplesUsed
        outliers = result.outliers
        noise = result.noise
        noiseSource = result.noiseSource
        indistinguishable = result.indistinguishable
        codes = result.isSpring ? Dictionary(uniqueKeysWithValues: FitCommand.codes(result.best.spring)) : [:]
        models = result.ranked.map {
            Model(
                model: $0.platform?.form?.keyword ?? $0.platform?.name ?? "exact", refreshRate: $0.refreshRate,
                stiffness: $0.spring.stiffness, dampingRatio: $0.spring.dampingRatio, from: $0.from, to: $0.to,
                initialVelocity: $0.initialVelocity, rms: $0.rms, largest: $0.largest, doneFrame: $0.doneFrame,
                endsOnDone: $0.endsOnDone, runsZ: $0.runsZ)
        }
    }
}
