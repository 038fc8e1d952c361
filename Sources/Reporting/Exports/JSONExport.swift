import SpringBenchSupport

/// JSON text written by hand, so the exports' bytes do not change with the
/// Foundation release (key order, spacing, number spelling): strings escaped
/// as RFC 8259 §7 requires, numbers by ``ExportNumber``.
enum JSONText {
    static func string(_ text: String) -> String { JSONOutput.quoted(text) }

    /// `{"key": value, …}` on one line, leaving out the pairs whose value is not finite.
    static func object(_ pairs: [(String, Double)]) -> String? {
        let members = pairs.compactMap { key, value in ExportNumber.text(value).map { "\(string(key)): \($0)" } }
        return members.isEmpty ? nil : "{" + members.joined(separator: ", ") + "}"
    }
}

/// Bencher Metric Format (https://bencher.dev/docs/reference/bencher-metric-format/):
/// an object of benchmark names, each an object of measure slugs, each a
/// metric `{"value", "lower_value", "upper_value"}` (only `value` required).
///
/// Per cell, four measures, each with the median's interval as its bounds:
/// - `latency` (built in, ns): nanoseconds per call;
/// - `throughput` (built in, operations/s): calls per second, 10⁹ / latency;
/// - `nanoseconds-per-element` and `gigabytes-per-second` (custom: Bencher
///   creates a measure the first time a report names its slug);
/// - `relative-to-reference` (custom, a fifth, only for a cell whose run timed
///   a reference in the same rounds): the cell's time over the reference's,
///   with the ratio's own interval.
///
/// A measure whose value is NaN or ±∞ is left out, and so is a bound that is;
/// a benchmark left with no measure is left out.
enum BencherMetricFormat {
    static let measures = ["latency", "throughput", "nanoseconds-per-element", "gigabytes-per-second"]

    /// (slug, value, lower, upper) of one cell.
    static func metrics(_ cell: ExportCell) -> [(String, Double, Double, Double)] {
        let size = Double(cell.size)
        let rate = cell.gigabytesPerSecond * cell.median
        return [
            ("latency", cell.median, cell.intervalLower, cell.intervalUpper),
            ("throughput", 1e9 / cell.median, 1e9 / cell.intervalUpper, 1e9 / cell.intervalLower),
            (
                "nanoseconds-per-element", cell.nanosecondsPerElement, cell.intervalLower / size,
                cell.intervalUpper / size
            ),
            ("gigabytes-per-second", cell.gigabytesPerSecond, rate / cell.intervalUpper, rate / cell.intervalLower),
        ] + (cell.relative.map { [("relative-to-reference", $0.median, $0.lower, $0.upper)] } ?? [])
    }

    static func text(_ cells: [ExportCell]) -> String {
        let benchmarks = cells.compactMap { cell -> String? in
            let measures = metrics(cell).compactMap { slug, value, lower, upper -> String? in
                guard value.isFinite,
                    let metric = JSONText.object([("value", value), ("lower_value", lower), ("upper_value", upper)])
                else { return nil }
                return "    \(JSONText.string(slug)): \(metric)"
            }
            guard !measures.isEmpty else { return nil }
            return "  \(JSONText.string(cell.name)): {\n" + measures.joined(separator: ",\n") + "\n  }"
        }
        return benchmarks.isEmpty ? "{}\n" : "{\n" + benchmarks.joined(separator: ",\n") + "\n}\n"
    }
}

/// github-action-benchmark's `customSmallerIsBetter` input
/// (https://github.com/benchmark-action/github-action-benchmark, README
/// "Examples", v1.22.0): an array of `{"name", "unit", "value", "range"?,
/// "extra"?}` with `range` and `extra` strings.
///
/// One entry per cell: nanoseconds per call (`"unit": "ns/call"`, smaller
/// is better); `range` is `± h`, the larger half of the median's interval (4 digits);
/// `extra` (the chart's tooltip) holds ns/element, GB/s, the fraction of the
/// ceiling, p10/p90, allocations, cache state and build, one per line. An
/// entry whose value is NaN or ±∞ is left out; so is a `range` or an `extra`
/// line that would hold one.
enum GitHubActionBenchmark {
    static let unit = "ns/call"

    /// Four significant digits: what a tooltip reader needs (`value` keeps every digit).
    static func readable(_ value: Double) -> String {
        NumberFormatting.significant(value, digits: 4, trimmingZeros: true)
    }

    static func extra(_ cell: ExportCell) -> String {
        func line(_ label: String, _ values: [Double], _ body: ([String]) -> String) -> String? {
            values.allSatisfy(\.isFinite) ? "\(label) " + body(values.map(readable)) : nil
        }
        let level = (cell.intervalLevel * 100).isFinite ? "\(Int((cell.intervalLevel * 100).rounded())) %" : "?"
        let lines: [String?] = [
            line("interval", [cell.intervalLower, cell.intervalUpper]) { "\($0[0])…\($0[1]) ns (\(level))" },
            line("p10/p90", [cell.p10, cell.p90]) { "\($0[0]) / \($0[1]) ns" },
            line("ns/element", [cell.nanosecondsPerElement]) { $0[0] },
            line("GB/s", [cell.gigabytesPerSecond]) { $0[0] },
            line("fraction of ceiling", [cell.fractionOfCeiling]) { $0[0] },
            cell.allocationsPerCall.flatMap { allocations in line("allocations/call", [allocations]) { $0[0] } },
            cell.cacheState.map { "cache \($0)" },
            cell.relative.flatMap { ratio in
                line("relative to \(ratio.reference)", [ratio.median, ratio.lower, ratio.upper]) {
                    "\($0[0])× (\($0[1])…\($0[2]))"
                }
            },
            "build \(cell.build) (\(cell.buildConfiguration), target \(cell.targetCPU))",
        ]
        return lines.compactMap { $0 }.joined(separator: "\n")
    }

    static func text(_ cells: [ExportCell]) -> String {
        let entries = cells.compactMap { cell -> String? in
            guard let value = ExportNumber.text(cell.median) else { return nil }
            var members = [
                "\"name\": \(JSONText.string(cell.name))", "\"unit\": \(JSONText.string(unit))", "\"value\": \(value)",
            ]
            let halfWidth = max(cell.intervalUpper - cell.median, cell.median - cell.intervalLower)
            if halfWidth.isFinite { members.append("\"range\": \(JSONText.string("± " + readable(halfWidth)))") }
            members.append("\"extra\": \(JSONText.string(extra(cell)))")
            return "  {" + members.joined(separator: ", ") + "}"
        }
        return entries.isEmpty ? "[]\n" : "[\n" + entries.joined(separator: ",\n") + "\n]\n"
    }
}
