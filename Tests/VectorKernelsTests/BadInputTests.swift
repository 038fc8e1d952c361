import Testing
import VectorKernels
import _TestSupport

/// What bad or special input gets (Guides/BadInput.md): empty vectors work, NaN and
/// infinities propagate as IEEE 754 says, impossible counts are errors, and a
/// destination of the wrong length stops with a clear message.
@Suite("Bad and special input")
struct BadInputTests {
    @Test("empty vectors work in every operation", arguments: VectorCase.all)
    func emptyVectorsWork(_ c: VectorCase) {
        check(c.backend, c.policy)
        func check<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) {
            var empty = PointVector<B, P>()
            #expect((empty + empty).count == 0)
            #expect((empty - empty).count == 0)
            empty += PointVector<B, P>()
            empty.scale(by: 3)
            empty.add(PointVector<B, P>(), scaledBy: 2)
            #expect(empty.magnitudeSquared == 0)
            var destination = PointVector<B, P>()
            PointVector.add(empty, empty, into: &destination)
            #expect(destination.count == 0)
            #expect(B.magnitudeSquared([Double]().span) == 0)
        }
    }

    @Test("NaN and infinities propagate as IEEE 754 says", arguments: BackendCase.all)
    func specialValuesPropagate(_ c: BackendCase) {
        check(c.backend)
        func check<B: KernelBackend>(_: B.Type) {
            typealias V = PointVector<B, ZeroExtending>
            let specials: V = [.nan, .infinity, -.infinity, 1, -0.0, 0, .infinity, 2, 3]
            let partners: V = [1, -.infinity, -.infinity, .nan, 0, -0.0, 1, -3, 4]
            let sum = specials + partners
            #expect(sum[0].isNaN && sum[1].isNaN && sum[3].isNaN)
            #expect(sum[2] == -.infinity && sum[6] == .infinity)
            #expect(sum[4].bitPattern == (0.0).bitPattern, "-0 + +0 is +0")
            let difference = specials - partners
            #expect(difference[1] == .infinity && difference[2].isNaN && difference[3].isNaN)

            // Scaling by 0: NaN·0 and ∞·0 are NaN, −x·0 is −0. OpenBLAS 0.3.21's
            // dscal writes +0 here; the backend must not.
            let zeroed = specials.scaled(by: 0)
            #expect(zeroed[0].isNaN && zeroed[1].isNaN && zeroed[2].isNaN)
            #expect(zeroed[4].sign == .minus && zeroed[3].sign == .plus)
            #expect((partners.scaled(by: 0))[7].sign == .minus)

            // axpy with alpha = 0 still reads x: 0·NaN and 0·∞ are NaN.
            var y: V = [1, 1, 1]
            y.add([.nan, .infinity, 5], scaledBy: 0)
            #expect(y[0].isNaN && y[1].isNaN && y[2] == 1)

            #expect(V([1, .nan]).magnitudeSquared.isNaN)
            #expect(V([1, .infinity]).magnitudeSquared == .infinity)
            #expect(V([1e200, 1]).magnitudeSquared == .infinity, "overflow gives +∞")
            #expect(V([-.infinity, .nan]).magnitudeSquared.isNaN)
        }
    }

    @Test("a negative or impossible point count is an error, not a crash")
    func impossibleCountsThrow() {
        typealias V = PointVector<SIMDBackend, ZeroExtending>
        #expect(throws: PointVectorError.negativeCount(-1)) { try V(validatingCount: -1) }
        #expect(throws: PointVectorError.outOfMemory(count: 1 << 61)) { try V(validatingCount: 1 << 61) }
        // 8 TiB: the size fits in Int, the machine does not have it.
        #expect(throws: PointVectorError.outOfMemory(count: 1 << 40)) { try V(validatingCount: 1 << 40) }
        #expect(throws: Never.self) { try V(validatingCount: 0) }
        let v = try? V(validatingCount: 3, repeating: 2)
        #expect(v?.elements == [2, 2, 2])
        #expect(PointVectorError.outOfMemory(count: 1 << 40).description.contains("8796093022208 bytes"))
    }

    @Test("a destination of the wrong length stops with a clear message")
    func wrongDestinationLengthStops() async {
        await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = PointVector<SIMDBackend, ZeroExtending>([1, 2, 3])
            var destination = PointVector<SIMDBackend, ZeroExtending>([0, 0])
            PointVector.add(a, a, into: &destination)
        }
    }

    @Test("the message names the operation and both lengths")
    func destinationMessageIsClear() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let a = PointVector<NaiveBackend, Truncating>([1, 2, 3])
            let b = PointVector<NaiveBackend, Truncating>([1, 2])
            var destination = PointVector<NaiveBackend, Truncating>([0, 0, 0])
            PointVector.subtract(a, b, into: &destination)
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("destination has 3 elements, but the truncating result of 3 and 2 elements has 2"))
    }

    @Test("span kernels stop on operands of different lengths")
    func spanLengthMismatchStops() async {
        await #expect(processExitsWith: .failure) {
            let a: [Double] = [1, 2, 3]
            var c: [Double] = [0, 0]
            var span = c.mutableSpan
            SIMDBackend.add(a.span, a.span, into: &span)
        }
    }
}
