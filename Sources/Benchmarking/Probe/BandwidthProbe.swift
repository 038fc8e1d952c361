#if canImport(Glibc)
import Glibc
#endif

/// Measures this machine's single-thread memory bandwidth for each access
/// pattern of ``ProbePattern``, STREAM-style (McCalpin): arrays far larger
/// than the last-level cache, each pattern timed `trials` times, the best rate
/// reported (plus the median). Rates count the bytes the pattern must move
/// (8 per double read or written), not write-allocate traffic.
///
/// The loops are plain `SIMD8<Double>` loops of its own, independent of the
/// backends, so the probe measures the machine, not a backend.
public struct BandwidthProbe {
    public var elements: Int
    public var trials: Int
    /// The clock each pass is timed with: the sweep's, so kernels and probe
    /// are measured alike.
    public var clock: SampleClock = .wall

    /// - Parameters:
    ///   - elements: doubles per array; at least 4× the last-level cache is
    ///     "far beyond" it.
    public init(elements: Int, trials: Int) {
        precondition(elements >= 1024 && elements % 16 == 0, "probe arrays must hold a multiple of 16 doubles, >= 1024")
        precondition(trials >= 1)
        self.elements = elements
        self.trials = trials
    }

    /// A probe sized at 4× the last-level cache (at least 16 Mi doubles, 128 MiB per array).
    public static func sized(lastLevelCacheBytes: Int, trials: Int, minimumElements: Int = 1 << 24) -> BandwidthProbe {
        let fromCache = (4 * lastLevelCacheBytes / 8 + 15) / 16 * 16
        return BandwidthProbe(elements: max(minimumElements, fromCache), trials: trials)
    }

    public func run(progress: (ProbePattern) -> Void = { _ in }) -> BandwidthProbeResult {
        run(progress: progress, now: clock.now)
    }

    /// ``run(progress:)`` timed by `now`: tests script the clock, so what they
    /// assert about rates does not depend on the machine.
    func run(progress: (ProbePattern) -> Void = { _ in }, now: () -> UInt64) -> BandwidthProbeResult {
        let a = Self.allocate(elements, value: 1.0)
        let b = Self.allocate(elements, value: 2.0)
        let c = Self.allocate(elements, value: 0.5)
        defer {
            free(a)
            free(b)
            free(c)
        }
        var sink = 0.0
        var rates: [ProbePattern: [Double]] = [:]
        // Interleave the patterns trial by trial so drift hits them alike.
        for trial in 0..<trials {
            for pattern in ProbePattern.allCases {
                if trial == 0 { progress(pattern) }
                let start = now()
                sink += Self.pass(pattern, a, b, c, elements, inverse: trial % 2 == 1)
                let nanoseconds = Double(now() &- start)
                rates[pattern, default: []].append(Double(pattern.bytesPerElement * elements) / nanoseconds)
            }
        }
        blackHole(sink)
        return BandwidthProbeResult(
            elements: elements, bytesPerArray: elements * 8, trials: trials,
            patterns: ProbePattern.allCases.map { pattern in
                let values = rates[pattern]!
                return .init(pattern: pattern, bestGigabytesPerSecond: values.max()!,
                             medianGigabytesPerSecond: SampleStatistics.median(values))
            })
    }

    static func allocate(_ count: Int, value: Double) -> UnsafeMutablePointer<Double> {
        var raw: UnsafeMutableRawPointer? = nil
        guard posix_memalign(&raw, 64, count * 8) == 0, let raw else {
            fatalError("bandwidth probe: cannot allocate \(count * 8) bytes")
        }
        let pointer = raw.bindMemory(to: Double.self, capacity: count)
        pointer.initialize(repeating: value, count: count)  // first touch: fault every page now
        return pointer
    }

    typealias V = SIMD8<Double>

    @inline(__always)
    static func load(_ p: UnsafeMutablePointer<Double>, _ i: Int) -> V {
        UnsafeRawPointer(p + i).load(as: V.self)
    }

    @inline(__always)
    static func store(_ v: V, _ p: UnsafeMutablePointer<Double>, _ i: Int) {
        UnsafeMutableRawPointer(p + i).storeBytes(of: v, as: V.self)
    }

    /// One pass of `pattern`; returns a value that depends on the work.
    @inline(never)
    static func pass(
        _ pattern: ProbePattern, _ a: UnsafeMutablePointer<Double>, _ b: UnsafeMutablePointer<Double>,
        _ c: UnsafeMutablePointer<Double>, _ n: Int, inverse: Bool
    ) -> Double {
        // The factor alternates between s and 1/s over trials so in-place
        // values neither grow nor shrink.
        let s = V(repeating: inverse ? 1 / 1.000_000_1 : 1.000_000_1)
        let t = V(repeating: 1e-9)
        switch pattern {
        case .copy:
            for i in stride(from: 0, to: n, by: 8) { store(load(a, i), c, i) }
            return c[n - 1]
        case .scale:
            for i in stride(from: 0, to: n, by: 8) { store(s * load(c, i), b, i) }
            return b[n - 1]
        case .add:
            for i in stride(from: 0, to: n, by: 8) { store(load(a, i) + load(b, i), c, i) }
            return c[n - 1]
        case .triad:
            for i in stride(from: 0, to: n, by: 8) { store(load(b, i) + t * load(c, i), a, i) }
            return a[n - 1]
        case .scaleInPlace:
            for i in stride(from: 0, to: n, by: 8) { store(load(a, i) * s, a, i) }
            return a[n - 1]
        case .triadInPlace:
            for i in stride(from: 0, to: n, by: 8) { store(load(a, i) + t * load(b, i), a, i) }
            return a[n - 1]
        case .read:
            var s0 = V(), s1 = V()
            for i in stride(from: 0, to: n, by: 16) {
                s0 += load(a, i)
                s1 += load(a, i + 8)
            }
            return (s0 + s1).sum()
        }
    }
}
