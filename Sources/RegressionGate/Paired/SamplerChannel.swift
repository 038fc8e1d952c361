import Benchmarking
import Foundation

/// A way to talk to one sampler: a child process (``ProcessSamplerChannel``)
/// or, in tests, a ``SamplerSession`` in this process.
public protocol SamplerChannel: AnyObject {
    /// What the user would recognise the sampler by (its executable's path).
    var label: String { get }
    /// Sends one request and waits for its response.
    func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse
    /// Ends the conversation (the sampler exits).
    func close()
}

/// A sampler in the same process: no pipes, for tests.
public final class LocalSamplerChannel: SamplerChannel {
    public let label: String
    let session: SamplerSession

    public init(label: String, session: SamplerSession) {
        self.label = label
        self.session = session
    }

    public func send(_ request: SamplerRequest) throws(PairedRunError) -> SamplerResponse {
        try SamplerReplyCheck.validated(session.respond(to: request), answering: request, label: label)
    }

    public func close() { _ = session.respond(to: .quit) }
}

/// Why a paired run could not be carried out: every case is unusable input
/// or environment (exit 2), never a verdict about performance.
public enum PairedRunError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The executable could not be started.
    case cannotStart(label: String, reason: String)
    /// The sampler closed its output (exited, crashed, or does not know the
    /// `sampler` command); `stderr` is what it printed.
    case exited(label: String, stderr: String)
    /// The sampler answered something that is not a response of this protocol.
    case garbled(label: String, line: String)
    /// The sampler speaks another protocol version.
    case incompatible(label: String, version: Int)
    /// The sampler refused a request.
    case refused(label: String, message: String)
    /// The two sides report different machines (they must run on this one).
    case differentMachines(baseline: String, current: String)
    /// The sampler gave no answer within the deadline; it was killed.
    case timedOut(label: String, seconds: Double)
    /// The sampler answered a number outside its valid range
    /// (``SamplerReplyCheck``): `field` as `sample.nanoseconds`, `value` as
    /// written, `valid` the range.
    case invalidReply(label: String, field: String, value: String, valid: String)
    /// The driver will not send a request the sampler's limits
    /// (``SamplerLimits``) forbid; `reason` names the limit.
    case beyondLimits(label: String, reason: String)

    public var description: String {
        switch self {
        case .cannotStart(let label, let reason):
            return
                "cannot start \(label): \(reason); pass the path of a built springbench executable (e.g. .build/release/springbench)"
        case .exited(let label, let stderr):
            let said = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            return
                "\(label) stopped answering\(said.isEmpty ? "" : " (it said: \(said.split(separator: "\n").prefix(3).joined(separator: " / ")))"); a build from before `springbench sampler` existed cannot take part in a paired comparison: compare stored results with `springbench compare` instead"
        case .garbled(let label, let line):
            return
                "\(label) answered \"\(line.prefix(120))\", which is not a sampler response; is it a springbench executable?"
        case .incompatible(let label, let version):
            return
                "\(label) speaks sampler protocol \(version), this build \(SamplerProtocol.version); build both sides from commits with the same protocol, or compare stored results with `springbench compare`"
        case .refused(let label, let message):
            return "\(label) refused: \(message)"
        case .timedOut(let label, let seconds):
            return
                "\(label) gave no answer within \(Int(seconds)) s and was stopped; is it a springbench executable, and is the machine overloaded?"
        case .invalidReply(let label, let field, let value, let valid):
            return
                "\(label) answered \(field) = \(value), outside the valid range (\(valid)); is it a working springbench executable?"
        case .beyondLimits(let label, let reason):
            return "\(label) cannot be asked this: \(reason)"
        case .differentMachines(let baseline, let current):
            return
                "the two samplers report different machines (\(baseline) vs \(current)); a paired comparison runs both builds on this machine"
        }
    }
}
