import VectorKernels

// Every backend against NaiveBackend, kernel by kernel, within Guides/ErrorBounds.md:
// add, subtract (out of place and in place) and scale bit for bit; axpy within
// one rounding of the product; Σa² within Higham's any-order bound.

extension VerificationSuite {
    /// Sizes around every SIMD width and tail length that matters (0…17, the
    /// 8- and 16-element steps and their tails), and a few large ones.
    var backendSizes: [Int] {
        var sizes = Array(0...17) + [31, 32, 33, 63, 64, 65, 100, 257, 1000, 4099]
        if thorough { sizes += [8191, 65_539, 1 << 20] }
        return sizes
    }

    var backendSeeds: [UInt64] { thorough ? Array(1...12) : [1, 2, 3] }

    func backendChecks() -> [VerificationCheck] {
        backends.flatMap { backendChecks(for: $0) }
    }

    func backendChecks<Backend: KernelBackend>(for backend: Backend.Type) -> [VerificationCheck] {
        BackendAgreementChecker(Backend.self, sizes: backendSizes, seeds: backendSeeds).check()
    }
}

/// Checks a backend — SpringBench's own or yours — against `NaiveBackend`
/// kernel by kernel, within the bounds of `Guides/ErrorBounds.md`: add,
/// subtract (out of place and in place) and scale bit for bit; axpy within one
/// rounding of the product and one of the sum; Σa² within Higham's any-order bound.
///
/// Sizes default to every SIMD tail length that matters (0…17, the 8- and
/// 16-element steps and their neighbours) and a few large ones. Use it from a
/// Swift Testing test:
///
/// ```swift
/// @Test func myBackendAgreesWithNaive() {
///     let failures = BackendAgreementChecker(MyBackend.self).check().filter { $0.verdict == .fails }
///     #expect(failures.isEmpty, "\(failures.map(\.summary))")
/// }
/// ```
///
/// Each kernel gives one ``VerificationCheck`` named `backend.<name>.<kernel>`.
public struct BackendAgreementChecker<Backend: KernelBackend> {
    public var sizes: [Int]
    public var seeds: [UInt64]
    /// Operands of the exact kernels (add, subtract, scale): by default the
    /// IEEE-corner mix (signed zeros, subnormals, values near overflow).
    public var exactKernelValues: (_ count: Int, _ seed: UInt64) -> [Double]
    /// Operands of axpy and Σa²: by default moderate magnitudes, where the bounds are informative.
    public var boundedKernelValues: (_ count: Int, _ seed: UInt64) -> [Double]

    public static var defaultSizes: [Int] { Array(0...17) + [31, 32, 33, 63, 64, 65, 100, 257, 1000, 4099] }

    public init(
        _ backend: Backend.Type, sizes: [Int] = defaultSizes, seeds: [UInt64] = [1, 2, 3],
        exactKernelValues: @escaping (_ count: Int, _ seed: UInt64) -> [Double] = VerificationInputs.finite(
            count:seed:),
        boundedKernelValues: @escaping (_ count: Int, _ seed: UInt64) -> [Double] = VerificationInputs.moderate(
            count:seed:)
    ) {
        self.sizes = sizes
        self.seeds = seeds
        self.exactKernelValues = exactKernelValues
        self.boundedKernelValues = boundedKernelValues
    }

