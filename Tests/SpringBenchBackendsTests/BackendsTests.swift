import OpenBLASKernels
import SpringBenchBackends
import Testing
import VectorKernels

/// The catalogue of built-in backends: every backend once, in report order,
/// reachable by its name and only by it.
@Suite struct BackendsTests {
    @Test("every built-in backend, in report order, the naive reference first")
    func reportOrder() {
        #expect(Backends.names == ["naive", "simd", "openblas", "parallel", "openblas-threaded"])
        #expect(Backends.all.first.map(ObjectIdentifier.init) == ObjectIdentifier(NaiveBackend.self))
        #expect(Backends.all.map(ObjectIdentifier.init).contains(ObjectIdentifier(OpenBLASBackend.self)))
        #expect(Backends.all.map(ObjectIdentifier.init).contains(ObjectIdentifier(OpenBLASThreadedBackend.self)))
    }

    @Test("names are unique and each finds its own backend")
    func namedFindsEachBackend() {
        #expect(Set(Backends.names).count == Backends.all.count)
        for backend in Backends.all {
            #expect(
                Backends.named(backend.name).map(ObjectIdentifier.init) == ObjectIdentifier(backend), "\(backend.name)")
            #expect(backend.details.name == backend.name)
        }
    }

    @Test(
        "unknown and near-miss names find nothing",
        arguments: ["", "Naive", "simd ", "blas", "openblas_threaded", "parallel2"])
    func unknownNames(name: String) {
        #expect(Backends.named(name) == nil)
    }
}
