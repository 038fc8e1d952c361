import Foundation
import SpringModel
import SpringPlatforms
import Testing
import VectorKernels

/// anime.js v3's `getDuration` (juliangarnier/anime v3.2.2, 239158e8,
/// `src/index.js` 99–115) as anime runs it: τ from 1/6 in steps of 1/6 added one
/// at a time until `solver(τ) === 1` on 16 consecutive steps; re-expressed here
/// step by step, apart from `AnimeV3Spring`'s block-skipping search, which must
/// end on the same step (so the same bits) for every spring.
@Suite("anime.js v3's duration search ends where anime's own loop ends")
struct AnimeV3SpringTests {
    static func stepByStep(_ solver: AnimeSpringSolver, limit: Int = AnimeV3Spring.maximumSearchSteps) -> Double {
        let frame = 1.0 / 6
        var elapsed = 0.0
        var rest = 0
        var steps = 0
        while true {
            elapsed += frame
            steps += 1
            let progress = elapsed == 0 || elapsed == 1 ? elapsed : solver.solve(elapsed)
            if progress == 1 {
                rest += 1
                if rest >= 16 { return elapsed }
            } else {
                rest = 0
            }
            if steps >= limit { return .infinity }
        }
    }

    @Test("seeded springs over v3's ranges, the defaults and the slowest: the same τ_end, bit for bit")
    func sameEndAsTheLoop() throws {
        var rng = SplitMix64(seed: 3_301)
        var parameters: [AnimeV3Parameters] = [
            .defaults, try AnimeV3Parameters(mass: 100, stiffness: 0.1, damping: 0.1, velocity: 100),
            try AnimeV3Parameters(mass: 1, stiffness: 100, damping: 20, velocity: 0),  // ζ = 1
            try AnimeV3Parameters(mass: 0.1, stiffness: 100, damping: 100, velocity: 100),  // over-damped, as critical
        ]
        for _ in 0..<60 {
            // Log-uniform over 0.1…100, each parameter's clamp range.
            func draw() -> Double { exp(Double.random(in: -2.302585...4.605170, using: &rng)) }
            parameters.append(try AnimeV3Parameters(mass: draw(), stiffness: draw(), damping: draw(), velocity: draw()))
        }
        var lengths: [Double] = []
        for p in parameters {
            let spring = AnimeV3Spring(p)
            let expected = Self.stepByStep(spring.solver)
            #expect(spring.searchEnd.bitPattern == expected.bitPattern, "\(p): \(spring.searchEnd) vs \(expected)")
            #expect(spring.duration == expected * (1.0 / 6) * 1000, "\(p)")
            lengths.append(expected * 6)
        }
        // The seeds reach both short searches and long ones (thousands of steps, with zero crossings
        // where a lone step gives 1 and the count starts again).
        #expect(lengths.min()! < 100 && lengths.max()! > 100_000, "\(lengths.min()!)…\(lengths.max()!) steps")
    }

    @Test("an undamped solver never rests: infinity, as the capped loop says")
    func neverRests() {
        let undamped = AnimeSpringSolver(
            mass: 1, stiffness: 100, damping: 0, velocity: 0, overDamping: .asCritical, naturalFrequencyRange: nil)
        #expect(Self.stepByStep(undamped) == .infinity)
        #expect(AnimeV3Spring.searchEnd(undamped) == .infinity)
    }
}
