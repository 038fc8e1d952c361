import CVectorLoops
import DocumentValues
import VectorKernels

/// The harness's own cost per call: the sampling loop, the operand swap and
/// the vector API around a kernel that does nothing (one opaque C call).
///
/// At small N part of every figure is this cost, not the kernel's: inside the
/// sweep the C yardstick's add at 256 points read 0.077 ns/element where a
/// tight C loop reads 0.043 (../shared/SPEC.md §8), i.e. about 9 ns a call of
/// harness. Each build measures its own floor (its compiler and target decide
/// the loop's code), in the same rounds; `performance.md` prints it and marks
/// the cells whose median time per call is within ``markedWithin`` of it.
public enum HarnessFloor {
    /// The floor's cell: `add` on 16 points of ``EmptyKernels``.
    public static let key = CellKey(kernel: .add, backend: EmptyKernels.name, size: 16)
    /// A cell whose median per call is below this multiple of its build's floor is marked.
    public static let markedWithin = 2.0

    /// Samples this build's floor and each other build's, interleaved round
    /// by round. A build that cannot sample the floor (an older springbench)
    /// gets no entry.
    public static func measure(
        build: String, others: [any OtherBuild], sampler: InterleavedSampler, seeds: SweepSeeds
    ) -> [HarnessFloorMeasurement] {
        guard
            let own = BenchmarkBackend.harnessFloor.kernelOperations(
                size: key.size, kernels: [key.kernel], seed: seeds.operands)[
                    key.kernel]
        else { return [] }
        let usable = others.filter { $0.failure == nil }
        let cells: [any SampledCell] = [own] + usable.map { $0.cell(key, seed: seeds.operands) }
        var rng = seeds.harnessFloorSchedule()
        let samples = sampler.sample(cells, using: &rng, allocationRuns: 1)
        var floors: [HarnessFloorMeasurement] = []
        for (index, cell) in samples.enumerated() {
            if index > 0, usable[index - 1].failure != nil { continue }
            guard cell.samples.allSatisfy({ $0.isFinite && $0 > 0 }), !cell.samples.isEmpty else { continue }
            let summary = SampleStatistics.summarize(cell.samples, seed: seeds.harnessFloor)
            floors.append(
                HarnessFloorMeasurement(
                    build: index == 0 ? build : usable[index - 1].machine.targetCPU,
                    nanosecondsPerCall: summary.median, interval: summary.medianInterval))
        }
        return floors
    }
}

/// One build's harness floor, as a results file records it.
public struct HarnessFloorMeasurement: Codable, Sendable, Equatable {
    /// The build's target CPU (``MachineRecord/targetCPU``).
    @Checked<NonEmptyText> public var build: String
    /// Median nanoseconds per call of the empty kernel through the harness.
    @Checked<Positive> public var nanosecondsPerCall: Double
    /// Bootstrap 95 % interval of that median.
    @Valid public var interval: ConfidenceInterval

    public init(build: String, nanosecondsPerCall: Double, interval: ConfidenceInterval) {
        self.build = build
        self.nanosecondsPerCall = nanosecondsPerCall
        self.interval = interval
    }
}

/// The kernels of the harness floor: each one opaque C call that does nothing.
public enum EmptyKernels: KernelBackend {
    public static let name = "harness-floor"

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "harness floor", summary: "an opaque call that does nothing",
            simdWidth: nil, library: nil, core: nil, threads: 1, fusedAXPY: false)
    }

    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        springbench_harness_empty(a, c, count)
    }

    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        springbench_harness_empty(a, c, count)
    }

    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        springbench_harness_empty(b, a, count)
    }

    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        springbench_harness_empty(b, a, count)
    }

    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        springbench_harness_empty(a, a, count)
    }

    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        springbench_harness_empty(x, y, count)
    }

    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        springbench_harness_empty(a, UnsafeMutablePointer(mutating: a), count)
        return 0
    }
}

extension BenchmarkBackend {
    /// The harness floor as a sampler offers it (not in any catalogue: never a choice).
    public static let harnessFloor = BenchmarkBackend(
        name: EmptyKernels.name, type: EmptyKernels.self, details: { EmptyKernels.details },
        kernelOperations: { size, kernels, seed in
            KernelOperands<EmptyKernels>(size: size, seed: seed).operations(kernels)
        },
        workload: { workload, _, _ in
            preconditionFailure("the harness floor runs no workload (asked for \(workload.rawValue))")
        })
}