    /// Runs every kernel on every size and seed; one check per kernel.
    public func check() -> [VerificationCheck] {
        typealias Kernels = VerificationSuite
        let backendSizes = sizes, backendSeeds = seeds
        let name = Backend.name
        let exactSource =
            "Guides/ErrorBounds.md: one correctly rounded operation per element, so every backend agrees with naive bit for bit (value: differing elements; NaNs agree with NaNs)"
        var add = CheckRecorder(
            "backend.\(name).add", .backends, property: "c = a + b equals naive bit for bit",
            toleranceSource: exactSource)
        var subtract = CheckRecorder(
            "backend.\(name).subtract", .backends, property: "c = a − b equals naive bit for bit",
            toleranceSource: exactSource)
        var addInPlace = CheckRecorder(
            "backend.\(name).add-in-place", .backends, property: "a += b equals naive bit for bit",
            toleranceSource: exactSource)
        var subtractInPlace = CheckRecorder(
            "backend.\(name).subtract-in-place", .backends, property: "a −= b equals naive bit for bit",
            toleranceSource: exactSource)
        var scale = CheckRecorder(
            "backend.\(name).scale", .backends,
            property: "a *= s equals naive bit for bit (s ∈ {0, −0, 1, −1, 0.5, random})", toleranceSource: exactSource)
        var axpy = CheckRecorder(
            "backend.\(name).axpy", .backends,
            property:
                "y += α·x is within one rounding of the product and one of the sum of the exact value, per element",
            toleranceSource:
                "Guides/ErrorBounds.md: |Δ| ≤ u·|α·x| + u·|result| + 2η per element (fused or not), exact value in Float80 (value: the worst error/bound ratio's error)"
        )
        var squares = CheckRecorder(
            "backend.\(name).magnitude-squared", .backends,
            property: "Σa² in any order is within Higham's bound of the exact sum",
            toleranceSource:
                "Guides/ErrorBounds.md / Higham §3.1: |computed − exact| ≤ γ(N)·Σa² + N·η, exact value in Float80")
        for size in backendSizes {
            for seed in backendSeeds {
                let a = exactKernelValues(size, seed &* 7919 &+ UInt64(size))
                let b = exactKernelValues(size, seed &* 104_729 &+ UInt64(size) &+ 1)
                precondition(
                    a.count == size && b.count == size, "exactKernelValues(\(size), _) must return \(size) values")
                let where_ = "N=\(size) seed=\(seed)"
                func compare(_ recorder: inout CheckRecorder, _ got: [Double], _ want: [Double]) {
                    var mismatches = 0
                    var first = ""
                    for i in 0..<size where !ErrorBounds.identical(got[i], want[i]) {
                        if mismatches == 0 {
                            first = "element \(i): got \(got[i]), naive \(want[i]) (a=\(a[i]), b=\(b[i]))"
                        }
                        mismatches += 1
                    }
                    recorder.record(
                        Double(mismatches), tolerance: 0,
                        "\(where_): \(mismatches) of \(size) elements differ; first \(first)")
                }
                compare(
                    &add, Kernels.outOfPlace(Backend.self, a, b, subtracting: false),
                    Kernels.outOfPlace(NaiveBackend.self, a, b, subtracting: false))
                compare(
                    &subtract, Kernels.outOfPlace(Backend.self, a, b, subtracting: true),
                    Kernels.outOfPlace(NaiveBackend.self, a, b, subtracting: true))
                compare(
                    &addInPlace, Kernels.inPlace(Backend.self, a, b, subtracting: false),
                    Kernels.inPlace(NaiveBackend.self, a, b, subtracting: false))
                compare(
                    &subtractInPlace, Kernels.inPlace(Backend.self, a, b, subtracting: true),
                    Kernels.inPlace(NaiveBackend.self, a, b, subtracting: true))
                let factors: [Double] = [0, -0.0, 1, -1, 0.5, VerificationInputs.factor(seed: seed &+ UInt64(size))]
                for factor in factors {
                    compare(
                        &scale, Kernels.scaled(Backend.self, a, factor), Kernels.scaled(NaiveBackend.self, a, factor))
                }
                // axpy and Σa² on moderate values, where the bounds are informative
                // (the IEEE-corner mix is covered by the exact kernels above).
                let x = boundedKernelValues(size, seed &+ 31 &* UInt64(size))
                let y = boundedKernelValues(size, seed &+ 37 &* UInt64(size) &+ 5)
                precondition(
                    x.count == size && y.count == size, "boundedKernelValues(\(size), _) must return \(size) values")
                for alpha in [0.75, -3.0, VerificationInputs.factor(seed: seed)] {
                    let result = Kernels.axpy(Backend.self, alpha: alpha, x: x, y: y)
                    var worst = (ratio: 0.0, error: 0.0, bound: 1.0, index: -1)
                    for i in 0..<size {
                        let (error, bound) = ErrorBounds.axpy(alpha: alpha, x: x[i], y: y[i], result: result[i])
                        let ratio = CheckRecorder.excess(error, tolerance: bound)
                        if ratio > worst.ratio { worst = (ratio, error, bound, i) }
                    }
                    if worst.index >= 0 {
                        axpy.record(
                            worst.error, tolerance: worst.bound,
                            "\(where_) α=\(alpha) element \(worst.index): y=\(y[worst.index]) x=\(x[worst.index]) gave \(result[worst.index])"
                        )
                    } else {
                        axpy.record(0, tolerance: 1, "\(where_) α=\(alpha)")
                    }
                }
                for values in [x, a] {
                    let result = values.withUnsafeBufferPointer { buffer in
                        buffer.baseAddress.map { Backend.uncheckedMagnitudeSquared($0, count: size) } ?? 0
                    }
                    let (error, bound) = ErrorBounds.sumOfSquares(values, result: result)
                    squares.record(error, tolerance: bound, "\(where_): got \(result)")
                }
            }
        }
        return [add, subtract, addInPlace, subtractInPlace, scale, axpy, squares].map { $0.finish() }
    }
}

