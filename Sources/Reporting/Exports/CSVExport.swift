/// RFC 4180 CSV (https://www.rfc-editor.org/rfc/rfc4180): records end in
/// CRLF, the first record is a header, a field holding a comma, a double
/// quote, CR or LF is enclosed in double quotes with its quotes doubled.
enum CSV {
    static let lineBreak = "\r\n"

    static func field(_ text: String) -> String {
        guard text.contains(where: { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" || $0 == "\r\n" }) else {
            return text
        }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A number's field; empty for NaN and ±∞.
    static func number(_ value: Double?) -> String {
        value.flatMap(ExportNumber.text) ?? ""
    }

    static func document(header: [String], rows: [[String]]) -> String {
        ([header] + rows).map { $0.map(field).joined(separator: ",") + lineBreak }.joined()
    }
}

/// `csv`: one row per cell.
enum CellsCSV {
    static let header = [
        "name", "build", "target_cpu", "build_configuration", "kernel", "backend", "size", "samples",
        "median_ns", "interval_lower_ns", "interval_upper_ns", "interval_level", "p10_ns", "p90_ns",
        "ns_per_element", "gb_per_s", "fraction_of_ceiling", "allocations_per_call", "cache_state",
        "relative_to", "relative_median", "relative_lower", "relative_upper",
    ]

    static func text(_ cells: [ExportCell]) -> String {
        CSV.document(
            header: header,
            rows: cells.map { cell in
                [
                    cell.name, cell.build, cell.targetCPU, cell.buildConfiguration, cell.kernel, cell.backend,
                    String(cell.size), String(cell.samples.count), CSV.number(cell.median),
                    CSV.number(cell.intervalLower), CSV.number(cell.intervalUpper), CSV.number(cell.intervalLevel),
                    CSV.number(cell.p10), CSV.number(cell.p90), CSV.number(cell.nanosecondsPerElement),
                    CSV.number(cell.gigabytesPerSecond), CSV.number(cell.fractionOfCeiling),
                    CSV.number(cell.allocationsPerCall), cell.cacheState ?? "", cell.relative?.reference ?? "",
                    CSV.number(cell.relative?.median), CSV.number(cell.relative?.lower),
                    CSV.number(cell.relative?.upper),
                ]
            })
    }
}

/// `samples-csv`: one row per sample, with its round (0-based: the sample's
/// place in the order taken).
enum SamplesCSV {
    static let header = [
        "name", "build", "kernel", "backend", "size", "round", "iterations", "ns_per_call",
    ]

    static func text(_ cells: [ExportCell]) -> String {
        CSV.document(
            header: header,
            rows: cells.flatMap { cell in
                cell.samples.enumerated().map { round, nanoseconds in
                    [
                        cell.name, cell.build, cell.kernel, cell.backend, String(cell.size), String(round),
                        String(cell.iterationsPerSample), CSV.number(nanoseconds),
                    ]
                }
            })
    }
}
