/// The sweep's ceilings: at the largest size, when its operands stream from
/// memory, every measured cell's ceiling pattern (``Kernel/ceilingPattern``,
/// every loop variant) on that cell's own operands, sampled in the same rounds.
extension Sweep {
    /// Whether `round` samples ceilings beside its kernels.
    func samplesCeilings(_ round: SweepRound, largestSize: Int?) -> Bool {
        round.size == largestSize && round.cacheState == .memory
    }

    /// The owner's kernel against the ceiling sampled beside it; nil when none was.
    /// `threads`: how many threads the ceiling ran on (``KernelOperands``' all-core pass for a
    /// backend that runs threads per call).
    static func ceilingComparison(
        _ cell: SweepRound.Sampled, of round: SweepRound, seed: UInt64, threads: Int = 1
    ) -> CeilingComparison? {
        cell.ceilings.map { loops in
            CeilingComparison(
                kernel: round.kernel, size: round.size, kernelSamples: cell.samples.samples, loops: loops, seed: seed,
                threads: threads)
        }
    }

    /// Threads of the all-core ceiling pass that `owner`'s cells are held to (1: one core).
    func ceilingThreads(of owner: SweepRound.Owner) -> Int {
        guard case .own(let name) = owner, let backend = backends.first(where: { $0.name == name }) else { return 1 }
        return KernelOperandsCeiling.threads(forBackendThreads: backend.details.threads)
    }
}
