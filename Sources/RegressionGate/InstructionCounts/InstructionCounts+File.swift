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
                return
                    "entries[\(index)].regionInstructions = \(entry.regionInstructions) must be two increasing counts"
            }
            // The stored per-call and per-element counts follow from the regions. The
            // writer does these same two IEEE operations, so its files agree exactly; 1e-9
            // relative admits a tool that rewrote the JSON with 15 significant digits
            // (5e-15) and is far below any real disagreement (one instruction in 10⁹).
            let perCall =
                Double(entry.regionInstructions[1] - entry.regionInstructions[0])
                / Double(callsPerRegion[1] - callsPerRegion[0])
            if abs(entry.instructionsPerCall - perCall) > 1e-9 * perCall {
                return
                    "entries[\(index)].instructionsPerCall = \(entry.instructionsPerCall) but its regions give \(perCall)"
            }
            let perElement = perCall / Double(entry.size)
            if abs(entry.instructionsPerElement - perElement) > 1e-9 * perElement {
                return
                    "entries[\(index)].instructionsPerElement = \(entry.instructionsPerElement) but its regions give \(perElement)"
            }
        }
        return nil
    }
}
