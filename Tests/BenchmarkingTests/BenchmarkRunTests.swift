import Benchmarking
import Testing
import VectorKernels

/// A whole run in this process, on a tiny plan: what it wires together
/// (the measured cache share deciding cell states, the record), not timings.
@Suite("Benchmark run")
struct BenchmarkRunTests {
    /// A tiny whole run: one backend, no probe trials beyond one, no workloads, yardstick or cache check.
    static func tinyPlan(kernels: [Kernel], sizes: [Int], samples: Int, valueTypeSizes: [Int]) -> BenchmarkPlan {
        var plan = BenchmarkPlan.quick(backends: [NaiveBackend.name])
        plan.kernels = kernels
        plan.sizes = sizes
        plan.timing.samples = samples
        plan.timing.minimumSampleNanoseconds = 10_000
        plan.probeTrials = 1
        plan.probeMinimumElements = 1 << 12
        plan.workloads = []
        plan.yardstick = false
        plan.cacheCheck = nil
        plan.valueTypeSizes = valueTypeSizes
        return plan
    }

    @Test("The measured cache share decides every cell's state and the probe's size, and is recorded")
    func measuredShareDecidesCellStates() throws {
        // add at 16 Ki: 384 KiB of operands, at 64 Ki: 1.5 MiB; Σa² at 64 Ki: 512 KiB. 6 samples:
        // the workloads' count would be 3 (half), so the value sweep's count shows whose it took.
        let plan = Self.tinyPlan(
            kernels: [.add, .magnitudeSquared], sizes: [16 << 10, 64 << 10], samples: 6, valueTypeSizes: [16, 256])
        var run = BenchmarkRun(plan: try plan.validated(against: .builtIn), catalogue: .builtIn)
        // This process keeps 1 MiB, whatever the machine reports.
        let kept = 1 << 20
        var asked: [(Int, Int)] = []
        run.measureResidency = { lastLevel, second, _ in
            asked.append((lastLevel, second))
            return CacheResidency(
                points: [
                    .init(bytes: 1 << 20, gigabytesPerSecond: 40), .init(bytes: 2 << 20, gigabytesPerSecond: 15),
                    .init(bytes: 64 << 20, gigabytesPerSecond: 12),
                ],
                residentBytes: kept, thresholdGigabytesPerSecond: 21.9)
        }
        let results = try run.run()
        #expect(asked.count == 1)
        #expect(asked.first?.0 == results.machine.lastLevelCacheBytes)
        #expect(results.machine.cacheResidency?.residentBytes == kept)
        #expect(results.machine.cacheStateBytes == kept)
        let states = Dictionary(
            uniqueKeysWithValues: results.measurements.map { ("\($0.kernel.rawValue)@\($0.size)", $0.cacheState) })
        #expect(
            states == [
                "add@16384": .hot, "add@65536": .memory, "magnitudeSquared@16384": .hot,
                "magnitudeSquared@65536": .hot,
            ])
        // The probe's arrays: 4× the kept share (the plan's minimum is below it).
        #expect(results.probe.bytesPerArray == 4 * kept)
        // The value sweep the plan asked for is in the record: every operation, size and subject.
        let cells = Set((results.valueTypes ?? []).map { "\($0.operation.rawValue).\($0.subject.rawValue)@\($0.size)" })
        let planned = Set(
            ValueOperation.allCases.flatMap { operation in
                [16, 256].flatMap { size in
                    ValueSubject.available.map { "\(operation.rawValue).\($0.rawValue)@\(size)" }
                }
            })
        #expect(cells == planned)
        // With the kernels' sample count, not the workloads' half.
        #expect((results.valueTypes ?? []).allSatisfy { $0.samples.count == plan.timing.samples })
    }

    @Test("A run without the value sweep records none (not an empty list)")
    func noValueSweepRecordsNone() throws {
        let plan = Self.tinyPlan(kernels: [.add], sizes: [1 << 10], samples: 3, valueTypeSizes: [])
        var run = BenchmarkRun(plan: try plan.validated(against: .builtIn), catalogue: .builtIn)
        run.measureResidency = { _, _, _ in
            CacheResidency(
                points: [.init(bytes: 1 << 20, gigabytesPerSecond: 40)], residentBytes: 1 << 20,
                thresholdGigabytesPerSecond: 21.9)
        }
        let results = try run.run()
        #expect(results.valueTypes == nil)
        #expect(results.measurements.count == 1)
    }
}
