import Benchmarking
import Foundation
import RegressionGate
import Testing

/// A sweep that samples another build beside its own (`bench --other-build`),
/// with the other build's sampler in this process: which cells it measures,
/// in which state, and what happens when the other build fails.
@Suite struct OtherBuildSweepTests {
    static let catalogue = BackendCatalogue.builtIn

    static let machine: MachineRecord = {
        var record = MachineRecord.current(backends: catalogue.backends.map(\.details), commandLine: "test")
        record.targetCPU = "other-test-build"
        return record
    }()

    static func otherBuild() throws -> SamplerOtherBuild {
        let session = SamplerSession(catalogue: catalogue, countAllocations: nil, machine: { machine })
        return try SamplerOtherBuild(
            channel: LocalSamplerChannel(label: "other", session: session), thisMachine: machine)
    }

    /// add and scale on naive and SIMD at 64 and 4096 points, with a
    /// last-level cache of 1536 bytes: 64-point cells are hot (add touches
    /// exactly 1536 bytes), 4096-point ones stream from memory.
    static func sweep(other: [any OtherBuild]) -> Sweep {
        var sweep = Sweep(
            kernels: [.add, .scale], backends: ["naive", "simd"].map { catalogue[$0]! }, sizes: [4096, 64], seed: 3,
            sampler: InterleavedSampler(
                policy: TimingPolicy(samples: 3, minimumSampleNanoseconds: 2e4, warmupNanoseconds: 0),
                countAllocations: nil))
        sweep.lastLevelCacheBytes = 1536
        sweep.secondLevelCacheBytes = 0
        sweep.cacheCheck = TimingPolicy(samples: 3, minimumSampleNanoseconds: 4e4, warmupNanoseconds: 0)
        sweep.otherBuilds = other
        return sweep
    }

    static let probe = BandwidthProbeResult(
        elements: 1024, bytesPerArray: 8192, trials: 1,
        patterns: ProbePattern.allCases.map {
            .init(pattern: $0, bestGigabytesPerSecond: 10, medianGigabytesPerSecond: 10)
        })

    @Test(
        "the other build measures the same cells in the same states, ceilings paired at the largest size, and is checked too"
    )
    func otherBuildCells() throws {
        let outcome = try Self.sweep(other: [try Self.otherBuild()]).run(probe: Self.probe)
        #expect(outcome.measurements.count == 8)
        let other = try #require(outcome.otherBuilds.first)
        #expect(other.machine.targetCPU == "other-test-build")
        #expect(Set(other.measurements.map(\.key)) == Set(outcome.measurements.map(\.key)))
        for measurement in outcome.measurements + other.measurements {
            #expect(measurement.samples.count == 3 && measurement.samples.allSatisfy { $0 > 0 && $0.isFinite })
            if measurement.size == 4096 {
                #expect(measurement.cacheState == .memory)
                let ceiling = try #require(measurement.ceiling, "\(measurement.key) has no ceiling")
                #expect(ceiling.pattern == measurement.kernel.ceilingPattern)
                #expect(measurement.fractionOfBandwidth == ceiling.fraction)
            } else {
                #expect(measurement.cacheState == .hot && measurement.ceiling == nil)
                // Against the probe's median for the ceiling pattern (10 GB/s here).
                #expect(abs(measurement.fractionOfBandwidth - measurement.gigabytesPerSecond / 10) < 1e-12)
            }
        }
        // The check: only 64 points (the one size with a hot kernel), both builds.
        let check = try #require(outcome.cacheCheck)
        #expect(check.cells.count == 8 && check.cells.allSatisfy { $0.size == 64 })
        #expect(check.cells.filter { $0.build == nil }.count == 4)
        #expect(check.cells.filter { $0.build == "other-test-build" }.count == 4)
        for cell in check.cells {
            let source = cell.build == nil ? outcome.measurements : other.measurements
            let swept = try #require(
                source.first { $0.key == CellKey(kernel: cell.kernel, backend: cell.backend, size: cell.size) })
            #expect(cell.sweepMedian == swept.summary.median)
            #expect(abs(cell.ratio - cell.sweepMedian / cell.longMedian) < 1e-15)
        }
    }

    /// A channel that answers the hello and then reports its sampler gone.
    final class DyingChannel: SamplerChannel {
        let label = "dying"
        let session = SamplerSession(catalogue: catalogue, countAllocations: nil, machine: { machine })
        func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
            if case .hello = request { return session.respond(to: request) }
            throw .exited(label: label, stderr: "killed")
        }
        func close() {}
    }

    @Test("a build that stops answering ends the sweep with an error naming it, not with garbage figures")
    func failingBuild() throws {
        let dying = try SamplerOtherBuild(channel: DyingChannel(), thisMachine: Self.machine)
        #expect(throws: OtherBuildError.self) { try Self.sweep(other: [dying]).run(probe: Self.probe) }
        #expect(dying.failure?.contains("dying stopped answering") == true)
    }

    @Test("a build on another machine is refused at the hello")
    func otherMachine() {
        var elsewhere = Self.machine
        elsewhere.hostname += "-elsewhere"
        let session = SamplerSession(catalogue: Self.catalogue, countAllocations: nil, machine: { elsewhere })
        #expect(throws: OtherBuildError.self) {
            try SamplerOtherBuild(
                channel: LocalSamplerChannel(label: "far", session: session), thisMachine: Self.machine)
        }
    }
}
