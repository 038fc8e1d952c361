import DocumentValues

/// The machine's memory bandwidth for each access pattern, measured in the same
/// process and session as the kernels, far beyond the last-level cache.
public struct BandwidthProbeResult: Codable, Sendable, Equatable {
    /// Doubles per array.
    @Checked<PositiveCount> public var elements: Int
    /// Bytes per array.
    @Checked<PositiveCount> public var bytesPerArray: Int
    @Checked<PositiveCount> public var trials: Int
    @UniqueElements public var patterns: [PatternRate]
    /// Bytes per vector store of the probe's loops (32: AVX, 16: SSE2, 0:
    /// plain C without streaming stores); nil in files from before it was recorded.
    @CheckedOptional<VectorStoreWidth> public var vectorStoreBytes: Int?
    /// `add-nt` with every usable core on its own part of the arrays at once
    /// (the parallel backend's ceiling); nil with one core, or in files from
    /// before it was measured.
    public var allCores: AllCoreRate?

    /// The all-core pass's rate.
    public struct AllCoreRate: Codable, Sendable, Equatable {
        /// Threads on the pass, the caller included.
        @Checked<PositiveCount> public var threads: Int
        /// The pattern (`add-nt`).
        public var pattern: ProbePattern
        @Checked<Positive> public var bestGigabytesPerSecond: Double
        @Checked<Positive> public var medianGigabytesPerSecond: Double

        public init(
            threads: Int, pattern: ProbePattern, bestGigabytesPerSecond: Double, medianGigabytesPerSecond: Double
        ) {
            self.threads = threads
            self.pattern = pattern
            self.bestGigabytesPerSecond = bestGigabytesPerSecond
            self.medianGigabytesPerSecond = medianGigabytesPerSecond
        }
    }

    public init(elements: Int, bytesPerArray: Int, trials: Int, patterns: [PatternRate]) {
        self.elements = elements
        self.bytesPerArray = bytesPerArray
        self.trials = trials
        self.patterns = patterns
    }

    /// No probe was run (0 trials, no pattern): what a paired run that only
    /// compares one build with the other carries (`bisect`, `history check
    /// --confirm`). No rate is known, so nothing is normalized by it, and a
    /// results document holding it fails validation (trials must be ≥ 1): it
    /// is never written.
    public static let notMeasured = BandwidthProbeResult(elements: 1, bytesPerArray: 8, trials: 0, patterns: [])

    /// Whether this is ``notMeasured``.
    public var isMeasured: Bool { trials > 0 }

    /// The best rate (GB/s, counted bytes) measured for `pattern`.
    public func bestGigabytesPerSecond(_ pattern: ProbePattern) -> Double {
        patterns.first { $0.pattern == pattern }?.bestGigabytesPerSecond ?? .nan
    }

    /// The median rate (GB/s, counted bytes) over the trials for `pattern`:
    /// what kernel medians are compared with (typical against typical).
    public func medianGigabytesPerSecond(_ pattern: ProbePattern) -> Double {
        patterns.first { $0.pattern == pattern }?.medianGigabytesPerSecond ?? .nan
    }

    /// One pattern's rates.
    public struct PatternRate: Codable, Sendable, Equatable {
        public var pattern: ProbePattern
        /// Best of the trials, as STREAM reports.
        @Checked<Positive> public var bestGigabytesPerSecond: Double
        @Checked<Positive> public var medianGigabytesPerSecond: Double

        public init(pattern: ProbePattern, bestGigabytesPerSecond: Double, medianGigabytesPerSecond: Double) {
            self.pattern = pattern
            self.bestGigabytesPerSecond = bestGigabytesPerSecond
            self.medianGigabytesPerSecond = medianGigabytesPerSecond
        }
    }
}

extension BandwidthProbeResult.PatternRate: UniquelyKeyed {
    public var uniqueKey: String { pattern.rawValue }
}

/// Bytes per vector store: 0 (plain C), 16 (SSE2), 32 (AVX), 64 (AVX-512).
public enum VectorStoreWidth: ValueRule {
    public static func accepts(_ value: Int) -> Bool { [0, 16, 32, 64].contains(value) }
    public static let validRange = "0, 16, 32 or 64"
}
