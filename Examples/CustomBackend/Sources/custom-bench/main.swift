import Benchmarking
import CustomKernels
import Foundation
import ResultsHistoryPostgreSQL
import SpringBenchBackends
import SpringBenchCLI
import Verification

// With arguments: every springbench command, RelaxedBackend in the catalogue
// (`swift run custom-bench bench --quick`, `… recommend`, `… verify`).
// Without: a short demonstration of the library API — verification of the
// custom backend and vector type, then a quick bench that includes them.
let custom = BenchmarkBackend(RelaxedBackend.self)

guard CommandLine.arguments.count == 1 else {
    // `history … --database postgresql://…` as well as SQLite files.
    PostgreSQLHistory.register()
    SpringBenchCLI.main(adding: [custom])
}

// 1. Verification: the backend against naive, and the laws of its vector type.
var suite = VerificationSuite(mode: .quick)
suite.backends = Backends.all + [RelaxedBackend.self]
suite.sections = [.backends, .vectorLaws]
var checks = suite.run().checks
checks += VectorLawChecker<Samples<RelaxedBackend>>(
    name: "Samples<relaxed>", make: { Samples($0) }, elements: { $0.values }
).check()
let failures = checks.filter { $0.verdict == .fails }
let mine = checks.filter { $0.name.contains("relaxed") }
print(
    "verify: \(checks.count) checks, \(failures.count) failures; \(mine.count) of them on the relaxed backend and its vectors:"
)
for check in mine where check.name.hasPrefix("backend.") { print("  \(check.name): \(check.verdict.rawValue)") }
let laws = mine.filter { $0.name.hasPrefix("laws.") }
print(
    "  laws on PointVector<relaxed, …> and Samples<relaxed>: \(laws.filter { $0.verdict == .holds }.count) hold, "
        + "\(laws.filter { $0.verdict == .expectedViolation }.count) expected violations (the truncating policy's), "
        + "\(laws.filter { $0.verdict == .fails }.count) fail")
for failure in failures { print("  FAIL \(failure.summary)") }

// 2. A quick bench of every backend, the custom one included.
let catalogue = try BackendCatalogue.builtIn.adding(custom)
var plan = BenchmarkPlan.quick(backends: catalogue.names)
plan.sizes = [16, 4096]
plan.workloads = []
plan.probeTrials = 2
let results = try BenchmarkRun(
    plan: try plan.validated(against: catalogue), catalogue: catalogue,
    commandLine: "custom-bench"
).run()
print("bench: \(results.measurements.count) measurements in \(String(format: "%.1f", results.elapsedSeconds)) s")
for measurement in results.measurements where measurement.kernel == .magnitudeSquared || measurement.kernel == .axpy {
    print(
        "  \(measurement.key): \(String(format: "%.3f", measurement.nanosecondsPerElement)) ns/element "
            + "(\(results.machine.displayName(of: measurement.backend)))")
}
let recommendation = Recommendation(measurements: results.measurements)
if let choice = recommendation.singleChoice {
    print(
        "one backend for everything: \(results.machine.displayName(of: choice.backend)) "
            + "(at worst \(String(format: "%.2f", choice.worstRatio))× the fastest)")
}
if !failures.isEmpty { exit(1) }
