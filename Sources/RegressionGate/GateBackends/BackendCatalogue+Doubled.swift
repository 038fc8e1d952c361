import Benchmarking

extension BenchmarkBackend {
    /// This backend doing every operation twice, recorded under its own name: a
    /// known, deliberate slowdown (about 2× in time, exactly 2× in the kernel's
    /// instructions) for proving that the regression gate catches one. Test
    /// and `--debug-doubled-backend` use only; it never joins a catalogue
    /// otherwise.
    ///
    /// The operands are the backend's own, so values stay as bounded as with
    /// the backend: operations that accumulate alternate their factor per call.
    public func doubled() -> BenchmarkBackend {
        let base = self
        return BenchmarkBackend(
            name: base.name, type: base.type,
            details: {
                var details = base.details
                details.summary = "test only: \(base.name) run twice per call"
                return details
            },
            kernelOperations: { size, kernels, seed in
                var operations = base.kernelOperations(size: size, kernels: kernels, seed: seed)
                operations.kernels = operations.kernels.mapValues(Self.twice)
                return operations
            },
            workload: { workload, size, seed in Self.twice(base.workloadOperation(workload, size: size, seed: seed)) })
    }

    static func twice(_ operation: TimedOperation) -> TimedOperation {
        TimedOperation { n in operation.run(2 * n) }
    }
}

extension BackendCatalogue {
    /// This catalogue with the backends called `names` replaced by their
    /// ``BenchmarkBackend/doubled()`` variants; throws for an unknown name.
    public func doubling(_ names: Set<String>) throws(GateBackendError) -> BackendCatalogue {
        var copy = self
        for name in names.sorted() {
            guard let backend = self[name] else { throw GateBackendError(name: name, valid: self.names) }
            copy.replace(backend.doubled())
        }
        return copy
    }
}

/// A `--debug-doubled-backend` that names no backend of the catalogue.
public struct GateBackendError: Error, Equatable, CustomStringConvertible {
    public var name: String
    public var valid: [String]

    public var description: String {
        "unknown backend \"\(name)\"; valid: \(valid.joined(separator: ", "))"
    }
}
