import OpenBLASKernels
import ParallelKernels
import VectorKernels

/// Every backend built into SpringBench, in report order, as types.
///
/// Generic code that is not timed (verification, tests) opens each element:
///
/// ```swift
/// func check<B: KernelBackend>(_ backend: B.Type) { ... }
/// for backend in Backends.all { check(backend) }
/// ```
///
/// Timed code uses `Benchmarking.BackendCatalogue`, whose entries are
/// specialised for their concrete types (a test checks the two list the same
/// backends).
public enum Backends {
    /// Every backend: naive (the reference), SIMD, OpenBLAS, and the two that
    /// run threads: parallel (SIMD's loops across cores) and OpenBLAS threaded.
    /// Reading it applies this machine's facts to the kernels (`MachineTuning`).
    public static let all: [any KernelBackend.Type] = {
        MachineTuning.apply()
        return [
            NaiveBackend.self, SIMDBackend.self, OpenBLASBackend.self, ParallelBackend.self,
            OpenBLASThreadedBackend.self,
        ]
    }()

    /// The backend called `name`, if there is one.
    public static func named(_ name: String) -> (any KernelBackend.Type)? {
        all.first { $0.name == name }
    }

    /// The names of every backend, for help texts and error messages.
    public static var names: [String] { all.map { $0.name } }
}
