import ODEReference
import Testing
import VectorKernels
import Verification

/// SIMDBackend, except that out-of-place add gets the last element of a
/// scalar tail wrong by one ulp: the fault a vectorised loop with an
/// off-by-one tail would have.
enum TailFaultBackend: KernelBackend {
    static let name = "simd-tail-fault"
    static var details: BackendDetails {
        BackendDetails(
            name: name, summary: "SIMDBackend with a wrong last tail element in add", simdWidth: 8,
            library: nil, core: nil, threads: 1, fusedAXPY: false)
    }

    static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        SIMDBackend.uncheckedAdd(a, b, into: c, count: count)
        if count % SIMDBackend.elementwiseWidth != 0, c[count - 1].isFinite {
            c[count - 1] = c[count - 1].nextUp
        }
    }
    static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        SIMDBackend.uncheckedSubtract(a, b, into: c, count: count)
    }
    static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        SIMDBackend.uncheckedAddInPlace(a, b, count: count)
    }
    static func uncheckedSubtractInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        SIMDBackend.uncheckedSubtractInPlace(a, b, count: count)
    }
    static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        SIMDBackend.uncheckedScale(a, by: factor, count: count)
    }
    static func uncheckedAXPY(alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) {
        SIMDBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count)
    }
    static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        SIMDBackend.uncheckedMagnitudeSquared(a, count: count)
    }
}

@Suite("Injected faults make the suite fail, naming the check")
struct FaultInjectionTests {
    @Test("a backend wrong in one element of the SIMD tail fails backend.<name>.add (and the laws that use add)")
    func backendWithWrongTailElement() {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.backends, .vectorLaws]
        suite.backends.append(TailFaultBackend.self)
        let results = suite.run()
        #expect(!results.allHold)
        let add = results.check(named: "backend.simd-tail-fault.add")
        #expect(add?.verdict == .fails)
        #expect(add?.worstCase.contains("element") == true, "the worst case names the element: \(add?.worstCase ?? "")")
        for kernel in ["subtract", "add-in-place", "subtract-in-place", "scale", "axpy", "magnitude-squared"] {
            #expect(results.check(named: "backend.simd-tail-fault.\(kernel)")?.verdict == .holds, "\(kernel)")
        }
        #expect(
            results.check(named: "laws.PointVector<simd-tail-fault,zero-extending>.plus-agrees-with-plus-equals")?
                .verdict == .fails)
        // The built-in backends are untouched.
        #expect(results.failures.allSatisfy { $0.name.contains("simd-tail-fault") })
    }

    @Test("a SwiftUI mapping with a sign error (1 + bounce) fails the candidate checks it breaks")
    func formulaWithSignError() {
        let signError = DampingFormula(
            name: "sign error", source: "test", formulaText: "4π(1 + bounce)/duration", expectation: .mustHold,
            damping: { d, b in b >= 0 ? 4 * .pi * (1 + b) / d : 4 * .pi / (d * (1 + b)) })
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates]
        suite.candidates = [.swiftUI, signError]
        let results = suite.run()
        #expect(!results.allHold)
        for property in [
            "undamped-at-one", "monotone-in-bounce", "apple-example", "apple-example-inverse", "round-trip",
            "motion-matches-reference",
        ] {
            #expect(results.check(named: "candidate.sign-error.\(property)")?.verdict == .fails, "\(property)")
        }
        #expect(
            results.check(named: "candidate.sign-error.critical-at-zero")?.verdict == .holds,
            "the sign error is invisible at bounce 0")
        #expect(results.failures.allSatisfy { $0.name.hasPrefix("candidate.sign-error.") })
    }

    @Test("an integrator with one wrong coefficient fails reference.order and closed-form.vs-reference")
    func integratorWithWrongCoefficient() {
        var pair = EmbeddedRungeKuttaPair.dormandPrince853
        pair.coefficients[3][2] *= 1.001
        pair.name = "DOP853 (a₃₂ off by 0.1 %)"
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.referenceIntegrator, .closedForm]
        suite.referencePair = pair
        // Every 16th of the quick grid's 117 springs, 8 of them (every 24th, 5 springs, was measured
        // to miss the fault), at every depth. `closed-form.vs-reference` fails when any spring of
        // its grid fails (the springs' recorders are merged), so failing on these 8 is failing on
        // all 117; the whole grid (`make check` until 2026-11-28) asserted nothing more and cost
        // 66 s of StressTests' wall time (118 CPU-s) against 22 s in a debug build here.
        suite.closedFormSampling = 16
        let results = suite.run()
        #expect(!results.allHold)
        #expect(results.check(named: "reference.order")?.verdict == .fails)
        #expect(results.check(named: "closed-form.vs-reference")?.verdict == .fails)
    }
}
