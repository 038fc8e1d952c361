extension BenchmarkResults: VersionedDocument {
    public static let documentName = "results file"
    public static let makingCommand = "springbench bench --output"

    /// How the sections agree with each other (every value was checked by its
    /// type when decoded): at least one cell; every cell of the sweep, the
    /// other builds, the yardstick and the cache check uses a kernel and a size
    /// the configuration lists (the sweep's own cells a listed backend too);
    /// each summary counts its samples.
    public var invariantViolation: String? {
        if measurements.isEmpty { return "measurements is empty; a results file needs at least one cell" }
        let kernels = Set(configuration.kernels), sizes = Set(configuration.sizes)
        let backends = Set(configuration.backends)
        func cellProblem(_ cell: KernelMeasurement, _ path: String, ownBackend: Bool) -> String? {
            if !kernels.contains(cell.kernel) {
                return "\(path).kernel = \(cell.kernel) is not in configuration.kernels"
            }
            if !sizes.contains(cell.size) { return "\(path).size = \(cell.size) is not in configuration.sizes" }
            if ownBackend, !backends.contains(cell.backend) {
                return "\(path).backend = \(cell.backend) is not in configuration.backends"
            }
            if cell.summary.count != cell.samples.count {
                return "\(path).summary.count = \(cell.summary.count) but \(path).samples holds \(cell.samples.count)"
            }
            return nil
        }
        for (index, cell) in measurements.enumerated() {
            if let problem = cellProblem(cell, "measurements[\(index)]", ownBackend: true) { return problem }
        }
        for (build, other) in (otherBuilds ?? []).enumerated() {
            for (index, cell) in other.measurements.enumerated() {
                if let problem = cellProblem(cell, "otherBuilds[\(build)].measurements[\(index)]", ownBackend: false) {
                    return problem
                }
            }
        }
        for (index, cell) in (yardstick?.measurements ?? []).enumerated() {
            if let problem = cellProblem(cell, "yardstick.measurements[\(index)]", ownBackend: false) { return problem }
        }
        for (reference, measured) in (references ?? []).enumerated() {
            for (index, cell) in measured.measurements.enumerated() {
                let path = "references[\(reference)].measurements[\(index)]"
                if let problem = cellProblem(cell, path, ownBackend: false) { return problem }
                if cell.backend != measured.details.name {
                    return
                        "\(path).backend = \(cell.backend) but references[\(reference)].details.name = \(measured.details.name)"
                }
            }
        }
        for (index, cell) in (cacheCheck?.cells ?? []).enumerated() {
            if !kernels.contains(cell.kernel) {
                return "cacheCheck.cells[\(index)].kernel = \(cell.kernel) is not in configuration.kernels"
            }
            if !sizes.contains(cell.size) {
                return "cacheCheck.cells[\(index)].size = \(cell.size) is not in configuration.sizes"
            }
        }
        for (index, cell) in workloads.enumerated() where cell.summary.count != cell.samples.count {
            return
                "workloads[\(index)].summary.count = \(cell.summary.count) but workloads[\(index)].samples holds \(cell.samples.count)"
        }
        return nil
    }
}
