import Benchmarking
import Foundation
import Testing
import VectorKernels
import _TestSupport

/// The gcc yardstick: a library of plain C loops built with gcc -O3
/// -march=native, loaded with dlopen. It must compute what the kernels
/// compute (a reference that is fast because it is wrong proves nothing),
/// be refused when it is not such a library, and be sampled in the sweep's
/// rounds as a reference row.
@Suite("gcc loops yardstick", .serialized)
struct GCCLoopsTests {
    /// Builds the library from Yardsticks/gcc/loops.c into a fresh directory.
    static func built() throws -> (library: LoopsLibrary, directory: String) {
        let directory = LoopsLibraryBuild.temporaryDirectory()
        let path = try #require(LoopsLibraryBuild.build(into: directory), "gcc failed on \(LoopsLibraryBuild.source)")
        return (try LoopsLibrary(path: path), directory)
    }

    @Test(
        "a library gcc built from Yardsticks/gcc/loops.c loads, says how it was built, and names itself gcc",
        .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason))
    func loads() throws {
        let (library, directory) = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(library.description == "test: gcc -O3 -march=native")
        GCCLoops.install(library)
        #expect(GCCLoops.details.name == "gcc")
        #expect(GCCLoops.details.library == "test: gcc -O3 -march=native")
        #expect(GCCLoops.details.threads == 1)
    }

    @Test(
        "its elementwise loops equal the naive backend bit for bit; axpy and Σa² stay in their bounds",
        .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason))
    func kernelsAgreeWithNaive() throws {
        let (library, directory) = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        GCCLoops.install(library)
        let counts = [0, 1, 3, 7, 8, 15, 16, 17, 31, 64, 255, 4099]
        let failures = ReferenceAgreement.failures(GCCLoops.self, counts: counts)
        #expect(failures.isEmpty, "\(failures.prefix(10))")
        // The allocating add is C's own: malloc, the loop; the caller frees.
        for n in counts where n > 0 {
            let a = TestValues.array(count: n, seed: UInt64(n) + 1), b = TestValues.array(count: n, seed: UInt64(n) + 2)
            let allocated = a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in GCCLoops.addAllocating(a.baseAddress!, b.baseAddress!, count: n) }
            }
            let sum = try #require(allocated)
            #expect((0..<n).allSatisfy { FloatingPointBounds.identical(sum[$0], a[$0] + b[$0]) }, "add-alloc N=\(n)")
            free(sum)
        }
    }

    @Test(
        "the sweep samples it as a reference in the same rounds, kept apart from the backends",
        .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason))
    func sweepSamplesTheReference() throws {
        let (library, directory) = try Self.built()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        GCCLoops.install(library)
        var sweep = Sweep(
            kernels: [.add, .addAllocating, .magnitudeSquared], backends: [BenchmarkBackend(SIMDBackend.self)],
            sizes: [16, 1000], seed: 7,
            sampler: InterleavedSampler(
                policy: TimingPolicy(samples: 3, minimumSampleNanoseconds: 2e4, warmupNanoseconds: 1e4),
                countAllocations: nil))
        sweep.references = [SweepReference(.gccLoops)]
        let outcome = try sweep.run(probe: BandwidthProbe(elements: 1 << 12, trials: 1).run())
        #expect(outcome.measurements.allSatisfy { $0.backend == "simd" })
        #expect(outcome.measurements.count == 6)
        #expect(outcome.yardstick.isEmpty)
        let gcc = try #require(outcome.references.first)
        #expect(outcome.references.count == 1)
        #expect(gcc.count == 6)
        #expect(gcc.allSatisfy { $0.backend == "gcc" && $0.samples.count == 3 && $0.summary.median > 0 })
        #expect(Set(gcc.map(\.key)).count == 6)
    }

    @Test("a missing file, a file that is no library, and a library without the loops are refused by name")
    func refusals() throws {
        let directory = LoopsLibraryBuild.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let missing = directory + "/nothing.so"
        #expect(throws: LoopsLibraryError(path: missing, problem: .missing)) { try LoopsLibrary(path: missing) }
        let text = directory + "/text.so"
        try "not a library".write(toFile: text, atomically: true, encoding: .utf8)
        do {
            _ = try LoopsLibrary(path: text)
            Issue.record("a text file loaded as a library")
        } catch {
            guard case .notALibrary = error.problem else { throw error }
            #expect(error.description.hasPrefix("--loops-library \(text): not a shared library"))
        }
        guard LoopsLibraryBuild.gcc != nil else { return }
        let source = directory + "/other.c"
        try "double springbench_loops_add_typo(double x) { return x; }\n".write(
            toFile: source, atomically: true, encoding: .utf8)
        let other = try #require(LoopsLibraryBuild.build(into: directory, name: "libother.so", source: source))
        #expect(throws: LoopsLibraryError(path: other, problem: .missingSymbols(LoopsLibrary.symbols))) {
            try LoopsLibrary(path: other)
        }
    }

    /// loops.c with one loop replaced by `body` (LoopsLibraryBuild.broken).
    static func broken(_ name: String, signature: String, body: String, in directory: String) throws -> String {
        try #require(try LoopsLibraryBuild.broken(name, signature: signature, body: body, in: directory))
    }

    @Test(
        "a FIFO is refused without waiting on it; a loop that returns NULL or a wrong element is refused, naming it",
        .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason))
    func misbehavingLibrariesAreRefused() throws {
        let directory = LoopsLibraryBuild.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        // dlopen would block reading a FIFO nobody writes to.
        let fifo = directory + "/libfifo.so"
        #expect(mkfifo(fifo, 0o644) == 0)
        #expect(throws: LoopsLibraryError(path: fifo, problem: .notALibrary("not a regular file"))) {
            try LoopsLibrary(path: fifo)
        }
        let null = try Self.broken(
            "add_allocating",
            signature: "double *springbench_loops_add_allocating(const double *a, const double *b, ptrdiff_t n)",
            body: "(void)a; (void)b; return n > 2 ? NULL : original_add_allocating(a, b, n);", in: directory)
        let nullError = try #require(throws: LoopsLibraryError.self) { try LoopsLibrary(path: null) }
        #expect(
            nullError.description
                == "--loops-library \(null): springbench_loops_add_allocating at 3 points returns NULL; its loops must compute what Yardsticks/gcc/loops.c does"
        )
        let wrong = try Self.broken(
            "add",
            signature:
                "void springbench_loops_add(const double *restrict a, const double *restrict b, double *restrict c, ptrdiff_t n)",
            body: "original_add(a, b, c, n); if (n > 16) c[16] += 1.0;", in: directory)
        let wrongError = try #require(throws: LoopsLibraryError.self) { try LoopsLibrary(path: wrong) }
        #expect(wrongError.description.contains("springbench_loops_add at 17 points gives"), "\(wrongError)")
        #expect(wrongError.description.contains("at element 16"), "\(wrongError)")
        let squares = try Self.broken(
            "sum_of_squares", signature: "double springbench_loops_sum_of_squares(const double *a, ptrdiff_t n)",
            body: "return original_sum_of_squares(a, n) * (1 + 1e-9);", in: directory)
        let squaresError = try #require(throws: LoopsLibraryError.self) { try LoopsLibrary(path: squares) }
        #expect(squaresError.description.contains("springbench_loops_sum_of_squares at 1 point "), "\(squaresError)")
    }

    @Test(
        "a loop that crashes, exits or hangs only past the self-check's sizes is refused by the trial, naming loop, size and signal",
        .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason))
    func trialCatchesWhatTheSelfCheckCannot() throws {
        let directory = LoopsLibraryBuild.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let sizes = [16, 4096, 1 << 20]
        // A library whose loops all return passes at every size.
        let good = try #require(LoopsLibraryBuild.build(into: directory))
        try LoopsLibrary(path: good).trial(sizes: sizes)
        let scale = "void springbench_loops_scale(double *a, double s, ptrdiff_t n)"
        let cases: [(name: String, signature: String, body: String, expected: String)] = [
            (
                "scale", scale, "if (n > 4000) *(volatile int *)0 = 1; original_scale(a, s, n);",
                "springbench_loops_scale at 4096 points ended its trial process (Segmentation fault (signal 11))"
            ),
            (
                "axpy", "void springbench_loops_axpy(double alpha, const double *x, double *y, ptrdiff_t n)",
                "if (n > 100000) exit(0); original_axpy(alpha, x, y, n);",
                "springbench_loops_axpy at 1048576 points ended its trial process (exit status 0)"
            ),
            (
                "subtract_in_place",
                "void springbench_loops_subtract_in_place(double *a, const double *b, ptrdiff_t n)",
                "if (n > 4000) for (;;) {} original_subtract_in_place(a, b, n);",
                "springbench_loops_subtract_in_place at 4096 points did not return within 2 s"
            ),
            (
                "add_allocating",
                "double *springbench_loops_add_allocating(const double *a, const double *b, ptrdiff_t n)",
                "return n > 100000 ? NULL : original_add_allocating(a, b, n);",
                "springbench_loops_add_allocating at 1048576 points returns NULL"
            ),
        ]
        // An exit handler of this process's own, as the tool's (which remove its temporary
        // directories): a loop calling `exit` in the trial's child must not run it.
        let marker = directory + "/marker"
        #expect(FileManager.default.createFile(atPath: marker, contents: Data()))
        ExitHandlerMarker.register(marker)
        for (name, signature, body, expected) in cases {
            let path = try Self.broken(name, signature: signature, body: body, in: directory)
            // The self-check's sizes (≤ 100 points) pass: loading succeeds.
            let library = try LoopsLibrary(path: path)
            let error = try #require(throws: LoopsLibraryError.self) {
                try library.trial(sizes: sizes, deadlineSeconds: 2)
            }
            #expect(error.description.hasPrefix("--loops-library \(path): \(expected)"), "\(error)")
        }
        #expect(FileManager.default.fileExists(atPath: marker), "the parent's exit handler ran in the trial's child")
    }
}

/// A file this process's exit handler removes.
enum ExitHandlerMarker {
    nonisolated(unsafe) static var path: String?
    nonisolated(unsafe) static var registered = false

    static func register(_ file: String) {
        path = file
        guard !registered else { return }
        registered = true
        atexit {
            if let path = ExitHandlerMarker.path { unlink(path) }
        }
    }
}
