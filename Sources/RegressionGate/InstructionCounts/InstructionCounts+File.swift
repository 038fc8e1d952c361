import Benchmarking

extension InstructionCounts: VersionedDocument {
    public static let documentName = "instruction-count file"
    public static let makingCommand = "springbench instructions --output"

    /// Two regions 1 ≤ k₁ < k₂ and, in every entry, two increasing counts
    /// whose difference is the stored instructions per call.
    public var invariantViolation: String? {
        guard callsPerRegion.count == 2, callsPerRegion[0] < callsPerRegion[1] else {
            return "callsPerRegion = \(callsPerRegion) must be two counts 1 ≤ k₁ < k₂"
        }
        if entries.isEmpty { return "entries is empty; it needs at least one cell" }
        for (index, entry) in entries.enumerated() {
            guard entry.regionInstructions.count == 2, entry.regionInstructions[0] < entry.regionInstructions[1] else {
                return "entries[\(index)].regionInstructions = \(entry.regionInstructions) must be two increasing counts"
            }
        }
        return nil
    }
}
