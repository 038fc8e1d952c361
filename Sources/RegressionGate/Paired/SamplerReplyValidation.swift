import Benchmarking
import DocumentValues
import Foundation

/// The one check every decoded ``SamplerResponse`` passes before anyone uses
/// it, as a results file is checked when read: a sampler is another build,
/// and its numbers are input. Channels call it right after decoding.
///
/// Valid replies: a reply of the request's kind (or `failure`); `hello` of
/// this ``SamplerProtocol/version``; `prepared` iterations in
/// 1…``SamplerLimits/maximumIterations``; `sample` nanoseconds per call
/// finite and > 0, with the whole sample (× iterations) no longer than
/// ``SamplerLimits/maximumReplySeconds``; `allocations` per operation null or
/// finite in 0…``maximumAllocationsPerOperation``; a probe's elements ≥ 1 and
/// every rate finite in (0, ``maximumGigabytesPerSecond``].
public enum SamplerReplyCheck {
    /// More allocations per call than this would take over 10 s per call (at ≥ 10 ns each).
    public static let maximumAllocationsPerOperation = 1e9
    /// 100 TB/s, about 100× the fastest memory of any machine.
    public static let maximumGigabytesPerSecond = 1e5

    /// The valid range of each numeric reply field, by its last name.
    package static let ranges: [String: String] = [
        "nanoseconds": "a finite number > 0 per call, the whole sample ≤ \(Int(SamplerLimits.maximumReplySeconds)) s",
        "iterations": "1…\(SamplerLimits.maximumIterations)",
        "perOperation": "null or a finite number in 0…\(Int(maximumAllocationsPerOperation))",
        "protocolVersion": "\(SamplerProtocol.version)",
        "bestGigabytesPerSecond": "a finite number in (0, \(Int(maximumGigabytesPerSecond))] GB/s",
        "medianGigabytesPerSecond": "a finite number in (0, \(Int(maximumGigabytesPerSecond))] GB/s",
        "elements": "≥ 1",
    ]

    static func invalid(_ label: String, _ field: String, _ value: String) -> PairedRunError {
        let last = field.split(separator: ".").last.map { String($0.split(separator: "[").first ?? $0) } ?? field
        return .invalidReply(label: label, field: field, value: value, valid: ranges[last] ?? "a valid value")
    }

    /// `response` if it is a valid answer to `request` from the sampler
    /// `label`; otherwise the error naming the build, the field and its valid
    /// range. A `failure` reply is returned as it is (the caller reports it).
    public static func validated(
        _ response: SamplerResponse, answering request: SamplerRequest, label: String
    ) throws(PairedRunError) -> SamplerResponse {
        switch (request, response) {
        case (_, .failure):
            return response
        case (.hello, .hello(let version, _)):
            guard version == SamplerProtocol.version else { throw .incompatible(label: label, version: version) }
        case (.probe, .probe(let result)):
            guard result.elements >= 1 else { throw invalid(label, "probe.elements", "\(result.elements)") }
            for (index, pattern) in result.patterns.enumerated() {
                for (name, rate) in [
                    ("bestGigabytesPerSecond", pattern.bestGigabytesPerSecond),
                    ("medianGigabytesPerSecond", pattern.medianGigabytesPerSecond),
                ]
                where !(rate.isFinite && rate > 0 && rate <= maximumGigabytesPerSecond) {
                    throw invalid(label, "probe.patterns[\(index)].\(name)", "\(rate)")
                }
            }
        case (.prepare, .prepared(let iterations)):
            guard (1...SamplerLimits.maximumIterations).contains(iterations) else {
                throw invalid(label, "prepared.iterations", "\(iterations)")
            }
        case (.sample(let iterations, _, _, _, _), .sample(let nanoseconds)):
            guard nanoseconds.isFinite, nanoseconds > 0,
                nanoseconds * Double(max(1, iterations)) <= SamplerLimits.maximumReplySeconds * 1e9
            else {
                throw invalid(label, "sample.nanoseconds", "\(nanoseconds)")
            }
        case (.allocations, .allocations(let perOperation)):
            if let perOperation,
                !(perOperation.isFinite && perOperation >= 0 && perOperation <= maximumAllocationsPerOperation)
            {
                throw invalid(label, "allocations.perOperation", "\(perOperation)")
            }
        case (.quit, .bye):
            break
        default:
            throw .garbled(label: label, line: "a \(kind(of: response)) reply to a \(kind(of: request)) request")
        }
        return response
    }

    /// The error for a reply line that did not decode: a missing, null or
    /// mistyped number names its field (`sample.nanoseconds = null`); anything
    /// else is not a sampler response at all.
    public static func undecodable(_ line: Data, error: Error, label: String) -> PairedRunError {
        let text = String(decoding: line, as: UTF8.self)
        let (context, value): (DecodingError.Context?, String) =
            switch error as? DecodingError {
            case .valueNotFound(_, let context)?: (context, "null")
            case .typeMismatch(_, let context)?: (context, "a value that is not a number")
            case .keyNotFound(let key, let context)?:
                (
                    DecodingError.Context(
                        codingPath: context.codingPath + [key], debugDescription: ""), "missing"
                )
            // A value a document rule refused while decoding (DocumentValues):
            // its description reads "= 0.0 is outside its valid range (…)".
            case .dataCorrupted(let context)?:
                (
                    context,
                    context.debugDescription.hasPrefix("= ")
                        ? String(context.debugDescription.dropFirst(2).prefix { $0 != " " }) : context.debugDescription
                )
            default: (nil, "")
            }
        guard let context, context.codingPath.count >= 2 else { return .garbled(label: label, line: text) }
        let field = fieldName(context.codingPath)
        guard ranges[field.split(separator: ".").last.map { String($0.split(separator: "[").first ?? $0) } ?? ""] != nil
        else {
            return .garbled(label: label, line: text)
        }
        return invalid(label, field, value)
    }

    /// `sample.nanoseconds`, `probe.patterns[0].bestGigabytesPerSecond`: the
    /// coding path without the enum payload's `_0`.
    static func fieldName(_ path: [CodingKey]) -> String {
        let named = path.filter { $0.stringValue != "_0" }
        return named.isEmpty ? "" : DocumentPath.text(named)
    }

    static func kind(of request: SamplerRequest) -> String {
        switch request {
        case .hello: "hello"
        case .probe: "probe"
        case .prepare: "prepare"
        case .sample: "sample"
        case .allocations: "allocations"
        case .quit: "quit"
        }
    }

    static func kind(of response: SamplerResponse) -> String {
        switch response {
        case .hello: "hello"
        case .probe: "probe"
        case .prepared: "prepared"
        case .sample: "sample"
        case .allocations: "allocations"
        case .bye: "bye"
        case .failure: "failure"
        }
    }
}
