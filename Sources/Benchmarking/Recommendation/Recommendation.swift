/// Which backend to use, per kernel and size range, decided from measured
/// medians and their bootstrap intervals.
///
/// A backend *wins* a size when its median is the lowest; the win is *clear*
/// when its median interval lies entirely below every other backend's. Where
/// the intervals overlap, the verdict is "no clear winner": on a noisy shared
/// machine a difference inside the intervals means nothing — but the
/// intervals still bound it, and the verdict says by how much
/// (``Verdict/equalWithin``: "equal within 3 %").
public struct Recommendation: Sendable, Equatable, Codable {
    public var kernels: [KernelAdvice]

    /// The verdict for one kernel at one size.
    public struct Verdict: Sendable, Equatable, Codable {
        public var size: Int
        /// Fastest median.
        public var fastest: String
        /// Second-fastest median, if any.
        public var runnerUp: String?
        /// Runner-up's median over the fastest's (≥ 1).
        public var margin: Double
        /// Whether the fastest's interval lies below every other's.
        public var isClear: Bool
        /// The backends whose intervals overlap the fastest's, the fastest
        /// first (empty when the win is clear).
        public var tied: [String]
        /// When not clear: the largest relative difference between the fastest
        /// and a tied backend that the intervals leave possible, either way
        /// (max of upper ÷ other's lower − 1). 0.03 reads "equal within 3 %".
        public var equalWithin: Double?
        /// Backends and medians (ns per call), fastest first.
        public var ranking: [Entry]

        /// The clear winner, or nil.
        public var winner: String? { isClear ? fastest : nil }

        public struct Entry: Sendable, Equatable, Codable {
            public var backend: String
            public var medianNanoseconds: Double
            public var interval: ConfidenceInterval
        }
    }

    /// A run of consecutive sizes with the same verdict.
    public struct SizeRange: Sendable, Equatable, Codable {
        public var fromSize: Int
        public var toSize: Int
        /// The clear winner over the range, or nil for "no clear winner".
        public var winner: String?
        /// Smallest margin of the winner over the range.
        public var minimumMargin: Double
        /// Without a clear winner: the largest ``Verdict/equalWithin`` over the range.
        public var equalWithin: Double?
        /// Without a clear winner: every backend tied at some size of the range.
        public var tied: [String] = []
    }

    /// Where the clear winner changes between two measured sizes.
    public struct Crossover: Sendable, Equatable, Codable {
        public var from: String
        public var to: String
        /// The last size where `from` won clearly and the first where `to` did.
        public var betweenSizes: ClosedRange<Int>
        /// Where the two medians' ratio crosses 1, interpolated on log–log axes.
        public var estimatedSize: Double
    }

    /// Everything about one kernel.
    public struct KernelAdvice: Sendable, Equatable, Codable {
        public var kernel: Kernel
        public var verdicts: [Verdict]
        public var ranges: [SizeRange]
        public var crossovers: [Crossover]
        /// The backend whose worst median over all sizes is closest to the best
        /// (a safe single choice), with that worst ratio.
        public var safestChoice: String
        public var safestChoiceWorstRatio: Double
    }

    /// Builds the recommendation from measurements (any kernels, backends and sizes).
    public init(measurements: [KernelMeasurement]) {
        let kernels = Kernel.allCases.filter { kernel in measurements.contains { $0.kernel == kernel } }
        self.kernels = kernels.map { kernel in
            Self.advice(for: kernel, measurements.filter { $0.kernel == kernel })
        }
    }

    static func advice(for kernel: Kernel, _ measurements: [KernelMeasurement]) -> KernelAdvice {
        let sizes = Set(measurements.map(\.size)).sorted()
        let verdicts = sizes.map { size in
            verdict(size: size, measurements.filter { $0.size == size })
        }
        let ranges = verdicts.reduce(into: [SizeRange]()) { ranges, verdict in
            if var last = ranges.last, last.winner == verdict.winner {
                last.toSize = verdict.size
                last.minimumMargin = min(last.minimumMargin, verdict.margin)
                if let bound = verdict.equalWithin { last.equalWithin = max(last.equalWithin ?? 0, bound) }
                for name in verdict.tied where !last.tied.contains(name) { last.tied.append(name) }
                ranges[ranges.count - 1] = last
            } else {
                ranges.append(
                    SizeRange(
                        fromSize: verdict.size, toSize: verdict.size, winner: verdict.winner,
                        minimumMargin: verdict.margin, equalWithin: verdict.equalWithin,
                        tied: verdict.tied))
            }
        }
        var crossovers: [Crossover] = []
        let clear = verdicts.filter(\.isClear)
        for (before, after) in zip(clear, clear.dropFirst()) where before.fastest != after.fastest {
            let estimate = crossingSize(
                of: before.fastest, and: after.fastest, between: before.size, after.size, measurements)
            crossovers.append(
                Crossover(
                    from: before.fastest, to: after.fastest,
                    betweenSizes: before.size...after.size, estimatedSize: estimate))
        }
        let backends = Set(measurements.map(\.backend)).sorted()
        let worstRatios = backends.map { backend -> (String, Double) in
            let ratios = verdicts.compactMap { verdict -> Double? in
                guard let mine = verdict.ranking.first(where: { $0.backend == backend }),
                    let best = verdict.ranking.first
                else { return nil }
                return mine.medianNanoseconds / best.medianNanoseconds
            }
            return (backend, ratios.max() ?? .infinity)
        }
        let safest = worstRatios.min { $0.1 < $1.1 } ?? ("", .nan)
        return KernelAdvice(
            kernel: kernel, verdicts: verdicts, ranges: ranges, crossovers: crossovers,
            safestChoice: safest.0, safestChoiceWorstRatio: safest.1)
    }

