/// Plain loops, one element at a time: the reference every other backend is
/// checked against.
///
/// The optimiser may still vectorise the elementwise loops (each element is
/// independent, so the results are the same); it cannot vectorise
/// ``uncheckedMagnitudeSquared(_:count:)``, whose strict left-to-right sum makes
/// it latency bound (~1 ns per element on this class of machine, Guides/MachineFacts.md).
public enum NaiveBackend: KernelBackend {
    public static let name = "naive"

    public static var details: BackendDetails {
        BackendDetails(
            name: name, summary: "plain Swift loops, strict left-to-right sums (the reference)",
            simdWidth: nil, library: nil, core: nil, threads: 1, fusedAXPY: false)
    }

    @inlinable
    public static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { c[i] = a[i] + b[i] }
    }

    @inlinable
    public static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>,
        into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { c[i] = a[i] - b[i] }
    }

    @inlinable
    public static func uncheckedAddInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        for i in 0..<count { a[i] += b[i] }
    }

    @inlinable
    public static func uncheckedSubtractInPlace(
        _ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int
    ) {
        for i in 0..<count { a[i] -= b[i] }
    }

    @inlinable
    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        for i in 0..<count { a[i] *= factor }
    }

    @inlinable
    public static func uncheckedAXPY(
        alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { y[i] += alpha * x[i] }
    }

    @inlinable
    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        var sum = 0.0
        for i in 0..<count { sum += a[i] * a[i] }
        return sum
    }
}
