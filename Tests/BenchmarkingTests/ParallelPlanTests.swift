import Benchmarking
import Foundation
import ParallelKernels
import SpringBenchBackends
import Testing
import VectorKernels

/// Threads and clocks: a plan with a threaded backend must be timed by the
/// wall clock and is not pinned; the parallel threshold rule; the record.
@Suite struct ParallelPlanTests {
    /// A backend that says it runs `threads` threads per call (naive's kernels).
    static func threaded(_ name: String, threads: Int) -> BenchmarkBackend {
        let naive = BenchmarkBackend(NaiveBackend.self)
        return BenchmarkBackend(
            name: name, type: NaiveBackend.self,
            details: {
                BackendDetails(
                    name: name, summary: "naive, said to be threaded", simdWidth: nil, library: nil, core: nil,
                    threads: threads, fusedAXPY: false)
            },
            kernelOperations: { naive.kernelOperations(size: $0, kernels: $1, seed: $2) },
            workload: { naive.workloadOperation($0, size: $1, seed: $2) })
    }

    static let catalogue = try! BackendCatalogue([
        BenchmarkBackend(NaiveBackend.self), threaded("four-threads", threads: 4), threaded("one-thread", threads: 1),
    ])
    static let limits = BenchmarkPlan.Limits(memoryBytes: 8e9, cores: 2)

    static func validate(_ backends: [String], clock: SampleClock, explicit: Bool = true)
        -> Result<BenchmarkPlan, BenchmarkPlanError>
    {
        var plan = BenchmarkPlan.quick(backends: backends)
        plan.timing.clock = clock
        plan.clockIsExplicit = explicit
        return Result { () throws(BenchmarkPlanError) in try plan.validated(against: catalogue, limits: limits) }
    }

    @Test("A threaded backend with thread-cpu is refused, naming --clock and the backend; with wall it runs")
    func clockRule() throws {
        guard case .failure(let error) = Self.validate(["naive", "four-threads"], clock: .threadCPU) else {
            Issue.record("thread-cpu accepted with a 4-thread backend")
            return
        }
        #expect(error.parameter == .clock)
        #expect(error.description.hasPrefix("--clock: "))
        #expect(error.description.contains("four-threads (4 threads)"))
        #expect(!error.description.contains("naive"))
        var standard = BenchmarkPlan.standard(backends: ["naive", "four-threads"])
        standard.timing.clock = .wall
        let plan = try standard.validated(against: Self.catalogue, limits: Self.limits)
        #expect(plan.threadsPerCall == 4)
        #expect(plan.cacheCheck?.clock == .wall)  // the long samples too
        #expect(try Self.validate(["naive", "one-thread"], clock: .threadCPU).get().threadsPerCall == 1)
        // A library user who never chose a clock gets the wall clock, not an error.
        let chosen = try Self.validate(["naive", "four-threads"], clock: .threadCPU, explicit: false).get()
        #expect(chosen.timing.clock == .wall)
        #expect(
            try Self.validate(["naive", "one-thread"], clock: .threadCPU, explicit: false).get().timing.clock
                == .threadCPU)
    }

    @Test("OpenBLAS counts as --openblas-threads threads, whatever its details said before the run")
    func openBLASThreads() throws {
        var plan = BenchmarkPlan.quick(backends: ["naive", "openblas"])
        plan.openBLASThreads = 2
        plan.timing.clock = .wall
        let validated = try plan.validated(against: .builtIn, limits: Self.limits)
        #expect(validated.threadsPerCall == 2)
        #expect(validated.backendThreads(in: .builtIn).map(\.1) == [1, 2])
    }

    @Test("The threshold rule: the smallest size from which splitting wins by the margin at every larger size")
    func decide() {
        func ladder(_ ratios: [Double]) -> [ParallelThresholds.LadderPoint] {
            ratios.enumerated().map { index, ratio in
                .init(size: (1 << 14) << (2 * index), simdNanoseconds: 100, splitNanoseconds: 100 * ratio)
            }
        }
        #expect(ParallelThresholds.decide(ladder([0.5, 0.5, 0.5]), margin: 0.05) == 1 << 14)
        #expect(ParallelThresholds.decide(ladder([1.5, 0.9, 0.5]), margin: 0.05) == 1 << 16)
        #expect(ParallelThresholds.decide(ladder([0.5, 1.2, 0.5]), margin: 0.05) == 1 << 18)  // a loss in between
        #expect(ParallelThresholds.decide(ladder([0.5, 0.5, 1.01]), margin: 0.05) == nil)  // the largest loses: never
        #expect(ParallelThresholds.decide(ladder([0.96, 0.96]), margin: 0.05) == nil)  // within the margin
        #expect(ParallelThresholds.decide(ladder([0.95, 0.95]), margin: 0.05) == 1 << 14)  // exactly at it
        #expect(ParallelThresholds.decide([], margin: 0.05) == nil)
        // Order of the input does not matter.
        #expect(ParallelThresholds.decide(ladder([1.5, 0.9, 0.5]).reversed(), margin: 0.05) == 1 << 16)
    }

    @Test("The ladder: powers of 4 from 16 Ki up to the run's largest size")
    func ladder() {
        let full: [Int] = [16_384, 65_536, 262_144, 1_048_576, 4_194_304, 16_777_216]
        #expect(ParallelThresholdMeasurement.ladder(upTo: 16 << 20) == full)
        #expect(ParallelThresholdMeasurement.ladder(upTo: 1 << 20) == Array(full.prefix(4)))
        #expect(ParallelThresholdMeasurement.ladder(upTo: 100_000) == Array(full.prefix(2)))
        #expect(ParallelThresholdMeasurement.ladder(upTo: 4096).isEmpty)
    }

    @Test("Every kernel maps to the operation it calls; the allocating add to add")
    func operations() {
        let operations = Kernel.allCases.map(ParallelThresholdMeasurement.operation)
        #expect(Set(operations) == Set(ParallelBackend.Operation.allCases))
        #expect(ParallelThresholdMeasurement.operation(of: .addAllocating) == .add)
        for kernel in Kernel.allCases where kernel != .addAllocating {
            #expect(ParallelThresholdMeasurement.operation(of: kernel).kernelName == kernel.rawValue)
        }
    }

    @Test("A measured record round-trips; impossible values are refused naming the JSON path")
    func record() throws {
        let record = ParallelThresholds(
            threads: 2, margin: 0.05,
            operations: [
                .init(
                    operation: .add, threshold: 1 << 16,
                    ladder: [.init(size: 1 << 16, simdNanoseconds: 900, splitNanoseconds: 500)]),
                .init(operation: .scale, threshold: nil, ladder: []),
            ])
        let data = try JSONEncoder().encode(record)
        #expect(try JSONDecoder().decode(ParallelThresholds.self, from: data) == record)
        #expect(
            record.swiftSettings == [
                "ParallelBackend.setThreshold(65536, for: .add)", "ParallelBackend.setThreshold(nil, for: .scale)",
            ])
        let text = String(decoding: data, as: UTF8.self)
        for (from, to) in [
            ("\"threads\":2", "\"threads\":0"), ("\"margin\":0.05", "\"margin\":1.5"),
            ("\"threshold\":65536", "\"threshold\":-3"), ("\"splitNanoseconds\":500", "\"splitNanoseconds\":-1"),
        ] {
            #expect(text.contains(from), "\(from) not in \(text)")
            let broken = Data(text.replacingOccurrences(of: from, with: to).utf8)
            #expect(throws: (any Error).self, "\(to)") {
                try JSONDecoder().decode(ParallelThresholds.self, from: broken)
            }
        }
    }
}
