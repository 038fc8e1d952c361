import Benchmarking
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A sampler in a child process: `EXECUTABLE sampler [ARGUMENTS]`, spoken to
/// over its standard input and output, one JSON line each way.
public final class ProcessSamplerChannel: SamplerChannel {
    public let label: String
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    let errorLog: URL
    var buffer = Data()
    let encoder = JSONEncoder()
    let decoder = JSONDecoder()

    /// Starts `executable sampler arguments…`; its standard error goes to a
    /// temporary file, shown if it stops answering.
    public init(executable: String, arguments: [String] = [], label: String) throws(PairedRunError) {
        self.label = label
        // A sampler that dies must give an error, not a SIGPIPE that kills us.
        signal(SIGPIPE, SIG_IGN)
        guard FileManager.default.isExecutableFile(atPath: executable) else {
            throw .cannotStart(label: label, reason: "\(executable) is not an executable file")
        }
        errorLog = FileManager.default.temporaryDirectory.appendingPathComponent("springbench-sampler-\(UUID().uuidString).log")
        _ = FileManager.default.createFile(atPath: errorLog.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = ["sampler"] + arguments
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle(forWritingAtPath: errorLog.path)
        do {
            try process.run()
        } catch {
            throw .cannotStart(label: label, reason: "\(error)")
        }
    }

    deinit {
        close()
        try? FileManager.default.removeItem(at: errorLog)
    }

    public func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
        do {
            var line = try encoder.encode(request)
            line.append(UInt8(ascii: "\n"))
            try input.fileHandleForWriting.write(contentsOf: line)
        } catch {
            throw .exited(label: label, stderr: stderrText())
        }
        guard let reply = readLine() else { throw .exited(label: label, stderr: stderrText()) }
        guard let response = try? decoder.decode(SamplerResponse.self, from: reply) else {
            throw .garbled(label: label, line: String(decoding: reply, as: UTF8.self))
        }
        if case .failure(let message) = response { throw .refused(label: label, message: message) }
        return response
    }

    public func close() {
        guard process.isRunning else { return }
        if let line = try? encoder.encode(SamplerRequest.quit) {
            try? input.fileHandleForWriting.write(contentsOf: line + [UInt8(ascii: "\n")])
        }
        try? input.fileHandleForWriting.close()
        // A sampler leaves at once on quit or end of input; anything else that
        // is still running after two seconds is not a sampler: kill it
        // (SIGKILL: a child can inherit a mask that blocks SIGTERM, as it does
        // when started from a thread of a test runner).
        let deadline = monotonicNanoseconds() + 2_000_000_000
        while process.isRunning, monotonicNanoseconds() < deadline { usleep(10_000) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }

    /// The next line of the sampler's output, nil at end of file.
    func readLine() -> Data? {
        while true {
            if let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                let line = buffer[buffer.startIndex..<newline]
                buffer = Data(buffer[buffer.index(after: newline)...])
                return Data(line)
            }
            let chunk = output.fileHandleForReading.availableData
            if chunk.isEmpty { return nil }
            buffer.append(chunk)
        }
    }

    func stderrText() -> String {
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        return (try? String(contentsOf: errorLog, encoding: .utf8)) ?? ""
    }
}
