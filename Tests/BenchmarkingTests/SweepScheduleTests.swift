import Benchmarking
import Foundation
import Testing
import VectorKernels

/// The sweep's schedule under a fixed seed, pinned: which cells are sampled
/// together, in which order round by round, and what every other build's
/// cell (whose samples are deterministic here) yields. A refactoring of
/// ``Sweep`` must leave all of it as it was, bit for bit: a fixed-seed run
/// is reproducible only while the sampling order and the seeds stay put.
@Suite struct SweepScheduleTests {
    /// Every cell visit, consecutive repeats (calibration batches, warming
    /// calls before a sample, a long sample after its ordinary one) collapsed.
    final class Log: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var entries: [String] = []

        func visit(_ name: String) {
            lock.lock()
            defer { lock.unlock() }
            if entries.last != name { entries.append(name) }
        }
    }

    /// A backend whose kernels only log their calls; with `ceilings`, two
    /// loop variants per kernel.
    static func backend(_ name: String, ceilings: Bool, log: Log) -> BenchmarkBackend {
        BenchmarkBackend(
            name: name, type: NaiveBackend.self, details: { NaiveBackend.details },
            kernelOperations: { size, kernels, _ in
                var operations = KernelOperations()
                for kernel in kernels {
                    let cell = "\(name).\(kernel).\(size)"
                    operations.kernels[kernel] = work(cell, log)
                    if ceilings {
                        operations.ceilings[kernel] = (0..<2).map { loop in work("\(cell).loop\(loop)", log) }
                    }
                }
                return operations
            },
            workload: { _, _, _ in TimedOperation { _ in } })
    }

    /// `n` calls that take time in proportion to `n`, logged as one visit.
    static func work(_ cell: String, _ log: Log) -> TimedOperation {
        TimedOperation { n in
            log.visit(cell)
            var sum = 0.0
            for i in 0..<n { sum += Double(i).squareRoot() }
            blackHole(sum)
        }
    }

    /// A cell of another build: fixed iterations and samples that depend only
    /// on the cell and on how many samples it has given.
    final class FakeCell: SampledCell {
        let name: String
        let log: Log
        let base: Double
        var taken = 0

        init(name: String, log: Log) {
            self.name = name
            self.log = log
            base = Double(name.unicodeScalars.reduce(0) { ($0 &* 31 &+ Int($1.value)) % 997 } + 100)
        }

        func calibrate(_ policy: TimingPolicy) -> Int {
            log.visit(name)
            return 3
        }

        func sample(iterations: Int, clock: SampleClock) -> Double {
            log.visit(name)
            taken += 1
            return base + Double((taken * 37) % 11) + 0.25 * Double(iterations)
        }

        func warm() { log.visit(name) }

        func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? { nil }
    }

    final class FakeBuild: OtherBuild {
        let machine: MachineRecord
        let backendNames: [String]
        let withCeilings: Bool
        let log: Log
        var failure: String? { nil }

        init(target: String, backendNames: [String], withCeilings: Bool, log: Log) {
            var machine = MachineRecord.current(backends: [], commandLine: "test")
            machine.targetCPU = target
            self.machine = machine
            self.backendNames = backendNames
            self.withCeilings = withCeilings
            self.log = log
        }

        func cell(_ key: CellKey, seed: UInt64) -> any SampledCell {
            FakeCell(name: "\(machine.targetCPU).\(key)@\(seed)", log: log)
        }

        func ceilings(_ key: CellKey, seed: UInt64) -> [any SampledCell] {
            withCeilings
                ? (0..<2).map { FakeCell(name: "\(machine.targetCPU).\(key)@\(seed).loop\($0)", log: log) } : []
        }
    }

    /// FNV-1a, 64 bits: a digest that does not change between runs (Hasher's does).
    static func digest(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test(
        "a fixed seed gives the same schedule and the same other-build figures as before the sweep was split by concern"
    )
    func fixedSeedSchedule() throws {
        let log = Log()
        // 64 points: hot, checked; 256: memory; 4096: memory and the largest, with ceilings.
        var sweep = Sweep(
            kernels: [.add, .scale],
            backends: [
                Self.backend("own-a", ceilings: true, log: log), Self.backend("own-b", ceilings: false, log: log),
            ],
            sizes: [4096, 64, 256], seed: 11,
            sampler: InterleavedSampler(
                policy: TimingPolicy(samples: 9, minimumSampleNanoseconds: 2e4, warmupNanoseconds: 0),
                countAllocations: nil))
        sweep.lastLevelCacheBytes = 1536
        sweep.secondLevelCacheBytes = 0
        sweep.cacheCheck = TimingPolicy(samples: 3, minimumSampleNanoseconds: 4e4, warmupNanoseconds: 0)
        sweep.otherBuilds = [
            FakeBuild(target: "first", backendNames: ["own-b", "elsewhere", "own-a"], withCeilings: true, log: log),
            FakeBuild(target: "second", backendNames: ["own-a"], withCeilings: false, log: log),
        ]
        var yardstick = Self.backend("yard", ceilings: true, log: log)
        let yardstickOperations = yardstick
        yardstick = BenchmarkBackend(
            name: "yard", type: NaiveBackend.self, details: { NaiveBackend.details },
            kernelOperations: { size, kernels, seed in
                var operations = yardstickOperations.kernelOperations(
                    size: size, kernels: kernels.filter { $0 == .add }, seed: seed)
                operations.ceilings = [:]
                return operations
            },
            workload: { _, _, _ in TimedOperation { _ in } })
        sweep.yardstick = yardstick
        let probe = BandwidthProbeResult(
            elements: 1024, bytesPerArray: 8192, trials: 1,
            patterns: ProbePattern.allCases.map {
                .init(pattern: $0, bestGigabytesPerSecond: 10, medianGigabytesPerSecond: 10)
            })
        let outcome = try sweep.run(probe: probe)

        // Own and yardstick figures are timings: their cells, order, states and
        // seeds (the bootstrap interval is the summary of the samples with the seed).
        // Five owners a kernel and size (two own backends, two of the first
        // build, one of the second), seeded in that order from the run's seed.
        for (index, measurement) in outcome.measurements.enumerated() {
            #expect(measurement.samples.count == 9)
            let seed = 11 &+ UInt64(index / 2 * 5 + index % 2)
            #expect(
                measurement.summary == SampleStatistics.summarize(measurement.samples, seed: seed), "\(measurement.key)"
            )
        }
        for (index, measurement) in outcome.yardstick.enumerated() {
            #expect(
                measurement.summary
                    == SampleStatistics.summarize(measurement.samples, seed: 11 &+ 0x9A2D &+ UInt64(index)))
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var lines = log.entries
        lines += outcome.measurements.map {
            "own \($0.key) \($0.cacheState?.rawValue ?? "-") \($0.ceiling?.pattern.rawValue ?? "-") \($0.iterationsPerSample > 0)"
        }
        lines += outcome.yardstick.map { "yardstick \($0.key) \($0.cacheState?.rawValue ?? "-")" }
        for build in outcome.otherBuilds {
            lines.append("build \(build.machine.targetCPU)")
            lines.append(String(decoding: try encoder.encode(build.measurements), as: UTF8.self))
        }
        let check = try #require(outcome.cacheCheck)
        for cell in check.cells {
            lines.append(
                cell.build == nil
                    ? "check \(cell.uniqueKey) \(cell.cacheState)"
                    : String(decoding: try encoder.encode(cell), as: UTF8.self))
        }
        let fingerprint = lines.joined(separator: "\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sweep-schedule.txt").path
        try fingerprint.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Self.digest(fingerprint) == 6_405_586_068_594_152_760, "schedule changed; fingerprint in \(path)")
    }
}
