import VectorKernels

/// The check every reference loop set must pass (a reference that is fast
/// because it is wrong proves nothing): over `counts` and three start
/// offsets, its add, subtract, both in-place forms and scale equal
/// `NaiveBackend` bit for bit, and its axpy and Σa² stay within Guides/ErrorBounds.md's bounds.
/// Used by the C yardstick's and the gcc loops' tests alike.
public enum ReferenceAgreement {
    /// What went wrong, one line per failure; empty when `backend` agrees.
    public static func failures(_ backend: any KernelBackend.Type, counts: [Int]) -> [String] {
        var failures: [String] = []
        for n in counts where n > 0 {
            for offset in [0, 1, 3] {
                let a = Array(TestValues.array(count: n + offset, seed: UInt64(n) + 1)[offset...])
                let b = TestValues.array(count: n, seed: UInt64(n) + 2)
                for operation in ["add", "subtract", "add in place", "subtract in place", "scale"] {
                    let got = elementwise(operation, backend, a, b)
                    let expected = elementwise(operation, NaiveBackend.self, a, b)
                    if let index = got.indices.first(where: { !FloatingPointBounds.identical(got[$0], expected[$0]) }) {
                        failures.append("\(operation) N=\(n) offset=\(offset): index \(index)")
                    }
                }
                var y = a
                y.withUnsafeMutableBufferPointer { y in
                    b.withUnsafeBufferPointer { x in
                        backend.uncheckedAXPY(alpha: -1.5, x: x.baseAddress!, y: y.baseAddress!, count: n)
                    }
                }
                for i in 0..<n {
                    if let message = FloatingPointBounds.axpyViolation(alpha: -1.5, x: b[i], y: a[i], result: y[i]) {
                        failures.append("axpy N=\(n) offset=\(offset) i=\(i): \(message)")
                    }
                }
                let sum = a.withUnsafeBufferPointer { backend.uncheckedMagnitudeSquared($0.baseAddress!, count: n) }
                if let message = FloatingPointBounds.sumOfSquaresViolation(a, result: sum) {
                    failures.append("Σa² N=\(n) offset=\(offset): \(message)")
                }
            }
        }
        return failures
    }

    /// `operation` by `backend`: out of place into a fresh array, in place and scale (by 0.7) on a copy of `a`.
    static func elementwise(
        _ operation: String, _ backend: any KernelBackend.Type, _ a: [Double], _ b: [Double]
    ) -> [Double] {
        let n = a.count
        var out = operation == "add" || operation == "subtract" ? Array(repeating: 0.5, count: n) : a
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                out.withUnsafeMutableBufferPointer { out in
                    let (x, y, c) = (a.baseAddress!, b.baseAddress!, out.baseAddress!)
                    switch operation {
                    case "add": backend.uncheckedAdd(x, y, into: c, count: n)
                    case "subtract": backend.uncheckedSubtract(x, y, into: c, count: n)
                    case "add in place": backend.uncheckedAddInPlace(c, y, count: n)
                    case "subtract in place": backend.uncheckedSubtractInPlace(c, y, count: n)
                    default: backend.uncheckedScale(c, by: 0.7, count: n)
                    }
                }
            }
        }
        return out
    }
}
