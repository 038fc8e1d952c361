import Foundation
import RegressionGate
import Testing

/// The search of `springbench bisect`, against the definition of its answer:
/// the first index whose judgement is bad, when every later index is bad too.
@Suite struct BisectionTests {
    /// ⌈log₂ n⌉ computed by counting, independently of the search.
    static func ceilLog2(_ n: Int) -> Int {
        var steps = 0
        var reach = 1
        while reach < n {
            reach *= 2
            steps += 1
        }
        return steps
    }

    @Test("Every culprit position in ranges of 1…70 commits is found in at most ⌈log₂ n⌉ judgements")
    func everyPosition() {
        for count in 1...70 {
            for culprit in 0..<count {
                var asked = Set<Int>()
                let (outcome, judged) = Bisection.search(count: count) { index in
                    #expect(index < count - 1, "the known-bad end is never judged again")
                    #expect(asked.insert(index).inserted, "index \(index) judged twice")
                    return index >= culprit ? .bad : .good
                }
                #expect(outcome == .found(culprit), "count \(count), culprit \(culprit)")
                #expect(judged.count <= Self.ceilLog2(count), "count \(count): \(judged.count) judgements")
            }
        }
    }

    @Test("Commits that do not build are skipped; the answer is exact or a set holding the culprit")
    func skipped() {
        var seed: UInt64 = 0x00B1_5EC7
        func next() -> UInt64 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return seed >> 33
        }
        for trial in 0..<2000 {
            let count = Int(next() % 40) + 1
            let culprit = Int(next() % UInt64(count))
            let broken = Set((0..<count - 1).filter { _ in next() % 4 == 0 })
            let (outcome, judged) = Bisection.search(count: count) { index in
                broken.contains(index) ? .untestable : index >= culprit ? .bad : .good
            }
            #expect(judged.count <= count - 1, "trial \(trial)")
            switch outcome {
            case .found(let index):
                #expect(
                    index == culprit, "trial \(trial): found \(index), culprit \(culprit), broken \(broken.sorted())")
            case .ambiguous(let indices):
                #expect(indices.contains(culprit), "trial \(trial)")
                #expect(indices.dropLast().allSatisfy(broken.contains), "trial \(trial): \(indices) \(broken.sorted())")
                #expect(indices == Array(indices.first!...indices.last!), "trial \(trial): contiguous")
                // Ambiguous only when the culprit or the commit before it could not be built.
                #expect(broken.contains(culprit) || broken.contains(culprit - 1), "trial \(trial)")
            }
        }
    }

    @Test("A range of one commit is that commit, with no judgement")
    func single() {
        let (outcome, judged) = Bisection.search(count: 1) { _ in
            Issue.record("judged")
            return .good
        }
        #expect(outcome == .found(0))
        #expect(judged.isEmpty)
    }

    @Test("A commit is bad only when its whole interval lies above the boundary, good only below, else undecided")
    func judgement() {
        func interval(_ lower: Double, _ upper: Double) -> ChangeInterval {
            ChangeInterval(ratio: (lower + upper) / 2, lower: lower, upper: upper, level: 0.99)
        }
        #expect(Bisection.judgement(of: interval(1.31, 1.5), boundary: 1.3) == .bad)
        #expect(Bisection.judgement(of: interval(1.1, 1.29), boundary: 1.3) == .good)
        #expect(Bisection.judgement(of: interval(1.2, 1.4), boundary: 1.3) == nil)
        #expect(Bisection.judgement(of: interval(1.3, 1.4), boundary: 1.3) == nil)
        #expect(Bisection.judgement(of: interval(1.2, 1.3), boundary: 1.3) == nil)
    }

    @Test("The default boundary is the geometric midpoint; a threshold replaces it")
    func boundary() {
        let bad = ChangeInterval(ratio: 4, lower: 3.9, upper: 4.1, level: 0.99)
        #expect(Bisection.boundary(badChange: bad, threshold: nil) == 2)
        #expect(Bisection.boundary(badChange: bad, threshold: 0.1) == 1.1)
        // Symmetric in log space: a 2× step's boundary is as far from 1 as from 2.
        let step = ChangeInterval(ratio: 2, lower: 2, upper: 2, level: 1)
        let b = Bisection.boundary(badChange: step, threshold: nil)
        #expect(abs(log(b) - log(1)) - abs(log(2) - log(b)) < 1e-12)
    }
}
