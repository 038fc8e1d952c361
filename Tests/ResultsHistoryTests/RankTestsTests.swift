import Foundation
import ResultsHistory
import Testing

/// The rank tests against oracles computed apart from them: every assignment
/// (Mann–Whitney) or ordering (Mann–Kendall) enumerated and counted, and the
/// Benjamini–Hochberg procedure on the worked example of its paper.
@Suite("rank tests: exact p-values equal enumeration; Benjamini–Hochberg as published")
struct RankTestsTests {
    /// Every way to choose which `m` of `values` are the newer group, counted
    /// with U at least the observed one.
    static func enumeratedMannWhitney(_ newer: [Double], _ older: [Double]) -> Double {
        let all = newer + older
        func u(_ a: [Double], _ b: [Double]) -> Double {
            a.reduce(0) { total, x in total + b.reduce(0) { $0 + (x > $1 ? 1 : (x == $1 ? 0.5 : 0)) } }
        }
        let observed = u(newer, older).rounded(.up)
        var hits = 0, total = 0
        func choose(_ start: Int, _ picked: [Int]) {
            if picked.count == newer.count {
                let chosen = Set(picked)
                let a = picked.map { all[$0] }, b = all.indices.filter { !chosen.contains($0) }.map { all[$0] }
                total += 1
                if u(a, b) >= observed { hits += 1 }
                return
            }
            guard start < all.count else { return }
            for index in start..<all.count { choose(index + 1, picked + [index]) }
        }
        choose(0, [])
        return Double(hits) / Double(total)
    }

    @Test("Mann–Whitney: the exact tail equals counting every assignment, for 40 seeded pairs of groups")
    func mannWhitneyEqualsEnumeration() {
        var generator = HistorySimulation.Generator(seed: 38)
        for _ in 0..<40 {
            let m = Int.random(in: 1...5, using: &generator), n = Int.random(in: 1...7, using: &generator)
            let shift = Double.random(in: 0...1.5, using: &generator)
            let newer = (0..<m).map { _ in Double.random(in: 0...1, using: &generator) + shift }
            let older = (0..<n).map { _ in Double.random(in: 0...1, using: &generator) }
            let exact = RankTests.mannWhitneyUpper(newer, older)
            let counted = Self.enumeratedMannWhitney(newer, older)
            #expect(abs(exact - counted) < 1e-12, "m \(m), n \(n): \(exact) vs \(counted)")
        }
        // With ties (medians repeat to the nanosecond) the test stays valid: over every
        // assignment of tied values to the two groups, p ≤ α happens at most a share α of the time.
        for _ in 0..<12 {
            let m = Int.random(in: 2...4, using: &generator), n = Int.random(in: 3...6, using: &generator)
            let all = (0..<(m + n)).map { _ in Double(Int.random(in: 0...2, using: &generator)) }
            var pValues: [Double] = []
            func choose(_ start: Int, _ picked: [Int]) {
                if picked.count == m {
                    let chosen = Set(picked)
                    pValues.append(
                        RankTests.mannWhitneyUpper(
                            picked.map { all[$0] }, all.indices.filter { !chosen.contains($0) }.map { all[$0] }))
                    return
                }
                guard start < all.count else { return }
                for index in start..<all.count { choose(index + 1, picked + [index]) }
            }
            choose(0, [])
            for alpha in [0.05, 0.1, 0.2, 0.5] {
                let share = Double(pValues.filter { $0 <= alpha }.count) / Double(pValues.count)
                #expect(share <= alpha + 1e-12, "ties \(all), m \(m): p ≤ \(alpha) in \(share) of assignments")
            }
        }
        #expect(RankTests.mannWhitneyUpper([1, 1], [1, 1, 1]) == 1, "all tied: no evidence at all")
        // All five newer above all fifteen older: 1 / C(20, 5).
        let p = RankTests.mannWhitneyUpper([20, 21, 22, 23, 24], (0..<15).map(Double.init))
        #expect(abs(p - 1 / 15504) < 1e-15, "\(p)")
        #expect(RankTests.mannWhitneyUpper([0, 1], [5, 6, 7]) == 1)
    }

    @Test("Mann–Kendall: the exact tail equals counting every ordering of 3 to 7 values")
    func mannKendallEqualsEnumeration() {
        func s(_ values: [Double]) -> Int {
            var total = 0
            for i in values.indices {
                for j in values.indices where j > i { total += values[j] > values[i] ? 1 : -1 }
            }
            return total
        }
        func permutations(_ items: [Double]) -> [[Double]] {
            guard items.count > 1 else { return [items] }
            return items.indices.flatMap { index in
                var rest = items
                let first = rest.remove(at: index)
                return permutations(rest).map { [first] + $0 }
            }
        }
        var generator = HistorySimulation.Generator(seed: 3838)
        for n in 3...7 {
            let all = permutations((0..<n).map(Double.init)).map(s)
            for _ in 0..<5 {
                let values = (0..<n).map { Double($0) * 0.3 + Double.random(in: 0...1, using: &generator) }
                let observed = s(values)
                let counted = Double(all.filter { $0 >= observed }.count) / Double(all.count)
                let exact = RankTests.mannKendallUpper(values)
                #expect(abs(exact - counted) < 1e-12, "n \(n), S \(observed): \(exact) vs \(counted)")
            }
        }
        #expect(RankTests.mannKendallUpper([1, 2]) == 1)
    }

    @Test("Benjamini–Hochberg: the paper's 15 p-values at q = 0.05 reject the smallest four")
    func benjaminiHochbergWorkedExample() {
        // Benjamini and Hochberg (1995), section 4: 15 hypotheses, q* = 0.05, four rejected.
        let p = [
            0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.3240, 0.4262, 0.5719, 0.6528,
            0.7590, 1.000,
        ]
        let rejected = RankTests.benjaminiHochberg(p.reversed(), tests: 15, rate: 0.05)
        #expect(Array(rejected.reversed()) == (0..<15).map { $0 < 4 })
        // Tests without a candidate count: one p-value of 0.004 among 20 tests is not rejected (bar 0.0025).
        #expect(RankTests.benjaminiHochberg([0.004], tests: 20, rate: 0.05) == [false])
        #expect(RankTests.benjaminiHochberg([0.002], tests: 20, rate: 0.05) == [true])
    }
}
