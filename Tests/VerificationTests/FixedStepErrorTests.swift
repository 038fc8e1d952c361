import ODEReference
import Testing
import VectorKernels
import Verification

/// A scheme that blows up must not pass the fixed-step checks: its largest
/// error is NaN (never the largest finite error seen before the blow-up).
@Suite("Fixed-step errors of a scheme that blows up")
struct FixedStepErrorTests {
    /// Semi-implicit Euler that turns the state into NaN from step `failingStep` on.
    struct BlowingUp: FixedStepScheme {
        var stepSize: Double
        var failingStep: Int
        var name: String { "blows up at step \(failingStep)" }
        var order: Int { 1 }
        var evaluationsPerStep: Int { 1 }
        func advance<System: SecondOrderSystem>(
            _ system: System, time: Double, by h: Double,
            state: inout PhaseState<System.Vector>, scratch: inout FixedStepScratch<System.Vector>
        ) {
            SemiImplicitEuler(stepSize: stepSize).advance(system, time: time, by: h, state: &state, scratch: &scratch)
            if Int((time / stepSize).rounded()) >= failingStep { state.scale(by: .nan) }
        }
    }

    @Test("a NaN anywhere in the trajectory makes the largest error NaN", arguments: [1, 40, 299])
    func nanIsTheLargestError(_ failingStep: Int) {
        let suite = VerificationSuite(mode: .quick)
        let good = suite.largestError(SemiImplicitEuler(stepSize: 0.001), stiffness: 170, damping: 26, over: 0.3)
        #expect(good.isFinite && good < 0.01)
        let bad = suite.largestError(
            BlowingUp(stepSize: 0.001, failingStep: failingStep), stiffness: 170, damping: 26, over: 0.3)
        #expect(bad.isNaN, "a scheme that went NaN at step \(failingStep) reported \(bad)")
    }
}
