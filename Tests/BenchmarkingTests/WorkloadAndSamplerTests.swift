import Benchmarking
import SpringModel
import Testing
import VectorKernels

/// What the timed workloads compute and what the sampler reports about
/// allocations, checked against oracles outside the code under test: the
/// workloads must move the points the way the spring does (a benchmark of the
/// wrong motion measures nothing a user runs), and allocations per operation
/// are a count, not a time, so they can be asserted exactly.
@Suite("Workloads and the sampler's counts")
struct WorkloadAndSamplerTests {
    typealias State = SpringState<SIMDBackend>

    /// Each workload, the frames it runs, and how far it may be from the exact
    /// motion, relative to |u| + |v|/ω₀ of each point:
    /// - the closed-form frame is the same affine map as `Spring.update`, three
    ///   frames of a few roundings each: a few ulps, so 1e-13 leaves ~100× margin;
    /// - a DP5 step over ω₀h ≈ 0.105 errs by ≈ (ω₀h)⁶/720 ≈ 2e-9 per step, so two
    ///   steps stay below 1e-7 with ~25× margin, while a wrong stage is off by > 1e-4.
    static let workloads: [(SpringWorkload, frames: Int, tolerance: Double)] = [
        (.closedFormFrame, 3, 1e-13), (.odeStep, 2, 1e-7),
    ]

    @Test("each workload moves every point as Spring.update does, frame by frame", arguments: workloads)
    func workloadIsTheSpringsMotion(_ workload: SpringWorkload, frames: Int, tolerance: Double) {
        let state = State(size: 37, seed: 9)
        // A velocity as well, so the position's velocity term and the velocity's
        // displacement term both matter.
        state.velocity = PointVector((0..<37).map { Double($0 % 7) - 3 })
        var positions = state.displacement.elements, velocities = state.velocity.elements
        let spring = SpringWorkload.spring
        state.operation(workload).run(frames)
        for _ in 0..<frames {
            for i in positions.indices {
                spring.update(
                    value: &positions[i], velocity: &velocities[i], target: 0.0,
                    deltaTime: SpringWorkload.frameSeconds)
            }
        }
        let omega = spring.naturalFrequency
        let result = state.moved(by: workload)
        let moved = zip(result.displacement.elements, result.velocity.elements)
        // The first point off, if any: one issue, not one per point.
        let miss = zip(positions.indices, moved).first { i, got in
            let scale = abs(positions[i]) + abs(velocities[i]) / omega + 1e-300
            return abs(got.0 - positions[i]) > tolerance * scale
                || abs(got.1 - velocities[i]) > tolerance * scale * omega
        }
        #expect(miss == nil, "\(workload): point \(miss?.0 ?? -1) moved to \(String(describing: miss?.1))")
    }

    @Test("allocations per operation divide by the runs made, at any calibrated count")
    func allocationsPerOperation() {
        // An operation that 'allocates' once per iteration, counted by a counter
        // that reports the iterations run while it watched.
        final class Tally: @unchecked Sendable { var iterations = 0 }
        let tally = Tally()
        let operation = TimedOperation { n in tally.iterations += n }
        let counter: AllocationCounter = { body in
            let before = tally.iterations
            body()
            return tally.iterations - before
        }
        // No minimum sample time: calibration stops at one iteration, below allocationRuns.
        let policy = TimingPolicy(samples: 3, minimumSampleNanoseconds: 0, warmupNanoseconds: 0)
        let sampler = InterleavedSampler(policy: policy, countAllocations: counter)
        var rng = SplitMix64(seed: 1)
        let cells = sampler.sample([operation, operation], using: &rng, allocationRuns: 16)
        for cell in cells {
            #expect(cell.iterationsPerSample == 1)
            #expect(cell.samples.count == 3)
            #expect(
                cell.allocationsPerOperation == 1,
                "one allocation per operation, got \(String(describing: cell.allocationsPerOperation))")
        }
    }
}
