import Foundation

/// An RFC 4180 reader written for these tests (section 2, with the optional
/// header): records split by CRLF, fields by commas, quoted fields may hold
/// commas, CR, LF and doubled quotes. Nil when the text is not such a file
/// (a stray quote, a bare LF or CR between records, a missing final CRLF).
public enum RFC4180 {
    public static func parse(_ text: String) -> [[String]]? {
        var records: [[String]] = [], record: [String] = [], field = ""
        var scalars = Array(text.unicodeScalars)[...]
        var quoted = false, wasQuoted = false
        while let scalar = scalars.popFirst() {
            if quoted {
                if scalar == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                guard field.isEmpty, !wasQuoted else { return nil }
                quoted = true
                wasQuoted = true
            case ",":
                record.append(field)
                field = ""
                wasQuoted = false
            case "\r":
                guard scalars.popFirst() == "\n" else { return nil }
                record.append(field)
                records.append(record)
                (record, field, wasQuoted) = ([], "", false)
            case "\n":
                return nil
            default:
                guard !wasQuoted else { return nil }
                field.unicodeScalars.append(scalar)
            }
        }
        guard !quoted, record.isEmpty, field.isEmpty else { return nil }
        let width = records.first?.count
        return records.allSatisfy({ $0.count == width }) ? records : nil
    }
}

/// The cells CSV's header, as Guides/Exports.md lists it.
public enum CellsCSVHeader {
    public static let names = [
        "name", "build", "target_cpu", "build_configuration", "kernel", "backend", "size", "samples", "median_ns",
        "interval_lower_ns", "interval_upper_ns", "interval_level", "p10_ns", "p90_ns", "ns_per_element", "gb_per_s",
        "fraction_of_ceiling", "allocations_per_call", "cache_state", "relative_to", "relative_median",
        "relative_lower", "relative_upper",
    ]
}

/// A JSON number (not a string) that is finite.
public func finiteNumber(_ value: Any) -> Double? {
    if value is String { return nil }
    let number = (value as? Double) ?? (value as? Int).map(Double.init)
    return number.flatMap { $0.isFinite ? $0 : nil }
}

/// The Bencher Metric Format's JSON Schema (https://bencher.dev/bmf.json, as
/// the reference page prints it) checked by hand, plus what the page says of
/// names: an object of benchmarks (names ≤ 1024 characters), each an object
/// of measures (slugs ≤ 64), each an object with a number `value` and
/// optional number `lower_value`, `upper_value`; every number finite.
public enum BencherCheck {
    public static func problems(_ document: Any) -> [String] {
        guard let benchmarks = document as? [String: Any] else { return ["not an object"] }
        var problems: [String] = []
        for (name, measures) in benchmarks {
            if name.isEmpty || name.count > 1024 { problems.append("benchmark name \(name.count) characters") }
            guard let measures = measures as? [String: Any] else {
                problems.append("\(name) is not an object")
                continue
            }
            for (slug, metric) in measures {
                if slug.isEmpty || slug.count > 64 { problems.append("measure \(slug): 1…64 characters") }
                guard let metric = metric as? [String: Any] else {
                    problems.append("\(name).\(slug) is not an object")
                    continue
                }
                if metric["value"] == nil { problems.append("\(name).\(slug) has no value") }
                for (key, number) in metric {
                    guard ["value", "lower_value", "upper_value"].contains(key) else {
                        problems.append("\(name).\(slug).\(key) is not a metric field")
                        continue
                    }
                    guard finiteNumber(number) != nil else {
                        problems.append("\(name).\(slug).\(key) is not a finite number")
                        continue
                    }
                }
            }
        }
        return problems
    }
}

/// github-action-benchmark's `BenchmarkResult` (src/extract.ts at
/// c38cce9, a zod object) as its README states it for the custom tools: an
/// array of objects with `name`, `unit` (strings) and `value` (a number),
/// optional `range` and `extra` (strings); names unique so no series mixes.
public enum ActionBenchmarkCheck {
    public static func problems(_ document: Any) -> [String] {
        guard let entries = document as? [[String: Any]] else { return ["not an array of objects"] }
        var problems: [String] = [], names: Set<String> = []
        for (index, entry) in entries.enumerated() {
            for key in ["name", "unit"] where (entry[key] as? String)?.isEmpty != false {
                problems.append("[\(index)].\(key) is not a non-empty string")
            }
            if let name = entry["name"] as? String, !names.insert(name).inserted {
                problems.append("[\(index)].name \(name) repeats")
            }
            if entry["value"].flatMap(finiteNumber) == nil {
                problems.append("[\(index)].value is not a finite number")
            }
            for key in ["range", "extra"] where entry[key] != nil && !(entry[key] is String) {
                problems.append("[\(index)].\(key) is not a string")
            }
            for key in entry.keys where !["name", "unit", "value", "range", "extra"].contains(key) {
                problems.append("[\(index)].\(key) is not a field")
            }
        }
        return problems
    }
}
