import Benchmarking

#if canImport(Glibc)
    import Glibc
#endif

/// How much one sampler may be asked to hold and to do, so that no request
/// aborts on allocation or runs until killed. The sampler refuses a request
/// beyond them with a `failure` reply naming the limit; the driver does not
/// send one it can tell is beyond them (it knows the sampler's memory from
/// the hello's `MachineRecord.memoryBytes`).
///
/// - Memory: the operands a sampler holds at one size — three arrays of
///   `size` doubles (a, b, c) per prepared backend, plus one result array of
///   the allocating add — must fit in ``memoryFraction`` of physical memory
///   (two samplers of a paired run hold theirs at once: together 80 %, the
///   bound a `BenchmarkPlan` is checked against). A ceiling loop runs on the
///   kernel's own operands and adds no array. A probe's three arrays of
///   `elements` doubles obey the same bound.
/// - Time: a `prepare`'s warm-up and minimum sample are at most
///   ``maximumSampleSeconds`` each; a `sample` of `iterations` calls may last
///   at most ``maximumSampleSeconds``, estimated from the time per call
///   measured by the cell's calibration at `prepare` (a sample of a cell not
///   prepared is refused), and never more than ``maximumIterations`` calls.
public struct SamplerLimits: Sendable, Equatable {
    /// The fraction of physical memory one sampler's operands may take.
    public static let memoryFraction = 0.4
    /// The longest one sample (and a prepare's warm-up or minimum sample) may last.
    public static let maximumSampleSeconds = 10.0
    /// Bytes per point of one backend's operands (a, b, c).
    public static let bytesPerPointPerBackend = 3 * 8
    /// Bytes per point shared by all backends (the allocating add's result).
    public static let bytesPerPointShared = 8
    /// Calls in one sample, whatever the calibration says: 10 s at 0.1 ns per
    /// call, faster than any kernel call (a load, an add and a store of one point).
    public static let maximumIterations = 100_000_000_000
    /// The longest a sample can have taken: a reply comes within the
    /// channel's deadline (``ProcessSamplerChannel/replyDeadlineSeconds``).
    public static let maximumReplySeconds = 120.0

    /// The sampler's machine's physical memory.
    public var physicalMemoryBytes: Double

    /// - Parameter physicalMemoryBytes: injectable for tests (1 MiB, 1 TiB).
    public init(physicalMemoryBytes: Double) {
        self.physicalMemoryBytes = physicalMemoryBytes
    }

    /// This machine's: `sysconf(_SC_PHYS_PAGES) × sysconf(_SC_PAGESIZE)`.
    public static var thisMachine: SamplerLimits {
        SamplerLimits(
            physicalMemoryBytes: Double(max(0, sysconf(Int32(_SC_PHYS_PAGES))))
                * Double(max(0, sysconf(Int32(_SC_PAGESIZE)))))
    }

    /// The bytes the operands may take (``memoryFraction`` of memory).
    public var operandBytes: Double { physicalMemoryBytes * Self.memoryFraction }

    /// The most points at which `backends` backends' operands fit.
    public func maximumPoints(backends: Int) -> Int {
        let perPoint = Double(max(1, backends) * Self.bytesPerPointPerBackend + Self.bytesPerPointShared)
        return Int(min(operandBytes / perPoint, Double(Int.max / 2)))
    }

    /// The most elements per array a bandwidth probe (three arrays) may use.
    public var maximumProbeElements: Int { Int(min(operandBytes / 24, Double(Int.max / 2))) }

    /// The most calls a sample of a cell taking `nanosecondsPerCall` may make.
    public static func maximumIterations(nanosecondsPerCall: Double) -> Int {
        guard nanosecondsPerCall.isFinite, nanosecondsPerCall > 0 else { return maximumIterations }
        return Int(min(Double(maximumIterations), max(1, maximumSampleSeconds * 1e9 / nanosecondsPerCall)))
    }

    /// Why `request` is beyond these limits (a sentence naming the limit), or
    /// nil. `backendsAtSize` is the number of backends whose operands will be
    /// held at the request's size, counting its own; `nanosecondsPerCall` the
    /// calibrated time per call of the cell a `sample` asks for, if known.
    public func refusal(of request: SamplerRequest, backendsAtSize: Int = 1, nanosecondsPerCall: Double? = nil)
        -> String?
    {
        let memory =
            "\(Int(Self.memoryFraction * 100)) % of \(Int(min(physicalMemoryBytes, 9e18)) >> 20) MiB of physical memory"
        switch request {
        case .probe(_, let minimumElements, _):
            guard minimumElements <= maximumProbeElements else {
                return
                    "probe: minimumElements must be ≤ \(maximumProbeElements) (three arrays in \(memory)), got \(minimumElements)"
            }
        case .prepare(_, _, let size, _, let warmup, let minimum, _):
            let limit = maximumPoints(backends: backendsAtSize)
            guard size <= limit else {
                return
                    "prepare: size must be ≤ \(limit) points for \(backendsAtSize) backend(s) at one size (\(Self.bytesPerPointPerBackend) bytes per point per backend + \(Self.bytesPerPointShared) in \(memory)), got \(size)"
            }
            let seconds = Self.maximumSampleSeconds
            guard warmup <= seconds * 1e9, minimum <= seconds * 1e9 else {
                return
                    "prepare: warmupNanoseconds and minimumSampleNanoseconds must be ≤ \(seconds * 1e9) (\(Int(seconds)) s), got \(warmup) and \(minimum)"
            }
        case .sample(let iterations, _, _, _, _):
            let limit = Self.maximumIterations(nanosecondsPerCall: nanosecondsPerCall ?? 0)
            guard iterations <= limit else {
                let perCall = nanosecondsPerCall.map { " at the calibrated \($0) ns per call" } ?? ""
                return
                    "sample: iterations must be ≤ \(limit) (one sample lasts at most \(Int(Self.maximumSampleSeconds)) s\(perCall)), got \(iterations)"
            }
        case .hello, .allocations, .quit:
            break
        }
        return nil
    }
}
