import CustomKernels
import Foundation
import Testing
import VectorKernels
import Verification

/// SpringBench's checks, run on this package's own backend and vector type.
@Suite struct CustomKernelsTests {
    @Test("RelaxedBackend agrees with naive within the documented bounds, kernel by kernel")
    func relaxedAgreesWithNaive() {
        let checks = BackendAgreementChecker(RelaxedBackend.self).check()
        #expect(checks.count == 7)
        let failures = checks.filter { $0.verdict == .fails }
        #expect(failures.isEmpty, "\(failures.map(\.summary))")
    }

    @Test("Samples obeys every VectorArithmetic law, on the default values and on values of our own choosing")
    func samplesObeyTheLaws() {
        let checks = VectorLawChecker<Samples<RelaxedBackend>>(
            name: "Samples", make: { Samples($0) }, elements: { $0.values }
        ).check()
        #expect(checks.count == VectorLaw.allCases.count)
        #expect(checks.allSatisfy { $0.verdict == .holds }, "\(checks.filter { $0.verdict != .holds }.map(\.summary))")

        // Audio-like samples in [-1, 1], of our own choosing.
        let audio = VectorLawChecker<Samples<RelaxedBackend>>(
            name: "Samples(audio)", seeds: [7, 8, 9],
            values: { count, seed in (0..<count).map { sin(Double($0) * 0.1 + Double(seed)) } },
            make: { Samples($0) }, elements: { $0.values })
        #expect(audio.check().allSatisfy { $0.verdict == Verdict.holds })
    }

    @Test("A SIMD loop with a wrong tail is caught: the agreement check and the laws name what breaks")
    func brokenTailIsReported() {
        let agreement = BackendAgreementChecker(WrongTailBackend.self).check()
        let failedKernels = Set(agreement.filter { $0.verdict == .fails }.map(\.name))
        #expect(failedKernels.contains("backend.wrong-tail.add-in-place"))
        #expect(!failedKernels.contains("backend.wrong-tail.scale"))  // its tail is right

        let laws = VectorLawChecker<Samples<WrongTailBackend>>(
            name: "Samples<wrong-tail>", make: { Samples($0) }, elements: { $0.values }
        ).check()
        let broken = laws.filter { $0.verdict == .fails }.map(\.name)
        #expect(broken.contains("laws.Samples<wrong-tail>.self-difference"), "\(broken)")
        #expect(broken.contains("laws.Samples<wrong-tail>.subtract-then-add"), "\(broken)")
        // The correct backend under the same checks is clean: the failures come from the tail.
        let clean = VectorLawChecker<Samples<RelaxedBackend>>(
            name: "Samples<relaxed>", make: { Samples($0) }, elements: { $0.values }
        ).check()
        #expect(clean.allSatisfy { $0.verdict == .holds })
    }
}

/// Damping formulas of our own, judged by SpringBench's candidate checks.
@Suite struct DampingFormulaTests {
    static func verdicts(_ formulas: [DampingFormula]) -> [String: CandidateVerdict] {
        var suite = VerificationSuite(mode: .quick)
        suite.sections = [.candidates]
        suite.candidates = formulas
        return Dictionary(uniqueKeysWithValues: suite.run().candidates.map { ($0.name, $0) })
    }

    @Test(
        "SwiftUI's mapping, written out here, is accepted; the same with a slip in the over-damped branch is rejected")
    func ownFormulas() {
        let right = DampingFormula(
            name: "ours", source: "this package", formulaText: "4π(1−b)/d, b ≥ 0; 4π/(d(1+b)), b < 0",
            expectation: .mustHold,
            damping: { duration, bounce in
                bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 + bounce))
            })
        let slipped = DampingFormula(
            name: "slipped", source: "this package", formulaText: "4π(1−b)/d, b ≥ 0; 4π/(d(1−b)), b < 0",
            expectation: .mustHold,
            damping: { duration, bounce in
                bounce >= 0 ? 4 * .pi * (1 - bounce) / duration : 4 * .pi / (duration * (1 - bounce))
            })
        let verdicts = Self.verdicts([right, slipped])
        #expect(verdicts["ours"]?.accepted == true, "\(verdicts["ours"]?.violations ?? [])")
        #expect(verdicts["slipped"]?.accepted == false)
        #expect(!(verdicts["slipped"]?.violations.isEmpty ?? true))
    }
}

/// RelaxedBackend with a classic slip in the in-place adds: the SIMD4 main loop
/// is right, but its scalar tail starts one element late (`count & ~3 + 1`),
/// so for counts that are not multiples of 4 the first tail element is never added.
enum WrongTailBackend: KernelBackend {
    static let name = "wrong-tail"
    static var details: BackendDetails {
        BackendDetails(
            name: name, summary: "deliberately broken", simdWidth: 4, library: nil, core: nil, threads: 1,
            fusedAXPY: true)
    }

    static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        simdLoop(a, b, count: count, sign: 1)
    }

    static func uncheckedSubtractInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        simdLoop(a, b, count: count, sign: -1)
    }

    static func simdLoop(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int, sign: Double) {
        let main = count & ~3
        var i = 0
        while i < main {
            let x = UnsafeRawPointer(a + i).loadUnaligned(as: SIMD4<Double>.self)
            let y = UnsafeRawPointer(b + i).loadUnaligned(as: SIMD4<Double>.self)
            UnsafeMutableRawPointer(a + i).storeBytes(of: sign > 0 ? x + y : x - y, as: SIMD4<Double>.self)
            i += 4
        }
        var j = main + 1  // the bug: should start at `main`
        while j < count {
            a[j] = sign > 0 ? a[j] + b[j] : a[j] - b[j]
            j += 1
        }
    }

    static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        RelaxedBackend.uncheckedAdd(a, b, into: c, count: count)
    }
    static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        RelaxedBackend.uncheckedSubtract(a, b, into: c, count: count)
    }
    static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        RelaxedBackend.uncheckedScale(a, by: factor, count: count)
    }
    static func uncheckedAXPY(alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) {
        RelaxedBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count)
    }
    static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        RelaxedBackend.uncheckedMagnitudeSquared(a, count: count)
    }
}
