import Benchmarking
import Foundation
import SpringBenchCLI
import Testing
import _CLITestSupport
import _TestSupport

extension RunsAlone {
    /// `bench --loops-library PATH` and `--reference-sampler EXECUTABLE`, in
    /// process: bad libraries are refused before anything runs (exit 2, one
    /// `error:` line naming the option and the path, nothing written); good ones
    /// give reference rows in the results.
    @Suite("bench's yardstick options", .serialized)
    struct ReferenceOptionTests {
        func refused(_ library: String, in directory: String, saying: String) {
            let before = CLIRunner.contents(of: directory)
            let outcome = SpringBenchCLI.run(
                ["bench", "--quick", "--loops-library", library, "--output", directory + "/out.json"])
            #expect(outcome.status == 2, "\(outcome)")
            #expect(outcome.errorLines.count == 1, "\(outcome)")
            let line = outcome.errorLines.first ?? ""
            #expect(line.hasPrefix("error:"), "\(outcome)")
            #expect(line.contains("--loops-library \(library)"), "\(outcome)")
            #expect(line.contains(saying), "\(outcome)")
            #expect(CLIRunner.contents(of: directory) == before, "wrote something: \(outcome)")
        }

        @Test("a file that is no shared library is refused by name")
        func notALibrary() throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let text = directory + "/loops.so"
            try "#!/bin/sh\n".write(toFile: text, atomically: true, encoding: .utf8)
            refused(text, in: directory, saying: "not a shared library")
            refused(directory + "/absent.so", in: directory, saying: "no such file")
        }

        @Test(
            "a library without the loops' symbols is refused, naming what it lacks",
            .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason))
        func missingSymbols() throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let source = directory + "/partial.c"
            // Everything but Σa²: one missing symbol is enough.
            let full = try String(contentsOfFile: LoopsLibraryBuild.source, encoding: .utf8)
            try full.replacingOccurrences(of: "springbench_loops_sum_of_squares", with: "renamed_sum_of_squares")
                .write(toFile: source, atomically: true, encoding: .utf8)
            let library = try #require(LoopsLibraryBuild.build(into: directory, name: "libpartial.so", source: source))
            refused(library, in: directory, saying: "does not export springbench_loops_sum_of_squares")
        }

        @Test(
            "a loop that crashes or hangs at one of the run's sizes ends bench with exit 2 naming it, not the tool",
            .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason), .timeLimit(.minutes(2)))
        func crashingOrHangingLoop() throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            // --quick runs 16, 4Ki and 1Mi points; the self-check tries ≤ 100, so loading succeeds.
            let crashing = try #require(
                try LoopsLibraryBuild.broken(
                    "scale", signature: "void springbench_loops_scale(double *a, double s, ptrdiff_t n)",
                    body: "if (n > 4000) *(volatile int *)0 = 1; original_scale(a, s, n);", in: directory))
            refused(crashing, in: directory, saying: "springbench_loops_scale at 4096 points ended its trial process")
            let hanging = try #require(
                try LoopsLibraryBuild.broken(
                    "sum_of_squares",
                    signature: "double springbench_loops_sum_of_squares(const double *a, ptrdiff_t n)",
                    body: "if (n > 4000) for (;;) {} return original_sum_of_squares(a, n);", in: directory))
            let started = Date()
            refused(
                hanging, in: directory, saying: "springbench_loops_sum_of_squares at 4096 points did not return within")
            // The deadline for --quick's sizes: 10 s + 100 ns × 8 loops × (16 + 4Ki + 1Mi) points.
            #expect(-started.timeIntervalSinceNow < 30)
        }

        @Test(
            "with a gcc-built library (and numpy's sampler where numpy is present) the results hold their reference rows",
            .enabled(if: LoopsLibraryBuild.gcc != nil, LoopsLibraryBuild.skipReason), .timeLimit(.minutes(2)))
        func referenceRows() throws {
            let directory = CLIRunner.temporaryDirectory()
            defer { try? FileManager.default.removeItem(atPath: directory) }
            let library = try #require(LoopsLibraryBuild.build(into: directory))
            let sampler = URL(fileURLWithPath: LoopsLibraryBuild.source).deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("numpy/sampler.py").path
            let numpy = Self.pythonHasNumpy
            let output = directory + "/out.json"
            let outcome = SpringBenchCLI.run(
                [
                    "bench", "--quick", "--kernels", "add,magnitudeSquared", "--backends", "naive", "--sizes", "300",
                    "--samples", "3", "--min-sample-ms", "0.05", "--probe-trials", "1", "--no-workloads",
                    "--no-cache-check", "--no-yardstick", "--loops-library", library, "--output", output,
                ] + (numpy ? ["--reference-sampler", sampler] : []))
            #expect(outcome.status == 0, "\(outcome)")
            let results = try BenchmarkResults.load(from: output)
            let references = try #require(results.references)
            #expect(references.map(\.details.name) == (numpy ? ["gcc", "numpy"] : ["gcc"]))
            #expect(references[0].details.library == "test: gcc -O3 -march=native")
            for reference in references {
                #expect(reference.measurements.map(\.kernel) == [.add, .magnitudeSquared])
                #expect(reference.measurements.allSatisfy { $0.samples.count == 3 && $0.size == 300 })
            }
            #expect(results.configuration.loopsLibrary == library)
            #expect(results.configuration.referenceSamplers == (numpy ? [sampler] : nil))
            if !numpy { print("numpy is absent here: the sampler's row was not checked") }
        }

        static let pythonHasNumpy: Bool = {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", "import numpy"]
            process.standardError = FileHandle.nullDevice
            do { try process.run() } catch { return false }
            process.waitUntilExit()
            return process.terminationStatus == 0
        }()
    }
}
