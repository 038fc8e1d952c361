import Benchmarking
import Foundation
import RegressionGate
import SpringBenchSupport
import Synchronization

/// One cell timed in two builds, sample by sample (`compare-builds`' paired
/// runs): what `bisect` and `history check --confirm` measure.
package enum CellPairing {
    /// The paired plan for the one cell; a backend this executable does not
    /// know is checked against the builds themselves (their samplers' hello).
    package static func plan(for key: CellKey, samples: Int) throws -> BenchmarkPlan {
        let catalogue = CommandContext.catalogue
        var plan = BenchmarkPlan(.paired, backends: [key.backend])
        plan.kernels = [key.kernel]
        plan.sizes = [key.size]
        plan.timing.samples = samples
        plan.yardstick = false
        let known = catalogue[key.backend] != nil
        if !known, let stand = catalogue.backends.first(where: { $0.details.threads == 1 }) {
            plan.backends = [stand.name]
        }
        plan.timing.clock = (plan.backendThreads(in: catalogue).map(\.1).max() ?? 1) > 1 ? .wall : .threadCPU
        do {
            plan = try plan.validated(against: catalogue)
        } catch {
            throw UsageError(error.description)
        }
        plan.backends = [key.backend]
        return plan
    }

    /// Fails early when the good build's catalogue lacks the cell's backend.
    static func checkBackend(_ backend: String, in executable: String, label: String) throws {
        let channel: ProcessSamplerChannel
        do {
            channel = try ProcessSamplerChannel(executable: executable, arguments: [], label: label)
        } catch {
            throw UsageError("\(label): \(error)")
        }
        defer { channel.close() }
        guard case .hello(_, let machine) = try? channel.send(.hello) else {
            throw UsageError(
                "\(label): the build does not answer as a sampler (is --product a springbench executable?)")
        }
        let names = machine.backends.map(\.name)
        guard names.contains(backend) else {
            throw UsageError(
                "--cell: backend \"\(backend)\" is not in the build at \(label) (its backends: \(names.joined(separator: ", ")))"
            )
        }
    }

    /// One paired comparison of `current` against `baseline` for the cell, on a
    /// thread of its own that pins itself (and the samplers it starts) to one
    /// CPU: the builds run unpinned on every core.
    static func change(
        of key: CellKey, plan: BenchmarkPlan, epochs: Int, baseline: String, current: String, level: Double
    ) throws -> ChangeInterval {
        let result = Mutex<Result<ChangeInterval, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        let thread = Thread {
            defer { done.signal() }
            var run = PairedBuildRun(
                plan: plan, epochs: epochs, baseline: .init(executable: baseline), current: .init(executable: current),
                commandLine: invocation)
            // Only the change is used: no bandwidth probe (about 40 s a side in a debug
            // build where the last-level cache is reported as 260 MiB).
            run.measuresProbe = false
            let outcome = Result<ChangeInterval, any Error> {
                let pair = try run.run(cpu: run.pin())
                let comparison = try pair.comparison(
                    baselinePath: baseline, currentPath: current, thresholds: RegressionThresholds(), level: level)
                guard let row = comparison.rows.first(where: { $0.cell == key }) else {
                    throw UsageError("--cell \(key): the builds measured no such cell")
                }
                return row.interval
            }
            result.withLock { $0 = outcome }
        }
        thread.start()
        done.wait()
        return try result.withLock { $0! }.get()
    }
}
