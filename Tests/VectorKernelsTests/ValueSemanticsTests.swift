import Testing
import VectorKernels
import _TestSupport

/// Mutating a copy never changes the original (Guides/VectorLaws.md): an engine that copies
/// a difference and scales the copy must not scale the original too.
@Suite("Value semantics")
struct ValueSemanticsTests {
    enum Mutation: String, CaseIterable, Sendable {
        case addAssign, subtractAssign, scale, axpy, subscriptSet, mutableBuffer, destinationAdd, destinationSubtract,
            assign
    }

    @Test("mutating a copy leaves the original unchanged", arguments: VectorCase.all, Mutation.allCases)
    func copiesAreIndependent(_ c: VectorCase, _ mutation: Mutation) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in [1, 8, 37] {
                let original = vector(B.self, P.self, count: n, seed: UInt64(n) + 40)
                let snapshot = original.elements
                let other = vector(B.self, P.self, count: n, seed: UInt64(n) + 41)
                var copy = original
                #expect(copy.sharesStorage(with: original), "a copy shares storage until written")
                switch mutation {
                case .addAssign: copy += other
                case .subtractAssign: copy -= other
                case .scale: copy.scale(by: 2)
                case .axpy: copy.add(other, scaledBy: 3)
                case .subscriptSet: copy[0] = 12345
                case .mutableBuffer: copy.withUnsafeMutableBufferPointer { $0[n - 1] = -7 }
                case .destinationAdd: PointVector.add(other, other, into: &copy)
                case .destinationSubtract: PointVector.subtract(other, original, into: &copy)
                case .assign: copy.assign(from: other)
                }
                expectIdentical(original.elements, snapshot, "\(mutation) on a copy changed the original, n=\(n)")
                #expect(!copy.sharesStorage(with: original))
                #expect(copy != original || mutation == .destinationSubtract, "\(mutation) had no effect")
            }
        }
    }

    @Test("a copy of a pair is independent")
    func pairCopiesAreIndependent() {
        let position = PointVector<SIMDBackend, ZeroExtending>([1, 2, 3])
        let state = AnimatablePair(position, position)
        var moved = state
        moved.scale(by: 0.5)
        #expect(state.first.elements == [1, 2, 3])
        #expect(state.second.elements == [1, 2, 3])
        #expect(moved.first.elements == [0.5, 1, 1.5])
    }
}
