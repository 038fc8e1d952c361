/// The largest number of points a workload can move within one display frame.
public enum FrameBudget {
    /// The display the budget is for: 120 Hz (ProMotion, most current
    /// high-refresh phones). Written here only; every figure and text that
    /// names the frame derives from it.
    public static let refreshRate = 120
    /// One frame of that display, in seconds.
    public static let frameSeconds = 1.0 / Double(refreshRate)
    /// One frame of that display, in nanoseconds.
    public static let frameNanoseconds = 1e9 / Double(refreshRate)
    /// "120 Hz", as reports and the bench summary name the display.
    public static let displayName = "\(refreshRate) Hz"

    /// The answer for one workload on one backend.
    public struct Capacity: Sendable, Equatable, Codable {
        public var workload: String
        public var backend: String
        /// Largest point count whose median frame time fits the budget.
        public var points: Double
        /// True when the budget lies beyond the largest measured size and the
        /// count was extrapolated linearly in N (memory-bound work scales so).
        public var extrapolated: Bool
        public var budgetNanoseconds: Double
        /// The largest measured size whose median frame time fits with every
        /// smaller size fitting too (the size the interpolation starts from),
        /// if any: a noisy fit beyond a size over budget does not count.
        public var largestFittingSize: Int?
        /// The median frame time at ``largestFittingSize``, in nanoseconds.
        public var frameNanosecondsAtLargestFitting: Double?
        /// Whether every measured size fits.
        public var allFit: Bool
        /// The smallest measured size.
        public var smallestSize: Int
    }

    /// For each workload × backend, interpolates the median time per frame
    /// linearly in N between the two measured sizes that bracket the budget.
    public static func capacities(
        _ measurements: [WorkloadMeasurement], budgetNanoseconds: Double = frameNanoseconds
    ) -> [Capacity] {
        let groups = Dictionary(grouping: measurements) { "\($0.workload)\u{0}\($0.backend)" }
        return groups.keys.sorted().compactMap { key -> Capacity? in
            let points = groups[key]!.sorted { $0.size < $1.size }
            guard let first = points.first else { return nil }
            let fit = capacity(
                sizes: points.map(\.size), nanoseconds: points.map(\.summary.median), budget: budgetNanoseconds)
            // The sizes up to the first one over budget: the same bracket `capacity` interpolates in.
            let firstOver = points.firstIndex { $0.summary.median > budgetNanoseconds } ?? points.count
            let fitting = points[..<firstOver]
            return Capacity(
                workload: first.workload, backend: first.backend, points: fit.points,
                extrapolated: fit.extrapolated, budgetNanoseconds: budgetNanoseconds,
                largestFittingSize: fitting.last?.size,
                frameNanosecondsAtLargestFitting: fitting.last?.summary.median,
                allFit: firstOver == points.count, smallestSize: first.size)
        }
    }

    static func capacity(sizes: [Int], nanoseconds: [Double], budget: Double) -> (points: Double, extrapolated: Bool) {
        // The first measured size over budget, and the one before it.
        if let over = nanoseconds.firstIndex(where: { $0 > budget }) {
            if over == 0 { return (Double(sizes[0]) * budget / nanoseconds[0], false) }
            let (n0, n1) = (Double(sizes[over - 1]), Double(sizes[over]))
            let (t0, t1) = (nanoseconds[over - 1], nanoseconds[over])
            return (n0 + (budget - t0) * (n1 - n0) / (t1 - t0), false)
        }
        let last = sizes.count - 1
        return (Double(sizes[last]) * budget / nanoseconds[last], true)
    }
}
