/// Everything one run of the ``VerificationSuite`` found: the checks, the
/// candidate-formula catalogue, the fixed-step error table and the data of the
/// report's plots. Codable, so the JSON file holds exactly what the report shows.
public struct VerificationResults: Sendable, Codable {
    /// `quick` or `thorough`.
    public var mode: VerificationMode
    /// Every check, in run order.
    public var checks: [VerificationCheck]
    /// The verdict on each candidate formula.
    public var candidates: [CandidateVerdict]
    /// Error of each fixed-step scheme per spring and step size.
    public var fixedStepErrors: [FixedStepErrorRow]
    /// Motion of a spring under candidate formulas against the reference, for plots.
    public var motionPlots: [MotionPlotData]
    /// The reference integrator's settings.
    public var reference: ReferenceSettings
    /// Wall-clock seconds the run took.
    public var elapsedSeconds: Double

    public init(
        mode: VerificationMode, checks: [VerificationCheck], candidates: [CandidateVerdict],
        fixedStepErrors: [FixedStepErrorRow], motionPlots: [MotionPlotData], reference: ReferenceSettings,
        elapsedSeconds: Double
    ) {
        self.mode = mode
        self.checks = checks
        self.candidates = candidates
        self.fixedStepErrors = fixedStepErrors
        self.motionPlots = motionPlots
        self.reference = reference
        self.elapsedSeconds = elapsedSeconds
    }

    /// The checks SpringBench's own code failed.
    public var failures: [VerificationCheck] { checks.filter { $0.verdict == .fails } }

    /// Expected, documented violations (truncating policy, rejected candidates, …).
    public var findings: [VerificationCheck] { checks.filter { $0.verdict == .expectedViolation } }

    /// True when every check holds or is an expected violation.
    public var allHold: Bool { failures.isEmpty }

    /// The check called `name`, if it ran.
    public func check(named name: String) -> VerificationCheck? {
        checks.first { $0.name == name }
    }
}

/// How much of the grid to run.
public enum VerificationMode: String, Sendable, Codable, CaseIterable {
    /// The default: every kind of case, a coarse grid (well under a minute).
    case quick
    /// The large grid: more frequencies, ζ = 1 ± 10⁻ᵏ for every k, longer times,
    /// more sizes and seeds.
    case thorough
}

/// The reference integrator's settings, recorded with the results.
public struct ReferenceSettings: Sendable, Codable, Hashable {
    public var method: String
    public var relativeTolerance: Double
    public var absoluteTolerance: Double

    public init(method: String, relativeTolerance: Double, absoluteTolerance: Double) {
        self.method = method
        self.relativeTolerance = relativeTolerance
        self.absoluteTolerance = absoluteTolerance
    }
}

/// One row of the fixed-step error table.
public struct FixedStepErrorRow: Sendable, Codable, Hashable {
    /// The scheme's family (`semi-implicit Euler`, `RK4`, `velocity Verlet`).
    public var scheme: String
    /// The platform this step size stands for, or nil for a sweep point.
    public var platform: String?
    public var stepSize: Double
    /// The spring, as its SwiftUI duration and bounce or its name.
    public var spring: String
    /// Largest `|x_scheme − x_reference|` over the steps before settling, as a
    /// fraction of the animated distance.
    public var largestPositionError: Double

    public init(scheme: String, platform: String?, stepSize: Double, spring: String, largestPositionError: Double) {
        self.scheme = scheme
        self.platform = platform
        self.stepSize = stepSize
        self.spring = spring
        self.largestPositionError = largestPositionError
    }
}

/// A spring's motion from 0 to 1 under several damping formulas, sampled, with
/// the reference motion (DOP853) of the correct one.
public struct MotionPlotData: Sendable, Codable, Hashable {
    public var title: String
    public var duration: Double
    public var bounce: Double
    /// Sample times in seconds.
    public var times: [Double]
    /// Named position series (the reference first).
    public var series: [NamedSeries]

    public init(title: String, duration: Double, bounce: Double, times: [Double], series: [NamedSeries]) {
        self.title = title
        self.duration = duration
        self.bounce = bounce
        self.times = times
        self.series = series
    }
}

/// A named list of numbers (a plot series).
public struct NamedSeries: Sendable, Codable, Hashable {
    public var name: String
    public var values: [Double]

    public init(name: String, values: [Double]) {
        self.name = name
        self.values = values
    }
}
