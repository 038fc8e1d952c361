import CVectorLoops
import DocumentValues
import VectorKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C yardstick's kernels (`ReferenceLoops.c`): plain C loops compiled for
/// AVX2+FMA and chosen when the CPU has both, as `gcc -O3 -march=native`
/// would build them. Measured in the same rounds as the backends and shown
/// as a reference row, so every report says how far Swift is from C on the
/// machine it ran on; never a backend to choose (not in any catalogue).
///
/// As a `KernelBackend` it runs through the same `PointVector` harness as
/// the backends, so the comparison carries the same per-call overhead. Its
/// allocating add is C's: `malloc`, the loop, `free` of the previous result.
public enum CYardstick: KernelBackend {
    public static let name = "c"

    public static var details: BackendDetails {
        let target = String(cString: springbench_reference_target())
        return BackendDetails(
            name: name, displayName: "C",
            summary:
                "plain C loops, clang -O with target \(target), contraction on, Σa² in 16 accumulators (the yardstick)",
            simdWidth: nil, library: nil, core: target, threads: 1, fusedAXPY: target != "baseline")
    }

    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        // The loops take `restrict` operands: aliased calls go to the in-place loops.
        if UnsafePointer(c) == a, a != b { return springbench_reference_add_in_place(c, b, count) }
        if UnsafePointer(c) == b, a != b { return springbench_reference_add_in_place(c, a, count) }
        if UnsafePointer(c) == a || UnsafePointer(c) == b {
            return NaiveBackend.uncheckedAdd(a, b, into: c, count: count)
        }
        springbench_reference_add(a, b, c, count)
    }

    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        if UnsafePointer(c) == a, a != b { return springbench_reference_subtract_in_place(c, b, count) }
        if UnsafePointer(c) == a || UnsafePointer(c) == b {
            return NaiveBackend.uncheckedSubtract(a, b, into: c, count: count)
        }
        springbench_reference_subtract(a, b, c, count)
    }

    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        if UnsafePointer(a) == b { return NaiveBackend.uncheckedAddInPlace(a, b, count: count) }
        springbench_reference_add_in_place(a, b, count)
    }

    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        if UnsafePointer(a) == b { return NaiveBackend.uncheckedSubtractInPlace(a, b, count: count) }
        springbench_reference_subtract_in_place(a, b, count)
    }

    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        springbench_reference_scale(a, factor, count)
    }

    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        if UnsafePointer(y) == x { return NaiveBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count) }
        springbench_reference_axpy(alpha, x, y, count)
    }

    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        springbench_reference_sum_of_squares(a, count)
    }
}

/// What the yardstick measured in a run.
public struct YardstickMeasurements: Codable, Sendable, Equatable {
    /// Which version of the C loops ran (`BackendDetails.core`: `avx2,fma` or `baseline`).
    public var details: BackendDetails
    @UniqueElements public var measurements: [KernelMeasurement]

    public init(details: BackendDetails, measurements: [KernelMeasurement]) {
        self.details = details
        self.measurements = measurements
    }
}

extension YardstickMeasurements: UniquelyKeyed {
    /// The reference's name: each appears once among a run's references.
    public var uniqueKey: String { details.name }
}

extension BenchmarkBackend {
    /// The C yardstick as the sweep samples it: its kernels on operands made
    /// exactly like every backend's, no ceilings and no workloads.
    public static let cYardstick = BenchmarkBackend(
        name: CYardstick.name, type: CYardstick.self, details: { CYardstick.details },
        kernelOperations: { size, kernels, seed in
            let operands = KernelOperands<CYardstick>(size: size, seed: seed)
            var operations = KernelOperations()
            for kernel in kernels {
                operations.kernels[kernel] =
                    kernel == .addAllocating
                    ? operands.mallocAddition(springbench_reference_add_allocating) : operands.operation(kernel)
            }
            return operations
        },
        workload: { workload, _, _ in
            preconditionFailure("the C yardstick runs no workload (asked for \(workload.rawValue))")
        })
}

extension KernelOperands {
    /// `c = a + b` as C writes it: a fresh `malloc` block per call, the
    /// previous result freed (the allocator's own reuse and page faults
    /// included, as with the backends' `+`). `allocatingAdd` returns a
    /// `malloc` block holding `a + b` (the C or the gcc yardstick's).
    @usableFromInline
    func mallocAddition(
        _ allocatingAdd: @escaping (UnsafePointer<Double>, UnsafePointer<Double>, Int) -> UnsafeMutablePointer<Double>?
    ) -> TimedOperation {
        TimedOperation { [self] n in
            withOperands { a, b, _ in
                let count = a.count
                a.withUnsafeBufferPointer { a in
                    b.withUnsafeBufferPointer { b in
                        var previous: UnsafeMutablePointer<Double>?
                        for _ in 0..<n {
                            guard let result = allocatingAdd(a.baseAddress!, b.baseAddress!, count) else {
                                preconditionFailure("malloc refused \(count) doubles")
                            }
                            free(previous)
                            previous = result
                        }
                        if let previous { sink += previous[count / 2] }
                        free(previous)
                    }
                }
            }
            blackHole(sink)
        }
    }
}

/// The sweep's yardstick: one reference cell per kernel and size, sampled in
/// the same rounds as the backends, with no ceiling and no cache check.
extension Sweep {
    /// The yardstick's operations at `size`, made like every backend's; nil without a yardstick.
    func yardstickOperations(size: Int, seeds: SweepSeeds) -> KernelOperations? {
        yardstick?.kernelOperations(size: size, kernels: kernels, seed: seeds.operands)
    }

    /// Adds the yardstick's cell of the round's kernel last, if it has one.
    func addYardstickCell(to round: inout SweepRound, from operations: KernelOperations?) {
        guard let yardstick, let cell = operations?[round.kernel] else { return }
        round.add(.yardstick(backend: yardstick.name), cell)
    }

    /// The yardstick's measurement of `round` (against the probe, never a ceiling).
    static func yardstickMeasurement(
        _ cell: SweepRound.Sampled, of round: SweepRound, probe: BandwidthProbeResult, seed: UInt64
    ) -> KernelMeasurement {
        measurement(
            kernel: round.kernel, backend: cell.owner.backend, size: round.size, cell: cell.samples, probe: probe,
            seed: seed, cacheState: round.cacheState)
    }
}
