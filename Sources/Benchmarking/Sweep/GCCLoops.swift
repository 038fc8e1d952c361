import VectorKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The gcc yardstick: the kernels of a ``LoopsLibrary`` (plain C loops built
/// with `gcc -O3 -march=native`), as a `KernelBackend` so that they run
/// through the same `PointVector` harness as the backends, in the same
/// rounds. A reference row, never a backend to choose (in no catalogue).
///
/// Its static functions call the function pointers of the library
/// ``install(_:)`` loaded, once, before the sweep: one indirect call per
/// kernel call, as any call into a shared library is.
public enum GCCLoops: KernelBackend {
    public static let name = "gcc"

    /// The loaded library (set once, before anything is timed).
    nonisolated(unsafe) static var library: LoopsLibrary?

    /// Makes `library` the one ``GCCLoops`` calls; before any kernel runs.
    public static func install(_ library: LoopsLibrary) { self.library = library }

    @inline(__always) static var loops: LoopsLibrary {
        guard let library else { preconditionFailure("GCCLoops: no loops library installed (--loops-library)") }
        return library
    }

    public static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "gcc loops",
            summary: "plain C loops from Yardsticks/gcc/loops.c, loaded with dlopen (the gcc yardstick)",
            simdWidth: nil, library: library?.description ?? "not loaded", core: nil, threads: 1,
            fusedAXPY: false)
    }

    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        // The loops take `restrict` operands: aliased calls go to the in-place loops.
        if UnsafePointer(c) == a, a != b { return loops.addInPlace(c, b, count) }
        if UnsafePointer(c) == b, a != b { return loops.addInPlace(c, a, count) }
        if UnsafePointer(c) == a || UnsafePointer(c) == b {
            return NaiveBackend.uncheckedAdd(a, b, into: c, count: count)
        }
        loops.add(a, b, c, count)
    }

    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        if UnsafePointer(c) == a, a != b { return loops.subtractInPlace(c, b, count) }
        if UnsafePointer(c) == a || UnsafePointer(c) == b {
            return NaiveBackend.uncheckedSubtract(a, b, into: c, count: count)
        }
        loops.subtract(a, b, c, count)
    }

    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        if UnsafePointer(a) == b { return NaiveBackend.uncheckedAddInPlace(a, b, count: count) }
        loops.addInPlace(a, b, count)
    }

    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        if UnsafePointer(a) == b { return NaiveBackend.uncheckedSubtractInPlace(a, b, count: count) }
        loops.subtractInPlace(a, b, count)
    }

    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        loops.scale(a, factor, count)
    }

    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        if UnsafePointer(y) == x { return NaiveBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count) }
        loops.axpy(alpha, x, y, count)
    }

    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        loops.sumOfSquares(a, count)
    }

    /// `c = a + b` into a fresh `malloc` block (the library's own), for the allocating add.
    public static func addAllocating(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, count: Int)
        -> UnsafeMutablePointer<Double>?
    {
        loops.addAllocating(a, b, count)
    }
}

extension BenchmarkBackend {
    /// The gcc yardstick as the sweep samples it: like ``cYardstick``, its
    /// kernels on operands made exactly like every backend's; its allocating
    /// add is the library's `malloc`, loop and the caller's `free`.
    public static let gccLoops = BenchmarkBackend(
        name: GCCLoops.name, type: GCCLoops.self, details: { GCCLoops.details },
        kernelOperations: { size, kernels, seed in
            let operands = KernelOperands<GCCLoops>(size: size, seed: seed)
            var operations = KernelOperations()
            for kernel in kernels {
                operations.kernels[kernel] =
                    kernel == .addAllocating
                    ? operands.mallocAddition(GCCLoops.addAllocating) : operands.operation(kernel)
            }
            return operations
        },
        workload: { workload, _, _ in
            preconditionFailure("the gcc yardstick runs no workload (asked for \(workload.rawValue))")
        })
}

/// A reference a ``Sweep`` samples in the same rounds as its backends, as it
/// does the C yardstick: the gcc loops in this process, or a sampler process
/// such as numpy's. Its cells are never recommended and get no ceiling and
/// no cache check; their measurements go to ``BenchmarkResults/references``.
public struct SweepReference {
    /// How results and reports name it (`gcc`, `numpy`): unique in a run.
    public var details: BackendDetails
    /// The reference's cell of each of `kernels` at `size` on operands drawn
    /// from `seed`, made once per size as a backend's operands are (a kernel
    /// it lacks is absent).
    public var cells: (_ size: Int, _ kernels: [Kernel], _ seed: UInt64) -> [Kernel: any SampledCell]
    /// The reference's first failure (a sampler process that stopped); its
    /// cells then give NaN and the sweep stops at the next check.
    public var failure: () -> String?

    public init(
        details: BackendDetails, cells: @escaping (Int, [Kernel], UInt64) -> [Kernel: any SampledCell],
        failure: @escaping () -> String? = { nil }
    ) {
        self.details = details
        self.cells = cells
        self.failure = failure
    }

    /// A backend of this process as a reference (the gcc loops).
    public init(_ backend: BenchmarkBackend) {
        self.init(
            details: backend.details,
            cells: { size, kernels, seed in
                backend.kernelOperations(size: size, kernels: kernels, seed: seed).kernels.mapValues { $0 }
            })
    }

    public var name: String { details.name }
}

extension Sweep {
    /// Each reference's cells at `size`, in ``references`` order.
    func referenceCells(size: Int, seeds: SweepSeeds) -> [[Kernel: any SampledCell]] {
        references.map { $0.cells(size, kernels, seeds.operands) }
    }

    /// Adds each reference's cell of the round's kernel, after everything else.
    func addReferenceCells(to round: inout SweepRound, from cells: [[Kernel: any SampledCell]]) {
        for (index, reference) in references.enumerated() {
            guard let cell = cells[index][round.kernel] else { continue }
            round.add(.reference(index: index, backend: reference.name), cell)
        }
    }

    /// Throws the first failure of a reference's sampler.
    func checkReferences() throws(OtherBuildError) {
        for reference in references {
            if let failure = reference.failure() {
                throw OtherBuildError(option: "--reference-sampler", build: reference.name, message: failure)
            }
        }
    }
}
