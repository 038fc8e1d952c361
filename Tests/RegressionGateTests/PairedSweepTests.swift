import Benchmarking
import Foundation
import RegressionGate
import SpringBenchSupport
import Testing
import _TestSupport

/// The sampler protocol and the paired sweep, with samplers in this process
/// (the sweep's logic) and child processes that are not samplers (its errors).
@Suite struct PairedSweepTests {
    /// This machine, with a small last-level cache so that the probe stays small.
    static let machine: MachineRecord = {
        var record = MachineRecord.current(backends: [], commandLine: "test")
        record.lastLevelCacheBytes = 64 << 10
        return record
    }()

    static func session(doubled: Set<String> = []) -> SamplerSession {
        SamplerSession(
            catalogue: try! BackendCatalogue.builtIn.doubling(doubled),
            countAllocations: { AllocationCounter.count($0) }, machine: { machine })
    }

    static let tinyPolicy = TimingPolicy(samples: 3, minimumSampleNanoseconds: 2e4, warmupNanoseconds: 0)

    static func plan(kernels: [Kernel] = [.scale, .addAllocating], backends: [String] = ["naive", "simd"])
        -> BenchmarkPlan
    {
        var plan = BenchmarkPlan(.quick, backends: backends, seed: 11)
        plan.kernels = kernels
        plan.sizes = [64, 16]
        plan.timing = tinyPolicy
        plan.probeTrials = 1
        plan.probeMinimumElements = 1024
        return plan
    }

