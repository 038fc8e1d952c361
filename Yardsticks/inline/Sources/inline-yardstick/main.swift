import CInlineYardstick
import Foundation
import VectorKernels

// One process, every subject timed in each round (interleaved), 15 rounds of 50,000 calls; the
// table shows each subject's median and best ns per call and its ratios (medians) to C. The Swift
// subjects pass their operands by value to a function the optimiser cannot see into and write the
// result into the caller's variable, as an app's frame update would; the C ones take pointers.

/// The Swift user's baseline: a struct over [Double], arithmetic by zip and map.
struct ArrayVector {
    var values: [Double]
    static func + (l: ArrayVector, r: ArrayVector) -> ArrayVector {
        ArrayVector(values: zip(l.values, r.values).map(+))
    }
    static func - (l: ArrayVector, r: ArrayVector) -> ArrayVector {
        ArrayVector(values: zip(l.values, r.values).map(-))
    }
    func scaled(by t: Double) -> ArrayVector { ArrayVector(values: values.map { $0 * t }) }
}

/// Each measured call writes its result where the caller keeps it, through a function the
/// optimiser cannot see into, so no call is hoisted out of the loop or dropped.
@inline(never) func inlineAdd<let N: Int>(
    _ a: InlinePointVector<N>, _ b: InlinePointVector<N>, _ out: inout InlinePointVector<N>
) {
    out = a + b
}
@inline(never) func inlineFrame<let N: Int>(
    _ a: InlinePointVector<N>, _ b: InlinePointVector<N>, _ t: Double, _ out: inout InlinePointVector<N>
) {
    out = a + (b - a).scaled(by: t)
}
typealias Points = PointVector<SIMDBackend, ZeroExtending>
@inline(never) func pointAdd(_ a: Points, _ b: Points, _ out: inout Points) { out = a + b }
@inline(never) func pointFrame(_ a: Points, _ b: Points, _ t: Double, _ out: inout Points) {
    out = a + (b - a).scaled(by: t)
}
@inline(never) func arrayAdd(_ a: ArrayVector, _ b: ArrayVector, _ out: inout ArrayVector) { out = a + b }
@inline(never) func arrayFrame(_ a: ArrayVector, _ b: ArrayVector, _ t: Double, _ out: inout ArrayVector) {
    out = a + (b - a).scaled(by: t)
}

/// ns per call of `body`, `calls` times in a row (a non-escaping closure: the call is inlined here).
@inline(__always)
func nanosecondsPerCall(_ calls: Int, _ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<calls { body() }
    return Double(DispatchTime.now().uptimeNanoseconds - start) / Double(calls)
}

let names = [
    "InlinePointVector a + b", "PointVector a + b", "[Double] struct a + b", "InlinePointVector frame",
    "PointVector frame", "[Double] struct frame", "C malloc + loop + free", "C loop into a buffer",
]

func measure<let N: Int>(_: InlinePointVector<N>.Type) -> [(String, [Double])] {
    let a = (0..<N).map { Double($0 % 7) * 0.25 - 0.75 }, b = (0..<N).map { Double($0 % 5) * 0.125 - 0.25 }
    let ia = InlinePointVector<N>(a), ib = InlinePointVector<N>(b)
    var iout = InlinePointVector<N>.zero
    let pa = Points(a), pb = Points(b)
    var pout = Points(repeating: 0, count: N)
    let va = ArrayVector(values: a), vb = ArrayVector(values: b)
    var vout = va
    var buffer = [Double](repeating: 0, count: N)
    var times = [[Double]](repeating: [], count: names.count)
    a.withUnsafeBufferPointer { x in
        b.withUnsafeBufferPointer { y in
            buffer.withUnsafeMutableBufferPointer { z in
                let x = x.baseAddress!, y = y.baseAddress!, z = z.baseAddress!
                for round in -1..<15 {  // round -1 warms every subject and is not kept
                    let calls = round < 0 ? 5_000 : 50_000
                    let row = [
                        nanosecondsPerCall(calls) { inlineAdd(ia, ib, &iout) },
                        nanosecondsPerCall(calls) { pointAdd(pa, pb, &pout) },
                        nanosecondsPerCall(calls) { arrayAdd(va, vb, &vout) },
                        nanosecondsPerCall(calls) { inlineFrame(ia, ib, 0.25, &iout) },
                        nanosecondsPerCall(calls) { pointFrame(pa, pb, 0.25, &pout) },
                        nanosecondsPerCall(calls) { arrayFrame(va, vb, 0.25, &vout) },
                        nanosecondsPerCall(calls) { yardstick_add_malloc_free(x, y, N) },
                        nanosecondsPerCall(calls) { yardstick_add_into(x, y, z, N) },
                    ]
                    if round >= 0 { for index in row.indices { times[index].append(row[index]) } }
                }
            }
        }
    }
    precondition(iout.elements.count == N && pout.count == N && vout.values.count == N)
    return names.indices.map { (names[$0], times[$0]) }
}

func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

func table(_ n: Int, _ rows: [(String, [Double])]) {
    let cMalloc = median(rows.first { $0.0.hasPrefix("C malloc") }!.1)
    let cInto = median(rows.first { $0.0.hasPrefix("C loop") }!.1)
    print("\n### \(n) points\n")
    print("| subject | median ns | best ns | × C malloc + free | × C into a buffer |")
    print("|---|--:|--:|--:|--:|")
    for (name, values) in rows {
        let m = median(values)
        print(String(format: "| %@ | %.1f | %.1f | %.2f | %.2f |", name, m, values.min()!, m / cMalloc, m / cInto))
    }
}

table(16, measure(InlinePointVector<16>.self))
table(256, measure(InlinePointVector<256>.self))
