/// The process that runs under callgrind: for each cell, a warm-up, then the
/// kernel k₁ times and k₂ times, each inside ``callgrindRegion(_:_:)``, the
/// only function callgrind collects.
public enum InstructionCountWorkload {
    /// The symbol callgrind's `--toggle-collect` and `--dump-after` name.
    public static let regionSymbol = "springbench_callgrind_region"

    /// Runs every cell in order; each produces two callgrind dumps.
    ///
    /// - Parameter doubled: backends to replace by ``DoubledWorkBackend`` (gate tests only).
    public static func run(cells: [InstructionCountCell], callsPerRegion: [Int], doubled: Set<String>, seed: UInt64) {
        for cell in cells {
            let factory = KernelOperationFactory(size: cell.size, kernels: [cell.kernel], seed: seed)
            guard let operation = GateBackends.withBackend(named: cell.backend, doubled: doubled, factory)?[cell.kernel] else {
                preconditionFailure("unknown backend \(cell.backend); validate names before counting")
            }
            // Outside the regions: first-call costs (metadata, lazy library
            // set-up, page faults) must not land in k₁'s count only.
            operation.run(2)
            for calls in callsPerRegion { callgrindRegion(operation, calls) }
        }
    }
}

/// One kernel × backend × size to count.
public struct InstructionCountCell: Sendable, Equatable, CustomStringConvertible {
    public var kernel: Kernel
    public var backend: String
    public var size: Int

    public init(kernel: Kernel, backend: String, size: Int) {
        self.kernel = kernel
        self.backend = backend
        self.size = size
    }

    /// `add:simd:4096`, the form the worker's argument list uses.
    public var description: String { "\(kernel.rawValue):\(backend):\(size)" }

    public init?(_ text: String) {
        let parts = text.split(separator: ":")
        guard parts.count == 3, let kernel = Kernel(rawValue: String(parts[0])), let size = Int(parts[2]), size > 0 else {
            return nil
        }
        self.init(kernel: kernel, backend: String(parts[1]), size: size)
    }
}

/// Runs `operation` `calls` times. Callgrind collects only inside this
/// function: its symbol name is fixed (`@_silgen_name`) and it is never inlined.
@inline(never)
@_silgen_name("springbench_callgrind_region")
func callgrindRegion(_ operation: TimedOperation, _ calls: Int) {
    operation.run(calls)
}
