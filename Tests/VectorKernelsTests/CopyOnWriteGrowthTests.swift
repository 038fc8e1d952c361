import Testing
import VectorKernels
import _TestSupport

/// Growth within capacity must still copy a shared storage. `assign(from:)`
/// keeps a larger storage when it shrinks a vector, so a copy of that vector
/// can later grow in place (zero extension) — into storage the original shares.
@Suite("Copy-on-write when growing within capacity")
struct CopyOnWriteGrowthTests {
    @Test("a copy that grows into spare capacity leaves the original alone", arguments: VectorCase.zeroExtending)
    func growingCopyIsIndependent(_ c: VectorCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            typealias V = PointVector<B, ZeroExtending>
            var original = V([1, 2, 3, 4, 5, 6, 7, 8])
            original.assign(from: V([10, 20, 30]))  // count 3, storage for 8
            let longer = V([1, 1, 1, 1, 1, 1])
            var sum = original
            sum += longer
            #expect(original.elements == [10, 20, 30], "+= on a copy changed the original: \(original.elements)")
            #expect(sum.elements == [11, 21, 31, 1, 1, 1])
            var scaled = original
            scaled.add(longer, scaledBy: 2)
            #expect(
                original.elements == [10, 20, 30],
                "add(_:scaledBy:) on a copy changed the original: \(original.elements)")
            #expect(scaled.elements == [12, 22, 32, 2, 2, 2])
        }
    }
}
