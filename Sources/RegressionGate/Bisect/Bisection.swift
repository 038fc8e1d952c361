/// The search of `springbench bisect`: the first commit of a range whose
/// judgement is "bad", in at most ⌈log₂ n⌉ judgements of testable commits.
///
/// The range is the commits after a known-good one up to a known-bad one,
/// oldest first (`git rev-list --first-parent --reverse GOOD..BAD`): the last
/// is bad by assumption (the caller has checked it). The search keeps the
/// invariant "everything up to `good` judged good, `bad` judged bad" and
/// halves the open interval between them. A commit that cannot be judged
/// (it does not build) is skipped as `git bisect skip` does: the nearest
/// testable commit in the interval is judged instead, and when none is left
/// the answer is the set of commits the culprit may be.
public enum Bisection {
    public enum Judgement: String, Sendable, Codable, Equatable {
        case good, bad, untestable
    }

    /// What the search found.
    public enum Outcome: Sendable, Equatable {
        /// The first bad commit (its index in the range).
        case found(Int)
        /// The first bad commit is one of these (indices, ascending): the
        /// commits between them could not be judged.
        case ambiguous([Int])
    }

    /// Searches `0..<count` (index `count - 1` bad), judging with `judge`.
    ///
    /// - Returns: the outcome and the indices judged, in order.
    public static func search(count: Int, judge: (Int) throws -> Judgement) rethrows -> (
        outcome: Outcome, judged: [Int]
    ) {
        precondition(count >= 1, "a range holds at least the bad commit")
        var good = -1
        var bad = count - 1
        var untestable = Set<Int>()
        var judged: [Int] = []
        while bad - good > 1 {
            let middle = good + (bad - good) / 2
            // The testable commit nearest the middle, the earlier one on a tie.
            let candidates = (good + 1..<bad).filter { !untestable.contains($0) }
            guard let index = candidates.min(by: { abs($0 - middle) < abs($1 - middle) }) else {
                return (.ambiguous(Array(good + 1...bad)), judged)
            }
            judged.append(index)
            switch try judge(index) {
            case .good: good = index
            case .bad: bad = index
            case .untestable: untestable.insert(index)
            }
        }
        return (.found(bad), judged)
    }
}

extension Bisection {
    /// A commit's judgement from its change against the good build: bad when
    /// the whole interval lies above `boundary` (a ratio), good when it lies
    /// below, nil when it straddles the boundary (measure again).
    public static func judgement(of change: ChangeInterval, boundary: Double) -> Judgement? {
        if change.lower > boundary { return .bad }
        if change.upper < boundary { return .good }
        return nil
    }

    /// The boundary between good and bad for a range whose bad end changed
    /// by `badChange`: `1 + threshold` when one is given, else the geometric
    /// midpoint of no change and the bad end's change, √ratio (so a step is
    /// told from noise equally well on either side).
    public static func boundary(badChange: ChangeInterval, threshold: Double?) -> Double {
        if let threshold { return 1 + threshold }
        return badChange.ratio.squareRoot()
    }
}
