/// The sweep's own backends: this build's kernels, on one set of operands
/// per backend and size.
extension Sweep {
    /// Each backend's operations at `size`, in ``backends`` order: one set of
    /// operands per backend, shared by its kernels (and their ceilings).
    func ownOperations(size: Int, seeds: SweepSeeds) -> [(backend: String, operations: KernelOperations)] {
        backends.map { ($0.name, $0.kernelOperations(size: size, kernels: kernels, seed: seeds.operands)) }
    }

    /// Adds each backend's kernel cell to `round`, in ``backends`` order, with
    /// its ceiling loops on the same operands.
    func addOwnCells(to round: inout SweepRound, from operations: [(backend: String, operations: KernelOperations)]) {
        let kernel = round.kernel
        for (backend, operations) in operations {
            round.add(.own(backend: backend), operations[kernel]!, ceilings: { operations.ceilings[kernel] ?? [] })
        }
    }
}
