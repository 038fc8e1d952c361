import Benchmarking
import SpringBenchBackends
import Testing
import VectorKernels

/// The backend catalogue (built-in and user backends) and the validated plan.
@Suite struct CatalogueAndPlanTests {
    /// A user's backend: naive's kernels under another name.
    enum RenamedNaive: KernelBackend {
        static let name = "renamed-naive"
        static var details: BackendDetails {
            BackendDetails(
                name: name, summary: "naive, renamed", simdWidth: nil, library: nil, core: nil, threads: 1,
                fusedAXPY: false)
        }
        static func uncheckedAdd(
            _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
        ) { NaiveBackend.uncheckedAdd(a, b, into: c, count: count) }
        static func uncheckedSubtract(
            _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
        ) { NaiveBackend.uncheckedSubtract(a, b, into: c, count: count) }
        static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
            NaiveBackend.uncheckedAddInPlace(a, b, count: count)
        }
        static func uncheckedSubtractInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int)
        { NaiveBackend.uncheckedSubtractInPlace(a, b, count: count) }
        static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
            NaiveBackend.uncheckedScale(a, by: factor, count: count)
        }
        static func uncheckedAXPY(alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int)
        { NaiveBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count) }
        static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
            NaiveBackend.uncheckedMagnitudeSquared(a, count: count)
        }
    }

    @Test("The built-in catalogue lists the backends of Backends.all, in order, each entry its own type")
    func builtInMatchesBackends() {
        #expect(BackendCatalogue.builtIn.names == Backends.all.map { $0.name })
        for backend in BackendCatalogue.builtIn.backends {
            #expect(backend.type.name == backend.name)
            #expect(backend.details.name == backend.name)
        }
    }

    @Test("A user backend joins after the built-in ones; a taken or unusable name is refused")
    func addingBackends() throws {
        let catalogue = try BackendCatalogue.builtIn.adding(BenchmarkBackend(RenamedNaive.self))
        #expect(catalogue.names == ["naive", "simd", "openblas", "parallel", "openblas-threaded", "renamed-naive"])
        #expect(catalogue["renamed-naive"]?.type == RenamedNaive.self)
        #expect(throws: CatalogueError.duplicateName("naive")) {
            try catalogue.adding(BenchmarkBackend(NaiveBackend.self))
        }
        #expect(throws: CatalogueError.duplicateName("renamed-naive")) {
            try BackendCatalogue([BenchmarkBackend(RenamedNaive.self), BenchmarkBackend(RenamedNaive.self)])
        }
        for bad in ["", "Simd", "has space", "a/b", "1st", "a.b"] {
            #expect(!BackendCatalogue.isValidName(bad), "\(bad)")
        }
    }

    @Test("A user backend's timed operations run its kernels: add-alloc allocates, the in-place kernels do not")
    func userBackendOperations() throws {
        let backend = BenchmarkBackend(RenamedNaive.self)
        let operations = backend.kernelOperations(size: 64, kernels: Kernel.allCases, seed: 1)
        #expect(Set(operations.kernels.keys) == Set(Kernel.allCases))
        for kernel in Kernel.allCases {
            operations[kernel]!.run(3)  // runs without trapping
        }
        let workload = backend.workloadOperation(.closedFormFrame, size: 64, seed: 1)
        workload.run(2)
    }

    @Test("A plan is checked field by field before any work, naming the field")
    func planValidation() throws {
        let catalogue = BackendCatalogue.builtIn
        let limits = BenchmarkPlan.Limits(memoryBytes: 1e9, cores: 2)
        // The single-threaded backends: the parallel backend's threads depend on the machine
        // (ParallelPlanTests checks the clock rule with a backend of known threads).
        let base = BenchmarkPlan.quick(backends: ["naive", "simd", "openblas"])
        #expect(try base.validated(against: catalogue, limits: limits).sizes == [16, 4096, 1 << 20])
        func parameter(_ change: (inout BenchmarkPlan) -> Void) -> BenchmarkPlanError.Parameter? {
            var plan = base
            change(&plan)
            do {
                _ = try plan.validated(against: catalogue, limits: limits)
                return nil
            } catch {
                return error.parameter
            }
        }
        #expect(parameter { $0.sizes = [16, 16] } == .sizes)
        #expect(parameter { $0.sizes = [] } == .sizes)
        #expect(parameter { $0.sizes = [0] } == .sizes)
        #expect(parameter { $0.sizes = [PointCount.maximum + 1] } == .sizes)
        #expect(parameter { $0.sizes = [64 << 20] } == .sizes)  // 10 vectors × 512 MiB > 1 GB
        #expect(parameter { $0.backends = ["simd", "simd"] } == .backends)
        #expect(parameter { $0.backends = ["nope"] } == .backends)
        #expect(parameter { $0.kernels = [.add, .add] } == .kernels)
        #expect(parameter { $0.kernels = [] } == .kernels)
        #expect(parameter { $0.timing.samples = 2 } == .samples)
        #expect(parameter { $0.timing.samples = 1001 } == .samples)
        #expect(parameter { $0.timing.minimumSampleNanoseconds = .nan } == .minimumSampleMilliseconds)
        #expect(parameter { $0.openBLASThreads = 3 } == .openBLASThreads)
        #expect(  // thread-cpu chosen with two threads
            parameter {
                $0.openBLASThreads = 2
                $0.clockIsExplicit = true
            } == .clock)
        #expect(parameter { $0.openBLASThreads = 2 } == nil)  // not chosen: the wall clock
        #expect(
            parameter {
                $0.openBLASThreads = 2
                $0.timing.clock = .wall
            } == nil)
        #expect(parameter { $0.probeTrials = 0 } == .probeTrials)
        #expect(parameter { $0.workloadSizes = [256, 256] } == .workloadSizes)
        #expect(parameter { $0.sizes = [1 << 20, 16] } == nil)
    }

    @Test("The presets differ only where documented")
    func presets() {
        let names = ["naive"]
        #expect(BenchmarkPlan.standard(backends: names).sizes == [16, 256, 4096, 65536, 1 << 20, 16 << 20])
        #expect(BenchmarkPlan.gate(backends: names).workloads.isEmpty)
        #expect(BenchmarkPlan.gate(backends: names).sizes == BenchmarkPlan.standard(backends: names).sizes)
        #expect(BenchmarkPlan(.paired, backends: names).timing.samples == 3)
        #expect(BenchmarkPlan(.paired, backends: names).sizes.max() == 1 << 20)
        #expect(BenchmarkPlan.quick(backends: names).configuration.quick)
        #expect(!BenchmarkPlan.standard(backends: names).configuration.quick)
    }
}
