import Benchmarking
import Foundation
import RegressionGate
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A sampler is another build: its replies are input, checked right after
/// decoding (``SamplerReplyCheck``), and its requests are bounded
/// (``SamplerLimits``), on both sides of the protocol.
@Suite struct SamplerReplyTests {
    static let machine = PairedSweepTests.machine

    /// A valid probe result whose copy rate is `rate` (a marker to replace in the text).
    static func probe(rate: Double = 7.25) -> BandwidthProbeResult {
        BandwidthProbeResult(
            elements: 1024, bytesPerArray: 8192, trials: 1,
            patterns: ProbePattern.allCases.enumerated().map {
                .init(pattern: $1, bestGigabytesPerSecond: $0 == 0 ? rate : 3, medianGigabytesPerSecond: 3)
            })
    }

    /// A JSON reply line: `response` encoded, its `marker` number replaced by `value` (a JSON literal).
    static func line(_ response: SamplerResponse, marker: String, value: String) throws -> String {
        let text = String(decoding: try JSONEncoder().encode(response), as: UTF8.self)
        #expect(text.contains(marker))
        return text.replacingOccurrences(of: marker, with: value)
    }

    /// A sampler that is a shell script answering each kind of request with a fixed line.
    final class ScriptSampler {
        let directory: String
        var path: String { directory + "/sampler" }

        init(replies: [String: String]) throws {
            directory =
                FileManager.default.temporaryDirectory.appendingPathComponent("sampler-\(UUID().uuidString)").path
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            var cases = ""
            for (kind, reply) in replies {
                try (reply + "\n").write(toFile: "\(directory)/\(kind).json", atomically: true, encoding: .utf8)
                cases += "    '{\"\(kind)\"'*) cat \"$d/\(kind).json\";;\n"
            }
            let script =
                "#!/bin/sh\nd=$(dirname \"$0\")\nwhile IFS= read -r line; do\n  case \"$line\" in\n\(cases)"
                + "    '{\"quit\"'*) echo '{\"bye\":{}}'; exit 0;;\n  esac\ndone\n"
            try script.write(toFile: path, atomically: true, encoding: .utf8)
            chmod(path, 0o755)
        }

        deinit { try? FileManager.default.removeItem(atPath: directory) }

        /// The script started as a sampler. A child that another test thread
        /// spawns while the script is being written inherits its descriptor
        /// until its exec (ETXTBSY, "Text file busy"): retried for a second.
        func channel(label: String) throws(PairedRunError) -> ProcessSamplerChannel {
            var attempt = 0
            while true {
                do {
                    return try ProcessSamplerChannel(executable: path, label: label)
                } catch {
                    attempt += 1
                    guard case .cannotStart(_, let reason) = error, reason.contains("busy"), attempt < 50 else {
                        throw error
                    }
                    usleep(20_000)
                }
            }
        }
    }

    static let sampleRequest = SamplerRequest.sample(iterations: 1000, clock: .wall, cell: nil, warm: nil, ceiling: nil)
    static let prepareRequest = SamplerRequest.prepare(
        kernel: .add, backend: "simd", size: 16, seed: 1,
        warmupNanoseconds: 0, minimumSampleNanoseconds: 1e4, ceiling: nil)

    /// Sends `request` to a script sampler answering `reply`.
    static func ask(_ request: SamplerRequest, kind: String, reply: String) throws -> Result<
        SamplerResponse, PairedRunError
    > {
        let sampler = try ScriptSampler(replies: [kind: reply])
        let channel = try sampler.channel(label: "BASE_BIN")
        defer { channel.close() }
        do { return .success(try channel.send(request)) } catch { return .failure(error) }
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var kind: String
        var value: String
        /// The field the error names, or nil when the reply is valid.
        var field: String?
        var testDescription: String { "\(kind) = \(value)" }
    }

