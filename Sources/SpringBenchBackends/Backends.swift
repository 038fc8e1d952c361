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

/// Code that is generic over a backend, called with the concrete backend type.
///
/// `Backends.withBackend(named:_:)` is `@inlinable`, so the call to
/// ``visit(_:)`` is made with a concrete backend type inside the caller's
/// module and the optimiser specialises it; opening an `any KernelBackend.Type`
/// instead would run unspecialised generic code, whose per-call overhead
/// would swamp a 16-point kernel.
public protocol BackendVisitor {
    associatedtype Result
    func visit<Backend: KernelBackend>(_ backend: Backend.Type) -> Result
}

extension Backends {
    /// Calls `visitor` with the backend called `name`; nil if there is none.
    /// Lists the same backends as ``all`` (a test checks that they agree).
    @inlinable
    public static func withBackend<Visitor: BackendVisitor>(
        named name: String, _ visitor: Visitor
    ) -> Visitor.Result? {
        switch name {
        case NaiveBackend.name: return visitor.visit(NaiveBackend.self)
        case SIMDBackend.name: return visitor.visit(SIMDBackend.self)
        case OpenBLASBackend.name: return visitor.visit(OpenBLASBackend.self)
        default: return nil
        }
    }
}
