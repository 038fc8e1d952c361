import SpringBenchBackends
import Testing
import VectorKernels

/// One backend as a test argument, named in test output.
public struct BackendCase: Sendable, CustomTestStringConvertible {
    public let backend: any KernelBackend.Type

    public var testDescription: String { backend.name }

    /// Every backend in the catalogue.
    public static let all: [BackendCase] = Backends.all.map { BackendCase(backend: $0) }
}

/// One backend under one length policy, as a test argument.
public struct VectorCase: Sendable, CustomTestStringConvertible {
    public let backend: any KernelBackend.Type
    public let policy: any LengthPolicy.Type

    public var testDescription: String { "\(backend.name)/\(policy.name)" }

    /// Every backend under the law-abiding zero-extending policy.
    public static let zeroExtending: [VectorCase] = Backends.all.map {
        VectorCase(backend: $0, policy: ZeroExtending.self)
    }

    /// Every backend under the seed-compatible truncating policy.
    public static let truncating: [VectorCase] = Backends.all.map {
        VectorCase(backend: $0, policy: Truncating.self)
    }

    /// Every backend under both policies.
    public static let all: [VectorCase] = zeroExtending + truncating
}
