import Testing
import VectorKernels

/// Lengths used by the law tests: empty, one, around the SIMD widths, larger.
public let lawLengths = [0, 1, 2, 3, 7, 8, 9, 15, 16, 17, 31, 64, 100, 257]

/// Pairs of lengths for the mixed-length tests (zero extension).
public let mixedLengths: [(Int, Int)] = [(0, 5), (5, 0), (3, 11), (11, 3), (8, 9), (1, 100), (64, 63)]

public func vector<B: KernelBackend, P: LengthPolicy>(
    _ b: B.Type, _ p: P.Type, count: Int, seed: UInt64
) -> PointVector<B, P> {
    PointVector(TestValues.array(count: count, seed: seed))
}

/// Expects `actual` to hold exactly the doubles in `expected`, bit for bit
/// (any NaN matching any NaN).
public func expectIdentical(
    _ actual: [Double], _ expected: [Double], _ what: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(actual.count == expected.count, "\(what()): count", sourceLocation: sourceLocation)
    guard actual.count == expected.count else { return }
    if let i = actual.indices.first(where: { !FloatingPointBounds.identical(actual[$0], expected[$0]) }) {
        Issue.record(
            "\(what()): element \(i) is \(actual[i]) (\(String(actual[i].bitPattern, radix: 16))), expected \(expected[i]) (\(String(expected[i].bitPattern, radix: 16)))",
            sourceLocation: sourceLocation)
    }
}

/// `a ± b` under zero extension, computed element by element with scalar
/// arithmetic: the specification the vector types are checked against. A
/// missing element is an exact identity: `x ± missing = x`, `missing + y = y`,
/// `missing − y = −y`. (No single IEEE zero does all of this: `x − (−0)` turns
/// `−0` into `+0`, and `(+0) − (+0)` is `+0`, not `−(+0)`.)
public func zeroExtendedCombination(_ a: [Double], _ b: [Double], subtracting: Bool) -> [Double] {
    (0..<max(a.count, b.count)).map { i in
        switch (i < a.count, i < b.count) {
        case (true, true): return subtracting ? a[i] - b[i] : a[i] + b[i]
        case (true, false): return a[i]
        default: return subtracting ? -b[i] : b[i]
        }
    }
}
