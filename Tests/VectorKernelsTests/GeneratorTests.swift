import Testing
import VectorKernels

/// SplitMix64 against the published reference stream (Steele, Lea & Flood 2014;
/// the test vector for seed 1234567 that Vigna's reference C code prints, and
/// that any implementation of the published constants reproduces): every
/// seeded input, shuffle and bootstrap of SpringBench depends on it.
@Suite("Random generator")
struct GeneratorTests {
    @Test("seed 1234567 gives the reference stream")
    func referenceStream() {
        var rng = SplitMix64(seed: 1_234_567)
        let expected: [UInt64] = [
            6_457_827_717_110_365_317, 3_203_168_211_198_807_973, 9_817_491_932_198_370_423,
            4_593_380_528_125_082_431, 16_408_922_859_458_223_821,
        ]
        #expect((0..<5).map { _ in rng.next() } == expected)
    }

    @Test("index(below:) draws what Int.random(in: 0..<n, using:) draws, bound by bound")
    func indexIsTheStandardLibrarysDraw() {
        // Small bounds, bounds where rejection is frequent (just above a power of two, and
        // 2⁶³ + 1 - style bounds where the threshold is near half the range), and Int.max.
        let bounds = [1, 2, 3, 7, 16, 17, 25, 100, 1_000_003, (1 << 32) + 1, (1 << 62) + 1, Int.max / 3 * 2, Int.max]
        for (offset, bound) in bounds.enumerated() {
            var ours = SplitMix64(seed: 77 + UInt64(offset))
            var standard = ours
            for draw in 0..<20_000 {
                let (a, b) = (ours.index(below: bound), Int.random(in: 0..<bound, using: &standard))
                if a != b {
                    Issue.record("bound \(bound), draw \(draw): \(a) vs \(b)")
                    break
                }
            }
            // Both generators consumed the same words (rejections included).
            #expect(ours.next() == standard.next(), "bound \(bound)")
        }
    }
}
