import SpringBenchBackends
import VectorKernels

/// Resolves backend names for the regression gate's measurements: the
/// catalogue of `Backends`, plus, when asked, a test-only slowed variant that
/// is recorded under the real backend's name, so that its results compare
/// cell for cell with a baseline of the real one.
public enum GateBackends {
    /// Calls `visitor` with the backend named `name`, or with
    /// `DoubledWorkBackend` of it when `name` is in `doubled`. Nil for an unknown name.
    @inlinable
    public static func withBackend<Visitor: BackendVisitor>(
        named name: String, doubled: Set<String> = [], _ visitor: Visitor
    ) -> Visitor.Result? {
        if doubled.contains(name) {
            return Backends.withBackend(named: name, DoublingVisitor(inner: visitor))
        }
        return Backends.withBackend(named: name, visitor)
    }
}

/// Visits `DoubledWorkBackend<Backend>` in place of `Backend`.
public struct DoublingVisitor<Inner: BackendVisitor>: BackendVisitor {
    public let inner: Inner

    @inlinable
    public init(inner: Inner) { self.inner = inner }

    @inlinable
    public func visit<Backend: KernelBackend>(_ backend: Backend.Type) -> Inner.Result {
        inner.visit(DoubledWorkBackend<Backend>.self)
    }
}
