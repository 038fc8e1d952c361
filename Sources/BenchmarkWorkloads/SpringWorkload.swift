import Benchmarking
import ODEReference
import SpringBenchBackends
import SpringModel
import VectorKernels

/// End-to-end work an animation engine does per display frame for N points
/// moved by one spring, timed like the kernels.
public enum SpringWorkload: String, CaseIterable, Sendable {
    /// One 120 Hz frame of the exact closed-form step: the spring's propagator
    /// (four scalars, computed once) applied to N displacements and velocities
    /// with the backend's kernels — a copy, two scales and two axpys, no allocation.
    case closedFormFrame = "spring-closed-form-frame"
    /// One Dormand–Prince 5(4) step of the ODE reference over a 120 Hz frame:
    /// seven acceleration evaluations and the stage combinations, through the
    /// backend's kernels.
    case odeStep = "spring-dp54-step"

    /// The spring every workload animates: SwiftUI's `.bouncy` (duration 0.5, bounce 0.3).
    static let spring = try! Spring(mass: 1, stiffness: 157.91367041742973, damping: 17.59291886010284)
    static let frameSeconds = 1.0 / 120
}

/// Times the workloads for every backend and size, interleaving backends.
public struct WorkloadSweep {
    public var workloads: [SpringWorkload]
    public var backends: [String]
    public var sizes: [Int]
    public var policy: TimingPolicy
    public var countAllocations: AllocationCounter?
    public var seed: UInt64

    public init(workloads: [SpringWorkload], backends: [String], sizes: [Int], policy: TimingPolicy,
                countAllocations: AllocationCounter?, seed: UInt64) {
        self.workloads = workloads
        self.backends = backends
        self.sizes = sizes
        self.policy = policy
        self.countAllocations = countAllocations
        self.seed = seed
    }

    public func run(progress: (SweepProgress) -> Void = { _ in }) -> [WorkloadMeasurement] {
        var rng = SplitMix64(seed: seed)
        var results: [WorkloadMeasurement] = []
        for size in sizes.sorted() {
            for workload in workloads {
                let cells = backends.map { name -> TimedOperation in
                    progress(.workload(name: workload.rawValue, backend: name, size: size))
                    return Backends.withBackend(named: name, WorkloadFactory(workload: workload, size: size, seed: seed))!
                }
                let iterations = cells.map { $0.calibrate(policy) }
                var samples = [[Double]](repeating: [], count: cells.count)
                for _ in 0..<policy.samples {
                    for index in cells.indices.shuffled(using: &rng) {
                        samples[index].append(cells[index].sample(iterations: iterations[index], clock: policy.clock))
                    }
                }
                for (index, backend) in backends.enumerated() {
                    let allocations = countAllocations.map { count -> Double in
                        let runs = max(1, min(iterations[index], 8))
                        return Double(count { cells[index].run(runs) }) / Double(runs)
                    }
                    let summary = SampleStatistics.summarize(samples[index], seed: seed &+ UInt64(results.count))
                    results.append(WorkloadMeasurement(
                        workload: workload.rawValue, backend: backend, size: size,
                        iterationsPerSample: iterations[index], samples: samples[index], summary: summary,
                        nanosecondsPerElement: summary.median / Double(size), allocationsPerOperation: allocations))
                }
            }
        }
        return results
    }
}

/// Builds one workload's operation, specialised for a concrete backend.
struct WorkloadFactory: BackendVisitor {
    let workload: SpringWorkload
    let size: Int
    let seed: UInt64

    func visit<Backend: KernelBackend>(_ backend: Backend.Type) -> TimedOperation {
        let state = SpringState<Backend>(size: size, seed: seed)
        switch workload {
        case .closedFormFrame: return TimedOperation { n in state.closedFormFrames(n) }
        case .odeStep: return TimedOperation { n in state.odeSteps(n) }
        }
    }
}

/// N points' displacements from the target and velocities.
final class SpringState<Backend: KernelBackend> {
    typealias Vector = PointVector<Backend, ZeroExtending>
    var displacement: Vector
    var velocity: Vector
    var scratch: Vector
    let propagator: SpringPropagator
    let integrator: AdaptiveIntegrator<SpringAcceleration<Vector>>

    init(size: Int, seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        displacement = Vector((0..<size).map { _ in Double.random(in: -1...1, using: &rng) })
        velocity = Vector(repeating: 0, count: size)
        scratch = Vector(repeating: 0, count: size)
        let spring = SpringWorkload.spring
        propagator = SpringPropagator(
            naturalFrequency: spring.naturalFrequency, dampingRatio: spring.dampingRatio,
            time: SpringWorkload.frameSeconds)
        integrator = AdaptiveIntegrator(
            .dormandPrince54,
            system: SpringAcceleration(stiffnessOverMass: spring.stiffness / spring.mass,
                                       dampingOverMass: spring.damping / spring.mass))
    }

    /// `n` frames of u ← A·u + B·v, v ← C·u + D·v, in place.
    func closedFormFrames(_ n: Int) {
        var u = Vector(), v = Vector(), s = Vector()
        swap(&u, &displacement)
        swap(&v, &velocity)
        swap(&s, &scratch)
        let p = propagator
        for _ in 0..<n {
            s.assign(from: u)
            s.scale(by: p.velocityFromDisplacement)
            s.add(v, scaledBy: p.velocityFromVelocity)  // s = new velocity
            u.scale(by: p.positionFromDisplacement)
            u.add(v, scaledBy: p.positionFromVelocity)  // u = new displacement
            swap(&v, &s)
        }
        // Keep the motion from decaying to subnormals over millions of frames.
        if u.magnitudeSquared < 1e-100 * Double(u.count) { u.scale(by: 1e50) }
        swap(&u, &displacement)
        swap(&v, &velocity)
        swap(&s, &scratch)
    }

    /// `n` single Dormand–Prince steps of one frame each.
    func odeSteps(_ n: Int) {
        for _ in 0..<n {
            guard let solution = try? integrator.integrate(
                from: 0, position: displacement, velocity: velocity, stepSizes: [SpringWorkload.frameSeconds])
            else { preconditionFailure("a fixed step of a stable spring cannot fail") }
            displacement = solution.finalState.position
            velocity = solution.finalState.velocity
        }
        if displacement.magnitudeSquared < 1e-100 * Double(displacement.count) {
            displacement.scale(by: 1e50)
        }
    }
}

/// `a = −(k/m)·u − (c/m)·v` for displacement `u` from the target.
struct SpringAcceleration<Vector: VectorArithmetic>: SecondOrderSystem {
    let stiffnessOverMass: Double
    let dampingOverMass: Double

    func acceleration(time: Double, position: Vector, velocity: Vector, into acceleration: inout Vector) {
        acceleration.scale(by: 0)
        acceleration.add(position, scaledBy: -stiffnessOverMass)
        acceleration.add(velocity, scaledBy: -dampingOverMass)
    }
}