extension VerificationSuite {

    static func outOfPlace<B: KernelBackend>(_: B.Type, _ a: [Double], _ b: [Double], subtracting: Bool) -> [Double] {
        var c = [Double](repeating: .nan, count: a.count)
        guard !a.isEmpty else { return c }
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    if subtracting {
                        B.uncheckedSubtract(a.baseAddress!, b.baseAddress!, into: c.baseAddress!, count: c.count)
                    } else {
                        B.uncheckedAdd(a.baseAddress!, b.baseAddress!, into: c.baseAddress!, count: c.count)
                    }
                }
            }
        }
        return c
    }

    static func inPlace<B: KernelBackend>(_: B.Type, _ a: [Double], _ b: [Double], subtracting: Bool) -> [Double] {
        var c = a
        guard !a.isEmpty else { return c }
        b.withUnsafeBufferPointer { b in
            c.withUnsafeMutableBufferPointer { c in
                if subtracting {
                    B.uncheckedSubtractInPlace(c.baseAddress!, b.baseAddress!, count: c.count)
                } else {
                    B.uncheckedAddInPlace(c.baseAddress!, b.baseAddress!, count: c.count)
                }
            }
        }
        return c
    }

    static func scaled<B: KernelBackend>(_: B.Type, _ a: [Double], _ factor: Double) -> [Double] {
        var c = a
        guard !a.isEmpty else { return c }
        c.withUnsafeMutableBufferPointer { B.uncheckedScale($0.baseAddress!, by: factor, count: $0.count) }
        return c
    }

    static func axpy<B: KernelBackend>(_: B.Type, alpha: Double, x: [Double], y: [Double]) -> [Double] {
        var c = y
        guard !y.isEmpty else { return c }
        x.withUnsafeBufferPointer { x in
            c.withUnsafeMutableBufferPointer {
                B.uncheckedAXPY(alpha: alpha, x: x.baseAddress!, y: $0.baseAddress!, count: $0.count)
            }
        }
        return c
    }
}

/// Reproducible inputs for the checks, and generators you can hand to
/// ``VectorLawChecker`` and ``BackendAgreementChecker``: the IEEE-corner mix
/// for exact kernels, moderate values for bounded ones (SplitMix64, so every
/// run checks the same cases).
public enum VerificationInputs {
    /// Signed zeros, subnormals, values near overflow (≤ max/2, so a ± b stays
    /// finite), small integers and the whole exponent range (`VectorInputs.finite(count:seed:)`).
    public static func finite(count: Int, seed: UInt64) -> [Double] { VectorInputs.finite(count: count, seed: seed) }

    /// Magnitudes in 2⁻²⁰⁰…2²⁰⁰ and signed zeros: products and sums of squares
    /// neither overflow nor underflow (`VectorInputs.moderate(count:seed:)`).
    public static func moderate(count: Int, seed: UInt64) -> [Double] {
        VectorInputs.moderate(count: count, seed: seed)
    }

    /// Nonzero moderate values (for "zero only for zeros").
    public static func nonzero(count: Int, seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            Double(
                sign: Bool.random(using: &rng) ? .plus : .minus, exponent: Int.random(in: -100...100, using: &rng),
                significand: Double.random(in: 1..<2, using: &rng))
        }
    }

    /// A factor in [−1, 1].
    public static func factor(seed: UInt64) -> Double {
        var rng = SplitMix64(seed: seed &+ 0xABCDEF)
        return Double.random(in: -1...1, using: &rng)
    }
}
