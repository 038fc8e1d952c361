import CVectorKernels
import Testing
import VectorKernels

/// The C streaming-store loops (Sources/CVectorKernels) against their contract in the header:
/// `c[i] = a[i] ± b[i]` for i in 0..<n, at any alignment of each operand, any n from 0 (the head
/// to the destination's alignment is at most n), and nothing written outside c[0..<n]. Each
/// result is one IEEE add or subtract, so the oracle is the scalar expression, bit for bit.
@Suite("Streaming kernels: every length and alignment, nothing outside")
struct StreamingKernelTests {
    @Test("add and subtract at lengths 0…80 and every 8-byte offset of a, b and c")
    func everyLengthAndAlignment() {
        var rng = SplitMix64(seed: 4350)
        let sentinel = Double(bitPattern: 0x7FF8_DEAD_BEEF_0002)
        let a = (0..<100).map { _ in Double.random(in: -1e3...1e3, using: &rng) }
        let b = (0..<100).map { _ in Double.random(in: -1e3...1e3, using: &rng) }
        for n in 0...80 {
            for (oa, ob, oc) in [(0, 0, 0), (1, 2, 3), (3, 0, 1), (0, 5, 2), (7, 7, 7), (2, 1, 5), (4, 6, 6)] {
                for subtract in [false, true] {
                    var c = [Double](repeating: sentinel, count: 100)
                    a.withUnsafeBufferPointer { a in
                        b.withUnsafeBufferPointer { b in
                            c.withUnsafeMutableBufferPointer { c in
                                let (pa, pb, pc) = (a.baseAddress! + oa, b.baseAddress! + ob, c.baseAddress! + oc)
                                if subtract {
                                    springbench_kernel_subtract_streaming(pa, pb, pc, n)
                                } else {
                                    springbench_kernel_add_streaming(pa, pb, pc, n)
                                }
                            }
                        }
                    }
                    let wrong = (0..<100).filter { i in
                        let inside = i >= oc && i < oc + n
                        let expected =
                            !inside
                            ? sentinel : subtract ? a[oa + i - oc] - b[ob + i - oc] : a[oa + i - oc] + b[ob + i - oc]
                        return c[i].bitPattern != expected.bitPattern
                    }
                    #expect(
                        wrong.isEmpty, "\(subtract ? "subtract" : "add") of \(n) at offsets \(oa) \(ob) \(oc): \(wrong)"
                    )
                }
            }
        }
    }
}
