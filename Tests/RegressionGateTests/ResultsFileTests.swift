import Benchmarking
import Foundation
import RegressionGate
import SpringBenchFiles
import SpringBenchSupport
import Testing
import _ResultsTestSupport

/// Results files: round trip, clear errors for missing/corrupt/foreign files,
/// and writes that never leave a partial file behind.
@Suite("Results files")
struct ResultsFileTests {
    static func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "springbench-tests-\(UInt64.random(in: 0...UInt64.max))"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test(
        "JSON's one rule for numbers it cannot hold: NaN and ±∞ are null, finite numbers print as Swift reads them back"
    )
    func nonFiniteNumbers() throws {
        for value in [Double.nan, .infinity, -.infinity] {
            #expect(JSONOutput.number(value) == "null")
        }
        for value in [0.0, -0.0, 1.5, 5e-324, 1.7976931348623157e308] {
            #expect(Double(JSONOutput.number(value)) == value)
        }
        #expect(try JSONOutput.string([1.0, .nan, -.infinity]).filter { !$0.isWhitespace } == "[1,null,null]")
    }

    @Test("results survive a JSON round trip unchanged")
    func roundTrip() throws {
        let results = SyntheticResults.make()
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bench.json"
        try results.write(to: path)
        #expect(try BenchmarkResults.load(from: path) == results)
    }

    @Test("missing, corrupt, truncated and foreign files are reported with what to do")
    func unusableFiles() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect {
            try BenchmarkResults.load(from: directory + "/none.json")
        } throws: { error in
            (error as? DocumentFileError)?.problem == .missing && "\(error)".contains("springbench bench --output")
        }
        let good = try SyntheticResults.make().encoded()
        let truncated = directory + "/truncated.json"
        try good.prefix(good.count / 2).write(to: URL(fileURLWithPath: truncated))
        #expect {
            try BenchmarkResults.load(from: truncated)
        } throws: { error in
            guard case .corrupt = (error as? DocumentFileError)?.problem else { return false }
            return "\(error)".contains("regenerate it with `springbench bench")
        }
        let foreign = directory + "/foreign.json"
        try Data(#"{"schema": "criterion/3", "benchmarks": []}"#.utf8).write(to: URL(fileURLWithPath: foreign))
        #expect {
            try BenchmarkResults.load(from: foreign)
        } throws: { error in
            (error as? DocumentFileError)?.problem
                == .wrongSchema(found: "criterion/3", expected: BenchmarkResults.currentSchema)
        }
        let fieldMissing = directory + "/field.json"
        try Data(#"{"schema": "springbench.bench-results/1"}"#.utf8).write(to: URL(fileURLWithPath: fieldMissing))
        #expect(throws: DocumentFileError.self) { try BenchmarkResults.load(from: fieldMissing) }
    }

    @Test(
        "a sample that is zero, negative or not finite makes the file impossible, naming its JSON path",
        arguments: [0.0, -1.0, .nan, .infinity])
    func impossibleSample(_ sample: Double) throws {
        var results = SyntheticResults.make()
        #expect(throws: Never.self) { try results.validatedEncoding().get() }
        results.measurements[3].samples[0] = sample
        guard case .failure(let problem) = results.validatedEncoding() else {
            Issue.record("a sample of \(sample) was accepted")
            return
        }
        #expect(problem.detail.hasPrefix("measurements[3].samples[0] "), "\(problem.detail)")
    }

    static func write(_ text: String, to path: String) throws {
        let transaction = try OutputTransaction(try OutputTarget.file(path, option: "--output"))
        try transaction.write(Data(text.utf8))
        try transaction.commit()
    }

    @Test("a write that fails leaves the previous file intact and nothing staged")
    func failedWriteKeepsOldFile() throws {
        let directory = Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/bench.json"
        try Self.write("old, complete contents", to: path)
        // Writing beneath a regular file is refused before anything is staged.
        #expect(throws: OutputError.self) { try Self.write("new", to: path + "/not-a-directory/x.json") }
        // A full disk at the first write: refused, the old file untouched.
        #expect(throws: OutputError.self) {
            try OutputTransaction.$failingWrite.withValue(WriteFault(failing: 1)) { try Self.write("new", to: path) }
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old, complete contents")
        try Self.write("new, complete contents", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "new, complete contents")
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["bench.json"])
    }

    @Test("a process that exits in the middle of a write leaves the previous file intact and no staging")
    func killedWriterKeepsOldFile() async throws {
        let path = KilledWriter.path
        let directory = (path as NSString).deletingLastPathComponent
        try? FileManager.default.removeItem(atPath: directory)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try Self.write("old, complete contents", to: path)
        await #expect(processExitsWith: .exitCode(9)) {
            let transaction = try OutputTransaction(try OutputTarget.file(KilledWriter.path, option: "--output"))
            try transaction.write(Data(repeating: UInt8(ascii: "x"), count: 1 << 22))
            exit(9)  // exits with the new file staged, not committed
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "old, complete contents")
        // The staging directory was made beside the file; exit's cleanup removed it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["bench.json"])
    }
}

/// A small, plausible results file for tests.
enum SyntheticResults {
    static func make() -> BenchmarkResults {
        let machine = MachineRecord(
            cpuModel: "Test CPU", logicalCores: 2, caches: ["L1d 32K", "L3 32768K"], lastLevelCacheBytes: 32 << 20,
            memoryBytes: 24 << 30, cpuFeatures: ["sse2", "avx2", "fma"], operatingSystem: "Test OS",
            kernelRelease: "6.1",
            swiftCompiler: "Swift 6.3", buildConfiguration: "release", targetCPU: "haswell",
            backends: [
                BackendRecord(
                    name: "naive", summary: "loops", simdWidth: nil, library: nil, core: nil, threads: 1,
                    fusedAXPY: false)
            ],
            date: "2026-11-22T00:00:00Z", commandLine: "springbench bench", hostname: "test")
        let probe = BandwidthProbeResult(
            elements: 1 << 24, bytesPerArray: 1 << 27, trials: 3,
            patterns: ProbePattern.allCases.map {
                .init(pattern: $0, bestGigabytesPerSecond: 30, medianGigabytesPerSecond: 28)
            })
        let configuration = SweepConfiguration(
            kernels: [.add], backends: ["naive", "simd"], sizes: [16, 4096], samples: 5,
            minimumSampleNanoseconds: 1e6, openBLASThreads: 1, quick: true, seed: 1)
        var measurements: [KernelMeasurement] = []
        for (backend, base) in [("naive", 10.0), ("simd", 5.0)] {
            for size in [16, 4096] {
                let samples = (0..<5).map { base * Double(size) / 16 + Double($0) * 0.1 }
                measurements.append(
                    KernelMeasurement(
                        kernel: .add, backend: backend, size: size, iterationsPerSample: 100, samples: samples,
                        summary: SampleStatistics.summarize(samples), nanosecondsPerElement: samples[2] / Double(size),
                        gigabytesPerSecond: 24 * Double(size) / samples[2], fractionOfBandwidth: 0.5,
                        allocationsPerOperation: 0))
            }
        }
        return BenchmarkResults(
            machine: machine, configuration: configuration, probe: probe,
            measurements: measurements, workloads: [], elapsedSeconds: 1.5)
    }
}

/// Where the killed-writer test writes (the exit test's body cannot capture values).
enum KilledWriter {
    static let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("springbench-killed-writer-\(getuid())/bench.json").path
}
