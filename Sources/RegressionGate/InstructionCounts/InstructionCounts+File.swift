import Benchmarking
extension InstructionCounts: VersionedDocument {
    public static let documentName = "instruction-count file"
    public static let makingCommand = "springbench instructions --output"
}