    @Test("A session answers hello with the protocol version, and refuses what it cannot do, naming why")
    func sessionRequests() {
        let session = Self.session()
        guard case .hello(let version, _) = session.respond(to: .hello) else {
            Issue.record("no hello")
            return
        }
        #expect(version == SamplerProtocol.version)
        #expect(
            session.respond(to: .sample(iterations: 1, clock: .wall, cell: nil, warm: nil, ceiling: nil))
                == .failure("sample: no kernel prepared"))
        let unknown = session.respond(
            to: .prepare(
                kernel: .add, backend: "gpu", size: 8, seed: 1, warmupNanoseconds: 0, minimumSampleNanoseconds: 1e3,
                ceiling: nil))
        guard case .failure(let message) = unknown else {
            Issue.record("an unknown backend was prepared")
            return
        }
        #expect(message.contains("gpu") && message.contains("simd"))
        #expect(
            session.respond(
                to: .prepare(
                    kernel: .add, backend: "simd", size: 0, seed: 1, warmupNanoseconds: 0,
                    minimumSampleNanoseconds: 1e3, ceiling: nil))
                == .failure("prepare: size must be ≥ 1 and the sample duration positive"))
        #expect(session.respond(to: .quit) == .bye)
    }

    @Test("A prepared kernel is calibrated and sampled, and its allocations counted")
    func sessionSamples() throws {
        let session = Self.session()
        let prepared = session.respond(
            to: .prepare(
                kernel: .addInPlace, backend: "simd", size: 256, seed: 1,
                warmupNanoseconds: 0, minimumSampleNanoseconds: 1e4, ceiling: nil))
        guard case .prepared(let iterations) = prepared else {
            Issue.record("not prepared: \(prepared)")
            return
        }
        #expect(iterations >= 1)
        guard
            case .sample(let nanoseconds) = session.respond(
                to: .sample(iterations: iterations, clock: .threadCPU, cell: nil, warm: nil, ceiling: nil))
        else {
            Issue.record("no sample")
            return
        }
        #expect(nanoseconds > 0 && nanoseconds.isFinite)
        if AllocationCounter.isActive {
            #expect(session.respond(to: .allocations(cell: nil)) == .allocations(perOperation: 0))
            _ = session.respond(
                to: .prepare(
                    kernel: .addAllocating, backend: "simd", size: 256, seed: 1,
                    warmupNanoseconds: 0, minimumSampleNanoseconds: 1e4, ceiling: nil))
            guard case .allocations(let perOperation?) = session.respond(to: .allocations(cell: nil)) else {
                Issue.record("no allocation count")
                return
            }
            #expect(perOperation >= 1, "the allocating add must allocate")
        }
    }

    @Test("A session keeps every backend's cells at one size and samples any of them by key; another size frees them")
    func sessionKeepsCellsPerSize() {
        let session = Self.session()
        let naive = CellKey(kernel: .scale, backend: "naive", size: 64)
        let simd = CellKey(kernel: .add, backend: "simd", size: 64)
        for key in [naive, simd] {
            guard
                case .prepared = session.respond(
                    to: .prepare(
                        kernel: key.kernel, backend: key.backend, size: key.size, seed: 3,
                        warmupNanoseconds: 0, minimumSampleNanoseconds: 1e4, ceiling: nil))
            else {
                Issue.record("\(key) not prepared")
                return
            }
        }
        // Both stay sampleable, with or without the warming call, in any order.
        for (key, warm) in [(naive, true), (simd, false), (naive, false), (simd, true)] {
            guard
                case .sample(let nanoseconds) = session.respond(
                    to: .sample(iterations: 2, clock: .threadCPU, cell: key, warm: warm, ceiling: nil))
            else {
                Issue.record("\(key) could not be sampled")
                return
            }
            #expect(nanoseconds > 0 && nanoseconds.isFinite)
        }
        // A cell's ceiling pattern on the same operands is prepared and sampled alike.
        guard
            case .prepared = session.respond(
                to: .prepare(
                    kernel: .add, backend: "simd", size: 64, seed: 3,
                    warmupNanoseconds: 0, minimumSampleNanoseconds: 1e4, ceiling: 0)),
            case .sample(let ceiling) = session.respond(
                to: .sample(iterations: 2, clock: .threadCPU, cell: simd, warm: true, ceiling: 0))
        else {
            Issue.record("the ceiling of \(simd) could not be prepared and sampled")
            return
        }
        #expect(ceiling > 0 && ceiling.isFinite)
        let never = CellKey(kernel: .axpy, backend: "openblas", size: 64)
        #expect(
            session.respond(to: .sample(iterations: 1, clock: .wall, cell: never, warm: nil, ceiling: nil))
                == .failure("sample: \(never) was not prepared at the current size"))
        _ = session.respond(
            to: .prepare(
                kernel: .add, backend: "simd", size: 128, seed: 3, warmupNanoseconds: 0, minimumSampleNanoseconds: 1e4,
                ceiling: nil))
        #expect(
            session.respond(to: .sample(iterations: 1, clock: .wall, cell: naive, warm: nil, ceiling: nil))
                == .failure("sample: \(naive) was not prepared at the current size"))
        #expect(
            session.respond(to: .allocations(cell: naive))
                == .failure("allocations: \(naive) was not prepared at the current size"))
    }

    @Test("Requests and responses survive the JSON line they travel as")
    func protocolRoundTrip() throws {
        let requests: [SamplerRequest] = [
            .hello, .probe(trials: 3, minimumElements: 4096, clock: .wall),
            .prepare(
                kernel: .axpy, backend: "openblas", size: 1 << 20, seed: 9, warmupNanoseconds: 5e6,
                minimumSampleNanoseconds: 2e6, ceiling: nil),
            .sample(iterations: 17, clock: .threadCPU, cell: nil, warm: nil, ceiling: nil),
            .sample(
                iterations: 3, clock: .wall, cell: CellKey(kernel: .scale, backend: "naive", size: 64), warm: true,
                ceiling: nil),
            .allocations(cell: nil), .allocations(cell: CellKey(kernel: .add, backend: "simd", size: 8)), .quit,
        ]
        for request in requests {
            let line = try JSONEncoder().encode(request)
            #expect(!line.contains(UInt8(ascii: "\n")))
            #expect(try JSONDecoder().decode(SamplerRequest.self, from: line) == request)
        }
        let responses: [SamplerResponse] = [
            .prepared(iterations: 3), .sample(nanoseconds: 12.5), .allocations(perOperation: nil), .bye, .failure("x"),
        ]
        for response in responses {
            #expect(try JSONDecoder().decode(SamplerResponse.self, from: JSONEncoder().encode(response)) == response)
        }
    }

    /// Runs a tiny paired sweep with in-process samplers; counts the epochs started.
    static func run(epochs: Int, doubledCurrent: Set<String> = []) throws -> (BenchmarkResults, BenchmarkResults, Int) {
        var started = 0
        let sweep = PairedSweep(plan: plan(), epochs: epochs)
        let (baseline, current) = try sweep.run(pairingID: "test-run", cpu: nil, commandLine: "test") {
            () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
            started += 1
            return (
                LocalSamplerChannel(label: "a", session: session()),
                LocalSamplerChannel(label: "b", session: session(doubled: doubledCurrent))
            )
        }
        return (baseline, current, started)
    }

    @Test("A paired sweep starts fresh samplers each epoch and writes two complete, tied results files")
    func pairedSweep() throws {
        let (baseline, current, started) = try Self.run(epochs: 3)
        #expect(started == 3)
        #expect(baseline.measurements.count == 2 * 2 * 2 && current.measurements.count == baseline.measurements.count)
        for (b, c) in zip(baseline.measurements, current.measurements) {
            #expect((b.kernel, b.backend, b.size) == (c.kernel, c.backend, c.size))
            #expect(b.samples.count == 9 && c.samples.count == 9, "3 pairs in each of 3 epochs")
            #expect(b.samples.allSatisfy { $0 > 0 })
        }
        #expect(baseline.measurements.map(\.size) == [16, 16, 16, 16, 64, 64, 64, 64], "sizes ascend")
        #expect(baseline.configuration.pairing?.role == "baseline" && current.configuration.pairing?.role == "current")
        #expect(baseline.configuration.pairing?.id == current.configuration.pairing?.id)
        #expect(baseline.configuration.pairing?.epochs == 3 && baseline.configuration.samples == 9)
        #expect(!baseline.probe.patterns.isEmpty)
        let comparison = try Comparison(
            baseline: .wallClock(baseline), baselinePath: "b", current: .wallClock(current), currentPath: "c")
        #expect(comparison.paired)
        #expect(comparison.rows.count == 8)
    }

    @Test("A sweep without the probe never asks for it; its pair compares but cannot be written")
    func sweepWithoutProbe() throws {
        final class Recording: SamplerChannel {
            let label: String
            let session = PairedSweepTests.session()
            var requests: [SamplerRequest] = []
            init(_ label: String) { self.label = label }
            func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
                requests.append(request)
                return session.respond(to: request)
            }
            func close() {}
        }
        var channels: [Recording] = []
        var sweep = PairedSweep(plan: Self.plan(kernels: [.scale], backends: ["simd"]), epochs: 2)
        sweep.measuresProbe = false
        let (baseline, current) = try sweep.run(pairingID: "no-probe", cpu: nil, commandLine: "test") {
            () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
            let pair = (Recording("a"), Recording("b"))
            channels += [pair.0, pair.1]
            return (pair.0, pair.1)
        }
        #expect(channels.count == 4)
        for channel in channels {
            #expect(!channel.requests.contains { if case .probe = $0 { true } else { false } })
            #expect(channel.requests.contains { if case .sample = $0 { true } else { false } })
        }
        #expect(baseline.probe == .notMeasured && !baseline.probe.isMeasured)
        #expect(baseline.measurements.allSatisfy { $0.samples.count == 6 })
        let pair = PairedResults(baseline: baseline, current: current)
        let comparison = try pair.comparison(baselinePath: "b", currentPath: "c", thresholds: .init(), level: 0.99)
        #expect(comparison.rows.count == 2)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("no-probe-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        #expect(throws: (any Error).self) { try pair.write(to: .directory(directory.path, option: "--keep")) }
        #expect(!FileManager.default.fileExists(atPath: directory.path + "/baseline.json"))

        // The default sweep asks each side for its probe once, in the first epoch.
        channels = []
        _ = try PairedSweep(plan: Self.plan(kernels: [.scale], backends: ["simd"]), epochs: 2)
            .run(pairingID: "probe", cpu: nil, commandLine: "test") {
                () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
                let pair = (Recording("a"), Recording("b"))
                channels += [pair.0, pair.1]
                return (pair.0, pair.1)
            }
        let probes = channels.map { $0.requests.filter { if case .probe = $0 { true } else { false } }.count }
        #expect(probes == [1, 1, 0, 0])
    }

    @Test("A sampler of another protocol version is refused before anything is timed")
    func incompatibleSampler() {
        final class OldSampler: SamplerChannel {
            let label = "old"
            var requests: [SamplerRequest] = []
            func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
                requests.append(request)
                return .hello(protocolVersion: SamplerProtocol.version + 1, machine: PairedSweepTests.machine)
            }
            func close() {}
        }
        let old = OldSampler()
        let sweep = PairedSweep(plan: Self.plan(), epochs: 1)
        #expect(throws: PairedRunError.incompatible(label: "old", version: SamplerProtocol.version + 1)) {
            _ = try sweep.run(pairingID: "x", cpu: nil, commandLine: "test") {
                () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
                (old, LocalSamplerChannel(label: "b", session: Self.session()))
            }
        }
        #expect(old.requests == [.hello])
    }

    @Test("Executables that are not samplers give errors that say what to pass, not a crash or a hang")
    func notASampler() throws {
        #expect {
            _ = try ProcessSamplerChannel(executable: "/no/such/springbench", label: "baseline")
        } throws: { error in
            "\(error)".contains("not an executable file") && "\(error)".contains("springbench executable")
        }
        // `yes sampler` answers lines that are not responses (and would never exit by itself).
        let yes = try ProcessSamplerChannel(executable: "/usr/bin/yes", label: "yes")
        #expect {
            _ = try yes.send(.hello)
        } throws: { error in
            guard case PairedRunError.garbled(let label, let line) = error else { return false }
            return label == "yes" && line == "sampler"
        }
        yes.close()
        // `false sampler` exits at once: end of file, reported as having stopped answering.
        let quitter = try ProcessSamplerChannel(executable: "/bin/false", label: "false")
        #expect {
            _ = try quitter.send(.hello)
        } throws: { error in
            guard case PairedRunError.exited(let label, _) = error else { return false }
            return label == "false" && "\(error)".contains("springbench compare")
        }
    }
}

@Suite struct CPUAffinityTests {
    @Test("Pinning holds: a pinned thread runs only on its CPU; a CPU outside the set is refused")
    func pinning() async {
        // On a thread of its own, so no test-runner thread keeps the mask.
        let result: (pinned: Bool, allowed: Int?, cpus: Set<Int>, refused: Bool) = await withCheckedContinuation {
            continuation in
            Thread {
                guard let cpu = CPUAffinity.currentCPU() else {
                    continuation.resume(returning: (false, nil, [], true))
                    return
                }
                let pinned = CPUAffinity.pin(to: cpu)
                var seen = Set<Int>()
                for _ in 0..<200 {
                    if let now = CPUAffinity.currentCPU() { seen.insert(now) }
                    sched_yield()
                }
                continuation.resume(
                    returning: (
                        pinned && seen == [cpu], CPUAffinity.allowedCPUCount(), seen, !CPUAffinity.pin(to: 1 << 20)
                    ))
            }.start()
        }
        #expect(result.pinned, "ran on \(result.cpus)")
        #expect(result.allowed == 1, "the thread's affinity mask holds one CPU")
        #expect(result.refused)
    }
}