    static func verdict(size: Int, _ cells: [KernelMeasurement]) -> Verdict {
        let ranking = cells.map {
            Verdict.Entry(
                backend: $0.backend, medianNanoseconds: $0.summary.median,
                interval: $0.summary.medianInterval)
        }.sorted { $0.medianNanoseconds < $1.medianNanoseconds }
        let best = ranking[0]
        let others = ranking.dropFirst()
        let isClear = others.allSatisfy { best.interval.upper < $0.interval.lower }
        let margin = others.first.map { $0.medianNanoseconds / best.medianNanoseconds } ?? 1
        let overlapping = isClear ? [] : others.filter { !(best.interval.upper < $0.interval.lower) }
        let equalWithin = overlapping.map { other in
            max(other.interval.upper / best.interval.lower, best.interval.upper / other.interval.lower) - 1
        }.max()
        return Verdict(
            size: size, fastest: best.backend, runnerUp: others.first?.backend, margin: margin,
            isClear: isClear, tied: overlapping.isEmpty ? [] : [best.backend] + overlapping.map(\.backend),
            equalWithin: equalWithin, ranking: ranking)
    }

    /// Interpolates log(median_a / median_b) linearly in log(size) between two sizes.
    static func crossingSize(
        of a: String, and b: String, between low: Int, _ high: Int, _ measurements: [KernelMeasurement]
    ) -> Double {
        func logRatio(_ size: Int) -> Double? {
            guard let ma = measurements.first(where: { $0.backend == a && $0.size == size }),
                let mb = measurements.first(where: { $0.backend == b && $0.size == size })
            else { return nil }
            return log(ma.summary.median / mb.summary.median)
        }
        guard let r0 = logRatio(low), let r1 = logRatio(high), r0 != r1 else {
            return (Double(low) * Double(high)).squareRoot()
        }
        let t = max(0, min(1, r0 / (r0 - r1)))
        return exp(log(Double(low)) + t * (log(Double(high)) - log(Double(low))))
    }
}

#if canImport(Glibc)
    import Glibc
#endif

extension Recommendation {
    /// One backend for every kernel and size, chosen to minimise the worst case.
    public struct SingleChoice: Sendable, Equatable {
        public var backend: String
        /// The backend's median over the fastest median, at its worst kernel and size (≥ 1).
        public var worstRatio: Double
        public var worstKernel: Kernel
        public var worstSize: Int
        /// Whether the backend was measured for every kernel and size (otherwise
        /// no backend was, and the choice covers only what it was measured on).
        public var coversEverything: Bool
    }

    /// The backend to use for everything: the one whose worst ratio to the fastest, over every kernel and size,
    /// is smallest. Backends missing from some kernel or size are considered only
    /// when no backend covers everything. Nil when there are no verdicts.
    public var singleChoice: SingleChoice? {
        let verdicts = kernels.flatMap { advice in advice.verdicts.map { (advice.kernel, $0) } }
        guard !verdicts.isEmpty else { return nil }
        var backends: [String] = []
        for (_, verdict) in verdicts {
            for entry in verdict.ranking where !backends.contains(entry.backend) { backends.append(entry.backend) }
        }
        let complete = backends.filter { backend in
            verdicts.allSatisfy { $0.1.ranking.contains { $0.backend == backend } }
        }
        var best: SingleChoice?
        for backend in complete.isEmpty ? backends : complete {
            var worst: SingleChoice?
            for (kernel, verdict) in verdicts {
                guard let mine = verdict.ranking.first(where: { $0.backend == backend }),
                    let fastest = verdict.ranking.first
                else { continue }
                let ratio = mine.medianNanoseconds / fastest.medianNanoseconds
                if worst == nil || ratio > worst!.worstRatio {
                    worst = SingleChoice(
                        backend: backend, worstRatio: ratio, worstKernel: kernel, worstSize: verdict.size,
                        coversEverything: !complete.isEmpty)
                }
            }
            if let worst, best == nil || worst.worstRatio < best!.worstRatio { best = worst }
        }
        return best
    }
}
