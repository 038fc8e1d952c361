import Benchmarking
import Foundation
import RegressionGate
import Testing

/// The paired sweep's schedule under a fixed seed, pinned: with samplers that
/// answer deterministically, every request each side is sent and every figure
/// of both results files must stay as they were, bit for bit.
@Suite struct PairedScheduleTests {
    /// A sampler whose answers depend only on what it was asked, and in which order.
    final class ScriptedSampler: SamplerChannel {
        let label: String
        let log: Log
        let machine: MachineRecord
        var prepared = 0
        var sampled = 0

        init(label: String, log: Log, machine: MachineRecord) {
            self.label = label
            self.log = log
            self.machine = machine
        }

        func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
            log.entries.append("\(label) \(String(describing: request))")
            switch request {
            case .hello: return .hello(protocolVersion: SamplerProtocol.version, machine: machine)
            case .probe:
                return .probe(
                    BandwidthProbeResult(
                        elements: 1024, bytesPerArray: 8192, trials: 1,
                        patterns: ProbePattern.allCases.map {
                            .init(
                                pattern: $0, bestGigabytesPerSecond: label == "a" ? 10 : 11, medianGigabytesPerSecond: 9
                            )
                        }))
            case .prepare:
                prepared += 1
                return .prepared(iterations: 2 + (prepared * 5 + label.count) % 7)
            case .sample(let iterations, _, _, _, _):
                sampled += 1
                return .sample(
                    nanoseconds: 50 + Double((sampled * 13) % 17) + Double(iterations) / 8 + (label == "a" ? 0 : 0.5))
            case .allocations: return .allocations(perOperation: label == "a" ? 0 : 1)
            case .quit: return .bye
            }
        }

        func close() {}
    }

    final class Log {
        var entries: [String] = []
    }

    static func digest(_ text: String) -> UInt64 {
        text.utf8.reduce(0xcbf2_9ce4_8422_2325) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
    }

    @Test("a fixed seed gives the same requests and the same figures as before the paired run was split by concern")
    func fixedSeedSchedule() throws {
        let log = Log()
        let sweep = PairedSweep(plan: PairedSweepTests.plan(), epochs: 3)
        let machine = PairedSweepTests.machine
        let (baseline, current) = try sweep.run(pairingID: "pinned", cpu: 1, commandLine: "test") {
            () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
            (
                ScriptedSampler(label: "a", log: log, machine: machine),
                ScriptedSampler(label: "b", log: log, machine: machine)
            )
        }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        var lines = log.entries
        for side in [baseline, current] {
            lines.append(String(decoding: try encoder.encode(side.configuration), as: UTF8.self))
            lines.append(String(decoding: try encoder.encode(side.probe), as: UTF8.self))
            lines.append(String(decoding: try encoder.encode(side.measurements), as: UTF8.self))
        }
        let fingerprint = lines.joined(separator: "\n")
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("paired-schedule.txt").path
        try fingerprint.write(toFile: path, atomically: true, encoding: .utf8)
        #expect(Self.digest(fingerprint) == 398_690_364_401_064_268, "schedule changed; fingerprint in \(path)")
    }
}
