import Foundation
import ODEReference
import SpringBenchBackends
import VectorKernels

/// SpringBench's verification suite: the closed forms, the backends, the
/// vector laws, the conversion formulas, a catalogue of candidate formulas and
/// the fixed-step schemes of other systems, each judged by a named property
/// with a tolerance derived from analysis, against a numerical ODE reference
/// (DOP853 at rtol 1e-12) that knows nothing of the closed forms.
///
/// ```swift
/// var suite = VerificationSuite(mode: .quick)
/// suite.backends.append(MyBackend.self)                  // verify your own backend too
/// suite.candidates.append(try DampingFormula(expression: "4*pi*(1-bounce)/duration"))
/// let results = suite.run()
/// results.allHold                                         // false if SpringBench's own code broke a property
/// results.check(named: "backend.my-backend.add")?.verdict
/// ```
///
/// Every check is a ``VerificationCheck``. A property broken by SpringBench's
/// own code (or by a backend or formula passed in to be verified) is a
/// failure; one broken by documented behaviour (the truncating length policy,
/// a catalogue candidate such as the wrong transcription of Guides/SpringFormulas.md, another
/// platform's step error) is a finding with verdict ``Verdict/expectedViolation``.
public struct VerificationSuite: Sendable {
    /// The grid size.
    public var mode: VerificationMode
    /// The backends verified against `NaiveBackend` (by default every built-in
    /// one); append your own to verify it.
    public var backends: [any KernelBackend.Type]
    /// The reference integrator's pair (DOP853); replace it to verify another pair.
    public var referencePair: EmbeddedRungeKuttaPair
    /// The reference's relative tolerance (default 1e-12).
    public var relativeTolerance: Double
    /// The reference's absolute tolerance on the phase-state norm (default 1e-14).
    public var absoluteTolerance: Double
    /// The damping formulas judged (by default ``DampingFormula/catalogue``).
    public var candidates: [DampingFormula]
    /// The sections to run (all by default); tests run one at a time.
    public var sections: Set<VerificationSection>
    /// Runs every n-th spring of the closed-form grid (1, the default: all of
    /// them). A test of a check's power on a broken integrator needs only a
    /// sparse grid, in a debug build a tenth of the time.
    public var closedFormSampling: Int = 1

    public init(mode: VerificationMode = .quick) {
        self.mode = mode
        self.backends = Backends.all
        self.referencePair = .dormandPrince853
        self.relativeTolerance = 1e-12
        self.absoluteTolerance = 1e-14
        self.candidates = DampingFormula.catalogue
        self.sections = Set(VerificationSection.allCases)
    }

    /// Runs the selected sections and returns every check and finding.
    /// - Parameter progress: called with each section as it starts (for a progress display).
    public func run(progress: (VerificationSection) -> Void = { _ in }) -> VerificationResults {
        let clock = ContinuousClock()
        let start = clock.now
        var checks: [VerificationCheck] = []
        var candidateVerdicts: [CandidateVerdict] = []
        var fixedRows: [FixedStepErrorRow] = []
        var plots: [MotionPlotData] = []
        for section in VerificationSection.allCases where sections.contains(section) {
            progress(section)
            switch section {
            case .referenceIntegrator: checks += referenceIntegratorChecks()
            case .closedForm: checks += closedFormChecks() + platformEasingChecks()
            case .backends: checks += backendChecks()
            case .vectorLaws: checks += vectorLawChecks()
            case .conversions: checks += conversionChecks()
            case .candidates:
                let outcome = candidateChecks()
                checks += outcome.checks
                candidateVerdicts = outcome.verdicts
                plots = outcome.plots
            case .fixedStepSchemes:
                let outcome = fixedStepChecks()
                checks += outcome.checks + platformLoopChecks()
                fixedRows = outcome.rows
            }
        }
        let elapsed = clock.now - start
        return VerificationResults(
            mode: mode, checks: checks, candidates: candidateVerdicts, fixedStepErrors: fixedRows,
            motionPlots: plots,
            reference: ReferenceSettings(
                method: referencePair.name, relativeTolerance: relativeTolerance,
                absoluteTolerance: absoluteTolerance),
            elapsedSeconds: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) * 1e-18)
    }

    var thorough: Bool { mode == .thorough }
}
