import Testing
import VectorKernels
import _TestSupport

/// `formLinearCombination` and `assign(from:)` (Guides/VectorLaws.md, "In-place
/// updates"): PointVector's block-by-block sweep must give exactly what the
/// documented term-by-term sequence gives on the same backend, at every length
/// around the block size, with and without a base, with zero weights, with
/// operands of different lengths and with storage shared by an operand; and
/// it must not allocate once the destination's storage exists.
@Suite("Fused linear combinations")
struct LinearCombinationTests {
    static let block = PointVector<NaiveBackend, ZeroExtending>.linearCombinationBlock
    /// Around one and several blocks, plus short and odd lengths.
    static let lengths = [1, 3, 17, block - 1, block, block + 1, 3 * block + 13]
    /// Weights of an RK row: zeros to skip, signs, a non-dyadic factor.
    static let weights: [Double] = [0.2, 0, -1.75, 3.0 / 7, 0, 1e-3]

    /// The combination as scalar arithmetic, one rounding per multiply and add
    /// in the documented order: the naive and SIMD backends' axpy (no FMA).
    static func scalarOracle(base: [Double]?, terms: [[Double]], weights: [Double], factor: Double) -> [Double] {
        var result = base
        for j in weights.indices where weights[j] != 0 {
            let c = factor * weights[j]
            if result == nil {
                result = terms[j].map { c * $0 }
            } else {
                for i in result!.indices { result![i] += c * terms[j][i] }
            }
        }
        return result ?? []
    }

