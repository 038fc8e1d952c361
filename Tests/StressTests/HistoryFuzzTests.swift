import Foundation
import Testing
import _HistoryTestSupport
import _TestSupport

/// The history fuzz at full size: 10,000 mutated history files in `make check`
/// (1,000 when this tier runs quick), read as the read-only commands read them
/// (`HistoryFuzz`; ResultsHistoryTests runs a 500-file slice in `make test`).
/// Here it costs `make check` 63 s (fresh-clone CI: StressTests 138.9 → 202.0 s).
@Suite final class HistoryFuzzTests {
    let directory: String = {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "history-fuzz-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.path
    }()

    deinit { try? FileManager.default.removeItem(atPath: directory) }

    @Test(
        "10,000 mutated history files (1,000 quick) read correctly or are refused naming the database; none changes",
        arguments: 0..<10)
    func fuzz(part: Int) throws {
        let variants = TestDepth.scaled(quick: 100, deep: 1_000)
        // Seeds of their own (part + 10): other variants than the unit slice's.
        let (tally, problems) = try HistoryFuzz.run(part: part + 10, variants: variants, in: directory)
        #expect(problems.isEmpty, "\(problems.count) problems: \(problems.prefix(5))")
        #expect(
            tally.valid > variants / 20 && tally.refusedByRow > variants / 10 && tally.refusedWhole > variants / 10,
            "\(tally)")
        print("fuzz history files, part \(part): \(tally)")
    }
}
