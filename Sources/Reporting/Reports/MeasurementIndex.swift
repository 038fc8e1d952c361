import Benchmarking

/// Measurements of one run, looked up by kernel, backend and size, in report order.
package struct MeasurementIndex {
    let results: BenchmarkResults
    /// Kernels measured, in `Kernel.allCases` order.
    let kernels: [Kernel]
    /// Backends measured, in the configuration's order, then any others by name.
    let backends: [String]
    private let cells: [CellKey: KernelMeasurement]

    package init(_ results: BenchmarkResults) {
        self.results = results
        let measured = Set(results.measurements.map(\.kernel))
        kernels = Kernel.allCases.filter(measured.contains)
        let names = Set(results.measurements.map(\.backend))
        let configured = results.configuration.backends.filter(names.contains)
        backends = configured + names.subtracting(configured).sorted()
        var cells: [CellKey: KernelMeasurement] = [:]
        for measurement in results.measurements {
            cells[measurement.key] = measurement
        }
        self.cells = cells
    }

    func cell(_ kernel: Kernel, _ backend: String, _ size: Int) -> KernelMeasurement? {
        cells[CellKey(kernel: kernel, backend: backend, size: size)]
    }

    /// The C yardstick's cell, if it was sampled.
    func yardstickCell(_ kernel: Kernel, _ size: Int) -> KernelMeasurement? {
        results.yardstick?.measurements.first { $0.kernel == kernel && $0.size == size }
    }

    /// Each other reference's cell (gcc loops, numpy), in the results' order.
    func referenceCells(_ kernel: Kernel, _ size: Int) -> [(name: String, cell: KernelMeasurement)] {
        (results.references ?? []).compactMap { reference in
            reference.measurements.first { $0.kernel == kernel && $0.size == size }.map {
                (reference.details.displayName, $0)
            }
        }
    }

    func sizes(_ kernel: Kernel) -> [Int] {
        Set(results.measurements.lazy.filter { $0.kernel == kernel }.map(\.size)).sorted()
    }

    func backends(_ kernel: Kernel) -> [String] {
        backends.filter { backend in results.measurements.contains { $0.kernel == kernel && $0.backend == backend } }
    }

    /// The physical limit for large N: bytes per element over the probe's best
    /// rate for the kernel's ceiling pattern, in ns per element (GB/s = bytes per ns).
    package func bandwidthLimitNanosecondsPerElement(_ kernel: Kernel) -> Double {
        let rate = results.probe.bestGigabytesPerSecond(kernel.ceilingPattern)
        return rate > 0 ? Double(kernel.bytesPerElement) / rate : .nan
    }
}

extension Kernel {
    /// The operation in the form an animation engine calls it.
    var operationDescription: String {
        switch self {
        case .add: return "`c = a + b` into a reused destination"
        case .addInPlace: return "`a += b` in place"
        case .addAllocating: return "`c = a + b` allocating a new vector per call"
        case .subtract: return "`c = a - b` into a reused destination"
        case .subtractInPlace: return "`a -= b` in place"
        case .scale: return "`a *= s` in place"
        case .axpy: return "`y += alpha * x` in place"
        case .magnitudeSquared: return "`Σ a[i]²`"
        }
    }
}
