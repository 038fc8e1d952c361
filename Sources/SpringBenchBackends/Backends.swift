import OpenBLASKernels
import VectorKernels

/// The catalogue of every backend built into SpringBench, in report order.
///
/// Generic code takes a backend as a type parameter; code that iterates over
/// backends (the CLI, the benchmark sweep, the test suite) opens each element:
///
/// ```swift
/// func run<B: KernelBackend>(_ backend: B.Type) { ... }
/// for backend in Backends.all { run(backend) }
/// ```
public enum Backends {
    /// Every backend: naive (the reference), SIMD, OpenBLAS.
    public static let all: [any KernelBackend.Type] = [
        NaiveBackend.self, SIMDBackend.self, OpenBLASBackend.self,
    ]

    /// The backend called `name`, if there is one.
    public static func named(_ name: String) -> (any KernelBackend.Type)? {
        all.first { $0.name == name }
    }

    /// The names of every backend, for help texts and error messages.
    public static var names: [String] { all.map { $0.name } }
}
