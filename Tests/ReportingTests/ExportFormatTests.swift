import Benchmarking
import Foundation
import Reporting
import Testing
import VectorKernels
import _ResultsTestSupport
import _TestSupport

/// The four export formats (Guides/Exports.md): exact text for two cells,
/// every cell of a synthetic results file read back, the published formats'
/// structure, and no NaN or infinity ever written.
@Suite struct ExportFormatTests {
    /// Two cells with round numbers; the second's name needs CSV quoting and JSON escaping.
    static let tiny: [ExportCell] = [
        ExportCell(
            name: "add.simd.16", build: "znver3", targetCPU: "znver3", buildConfiguration: "release", kernel: "add",
            backend: "simd", size: 16, iterationsPerSample: 100, samples: [4.0, 3.0, 5.0], median: 4.0,
            intervalLower: 2.0, intervalUpper: 5.0, intervalLevel: 0.95, p10: 3.0, p90: 4.5,
            nanosecondsPerElement: 0.25,
            gigabytesPerSecond: 96, fractionOfCeiling: 0.5, allocationsPerCall: 0, cacheState: "hot"),
        ExportCell(
            name: "axpy.naive.16@x86-64 \"v2\", SSE2", build: "x86-64 \"v2\", SSE2", targetCPU: "x86-64",
            buildConfiguration: "debug", kernel: "axpy", backend: "naive", size: 16, iterationsPerSample: 10,
            samples: [8.0], median: 8.0, intervalLower: 8.0, intervalUpper: 8.0, intervalLevel: 0.95, p10: 8.0,
            p90: 8.0,
            nanosecondsPerElement: 0.5, gigabytesPerSecond: 48, fractionOfCeiling: 0.25, allocationsPerCall: nil,
            cacheState: nil),
    ]