    static let cases: [Case] = [
        Case(kind: "sample", value: "0", field: "sample.nanoseconds"),
        Case(kind: "sample", value: "-5", field: "sample.nanoseconds"),
        Case(kind: "sample", value: "null", field: "sample.nanoseconds"),
        Case(kind: "sample", value: "1e300", field: "sample.nanoseconds"),
        Case(kind: "sample", value: "2e8", field: "sample.nanoseconds"),  // × 1000 iterations = 200 s
        Case(kind: "sample", value: "12.5", field: nil),
        Case(kind: "prepare", value: "0", field: "prepared.iterations"),
        Case(kind: "prepare", value: "-3", field: "prepared.iterations"),
        Case(kind: "prepare", value: "null", field: "prepared.iterations"),
        Case(kind: "prepare", value: "4611686018427387904", field: "prepared.iterations"),
        Case(kind: "prepare", value: "1000", field: nil),
        Case(kind: "allocations", value: "-1", field: "allocations.perOperation"),
        Case(kind: "allocations", value: "1e300", field: "allocations.perOperation"),
        Case(kind: "allocations", value: "null", field: nil),
        Case(kind: "allocations", value: "0", field: nil),
        Case(kind: "probe", value: "0", field: "probe.patterns[0].bestGigabytesPerSecond"),
        Case(kind: "probe", value: "-1", field: "probe.patterns[0].bestGigabytesPerSecond"),
        Case(kind: "probe", value: "null", field: "probe.patterns[0].bestGigabytesPerSecond"),
        Case(kind: "probe", value: "1e300", field: "probe.patterns[0].bestGigabytesPerSecond"),
        Case(kind: "probe", value: "40.5", field: nil),
        Case(kind: "hello", value: "0", field: "protocolVersion"),
        Case(kind: "hello", value: "-1", field: "protocolVersion"),
        Case(kind: "hello", value: "null", field: "hello.protocolVersion"),
        Case(kind: "hello", value: "9223372036854775807", field: "protocolVersion"),
        Case(kind: "hello", value: "\(SamplerProtocol.version)", field: nil),
    ]

    @Test(
        "Each reply kind through a real channel: zero, negative, null (NaN's JSON) and huge numbers are refused, naming build, field and range",
        arguments: cases)
    func replyValidated(_ item: Case) throws {
        let request: SamplerRequest, reply: String
        switch item.kind {
        case "sample":
            (request, reply) = (
                Self.sampleRequest, try Self.line(.sample(nanoseconds: 7.25), marker: "7.25", value: item.value)
            )
        case "prepare":
            (request, reply) = (
                Self.prepareRequest, try Self.line(.prepared(iterations: 777), marker: "777", value: item.value)
            )
        case "allocations":
            (request, reply) = (
                .allocations(cell: nil),
                try Self.line(.allocations(perOperation: 0.625), marker: "0.625", value: item.value)
            )
        case "probe":
            (request, reply) = (
                .probe(trials: 1, minimumElements: 1024, clock: .wall),
                try Self.line(.probe(Self.probe()), marker: "7.25", value: item.value)
            )
        default:
            (request, reply) = (
                .hello,
                try Self.line(.hello(protocolVersion: 31337, machine: Self.machine), marker: "31337", value: item.value)
            )
        }
        let outcome = try Self.ask(request, kind: item.kind, reply: reply)
        switch (outcome, item.field) {
        case (.success, nil):
            break
        case (.success(let response), let field?):
            Issue.record("\(field) = \(item.value) was accepted: \(response)")
        case (.failure(let error), nil):
            Issue.record("a valid reply was refused: \(error)")
        case (.failure(let error), let field?):
            let text = error.description
            #expect(text.contains("BASE_BIN"), "\(text)")
            if case .incompatible = error {
                #expect(field == "protocolVersion" && text.contains("this build \(SamplerProtocol.version)"), "\(text)")
            } else {
                guard case .invalidReply(_, let named, _, let valid) = error else {
                    Issue.record("not an invalid-reply error: \(error)")
                    return
                }
                #expect(named == field && !valid.isEmpty && text.contains(valid), "\(text)")
            }
        }
    }

