import SpringModel
import SpringPlatforms
import Testing

/// `PlatformComparison`, the data behind `Reports/platforms.md`: every cell
/// is its own spring's run at its own rate, and the plotted sample is the
/// first spring at the first rate. Springs and rates here are chosen so that
/// each (spring, rate) run differs from every other one.
@Suite("PlatformComparison: each cell and the plotted sample come from their own spring and rate")
struct PlatformComparisonTests {
    static let springs = [
        PlatformComparison.NamedSpring(name: "stiff", spring: try! Spring(naturalFrequency: 18, dampingRatio: 0.3)),
        PlatformComparison.NamedSpring(name: "soft", spring: try! Spring(naturalFrequency: 6, dampingRatio: 0.9)),
        PlatformComparison.NamedSpring(name: "slow", spring: try! Spring(naturalFrequency: 4, dampingRatio: 0.5)),
    ]
    static let rates: [Double] = [90, 60, 144]

    @Test("the sample runs are the first spring's at the first rate, one per platform with a loop")
    func sample() {
        let comparison = PlatformComparison(springs: Self.springs, refreshRates: Self.rates)
        let expected = PlatformLoops.all(
            Self.springs[0].spring, from: 0, to: 100, initialVelocity: 0, refreshRate: Self.rates[0])
        #expect(comparison.sampleRuns.count == expected.count)
        for (shown, run) in zip(comparison.sampleRuns, expected) {
            #expect(shown.platform == run.platform)
            #expect(shown.refreshRate == Self.rates[0], "\(shown.platform.name)")
            #expect(shown.values == run.values, "\(shown.platform.name): not the first spring at the first rate")
        }
    }

    @Test("each cell holds its own spring's figures at its own rate, springs then rates then platforms in order")
    func cells() throws {
        let comparison = PlatformComparison(springs: Self.springs, refreshRates: Self.rates)
        typealias Expected = (
            platform: SpringPlatform, spring: String, rate: Double, error: Double, drift: Double?, done: Double?
        )
        var expected: [Expected] = []
        for named in Self.springs {
            for rate in Self.rates {
                for run in PlatformLoops.all(named.spring, from: 0, to: 100, initialVelocity: 0, refreshRate: rate) {
                    expected.append(
                        (
                            run.platform, named.name, rate,
                            run.largestError(against: named.spring, from: 0, to: 100, initialVelocity: 0),
                            run.clockDrift, run.doneTime
                        ))
                }
            }
        }
        try #require(comparison.cells.count == expected.count)
        for (n, (cell, want)) in zip(comparison.cells, expected).enumerated() {
            let same =
                cell.platform == want.platform && cell.spring == want.spring && cell.refreshRate == want.rate
                && cell.largestError == want.error && cell.clockDrift == want.drift && cell.doneTime == want.done
            #expect(same, "cell \(n): \(cell), expected \(want)")
        }
        // The worst error of a platform at a rate is the largest over the springs at that rate only.
        for platform in SpringPlatform.withLoops {
            for rate in Self.rates {
                let own = expected.filter { $0.platform == platform && $0.rate == rate }.map(\.error)
                #expect(comparison.worstError(of: platform, at: rate) == own.max(), "\(platform.name) at \(rate) Hz")
            }
        }
    }
}
