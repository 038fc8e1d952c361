import Benchmarking
import Foundation
import SpringBenchFiles
import SpringBenchSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A sampler in a child process: `EXECUTABLE sampler [ARGUMENTS]`, spoken to
/// over its standard input and output, one JSON line each way.
public final class ProcessSamplerChannel: SamplerChannel {
    public let label: String
    let process: ChildProcess
    /// Our ends of the sampler's standard input and output (-1 once closed).
    var input: Int32
    let output: Int32
    let errorLog: URL
    /// The run's own temporary directory holding ``errorLog``: removed when
    /// the channel goes, and by ``InterruptCleanup`` on SIGINT/SIGTERM/SIGHUP.
    let logDirectory: RunTemporaryDirectory
    var buffer = Data()
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()
    /// The longest a reply may take: a probe of 25 trials over 128 MiB arrays
    /// takes about 10 s here and a 16 Mi calibration a few seconds, so 120 s
    /// means the sampler is stuck, not slow.
    public var replyDeadlineSeconds: Double = SamplerLimits.maximumReplySeconds

    /// Starts `executable sampler arguments…`; its standard error goes to a
    /// temporary file, shown if it stops answering.
    public init(executable: String, arguments: [String] = [], label: String) throws(PairedRunError) {
        self.label = label
        // A sampler that dies must give an error, not a SIGPIPE that kills us.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw .cannotStart(label: label, reason: "\(executable) is not an executable file")
        }
        do {
            logDirectory = try RunTemporaryDirectory(purpose: "sampler")
        } catch {
            throw .cannotStart(label: label, reason: "\(error)")
        }
        errorLog = URL(fileURLWithPath: logDirectory.path).appendingPathComponent("stderr.log")
        let toSampler: ChildPipe, fromSampler: ChildPipe
        do {
            toSampler = try ChildPipe()
            fromSampler = try ChildPipe()
        } catch {
            throw .cannotStart(label: label, reason: "\(error)")
        }
        do {
            process = try ChildProcess(
                executable: executable, arguments: ["sampler"] + arguments,
                // A run with the probe stand-in (the tool's own tests) passes it on.
                environment: ProbeStandIn.active
                    ? ProcessInfo.processInfo.environment.merging([ProbeStandIn.variable: "1"]) { $1 } : nil,
                standardInput: .descriptor(toSampler.readEnd), standardOutput: .descriptor(fromSampler.writeEnd),
                standardError: .file(errorLog.path))
        } catch {
            for end in [toSampler.readEnd, toSampler.writeEnd, fromSampler.readEnd, fromSampler.writeEnd] {
                Glibc.close(end)
            }
            throw .cannotStart(label: label, reason: "\(error)")
        }
        Glibc.close(toSampler.readEnd)
        Glibc.close(fromSampler.writeEnd)
        input = toSampler.writeEnd
        output = fromSampler.readEnd
    }

    deinit {
        close()
        if input >= 0 { Glibc.close(input) }
        Glibc.close(output)
        logDirectory.remove()
    }

    /// Writes all of `bytes` to the sampler's standard input.
    func write(_ bytes: [UInt8]) throws(PairedRunError) {
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { Glibc.write(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { throw .exited(label: label, stderr: stderrText()) }
            offset += count
        }
    }

    public func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
        guard input >= 0, let line = try? encoder.encode(request) else {
            throw .exited(label: label, stderr: stderrText())
        }
        try write(Array(line) + [UInt8(ascii: "\n")])
        // A hello needs no work: a program that does not answer it within
        // 15 s is not a sampler (or hangs); measuring requests get the full deadline.
        var seconds = replyDeadlineSeconds
        if case .hello = request { seconds = min(seconds, 15) }
        let reply: Data?
        do {
            reply = try readLine(deadline: monotonicNanoseconds() &+ UInt64(seconds * 1e9))
        } catch {
            stop()
            throw .timedOut(label: label, seconds: seconds)
        }
        guard let reply else { throw .exited(label: label, stderr: stderrText()) }
        let decoded: SamplerResponse
        do {
            decoded = try decoder.decode(SamplerResponse.self, from: reply)
        } catch {
            throw SamplerReplyCheck.undecodable(reply, error: error, label: label)
        }
        // Checked here, before anyone uses it: a sampler's numbers are input.
        let response = try SamplerReplyCheck.validated(decoded, answering: request, label: label)
        if case .failure(let message) = response { throw .refused(label: label, message: message) }
        return response
    }

    public func close() {
        guard process.isRunning else { return }
        if input >= 0 {
            if let line = try? encoder.encode(SamplerRequest.quit) {
                try? write(Array(line) + [UInt8(ascii: "\n")])
            }
            Glibc.close(input)
            input = -1
        }
        // A sampler leaves at once on quit or end of input; anything else that
        // is still running after two seconds is not a sampler: kill it
        // (SIGKILL: a child can inherit a mask that blocks SIGTERM, as it does
        // when started from a thread of a test runner).
        let deadline = monotonicNanoseconds() + 2_000_000_000
        while process.isRunning, monotonicNanoseconds() < deadline { usleep(10_000) }
        stop()
    }

    /// Kills the sampler (SIGKILL) and waits at most two seconds for it to be
    /// reaped. Never `waitUntilExit()`: a sampler that is a script whose own
    /// child keeps running was seen to leave it waiting forever.
    func stop() {
        guard process.isRunning else { return }
        process.send(SIGKILL)
        process.wait(seconds: 2)
    }

    struct DeadlinePassed: Error {}

    /// The next line of the sampler's output, nil at end of file; throws
    /// when nothing arrives before `deadline` (monotonic nanoseconds).
    func readLine(deadline: UInt64) throws -> Data? {
        let descriptor = output
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[buffer.index(after: newline)...])
                return Data(line)
            }
            let now = monotonicNanoseconds()
            guard now < deadline else { throw DeadlinePassed() }
            var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let milliseconds = Int32(min((deadline - now) / 1_000_000 + 1, 60_000))
            let ready = poll(&request, 1, milliseconds)
            if ready < 0 {
                if errno == EINTR { continue }
                return nil
            }
            if ready == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65_536)
            let count = read(descriptor, &chunk, chunk.count)
            if count < 0 {
                if errno == EINTR || errno == EAGAIN { continue }
                return nil
            }
            if count == 0 { return nil }
            buffer.append(contentsOf: chunk[0..<count])
        }
    }

    func stderrText() -> String {
        stop()
        return (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    }
}
