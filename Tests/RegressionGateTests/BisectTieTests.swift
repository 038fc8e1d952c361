import RegressionGate
import Testing

/// `bisect` around a commit that does not build judges the testable commit
/// nearest the middle, the earlier one when two are equally near (Bisection's
/// documented rule): which commits are built and measured, and the steps the
/// user reads, follow from it.
@Suite("bisect: around an untestable middle, the earlier of two equally near commits")
struct BisectTieTests {
    @Test("ten commits, the middle (4) broken: 3 is judged next, not 5; with 3 broken too, 5")
    func earlierOnTie() {
        // Culprit 7: everything from 7 on is bad.
        let (outcome, judged) = Bisection.search(count: 10) { index in
            index == 4 ? .untestable : index >= 7 ? .bad : .good
        }
        #expect(outcome == .found(7))
        #expect(Array(judged.prefix(2)) == [4, 3], "\(judged)")
        let (_, second) = Bisection.search(count: 10) { index in
            index == 4 || index == 3 ? .untestable : index >= 7 ? .bad : .good
        }
        // 3 and 5 are equally near 4; 3 is broken, so 5 (nearer than 2).
        #expect(Array(second.prefix(3)) == [4, 3, 5], "\(second)")
        // Every judged commit lies strictly inside the open interval when it was judged, once each.
        #expect(Set(judged).count == judged.count && Set(second).count == second.count)
    }
}
