import Benchmarking
import Foundation
import RegressionGate
import ResultsHistory
import SpringBenchFiles

/// `history check --confirm`: a timed finding's two commits built and timed
/// side by side for its one cell. The builds of one configuration and target
/// are shared by every finding, so a commit is built once per check.
final class StepConfirmation {
    let options: RevisionOptions
    let pairing: PairingOptions
    private var opened: [String: (RevisionBuilds, RunTemporaryDirectory?)] = [:]

    init(builds: RevisionOptions, pairing: PairingOptions) {
        self.options = builds
        self.pairing = pairing
    }

    /// The commits a finding compares: before and after a step, the first and
    /// newest of a slide's window.
    static func commits(of finding: HistoryFinding) -> (before: String, after: String)? {
        switch finding.kind {
        case .step(let step):
            guard step.index >= 1, step.index < finding.commits.count else { return nil }
            return (finding.commits[step.index - 1], finding.commits[step.index])
        case .slide(_, let count):
            guard count >= 2, count <= finding.commits.count else { return nil }
            return (finding.commits[finding.commits.count - count], finding.commits[finding.commits.count - 1])
        }
    }

    /// Whether the finding stands: true when the paired run puts the later
    /// commit wholly above no change, or when it cannot be run (the finding
    /// then stands unconfirmed, with the reason printed).
    func confirms(_ finding: HistoryFinding, of cell: CellKey, in series: HistorySeries) throws -> Bool {
        guard let (before, after) = Self.commits(of: finding) else { return true }
        let configuration = ["release", "debug"].contains(series.configuration) ? series.configuration : nil
        let targetCPU = RevisionBuilds.targetCPU(recorded: series.targetCPU)
        let key = "\(configuration ?? "-")|\(targetCPU ?? "-")"
        let builds: RevisionBuilds
        if let open = opened[key] {
            builds = open.0
        } else {
            let open = try options.open(configuration: configuration, targetCPU: targetCPU)
            opened[key] = open
            builds = open.0
        }
        let host = ProcessInfo.processInfo.hostName
        let elsewhere = series.machine == host ? "" : " (on this machine, \(host), not \(series.machine))"
        do {
            let plan = try CellPairing.plan(for: cell, samples: pairing.samples)
            let beforeSHA = try builds.resolve(before, option: "commit")
            let afterSHA = try builds.resolve(after, option: "commit")
            let baseline = try builds.executable(at: beforeSHA)
            let current = try builds.executable(at: afterSHA)
            try CellPairing.checkBackend(cell.backend, in: baseline, label: "commit \(before)")
            let change = try CellPairing.change(
                of: cell, plan: plan, epochs: pairing.epochs, baseline: baseline, current: current,
                level: pairing.level)
            let confirmed = change.lower > 1
            print(
                "  paired run \(before.prefix(10)) → \(after.prefix(10))\(elsewhere): "
                    + String(
                        format: "%+.1f %% [%+.1f %%, %+.1f %%]", (change.ratio - 1) * 100, (change.lower - 1) * 100,
                        (change.upper - 1) * 100)
                    + (confirmed ? ": confirmed" : ": not confirmed, left out"))
            return confirmed
        } catch let error as RevisionBuildError {
            print("  not confirmed, still counted: \(error)")
            return true
        } catch let error as UsageError {
            print("  not confirmed, still counted: \(error.description)")
            return true
        } catch {
            print("  not confirmed, still counted: \(error)")
            return true
        }
    }

    func close() {
        for (builds, temporary) in opened.values {
            builds.close()
            temporary?.remove()
        }
        opened = [:]
    }
}
