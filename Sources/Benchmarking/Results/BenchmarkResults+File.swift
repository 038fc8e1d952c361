extension BenchmarkResults: VersionedDocument {
    public static let documentName = "results file"
    public static let makingCommand = "springbench bench --output"
}
