import Benchmarking
extension InstructionCounts: VersionedDocument {
    public static let documentName = "instruction-count file"
    public static let makingCommand = "springbench instructions --output"

    public func impossibleValue() -> String? {
        guard callsPerRegion.count == 2, callsPerRegion[0] >= 1, callsPerRegion[0] < callsPerRegion[1] else {
            return "callsPerRegion = \(callsPerRegion) must be two counts 1 ≤ k₁ < k₂"
        }
        for entry in entries {
            let name = CellKey(kernel: entry.kernel, backend: entry.backend, size: entry.size).description
            if entry.backend.isEmpty { return "an entry has an empty backend name" }
            if let problem = ValueCheck.size(entry.size, "\(name) size")
                ?? ValueCheck.positive(entry.instructionsPerCall, "\(name) instructionsPerCall")
                ?? ValueCheck.positive(entry.instructionsPerElement, "\(name) instructionsPerElement") {
                return problem
            }
            guard entry.regionInstructions.count == 2, entry.regionInstructions[0] < entry.regionInstructions[1] else {
                return "\(name) regionInstructions = \(entry.regionInstructions) must be two increasing counts"
            }
        }
        return ValueCheck.duplicate(entries.map { CellKey(kernel: $0.kernel, backend: $0.backend, size: $0.size) }) {
            "the cell \($0)"
        }
    }
}