    @Test("Non-finite numbers (which JSON cannot carry) and replies of the wrong kind are refused by the one check")
    func nonFiniteAndWrongKind() {
        for value in [Double.nan, .infinity, -.infinity, 0, -0.0, -1] {
            #expect(throws: PairedRunError.self) {
                try SamplerReplyCheck.validated(.sample(nanoseconds: value), answering: Self.sampleRequest, label: "x")
            }
            #expect(throws: PairedRunError.self) {
                try SamplerReplyCheck.validated(
                    .probe(Self.probe(rate: value)), answering: .probe(trials: 1, minimumElements: 1024, clock: .wall),
                    label: "x")
            }
        }
        for value in [Double.nan, .infinity, -.infinity, -1] {
            #expect(throws: PairedRunError.self) {
                try SamplerReplyCheck.validated(
                    .allocations(perOperation: value), answering: .allocations(cell: nil), label: "x")
            }
        }
        #expect(throws: PairedRunError.garbled(label: "x", line: "a sample reply to a prepare request")) {
            try SamplerReplyCheck.validated(.sample(nanoseconds: 1), answering: Self.prepareRequest, label: "x")
        }
        #expect((try? SamplerReplyCheck.validated(.failure("no"), answering: .hello, label: "x")) == .failure("no"))
    }

    @Test("A paired sweep whose sampler answers zero times fails with the reply's error, never a verdict")
    func pairedSweepRefusesZeroTimes() throws {
        var machine = Self.machine
        machine.memoryBytes = 1 << 40
        let sampler = try ScriptSampler(replies: [
            "hello": String(
                decoding: try JSONEncoder().encode(
                    SamplerResponse.hello(protocolVersion: SamplerProtocol.version, machine: machine)), as: UTF8.self),
            "probe": String(decoding: try JSONEncoder().encode(SamplerResponse.probe(Self.probe())), as: UTF8.self),
            "prepare": #"{"prepared":{"iterations":10}}"#,
            "sample": #"{"sample":{"nanoseconds":0}}"#,
            "allocations": #"{"allocations":{"perOperation":0}}"#,
        ])
        let sweep = PairedSweep(plan: PairedSweepTests.plan(), epochs: 1)
        #expect(
            throws: PairedRunError.invalidReply(
                label: "PR_BIN", field: "sample.nanoseconds", value: "0.0",
                valid: SamplerReplyCheck.ranges["nanoseconds"]!)
        ) {
            _ = try sweep.run(
                pairingID: "p", cpu: nil, commandLine: "test",
                start: {
                    () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
                    (try sampler.channel(label: "PR_BIN"), try sampler.channel(label: "PR_BIN"))
                })
        }
    }

    // MARK: Bounded requests

    static func session(memory: Double) -> SamplerSession {
        SamplerSession(
            catalogue: BackendCatalogue.builtIn, countAllocations: nil,
            limits: SamplerLimits(physicalMemoryBytes: memory), machine: { machine })
    }

    static func prepare(size: Int, backend: String = "simd", minimum: Double = 1e4) -> SamplerRequest {
        .prepare(
            kernel: .add, backend: backend, size: size, seed: 1, warmupNanoseconds: 0,
            minimumSampleNanoseconds: minimum, ceiling: nil)
    }

    @Test("prepare is bounded by the injected memory: 2^40 points are refused naming the limit, never allocated")
    func prepareBoundedByMemory() {
        let small = Self.session(memory: 1_048_576)  // 1 MiB: 40 % is 419430 bytes, 32 bytes per point for one backend
        let limit = SamplerLimits(physicalMemoryBytes: 1_048_576).maximumPoints(backends: 1)
        #expect(limit == 13107)
        guard case .failure(let message) = small.respond(to: Self.prepare(size: limit + 1)) else {
            Issue.record("\(limit + 1) points were prepared in 1 MiB")
            return
        }
        #expect(message.contains("≤ \(limit) points") && message.contains("1 MiB"), "\(message)")
        #expect("\(small.respond(to: Self.prepare(size: 1 << 40)))".contains("≤ \(limit) points"))
        guard case .prepared = small.respond(to: Self.prepare(size: limit)) else {
            Issue.record("\(limit) points were refused")
            return
        }
        // A second backend at that size would need 24 bytes per point more.
        guard case .failure(let second) = small.respond(to: Self.prepare(size: limit, backend: "naive")) else {
            Issue.record("a second backend fitted")
            return
        }
        #expect(second.contains("2 backend(s)"), "\(second)")
        let large = Self.session(memory: Double(1 << 40))  // 1 TiB
        guard case .failure(let huge) = large.respond(to: Self.prepare(size: 1 << 40)) else {
            Issue.record("2^40 points were prepared in 1 TiB")
            return
        }
        #expect(
            huge.contains("≤ \(SamplerLimits(physicalMemoryBytes: Double(1 << 40)).maximumPoints(backends: 1)) points"),
            "\(huge)")
        #expect(
            "\(large.respond(to: SamplerRequest.probe(trials: 1, minimumElements: 1 << 40, clock: .wall)))".contains(
                "minimumElements must be ≤"))
        guard case .failure(let probe) = small.respond(to: .probe(trials: 1, minimumElements: 1 << 20, clock: .wall))
        else {
            Issue.record("a probe of 2^20 elements ran in 1 MiB")
            return
        }
        #expect(probe.contains("minimumElements must be ≤"), "\(probe)")
        #expect(
            "\(Self.session(memory: 1_048_576).respond(to: Self.prepare(size: 16, minimum: 1e18)))"
                .contains("minimumSampleNanoseconds must be ≤"))
    }

    @Test(
        "sample is bounded by the calibration: 10^18 iterations are refused naming the 10 s limit; before any prepare it is a failure"
    )
    func sampleBoundedByTime() {
        let session = Self.session(memory: Double(1 << 40))
        let huge = SamplerRequest.sample(
            iterations: 1_000_000_000_000_000_000, clock: .wall, cell: nil, warm: nil, ceiling: nil)
        #expect(session.respond(to: huge) == .failure("sample: no kernel prepared"))
        guard case .prepared(let iterations) = session.respond(to: Self.prepare(size: 64)) else {
            Issue.record("not prepared")
            return
        }
        guard case .failure(let message) = session.respond(to: huge) else {
            Issue.record("10^18 iterations were accepted")
            return
        }
        #expect(message.contains("one sample lasts at most 10 s") && message.contains("ns per call"), "\(message)")
        guard
            case .sample = session.respond(
                to: .sample(iterations: iterations, clock: .wall, cell: nil, warm: nil, ceiling: nil))
        else {
            Issue.record("the calibrated count was refused")
            return
        }
        // A cell whose backend is held but which was never calibrated is not sampled blind.
        let unprepared = CellKey(kernel: .scale, backend: "simd", size: 64)
        #expect(
            "\(session.respond(to: .sample(iterations: 1, clock: .wall, cell: unprepared, warm: nil, ceiling: nil)))"
                .contains("was not prepared"))
    }

    @Test("The driver does not send what the sampler's reported memory rules out")
    func driverRefusesBeyondLimits() throws {
        var machine = PairedSweepTests.machine
        machine.memoryBytes = 1 << 20
        let session = SamplerSession(
            catalogue: BackendCatalogue.builtIn, countAllocations: nil,
            limits: SamplerLimits(physicalMemoryBytes: Double(1 << 40)), machine: { machine })
        var plan = PairedSweepTests.plan()
        plan.sizes = [1 << 20]
        plan.probeMinimumElements = 1024
        plan.probeTrials = 1
        let sweep = PairedSweep(plan: plan, epochs: 1)
        do {
            _ = try sweep.run(
                pairingID: "p", cpu: nil, commandLine: "test",
                start: {
                    () throws(PairedRunError) -> (baseline: SamplerChannel, current: SamplerChannel) in
                    (
                        LocalSamplerChannel(label: "BASE_BIN", session: session),
                        LocalSamplerChannel(label: "PR_BIN", session: session)
                    )
                })
            Issue.record("a sweep of 1 Mi points was sent to samplers of 1 MiB")
        } catch {
            guard case .beyondLimits(let label, let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(["BASE_BIN", "PR_BIN"].contains(label) && reason.contains("prepare: size must be ≤"), "\(reason)")
        }
    }
}
