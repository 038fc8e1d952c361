import Benchmarking

/// The process that runs under callgrind: for each cell, a warm-up, then the
/// kernel k₁ times and k₂ times, each inside `callgrindRegion(_:_:)`, the
/// only function callgrind collects.
public enum InstructionCountWorkload {
    /// The symbol callgrind's `--toggle-collect` and `--dump-after` name.
    public static let regionSymbol = "springbench_callgrind_region"

    /// Runs every cell in order; each produces two callgrind dumps.
    ///
    /// `catalogue`: the backends (with doubled variants for the gate's own checks).
    public static func run(cells: [CellKey], callsPerRegion: [Int], catalogue: BackendCatalogue, seed: UInt64) {
        for cell in cells {
            guard
                let operation = catalogue[cell.backend]?
                    .kernelOperations(size: cell.size, kernels: [cell.kernel], seed: seed)[cell.kernel]
            else {
                preconditionFailure("unknown backend \(cell.backend); validate names before counting")
            }
            // Outside the regions: first-call costs (metadata, lazy library
            // set-up, page faults) must not land in k₁'s count only.
            operation.run(2)
            for calls in callsPerRegion { callgrindRegion(operation, calls) }
        }
    }
}

/// Runs `operation` `calls` times. Callgrind collects only inside this
/// function: its symbol name is fixed (`@_silgen_name`) and it is never inlined.
@inline(never)
@_silgen_name("springbench_callgrind_region")
func callgrindRegion(_ operation: TimedOperation, _ calls: Int) {
    operation.run(calls)
}