    @Test(
        "block by block = term by term, bit for bit, at every length around the block",
        arguments: VectorCase.all, [true, false])
    func fusedMatchesSequence(_ c: VectorCase, withBase: Bool) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for n in Self.lengths {
                let terms = (0..<Self.weights.count).map { vector(B.self, P.self, count: n, seed: 40 + UInt64($0)) }
                let base = withBase ? vector(B.self, P.self, count: n, seed: 39) : nil
                let factor = 0.0083
                var fused = vector(B.self, P.self, count: n, seed: 1)  // old contents must not matter
                fused.formLinearCombination(base: base, terms: terms, weights: Self.weights, factor: factor)
                var sequence = vector(B.self, P.self, count: 5, seed: 2)
                sequence.formLinearCombinationTermByTerm(
                    base: base, terms: terms, weights: Self.weights, factor: factor)
                expectIdentical(fused.elements, sequence.elements, "\(B.name) n=\(n) base=\(withBase)")
                if B.self == NaiveBackend.self || B.self == SIMDBackend.self {
                    let oracle = Self.scalarOracle(
                        base: base?.elements, terms: terms.map(\.elements), weights: Self.weights, factor: factor)
                    expectIdentical(
                        fused.elements, oracle, "\(B.name) n=\(n) base=\(withBase) against scalar arithmetic")
                }
            }
        }
    }

    @Test(
        "operands of different lengths follow the length policy (the term-by-term sequence)",
        arguments: VectorCase.all)
    func mixedLengths(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            let terms = [
                vector(B.self, P.self, count: 40, seed: 11), vector(B.self, P.self, count: 0, seed: 12),
                vector(B.self, P.self, count: 57, seed: 13),
            ]
            for base in [vector(B.self, P.self, count: 50, seed: 10), nil] {
                var fused = PointVector<B, P>()
                fused.formLinearCombination(base: base, terms: terms, weights: [2, 0, -0.5], factor: 0.25)
                var sequence = PointVector<B, P>()
                sequence.formLinearCombinationTermByTerm(base: base, terms: terms, weights: [2, 0, -0.5], factor: 0.25)
                expectIdentical(fused.elements, sequence.elements, "\(B.name)/\(P.name) base=\(base != nil)")
                // A zero-weighted term's length is not an operand's.
                var skipping = PointVector<B, P>()
                skipping.formLinearCombination(base: nil, terms: terms, weights: [1, 0], factor: 1)
                expectIdentical(skipping.elements, terms[0].elements, "\(B.name)/\(P.name): 1·t₀ + 0·t₁")
            }
        }
    }

    @Test(
        "a destination sharing storage with an operand: the operand is not written",
        arguments: VectorCase.zeroExtending)
    func sharedDestination(_ c: VectorCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            let n = Self.block + 5
            let terms = (0..<3).map { vector(B.self, ZeroExtending.self, count: n, seed: 60 + UInt64($0)) }
            let snapshot = terms.map(\.elements)
            let expected = Self.scalarOracle(base: snapshot[1], terms: snapshot, weights: [0.5, 0, 2], factor: 1)
            var destination = terms[1]  // shares terms[1]'s storage (and is the base)
            destination.formLinearCombination(base: terms[1], terms: terms, weights: [0.5, 0, 2], factor: 1)
            #expect(terms.map(\.elements) == snapshot, "\(B.name): an operand was written")
            var reference = PointVector<B, ZeroExtending>()
            reference.formLinearCombinationTermByTerm(base: terms[1], terms: terms, weights: [0.5, 0, 2], factor: 1)
            expectIdentical(destination.elements, reference.elements, "\(B.name)")
            if B.self != NaiveBackend.self, B.self != SIMDBackend.self { return }
            expectIdentical(destination.elements, expected, "\(B.name) against scalar arithmetic")
        }
    }

    @Test("two-term form = assign, scale, add, bit for bit", arguments: VectorCase.all)
    func twoTerms(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            for (m, n) in [(Self.block + 9, Self.block + 9), (1, 1), (0, 0), (12, 30), (30, 12), (0, 7)] {
                let x = vector(B.self, P.self, count: m, seed: 70), y = vector(B.self, P.self, count: n, seed: 71)
                var fused = vector(B.self, P.self, count: 3, seed: 72)
                fused.formLinearCombination(x, scaledBy: -157.9, y, scaledBy: -17.6)
                var sequence = PointVector<B, P>()
                sequence.assign(from: x)
                sequence.scale(by: -157.9)
                sequence.add(y, scaledBy: -17.6)
                expectIdentical(fused.elements, sequence.elements, "\(B.name)/\(P.name) \(m)+\(n)")
            }
        }
    }

    @Test(
        "no allocation once the destination's storage exists; one when it is shared",
        arguments: [100, LargeBuffers.thresholdBytes / 8 + 3])
    func allocations(_ n: Int) throws {
        try #require(AllocationCounter.isActive)
        typealias V = PointVector<SIMDBackend, ZeroExtending>
        let terms = (0..<4).map { V(repeating: Double($0) + 0.5, count: n) }
        let weights = [1.0, 0, -2, 0.25]
        let base = V(repeating: 1, count: n)
        var destination = V(repeating: 0, count: n)
        var twoTerm = V(repeating: 0, count: n)
        func combine() {
            destination.formLinearCombination(base: base, terms: terms, weights: weights, factor: 0.5)
            destination.formLinearCombination(base: nil, terms: terms, weights: weights, factor: 0.5)
            twoTerm.formLinearCombination(terms[0], scaledBy: 2, terms[1], scaledBy: 3)
            destination.assign(from: terms[2])
        }
        // Once outside the count: the first call in a process may instantiate
        // generic metadata (an unoptimised build allocates it, once).
        combine()
        let fused = AllocationCounter.count { combine() }
        #expect(fused == 0, "\(fused) allocations into unique storage")
        let copy = destination
        let mappedBefore = LargeBuffers.statistics.mapped
        let shared = AllocationCounter.count {
            destination.formLinearCombination(base: base, terms: terms, weights: weights, factor: 0.5)
        }
        if LargeBuffers.mapsPages {
            #expect(shared == 1, "\(shared) allocations into shared storage")
        } else {
            // The portable path's fresh large block is a posix_memalign the counter sees.
            let fresh = LargeBuffers.statistics.mapped - mappedBefore
            #expect(
                shared >= 1 && shared <= 1 + fresh, "\(shared) allocations into shared storage, \(fresh) fresh blocks")
        }
        #expect(copy.elements == terms[2].elements, "the copy sharing the old storage changed")
    }

    @Test("defaults: assign is a copy; an empty sum is zero; AnimatablePair assigns member by member")
    func defaults() throws {
        var x = 3.5
        x.formLinearCombination(base: nil, terms: [1.0, 2.0], weights: [0, 0], factor: 1)
        #expect(x == 0)
        x.formLinearCombination(base: 1, terms: [10.0, 20.0], weights: [0.5, -0.25], factor: 2)
        #expect(x == 1 + 2 * 0.5 * 10 + 2 * -0.25 * 20)
        try #require(AllocationCounter.isActive)
        typealias V = PointVector<SIMDBackend, ZeroExtending>
        let source = AnimatablePair(V(repeating: 1, count: 64), V(repeating: 2, count: 64))
        var target = AnimatablePair(V(repeating: 0, count: 64), V(repeating: 0, count: 64))
        let allocations = AllocationCounter.count { target.assign(from: source) }
        #expect(allocations == 0)
        #expect(target == source && !target.first.sharesStorage(with: source.first))
        target.first.scale(by: 3)
        #expect(source.first == V(repeating: 1, count: 64), "assign left the source's buffer shared")
    }
}
