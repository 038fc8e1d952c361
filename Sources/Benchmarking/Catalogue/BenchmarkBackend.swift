import VectorKernels

/// A backend as the benchmark run holds it: its name and details, and the
/// timed operations of every kernel and workload, built for its concrete type.
///
/// Make one from any `KernelBackend` type, yours included:
///
/// ```swift
/// let catalogue = try BackendCatalogue.builtIn.adding(BenchmarkBackend(MyBackend.self))
/// ```
///
/// The initializer is `@inlinable`: the closures it stores are compiled in the
/// module that names the concrete backend, so the timed loops are specialised
/// for it (no witness-table call per kernel call) exactly as the built-in
/// backends' are. Opening an `any KernelBackend.Type` at run time instead would
/// run unspecialised generic code, whose per-call overhead swamps a 16-point
/// kernel.
public struct BenchmarkBackend: Sendable {
    /// The backend's stable name (`KernelBackend.name`), as results record it.
    public let name: String
    /// The backend type, for code that is generic over it (verification).
    public let type: any KernelBackend.Type
    @usableFromInline let readDetails: @Sendable () -> BackendDetails
    @usableFromInline let buildKernelOperations:
        @Sendable (_ size: Int, _ kernels: [Kernel], _ seed: UInt64) -> KernelOperations
    @usableFromInline let buildWorkload:
        @Sendable (_ workload: SpringWorkload, _ size: Int, _ seed: UInt64) -> TimedOperation

    /// The backend `Backend`, with its operations specialised for it.
    @inlinable
    public init<Backend: KernelBackend>(_ backend: Backend.Type) {
        self.init(
            name: Backend.name, type: Backend.self, details: { Backend.details },
            kernelOperations: { size, kernels, seed in
                KernelOperands<Backend>(size: size, seed: seed).operations(kernels)
            },
            workload: { workload, size, seed in
                SpringState<Backend>(size: size, seed: seed).operation(workload)
            })
    }

    /// Every part given explicitly; for variants inside the package (the
    /// regression gate's deliberately slowed backend).
    @usableFromInline
    package init(
        name: String, type: any KernelBackend.Type, details: @escaping @Sendable () -> BackendDetails,
        kernelOperations: @escaping @Sendable (Int, [Kernel], UInt64) -> KernelOperations,
        workload: @escaping @Sendable (SpringWorkload, Int, UInt64) -> TimedOperation
    ) {
        self.name = name
        self.type = type
        self.readDetails = details
        self.buildKernelOperations = kernelOperations
        self.buildWorkload = workload
    }

    /// What the backend is on this machine now (OpenBLAS's thread count is read when asked).
    public var details: BackendDetails { readDetails() }

    /// The timed operations of `kernels`, and of their ceiling patterns, on one
    /// shared set of operands of `size` points (random values in [-1, 1]
    /// drawn from `seed`).
    public func kernelOperations(size: Int, kernels: [Kernel], seed: UInt64) -> KernelOperations {
        buildKernelOperations(size, kernels, seed)
    }

    /// The timed operation of one end-to-end workload at `size` points.
    public func workloadOperation(_ workload: SpringWorkload, size: Int, seed: UInt64) -> TimedOperation {
        buildWorkload(workload, size, seed)
    }
}