    @Test("csv of two cells, byte for byte: CRLF records, a header, quoted fields with doubled quotes")
    func cellsCSVText() throws {
        let text = try Export.render(Self.tiny, as: .csv)
        #expect(
            text
                == "name,build,target_cpu,build_configuration,kernel,backend,size,samples,median_ns,interval_lower_ns,"
                + "interval_upper_ns,interval_level,p10_ns,p90_ns,ns_per_element,gb_per_s,fraction_of_ceiling,"
                + "allocations_per_call,cache_state,relative_to,relative_median,relative_lower,relative_upper\r\n"
                + "add.simd.16,znver3,znver3,release,add,simd,16,3,4.0,2.0,5.0,0.95,3.0,4.5,0.25,96.0,0.5,0.0,hot,,,,\r\n"
                + "\"axpy.naive.16@x86-64 \"\"v2\"\", SSE2\",\"x86-64 \"\"v2\"\", SSE2\",x86-64,debug,axpy,naive,16,1,"
                + "8.0,8.0,8.0,0.95,8.0,8.0,0.5,48.0,0.25,,,,,,\r\n")
    }

    @Test("samples-csv of two cells, byte for byte: one row per sample with its round")
    func samplesCSVText() throws {
        let text = try Export.render(Self.tiny, as: .samplesCSV)
        #expect(
            text
                == "name,build,kernel,backend,size,round,iterations,ns_per_call\r\n"
                + "add.simd.16,znver3,add,simd,16,0,100,4.0\r\n"
                + "add.simd.16,znver3,add,simd,16,1,100,3.0\r\n"
                + "add.simd.16,znver3,add,simd,16,2,100,5.0\r\n"
                + "\"axpy.naive.16@x86-64 \"\"v2\"\", SSE2\",\"x86-64 \"\"v2\"\", SSE2\",axpy,naive,16,0,10,8.0\r\n")
    }

    @Test("bencher of two cells, byte for byte: four measures, the median's interval as bounds")
    func bencherText() throws {
        let text = try Export.render(Self.tiny, as: .bencher)
        Snapshot.expect(text, matches: "export-bencher-two-cells")
    }

    @Test("github-action-benchmark of two cells, byte for byte: ns/call, ± the larger half-interval, a tooltip")
    func githubActionBenchmarkText() throws {
        let text = try Export.render(Self.tiny, as: .githubActionBenchmark)
        Snapshot.expect(text, matches: "export-github-action-benchmark-two-cells")
    }

    // MARK: - Every cell of a results file

    /// Synthetic results with an other build beside them, as `make report` makes them.
    static var results: BenchmarkResults {
        var results = SyntheticResults.make()
        var other = SyntheticResults.machine
        other.targetCPU = "x86-64"
        let slower = SyntheticResults.make(model: { 2 * SyntheticResults.defaultModel($0, $1, $2) })
        results.otherBuilds = [BuildMeasurements(machine: other, measurements: slower.measurements)]
        results.measurements[0].cacheState = .hot
        results.measurements[1].relative = ReferenceRatio(
            reference: "c", median: 0.75, medianInterval: ConfidenceInterval(lower: 0.7, upper: 0.8, level: 0.95))
        return results
    }

    @Test("csv round-trips through an RFC 4180 parser, row by row equal to the results file's cells")
    func cellsCSVRoundTrip() throws {
        let results = Self.results
        let cells = ExportCells.cells(of: results)
        #expect(cells.count == results.measurements.count * 2)
        let rows = try #require(RFC4180.parse(try Export.render(cells, as: .csv)))
        #expect(rows.first?.count == 23)
        #expect(rows.count == cells.count + 1)
        let header = rows[0]
        #expect(header == CellsCSVHeader.names)
        func column(_ name: String) -> Int { header.firstIndex(of: name) ?? 0 }
        let own = results.measurements, others = results.otherBuilds![0].measurements
        for (index, row) in rows.dropFirst().enumerated() {
            let measurement = index < own.count ? own[index] : others[index - own.count]
            let build = index < own.count ? "znver3" : "x86-64"
            #expect(row.count == 23)
            #expect(row[column("name")] == measurement.key.description + (index < own.count ? "" : "@x86-64"))
            #expect(row[column("build")] == build && row[column("target_cpu")] == build)
            #expect(row[column("kernel")] == measurement.kernel.rawValue)
            #expect(row[column("backend")] == measurement.backend)
            #expect(Int(row[column("size")]) == measurement.size)
            #expect(Int(row[column("samples")]) == measurement.samples.count)
            let summary = measurement.summary
            let numbers: [(String, Double)] = [
                ("median_ns", summary.median), ("interval_lower_ns", summary.medianInterval.lower),
                ("interval_upper_ns", summary.medianInterval.upper), ("interval_level", summary.medianInterval.level),
                ("p10_ns", summary.p10), ("p90_ns", summary.p90), ("ns_per_element", measurement.nanosecondsPerElement),
                ("gb_per_s", measurement.gigabytesPerSecond), ("fraction_of_ceiling", measurement.fractionOfBandwidth),
                ("allocations_per_call", measurement.allocationsPerOperation!),
            ]
            for (name, value) in numbers {
                #expect(Double(row[column(name)]) == value, "row \(index) \(name)")
            }
            #expect(row[column("cache_state")] == (measurement.cacheState?.rawValue ?? ""))
            let ratio = measurement.relative
            #expect(row[column("relative_to")] == (ratio?.reference ?? ""))
            #expect(Double(row[column("relative_median")]) == ratio?.median)
            #expect(Double(row[column("relative_lower")]) == ratio?.medianInterval.lower)
            #expect(Double(row[column("relative_upper")]) == ratio?.medianInterval.upper)
        }
        #expect(rows[2][column("relative_to")] == "c", "the second cell's ratio is exported")
    }

    @Test("samples-csv: one row per sample, rounds 0… in the order taken, values exact")
    func samplesCSVRoundTrip() throws {
        var results = SyntheticResults.make(kernels: [.add, .scale], sizes: [16, 4096])
        for index in results.measurements.indices {
            results.measurements[index].samples = (0..<5).map { Double(index + 1) * (1 + Double($0) / 7) }
        }
        let cells = ExportCells.cells(of: results)
        let rows = try #require(RFC4180.parse(try Export.render(cells, as: .samplesCSV)))
        #expect(rows.count == 1 + cells.count * 5)
        var expected: [[String]] = []
        for measurement in results.measurements {
            for (round, sample) in measurement.samples.enumerated() {
                expected.append([
                    measurement.key.description, "znver3", measurement.kernel.rawValue, measurement.backend,
                    String(measurement.size), String(round), "100", "\(sample)",
                ])
            }
        }
        #expect(Array(rows.dropFirst()) == expected)
        for (row, values) in zip(rows.dropFirst(), expected) { #expect(Double(row[7]) == Double(values[7])) }
    }

    @Test("Quoting round-trips any text: commas, quotes, CR, LF, CRLF, non-ASCII")
    func quotingRoundTrips() throws {
        let names = ["a,b", "say \"hi\"", "line\nbreak", "cr\rhere", "crlf\r\nhere", "√ü ∞", " lead", ""]
        let cells = names.enumerated().map { index, name in
            var cell = Self.tiny[0]
            cell.name = "\(index)\(name)"
            cell.build = name
            return cell
        }
        let rows = try #require(RFC4180.parse(try Export.render(cells, as: .csv)))
        #expect(rows.dropFirst().map { $0[1] } == names)
        #expect(rows.dropFirst().map { $0[0] } == cells.map(\.name))
    }

    // MARK: - The published formats

    @Test("bencher: the published example passes the structural check; ours does, cell by cell")
    func bencherStructure() throws {
        let example = try JSONSerialization.jsonObject(with: try Self.fixture("bencher-metric-format-example.json"))
        #expect(BencherCheck.problems(example).isEmpty, "\(BencherCheck.problems(example))")
        #expect(!BencherCheck.problems(["b": ["latency": ["lower_value": 1.0]]]).isEmpty, "value is required")
        #expect(!BencherCheck.problems(["b": ["latency": ["value": "1"]]]).isEmpty, "value is a number")

        let results = Self.results
        let cells = ExportCells.cells(of: results)
        let text = try Export.render(cells, as: .bencher)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(BencherCheck.problems(document).isEmpty, "\(BencherCheck.problems(document))")
        // JSONDecoder for the values: a cast of JSONSerialization's numbers to Double lost digits here.
        let benchmarks = try JSONDecoder().decode([String: [String: [String: Double]]].self, from: Data(text.utf8))
        #expect(benchmarks.count == cells.count)
        for cell in cells {
            let measures = try #require(benchmarks[cell.name])
            #expect(
                Set(measures.keys)
                    == Set(
                        ["latency", "throughput", "nanoseconds-per-element", "gigabytes-per-second"]
                            + (cell.relative == nil ? [] : ["relative-to-reference"])))
            #expect(
                measures["latency"] == [
                    "value": cell.median, "lower_value": cell.intervalLower, "upper_value": cell.intervalUpper,
                ])
            #expect(measures["throughput"]?["value"] == 1e9 / cell.median)
            #expect(measures["throughput"]?["lower_value"] == 1e9 / cell.intervalUpper)
            #expect(measures["nanoseconds-per-element"]?["value"] == cell.nanosecondsPerElement)
            #expect(measures["gigabytes-per-second"]?["value"] == cell.gigabytesPerSecond)
            for (slug, metric) in measures {
                let (value, lower, upper) = (metric["value"]!, metric["lower_value"]!, metric["upper_value"]!)
                #expect(lower <= value * (1 + 1e-12) && value <= upper * (1 + 1e-12), "\(cell.name) \(slug)")
            }
        }
    }

    @Test("github-action-benchmark: the published example passes the structural check; ours does, cell by cell")
    func githubActionBenchmarkStructure() throws {
        let example = try JSONSerialization.jsonObject(
            with: try Self.fixture("github-action-benchmark-custom-smaller-example.json"))
        #expect(ActionBenchmarkCheck.problems(example).isEmpty, "\(ActionBenchmarkCheck.problems(example))")
        #expect(!ActionBenchmarkCheck.problems([["name": "a", "value": 1.0]]).isEmpty, "unit is required")
        #expect(
            !ActionBenchmarkCheck.problems([
                ["name": "a", "unit": "ns", "value": 1.0], ["name": "a", "unit": "ns", "value": 2.0],
            ])
            .isEmpty, "names are unique")

        let cells = ExportCells.cells(of: Self.results)
        let text = try Export.render(cells, as: .githubActionBenchmark)
        let document = try JSONSerialization.jsonObject(with: Data(text.utf8))
        #expect(ActionBenchmarkCheck.problems(document).isEmpty, "\(ActionBenchmarkCheck.problems(document))")
        struct Entry: Decodable {
            var name, unit: String
            var value: Double
            var range, extra: String?
        }
        let entries = try JSONDecoder().decode([Entry].self, from: Data(text.utf8))
        #expect(entries.count == cells.count)
        for (entry, cell) in zip(entries, cells) {
            #expect(entry.name == cell.name && entry.unit == "ns/call" && entry.value == cell.median)
            let range = try #require(entry.range)
            let halfWidth = try #require(Double(range.dropFirst(2)))
            let exact = max(cell.intervalUpper - cell.median, cell.median - cell.intervalLower)
            #expect(range.hasPrefix("± ") && abs(halfWidth - exact) <= exact * 1e-3, "\(range) vs \(exact)")
            #expect(entry.extra?.contains("build \(cell.build)") == true)
        }
    }

    // MARK: - Never NaN or infinity

    @Test("NaN and ±∞ are never written: an empty CSV field, a JSON member or entry left out")
    func nonFiniteNeverWritten() throws {
        var broken = Self.tiny[0]
        broken.name = "broken"
        broken.median = .nan
        broken.intervalUpper = .infinity
        broken.gigabytesPerSecond = -.infinity
        broken.samples = [.nan, 4.0, .infinity]
        broken.allocationsPerCall = .nan
        let cells = [broken, Self.tiny[1]]
        for format in ExportFormat.allCases {
            let text = try Export.render(cells, as: format)
            #expect(!text.contains(/(?i)\b(nan|inf|infinity)\b/), "\(format.rawValue): \(text)")
        }
        let rows = try #require(RFC4180.parse(try Export.render(cells, as: .csv)))
        #expect(rows[1][8] == "" && rows[1][10] == "" && rows[1][15] == "" && rows[1][17] == "")
        #expect(rows[1][9] == "2.0" && rows[1][14] == "0.25")
        let samples = try #require(RFC4180.parse(try Export.render(cells, as: .samplesCSV)))
        #expect(samples[1...3].map { $0[7] } == ["", "4.0", ""])

        let bencher = try JSONDecoder().decode(
            [String: [String: [String: Double]]].self, from: Data(try Export.render(cells, as: .bencher).utf8))
        let measures = try #require(bencher["broken"])
        // latency and throughput have a NaN value: left out; ns/element keeps its finite lower bound only.
        #expect(measures["latency"] == nil && measures["throughput"] == nil && measures["gigabytes-per-second"] == nil)
        #expect(measures["nanoseconds-per-element"] == ["value": 0.25, "lower_value": 0.125])
        let entries =
            try JSONSerialization.jsonObject(
                with: Data(try Export.render(cells, as: .githubActionBenchmark).utf8)) as? [[String: Any]]
        #expect(entries?.map { $0["name"] as? String } == [Self.tiny[1].name])

        var nothingFinite = Self.tiny[0]
        for path in [\ExportCell.median, \.nanosecondsPerElement, \.gigabytesPerSecond] {
            nothingFinite[keyPath: path] = .nan
        }
        #expect(try Export.render([nothingFinite], as: .bencher) == "{}\n")
        #expect(try Export.render([nothingFinite], as: .githubActionBenchmark) == "[]\n")
    }

    @Test("Two cells with one name are refused, naming it")
    func duplicateNames() {
        #expect(throws: ExportError.self) { try Export.render([Self.tiny[0], Self.tiny[0]], as: .csv) }
        do {
            _ = try Export.render([Self.tiny[1], Self.tiny[0], Self.tiny[1]], as: .bencher)
        } catch {
            #expect(error.description.contains(Self.tiny[1].name))
        }
    }

    @Test("A paired run: the current side named as bench names it, the baseline with @baseline")
    func pairedCells() throws {
        let current = SyntheticResults.make(kernels: [.add], sizes: [16, 4096])
        let baseline = SyntheticResults.make(kernels: [.add], sizes: [16, 4096], model: { _, _, _ in 1 })
        let cells = ExportCells.paired(baseline: baseline, current: current)
        #expect(cells.count == 2 * current.measurements.count)
        #expect(cells.prefix(current.measurements.count).map(\.name) == current.measurements.map(\.key.description))
        #expect(
            cells.suffix(baseline.measurements.count).map(\.name) == baseline.measurements.map { "\($0.key)@baseline" })
        #expect(
            cells.suffix(baseline.measurements.count).allSatisfy {
                $0.build == "baseline" && $0.median == Double($0.size)
            })
        #expect(Set(cells.map(\.name)).count == cells.count)
    }

    @Test("Other builds that share a target CPU get distinct names")
    func otherBuildsShareTarget() throws {
        var results = SyntheticResults.make(kernels: [.add], sizes: [16])
        results.otherBuilds = [
            BuildMeasurements(machine: results.machine, measurements: results.measurements),
            BuildMeasurements(machine: results.machine, measurements: results.measurements),
        ]
        let cells = ExportCells.cells(of: results)
        #expect(Set(cells.map(\.build)) == ["znver3", "znver3#2", "znver3#3"])
        #expect(Set(cells.map(\.name)).count == cells.count)
        _ = try Export.render(cells, as: .bencher)
    }

    static func fixture(_ name: String) throws -> Data {
        var directory = URL(fileURLWithPath: #filePath)
        for _ in 0..<2 { directory.deleteLastPathComponent() }
        return try Data(contentsOf: directory.appendingPathComponent("Fixtures/exports/\(name)"))
    }

    @Test("a cell's ratio to its reference: four csv columns, a fifth bencher measure, a tooltip line")
    func ratioInEveryFormat() throws {
        var cell = Self.tiny[0]
        cell.relative = ExportRatio(reference: "c", median: 0.5, lower: 0.25, upper: 1.0)
        let csv = try #require(RFC4180.parse(try Export.render([cell], as: .csv)))
        let header = csv[0], row = csv[1]
        func value(_ name: String) -> String? { header.firstIndex(of: name).map { row[$0] } }
        #expect(value("relative_to") == "c" && value("relative_median") == "0.5")
        #expect(value("relative_lower") == "0.25" && value("relative_upper") == "1.0")
        let bencher = try Export.render([cell], as: .bencher)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(bencher.utf8)) as? [String: [String: [String: Double]]])
        #expect(object[cell.name]?["relative-to-reference"] == ["value": 0.5, "lower_value": 0.25, "upper_value": 1.0])
        #expect(BencherCheck.problems(object).isEmpty)
        // Without a ratio, no fifth measure.
        let plain = try Export.render([Self.tiny[0]], as: .bencher)
        #expect(!plain.contains("relative-to-reference"))
        let action = try Export.render([cell], as: .githubActionBenchmark)
        #expect(action.contains("relative to c 0.5× (0.25…1)"), "\(action)")
    }
}
