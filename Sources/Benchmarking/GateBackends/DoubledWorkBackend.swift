import VectorKernels

/// A backend that does `Base`'s work twice per call: a known, deliberate
/// slowdown (about 2× in time and exactly 2× in instructions) for proving
/// that the regression gate catches one.
///
/// Not in `Backends.all`: only ``GateBackends`` resolves it, when a test or a
/// `--debug-doubled-backend` option asks for it. Scale and axpy split their
/// factor over the two passes so values stay as bounded as with `Base`; the
/// in-place adds apply `b` twice (the cost is the point, not the sum). An
/// opaque call between the passes keeps the optimiser from merging them or
/// dropping the first.
public enum DoubledWorkBackend<Base: KernelBackend>: KernelBackend {
    public static var name: String { Base.name + "-doubled" }

    public static var details: BackendDetails {
        var details = Base.details
        details.name = name
        details.summary = "test only: \(Base.name) run twice per call"
        return details
    }

    public static func uncheckedAdd(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int) {
        Base.uncheckedAdd(a, b, into: c, count: count)
        opaqueUse(c)
        Base.uncheckedAdd(a, b, into: c, count: count)
    }

    public static func uncheckedSubtract(_ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int) {
        Base.uncheckedSubtract(a, b, into: c, count: count)
        opaqueUse(c)
        Base.uncheckedSubtract(a, b, into: c, count: count)
    }

    public static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        Base.uncheckedAddInPlace(a, b, count: count)
        opaqueUse(a)
        Base.uncheckedAddInPlace(a, b, count: count)
    }

    public static func uncheckedSubtractInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        Base.uncheckedSubtractInPlace(a, b, count: count)
        opaqueUse(a)
        Base.uncheckedSubtractInPlace(a, b, count: count)
    }

    public static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        Base.uncheckedScale(a, by: factor.squareRoot(), count: count)
        opaqueUse(a)
        Base.uncheckedScale(a, by: factor.squareRoot(), count: count)
    }

    public static func uncheckedAXPY(alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) {
        Base.uncheckedAXPY(alpha: alpha / 2, x: x, y: y, count: count)
        opaqueUse(y)
        Base.uncheckedAXPY(alpha: alpha / 2, x: x, y: y, count: count)
    }

    public static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        let first = Base.uncheckedMagnitudeSquared(a, count: count)
        opaqueUse(UnsafeMutablePointer(mutating: a))
        let second = Base.uncheckedMagnitudeSquared(a, count: count)
        return (first + second) / 2
    }
}

/// Where ``opaqueUse(_:)`` leaves its pointer: a global the optimiser must
/// assume is read later, so the memory behind it counts as observed.
nonisolated(unsafe) var opaquePointerSink: UnsafeMutablePointer<Double>?

/// Makes `pointer`'s memory escape: no store before this call is dead, and no
/// load after it can reuse a value from before.
@inline(never)
func opaqueUse(_ pointer: UnsafeMutablePointer<Double>) {
    opaquePointerSink = pointer
}
