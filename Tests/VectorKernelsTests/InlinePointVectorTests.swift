import Testing
import VectorKernels
import _TestSupport

/// The inline vector against the naive backend's loops (an independent oracle: the same IEEE
/// operations on arrays through `NaiveBackend`'s pointer kernels), and its allocations.
@Suite("Inline point vector")
struct InlinePointVectorTests {
    static func values(_ count: Int, seed: UInt64) -> [Double] { VectorInputs.moderate(count: count, seed: seed) }

    /// `c = a op b` by the naive backend's kernels.
    static func naive(
        _ a: [Double], _ b: [Double],
        _ op: (UnsafePointer<Double>, UnsafePointer<Double>, UnsafeMutablePointer<Double>, Int) -> Void
    ) -> [Double] {
        var c = [Double](repeating: 0, count: a.count)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in op(a.baseAddress!, b.baseAddress!, c.baseAddress!, a.count) }
            }
        }
        return c
    }

    func check<let N: Int>(_: InlinePointVector<N>.Type, seed: UInt64) {
        let a = Self.values(N, seed: seed), b = Self.values(N, seed: seed + 100)
        let t = 0.3125 + Double(seed) / 7
        let x = InlinePointVector<N>(a), y = InlinePointVector<N>(b)
        expectIdentical(
            (x + y).elements, Self.naive(a, b) { NaiveBackend.uncheckedAdd($0, $1, into: $2, count: $3) }, "+ \(N)")
        let difference = Self.naive(a, b) { NaiveBackend.uncheckedSubtract($0, $1, into: $2, count: $3) }
        expectIdentical((x - y).elements, difference, "- \(N)")
        var scaled = a
        scaled.withUnsafeMutableBufferPointer { NaiveBackend.uncheckedScale($0.baseAddress!, by: t, count: N) }
        expectIdentical(x.scaled(by: t).elements, scaled, "scale \(N)")
        var axpy = a
        axpy.withUnsafeMutableBufferPointer { y in
            b.withUnsafeBufferPointer {
                NaiveBackend.uncheckedAXPY(alpha: t, x: $0.baseAddress!, y: y.baseAddress!, count: N)
            }
        }
        var z = x
        z.add(y, scaledBy: t)
        expectIdentical(z.elements, axpy, "add(_:scaledBy:) \(N)")
        let naiveSum = a.withUnsafeBufferPointer { NaiveBackend.uncheckedMagnitudeSquared($0.baseAddress!, count: N) }
        #expect(x.magnitudeSquared.bitPattern == naiveSum.bitPattern, "Σx² \(N)")
        // One frame: from + (to − from)·t, as the three naive operations give it.
        var frame = Self.naive(b, a) { NaiveBackend.uncheckedSubtract($0, $1, into: $2, count: $3) }
        frame.withUnsafeMutableBufferPointer { NaiveBackend.uncheckedScale($0.baseAddress!, by: t, count: N) }
        frame = Self.naive(a, frame) { NaiveBackend.uncheckedAdd($0, $1, into: $2, count: $3) }
        expectIdentical(InlinePointVector<N>.interpolate(from: x, to: y, progress: t).elements, frame, "frame \(N)")
        expectIdentical((x + (y - x).scaled(by: t)).elements, frame, "frame by operators \(N)")
        #expect(InlinePointVector<N>.zero.elements == [Double](repeating: 0, count: N))
        #expect(x == InlinePointVector<N>(a) && (N == 0 || x != y || a == b))
    }

    @Test(
        "+, -, scale, add(_:scaledBy:), Σx² and a frame agree with the naive loops bit for bit",
        arguments: [1, 2, 3] as [UInt64])
    func agreesWithNaive(seed: UInt64) {
        check(InlinePointVector<1>.self, seed: seed)
        check(InlinePointVector<16>.self, seed: seed)
        check(InlinePointVector<17>.self, seed: seed)
        check(InlinePointVector<256>.self, seed: seed)
    }

    @Test("no operation allocates, at 16 and 256 points")
    func allocatesNothing() throws {
        try #require(AllocationCounter.isActive)
        func count<let N: Int>(_: InlinePointVector<N>.Type) -> Int {
            let a = InlinePointVector<N> { Double($0) }, b = InlinePointVector<N>(repeating: 2)
            var sink = InlinePointVector<N>.zero
            func work() {
                sink = a + b
                sink = sink - a
                sink = InlinePointVector<N>.interpolate(from: a, to: b, progress: 0.25)
                sink = a + (b - a).scaled(by: 0.25)
                sink += b
                sink -= a
                sink.scale(by: 0.5)
                sink.add(b, scaledBy: 3)
                blackHole(sink.magnitudeSquared)
            }
            work()  // once outside the count: first-use metadata in an unoptimised build
            let allocations = AllocationCounter.count { work() }
            blackHole(sink)
            return allocations
        }
        #expect(count(InlinePointVector<16>.self) == 0)
        #expect(count(InlinePointVector<256>.self) == 0)
    }

    @Test("elements, subscript and the element initialiser agree")
    func elementAccess() {
        var v = InlinePointVector<5> { Double($0 * $0) }
        #expect(v.elements == [0, 1, 4, 9, 16])
        v[2] = -1
        #expect(v[2] == -1 && v.elements == [0, 1, -1, 9, 16])
        #expect(InlinePointVector<5>([0, 1, -1, 9, 16]) == v)
        #expect(v.description == "InlinePointVector<5>([0.0, 1.0, -1.0, 9.0, 16.0])")
    }

    @Test("building one from the wrong number of elements stops, naming both lengths")
    func wrongCountStops() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            _ = InlinePointVector<4>([1, 2, 3])
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(message.contains("InlinePointVector<4> needs 4 elements, got 3"))
    }
}
