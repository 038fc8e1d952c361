import Testing
import Verification

/// `CheckRecorder`: the worst case of a check, and recorders filled apart
/// (the closed-form grid's springs run on every core) merged into one.
@Suite struct CheckRecorderTests {
    /// A small seeded generator (SplitMix64), so every run draws the same cases.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    /// Values and tolerances from a small set, so ties, exact (0) tolerances,
    /// NaN values and infinite excesses all occur.
    static func cases(count: Int, seed: UInt64) -> [(Double, Double)] {
        var generator = SplitMix(state: seed)
        let values: [Double] = [0, 0.5, 1, 2, 3, .nan, .infinity]
        let tolerances: [Double] = [0, 1, 2]
        return (0..<count).map { _ in
            (values.randomElement(using: &generator)!, tolerances.randomElement(using: &generator)!)
        }
    }

    static func recorder() -> CheckRecorder {
        CheckRecorder("test.check", .closedForm, property: "p", toleranceSource: "t")
    }

    @Test("Recorders filled apart and absorbed in order equal one recorder filled case by case", arguments: 0..<200)
    func absorbEqualsSequential(_ seed: Int) {
        var generator = SplitMix(state: UInt64(seed) &* 7919)
        let cases = Self.cases(count: Int.random(in: 0...12, using: &generator), seed: UInt64(seed))
        var sequential = Self.recorder()
        for (index, (value, tolerance)) in cases.enumerated() {
            sequential.record(value, tolerance: tolerance, "case \(index)")
        }
        // Cut the cases into runs of random length (empty runs included).
        var merged = Self.recorder()
        var start = 0
        while start <= cases.count {
            let end = min(cases.count, start + Int.random(in: 0...4, using: &generator))
            var part = Self.recorder()
            for index in start..<end { part.record(cases[index].0, tolerance: cases[index].1, "case \(index)") }
            merged.absorb(part)
            if end == cases.count { break }
            start = end
        }
        #expect(merged.count == sequential.count)
        let (a, b) = (merged.finish(), sequential.finish())
        #expect(a.worstCase == b.worstCase, "\(cases)")
        #expect(a.verdict == b.verdict && a.casesChecked == b.casesChecked)
        #expect(a.tolerance == b.tolerance)
        #expect(a.worstValue == b.worstValue || (a.worstValue.isNaN && b.worstValue.isNaN))
    }

    @Test("The worst case is the largest excess; the earlier of two equal ones is kept")
    func worstCase() {
        var recorder = Self.recorder()
        recorder.record(1, tolerance: 2, "half")
        recorder.record(3, tolerance: 2, "one and a half")
        recorder.record(1.5, tolerance: 1, "also one and a half")
        recorder.record(0.1, tolerance: 1, "a tenth")
        let check = recorder.finish()
        #expect(check.worstCase == "one and a half" && check.worstValue == 3 && check.tolerance == 2)
        #expect(check.verdict == .fails && check.casesChecked == 4)
    }
}
