@testable import Benchmarking
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

    @Test("a closed-form frame moves every point as Spring.update does over 1/120 s")
    func closedFormFrameIsTheSpringsMotion() {
        let state = State(size: 37, seed: 9)
        // A velocity as well, so the position's velocity term and the velocity's
        // displacement term both matter.
        state.velocity = PointVector((0..<37).map { Double($0 % 7) - 3 })
        var positions = state.displacement.elements, velocities = state.velocity.elements
        let spring = SpringWorkload.spring
        let frames = 3
        state.closedFormFrames(frames)
        for _ in 0..<frames {
            for i in positions.indices {
                spring.update(value: &positions[i], velocity: &velocities[i], target: 0.0,
                              deltaTime: SpringWorkload.frameSeconds)
            }
        }
        let omega = spring.naturalFrequency
        for i in positions.indices {
            // Both are three rounded affine maps: a few ulps of |u| + |v|/ω₀.
            let scale = abs(positions[i]) + abs(velocities[i]) / omega + 1e-300
            #expect(abs(state.displacement.elements[i] - positions[i]) <= 1e-13 * scale, "point \(i): position")
            #expect(abs(state.velocity.elements[i] - velocities[i]) <= 1e-13 * scale * omega, "point \(i): velocity")
        }
    }

    @Test("a DP5 step moves every point as the spring does, to the step's error")
    func odeStepIsTheSpringsMotion() {
        let state = State(size: 19, seed: 10)
        state.velocity = PointVector((0..<19).map { 0.5 * Double($0 % 5) - 1 })
        var positions = state.displacement.elements, velocities = state.velocity.elements
        let spring = SpringWorkload.spring
        state.odeSteps(2)
        for _ in 0..<2 {
            for i in positions.indices {
                spring.update(value: &positions[i], velocity: &velocities[i], target: 0.0,
                              deltaTime: SpringWorkload.frameSeconds)
            }
        }
        let omega = spring.naturalFrequency
        for i in positions.indices {
            // DP5 over ω₀h ≈ 0.105: local error ≈ (ω₀h)⁶/720 ≈ 2e-9 of the scale per step.
            let scale = abs(positions[i]) + abs(velocities[i]) / omega + 1e-300
            #expect(abs(state.displacement.elements[i] - positions[i]) <= 1e-7 * scale, "point \(i): position")
            #expect(abs(state.velocity.elements[i] - velocities[i]) <= 1e-7 * scale * omega, "point \(i): velocity")
        }
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
            #expect(cell.allocationsPerOperation == 1, "one allocation per operation, got \(String(describing: cell.allocationsPerOperation))")
        }
    }
}
