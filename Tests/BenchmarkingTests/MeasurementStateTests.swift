import Benchmarking
import Foundation
import ParallelKernels
import Testing
import VectorKernels

/// What the sweep claims about the state it measured in: hot cells are warmed
/// right before every sample, the cache check compares what it should, the
/// ceiling is paired round by round, and other builds are sampled in the same
/// rounds. Structure and arithmetic only: no timing is asserted.
@Suite("Cache state, ceilings and other builds")
struct MeasurementStateTests {
    /// A cell that logs what the sampler asks of it.
    final class LoggingCell: SampledCell {
        let name: String
        let log: Log
        let nanoseconds: Double
        init(_ name: String, log: Log, nanoseconds: Double = 10) {
            self.name = name
            self.log = log
            self.nanoseconds = nanoseconds
        }
        /// 3 iterations for ordinary samples, 50 for long ones (at least 1 ms).
        func calibrate(_ policy: TimingPolicy) -> Int {
            log.events.append("\(name) calibrate")
            return policy.minimumSampleNanoseconds >= 1e6 ? 50 : 3
        }
        func sample(iterations: Int, clock: SampleClock) -> Double {
            log.events.append(iterations == 50 ? "\(name) long" : "\(name) sample")
            return nanoseconds
        }
        func warm() { log.events.append("\(name) warm") }
        func allocationsPerOperation(runs: Int, counter: AllocationCounter?) -> Double? { nil }
    }

    final class Log { var events: [String] = [] }

    @Test("hot cells are warmed right before each of their samples, memory cells never")
    func warmingPrecedesEverySample() {
        let policy = TimingPolicy(samples: 7, minimumSampleNanoseconds: 1, warmupNanoseconds: 0)
        for warming in [true, false] {
            let log = Log()
            let cells: [any SampledCell] = [LoggingCell("a", log: log), LoggingCell("b", log: log)]
            var rng = SplitMix64(seed: 5)
            let samples = InterleavedSampler(policy: policy, countAllocations: nil).sample(
                cells, warming: warming, using: &rng)
            #expect(samples.map(\.samples.count) == [7, 7])
            let events = log.events.filter { !$0.hasSuffix("calibrate") }
            #expect(events.filter { $0.hasSuffix("warm") }.count == (warming ? 14 : 0))
            for (index, event) in events.enumerated() where warming && event.hasSuffix("sample") {
                let name = event.split(separator: " ")[0]
                #expect(
                    index > 0 && events[index - 1] == "\(name) warm",
                    "sample \(index) was not preceded by its own warming")
            }
        }
    }

    @Test("a kernel is hot exactly while the operands it touches fit the last-level cache")
    func cacheStateFollowsTheFootprint() {
        let cache = 32 << 20
        #expect(CacheState.of(.add, size: 1 << 20, lastLevelCacheBytes: cache) == .hot)  // 24 MiB
        #expect(CacheState.of(.add, size: (cache / 24) + 1, lastLevelCacheBytes: cache) == .memory)
        #expect(CacheState.of(.axpy, size: 2 << 20, lastLevelCacheBytes: cache) == .hot)  // 32 MiB exactly
        #expect(CacheState.of(.axpy, size: (2 << 20) + 1, lastLevelCacheBytes: cache) == .memory)
        #expect(CacheState.of(.magnitudeSquared, size: 4 << 20, lastLevelCacheBytes: cache) == .hot)
        #expect(CacheState.of(.scale, size: 16 << 20, lastLevelCacheBytes: cache) == .memory)
        #expect(CacheState.of(.add, size: PointCount.maximum, lastLevelCacheBytes: 0) == .hot, "unknown cache: warm")
        #expect(CacheState.of(.add, size: Int.max / 2, lastLevelCacheBytes: cache) == .memory, "overflowing footprint")
    }

    @Test("the cache check covers the sizes whose operands leave L2 but some kernel's fit the last-level cache")
    func checkedSizes() {
        let sizes = [16, 256, 4 << 10, 64 << 10, 1 << 20, 16 << 20]
        #expect(
            CacheCheck.sizes(sizes, lastLevelCacheBytes: 32 << 20, secondLevelCacheBytes: 512 << 10) == [
                64 << 10, 1 << 20,
            ])
        // A smaller L3: at 1 Mi only scale and Σa² (8 MiB) still fit.
        #expect(
            CacheCheck.sizes(sizes, lastLevelCacheBytes: 8 << 20, secondLevelCacheBytes: 512 << 10) == [
                64 << 10, 1 << 20,
            ])
        #expect(CacheCheck.sizes(sizes, lastLevelCacheBytes: 4 << 20, secondLevelCacheBytes: 512 << 10) == [64 << 10])
        #expect(
            CacheCheck.sizes(sizes, lastLevelCacheBytes: 32 << 20, secondLevelCacheBytes: 0) == [
                16, 256, 4 << 10, 64 << 10, 1 << 20,
            ])
    }

    static func summary(_ median: Double, _ lower: Double, _ upper: Double) -> SampleSummary {
        SampleSummary(
            count: 5, median: median, p10: lower, p90: upper, minimum: lower, maximum: upper, mad: 0,
            medianInterval: ConfidenceInterval(lower: lower, upper: upper, level: 0.95))
    }

    @Test("a checked cell agrees within 5 %, and otherwise its paired samples tell noise from a wrong cache state")
    func checkVerdicts() throws {
        func cell(_ sweep: Double, _ long: Double, paired: Double) -> CacheCheck.Cell {
            CacheCheck.Cell(
                kernel: .add, backend: "simd", size: 1 << 20, build: nil, cacheState: .hot,
                sweep: Self.summary(sweep, sweep * 0.99, sweep * 1.01),
                long: Self.summary(long, long * 0.99, long * 1.01),
                pairedRatio: paired, tolerance: 0.05)
        }
        let agrees = cell(104.9, 100, paired: 1.3)
        #expect(agrees.flag == nil && abs(agrees.ratio - 1.049) < 1e-12, "the medians decide agreement")
        let wrongState = try #require(cell(120, 100, paired: 1.18).flag)
        #expect(wrongState.hasPrefix("sweep 20 % slower, and its samples stay 18 % slower beside the long ones"))
        let noise = try #require(cell(120, 100, paired: 1.02).flag)
        #expect(
            noise.hasPrefix(
                "sweep median 20 % slower than the long samples', but its samples taken beside them agree within 2 %"))
        let sustained = try #require(cell(90, 100, paired: 0.91).flag)
        #expect(sustained.hasPrefix("sweep 10 % faster; its samples run 9 % faster than the long ones beside them"))
        let mixed = try #require(cell(90, 100, paired: 1.07).flag)
        #expect(
            mixed.hasPrefix(
                "sweep median 10 % faster than the long samples', while its samples beside them run 7 % slower"))
        #expect(cell(.nan, 100, paired: 1).flag == "no usable samples")
        #expect(cell(100, 100, paired: .nan).flag == "no usable samples")
    }

    @Test(
        "long samples come right after the ordinary sample of their cell, in evenly spread rounds, only for marked cells"
    )
    func longSamplesInsideRounds() {
        let log = Log()
        let cells: [any SampledCell] = [LoggingCell("checked", log: log), LoggingCell("plain", log: log)]
        let policy = TimingPolicy(samples: 25, minimumSampleNanoseconds: 1, warmupNanoseconds: 0)
        let long = InterleavedSampler.LongSamples(
            policy: TimingPolicy(samples: 5, minimumSampleNanoseconds: 1e6, warmupNanoseconds: 0), cells: [true, false])
        var rng = SplitMix64(seed: 8)
        let result = InterleavedSampler(policy: policy, countAllocations: nil).sample(cells, long: long, using: &rng)
        #expect(result[0].samples.count == 25 && result[0].longSamples.count == 5 && result[0].pairedSamples.count == 5)
        #expect(result[1].longSamples.isEmpty && result[1].pairedSamples.isEmpty)
        // Rounds 4, 9, 14, 19, 24: the checked cell's 5th, 10th, … sample is
        // followed at once by its long sample.
        var longRounds: [Int] = []
        var ordinary = 0
        for (index, event) in log.events.enumerated() {
            if event == "checked sample" { ordinary += 1 }
            if event == "checked long" {
                #expect(log.events[index - 1] == "checked sample", "a long sample not right after its round's sample")
                longRounds.append(ordinary - 1)
            }
        }
        #expect(longRounds == [4, 9, 14, 19, 24])
        #expect(!log.events.contains("plain long"))
        #expect(log.events.filter { $0 == "checked calibrate" }.count == 2, "calibrated once for each sample length")
    }

    @Test("the ceiling fraction pairs each round's kernel sample with that round's ceiling sample")
    func ceilingPairsRounds() {
        // Round i: ceiling takes c_i, kernel 2·c_i: the fraction is ½ in every
        // round, however much the rounds differ from each other.
        let ceiling = [100.0, 180, 90, 400, 120, 110, 95]
        let kernel = ceiling.map { 2 * $0 }
        let comparison = CeilingComparison(kernel: .axpy, size: 1000, kernelSamples: kernel, loops: [ceiling], seed: 1)
        #expect(comparison.pattern == .triadInPlace)
        #expect(comparison.fraction == 0.5 && comparison.interval.lower == 0.5 && comparison.interval.upper == 0.5)
        #expect(!comparison.exceedsCeiling)
        // 24 bytes per element over the median ceiling time (110 ns for 1000 points).
        #expect(abs(comparison.ceilingGigabytesPerSecond - 24.0 * 1000 / 110) < 1e-12)
        // Unpaired, the same samples would have given other fractions: pairing matters.
        let shuffled = CeilingComparison(
            kernel: .axpy, size: 1000, kernelSamples: kernel.reversed(), loops: [ceiling], seed: 1)
        #expect(shuffled.interval.upper - shuffled.interval.lower > 0.1)
        // A kernel faster than its ceiling in every round reads above it.
        let above = CeilingComparison(
            kernel: .add, size: 64, kernelSamples: ceiling.map { $0 * 0.9 }, loops: [ceiling], seed: 1)
        #expect(above.pattern == .addStreaming && above.exceedsCeiling && above.loopSpread == 0)
    }

    @Test("with two loops the faster is each round's ceiling, and their disagreement widens what counts as above it")
    func twoLoops() {
        // Loop B is 4 % slower than A in every round but the last, where it is
        // faster: the ceiling takes A's time in six rounds and B's in one.
        let a = [100.0, 110, 120, 130, 140, 150, 160]
        var b = a.map { $0 * 1.04 }
        b[6] = 150
        // The kernel takes 0.97 of A's time: it reads 1/0.97 ≈ 1.031 of the
        // ceiling, beyond the interval yet within the loops' disagreement
        // (A/B = 1/1.04 in six rounds of seven: 3.8 %).
        let kernel = a.map { $0 * 0.97 }
        let comparison = CeilingComparison(kernel: .axpy, size: 100, kernelSamples: kernel, loops: [a, b], seed: 1)
        #expect(abs(comparison.loopSpread - (1 - 1 / 1.04)) < 1e-12)
        #expect(abs(comparison.fraction - 1 / 0.97) < 1e-12)
        #expect(comparison.interval.lower > 1)
        #expect(!comparison.exceedsCeiling, "within the loops' own disagreement")
        // 24 bytes · 100 points over the median ceiling time (130 ns).
        #expect(abs(comparison.ceilingGigabytesPerSecond - 2400.0 / 130) < 1e-12)
        let faster = CeilingComparison(
            kernel: .axpy, size: 100, kernelSamples: a.map { $0 * 0.9 }, loops: [a, b], seed: 1)
        #expect(faster.exceedsCeiling, "1/0.9 ≈ 1.11 is beyond 1.038")
    }

    @Test("each kernel's ceiling runs its pattern on the kernel's own operands", arguments: Kernel.allCases)
    func ceilingOnOwnOperands(kernel: Kernel) {
        let operands = KernelOperands<NaiveBackend>(size: 37, seed: 4)
        let operations = operands.operations(Kernel.allCases)
        #expect(Set(operations.ceilings.keys) == Set(Kernel.allCases))
        #expect(operations.ceilings[kernel]!.count == kernel.ceilingPattern.loopVariants)
        // Loop 0 (the first call uses the factor s, not 1/s); loop 1 is pinned by secondLoopsAreExact.
        let (a, b) = (operands.a.elements, operands.b.elements)
        operations.ceilings[kernel]![0].run(1)
        expectCeiling(kernel, a: a, b: b, operands: operands)
    }

    @Test("a threaded backend's ceiling: as many threads as its calls run, up to the pool's; one for the others")
    func ceilingThreads() {
        #expect(KernelOperandsCeiling.threads(forBackendThreads: 1) == 1)
        for threads in [2, 3, 64] {
            #expect(
                KernelOperandsCeiling.threads(forBackendThreads: threads) == min(threads, ParallelBackend.threadCount))
        }
    }

    @Test(
        "the all-core ceiling pass covers every element of the operands, in any number of parts",
        arguments: [ProbePattern.addStreaming, .triadInPlace, .scaleInPlace, .read], [2, 3, 7])
    func allCorePass(pattern: ProbePattern, parts: Int) {
        // 4099 points: parts of uneven length, each with a scalar tail of its own.
        let count = 4099
        let arrays = BandwidthProbe.Arrays(elements: count)
        var rng = SplitMix64(seed: UInt64(parts))
        for i in 0..<count {
            arrays.a[i] = Double.random(in: -1...1, using: &rng)
            arrays.b[i] = Double.random(in: -1...1, using: &rng)
            arrays.c[i] = 0
        }
        let a = (0..<count).map { arrays.a[$0] }, b = (0..<count).map { arrays.b[$0] }
        KernelOperandsCeiling.pass(pattern, arrays.a, arrays.b, arrays.c, count, threads: parts, inverse: false)
        let factor = 1.000_000_1, small = 1e-9
        let (newA, newC) = ((0..<count).map { arrays.a[$0] }, (0..<count).map { arrays.c[$0] })
        switch pattern {
        case .addStreaming: #expect(newC == zip(a, b).map { $0 + $1 })
        case .triadInPlace: #expect(newA == zip(a, b).map { x, y in x + small * y })
        case .scaleInPlace: #expect(newA == a.map { $0 * factor })
        default: #expect(newA == a && newC.allSatisfy { $0 == 0 }, "a read pattern writes nothing")
        }
    }

    func expectCeiling(_ kernel: Kernel, a: [Double], b: [Double], operands: KernelOperands<NaiveBackend>) {
        let factor = 1.000_000_1, small = 1e-9
        switch kernel.ceilingPattern {
        case .addStreaming:
            #expect(operands.c.elements == zip(a, b).map { $0 + $1 }, "c = a + b on the kernel's own a, b, c")
        case .triadInPlace:
            #expect(operands.a.elements == zip(a, b).map { x, y in x + small * y })
        case .scaleInPlace:
            #expect(operands.a.elements == a.map { $0 * factor })
        case .read:
            #expect(operands.a.elements == a && operands.b.elements == b, "a read pattern writes nothing")
        default:
            Issue.record("\(kernel) has an unexpected ceiling \(kernel.ceilingPattern)")
        }
    }

    @Test(
        "an in-place pattern's second loop computes exactly what it claims: scale as the first, the triad as a ± b",
        arguments: [1, 5, 9, 31, 1000])
    func secondLoopsAreExact(count: Int) {
        var rng = SplitMix64(seed: UInt64(count) &+ 77)
        for pattern in ProbePattern.allCases where pattern.loopVariants > 1 {
            for inverse in [false, true] {
                let values = (0..<2 * count).map { _ in Double.random(in: -1...1, using: &rng) }
                var results: [[Double]] = []
                for variant in 0..<pattern.loopVariants {
                    let arrays = BandwidthProbe.Arrays(elements: count + 1)
                    // One element in: a misaligned start exercises the scalar head.
                    let (a, b, c) = (arrays.a + 1, arrays.b + 1, arrays.c + 1)
                    for i in 0..<count {
                        a[i] = values[i]
                        b[i] = values[count + i]
                    }
                    _ = BandwidthProbe.pass(pattern, a, b, c, count, inverse: inverse, variant: variant)
                    results.append((0..<count).map { a[$0] })
                    withExtendedLifetime(arrays) {}
                }
                let expected: [Double]
                switch pattern {
                case .scaleInPlace: expected = results[0]
                default:
                    expected = (0..<count).map {
                        inverse ? values[$0] - values[count + $0] : values[$0] + values[count + $0]
                    }
                }
                #expect(
                    results[1].map(\.bitPattern) == expected.map(\.bitPattern),
                    "\(pattern) n=\(count) inverse=\(inverse)")
            }
        }
    }

    @Test(
        "out-of-place kernels are bounded by streaming stores, in-place ones by their own shape, with equal byte counts"
    )
    func ceilingPatterns() {
        for kernel in Kernel.allCases {
            #expect(kernel.ceilingPattern.bytesPerElement == kernel.bytesPerElement, "\(kernel)")
            let outOfPlace = [Kernel.add, .subtract, .addAllocating].contains(kernel)
            #expect(kernel.ceilingPattern.usesStreamingStores == outOfPlace, "\(kernel)")
        }
    }

    /// Every probe loop against a plain Swift loop, bit for bit, at sizes and
    /// offsets that exercise the scalar head (misaligned destination), the
    /// four-vector body, single vectors and the tail.
    @Test(
        "the probe's C loops compute exactly what plain loops compute, streaming or not",
        arguments: [1, 3, 7, 17, 64, 1001])
    func probeLoopsAreExact(count: Int) {
        var rng = SplitMix64(seed: UInt64(count))
        for offset in 0..<3 {
            let total = count + offset
            func array() -> UnsafeMutablePointer<Double> {
                let p = BandwidthProbe.allocate(total, value: 0)
                for i in 0..<total { p[i] = Double.random(in: -1...1, using: &rng) }
                return p
            }
            let a0 = array(), b0 = array(), c0 = array()
            defer {
                free(a0)
                free(b0)
                free(c0)
            }
            let (a, b, c) = (a0 + offset, b0 + offset, c0 + offset)
            for pattern in ProbePattern.allCases {
                for inverse in [false, true] {
                    let factor = inverse ? 1 / 1.000_000_1 : 1.000_000_1
                    let small = 1e-9
                    var expected: [Double]
                    var sum = 0.0
                    switch pattern {
                    case .copy, .copyStreaming: expected = (0..<count).map { a[$0] }
                    case .scale, .scaleStreaming: expected = (0..<count).map { factor * c[$0] }
                    case .add, .addStreaming: expected = (0..<count).map { a[$0] + b[$0] }
                    case .triad, .triadStreaming:
                        expected = (0..<count).map { i -> Double in
                            let product = small * c[i]
                            return b[i] + product
                        }
                    case .scaleInPlace: expected = (0..<count).map { a[$0] * factor }
                    case .triadInPlace:
                        expected = (0..<count).map { i -> Double in
                            let product = small * b[i]
                            return a[i] + product
                        }
                    case .read:
                        expected = []
                        for i in 0..<count { sum += a[i] }
                    }
                    let result = BandwidthProbe.pass(pattern, a, b, c, count, inverse: inverse)
                    let written: UnsafeMutablePointer<Double>
                    switch pattern {
                    case .copy, .copyStreaming, .add, .addStreaming: written = c
                    case .scale, .scaleStreaming: written = b
                    default: written = a
                    }
                    if pattern == .read {
                        // A reordered sum: within Σ|a|·γ(n) of the plain one.
                        let bound = Double(count) * Double.ulpOfOne * (0..<count).reduce(0) { $0 + abs(a[$1]) }
                        #expect(abs(result - sum) <= bound, "\(pattern) n=\(count)")
                    } else {
                        for i in 0..<count where written[i].bitPattern != expected[i].bitPattern {
                            Issue.record(
                                "\(pattern) n=\(count) offset=\(offset): element \(i) is \(written[i]), expected \(expected[i])"
                            )
                            break
                        }
                        #expect(result.bitPattern == expected[count - 1].bitPattern)
                    }
                }
            }
        }
    }

    @Test("a workload stops growing only when every backend's median frame is over the 120 Hz budget")
    func workloadStopsBeyondTheBudget() {
        func cells(_ medians: [Double]) -> [InterleavedSampler.CellSamples] {
            medians.map {
                InterleavedSampler.CellSamples(
                    iterationsPerSample: 1, samples: [$0 * 0.9, $0, $0 * 1.1], allocationsPerOperation: nil)
            }
        }
        let limit = 1e9 / 120  // one 120 Hz frame, 8.33 ms
        #expect(WorkloadSweep.isBeyondBudget(cells([limit * 1.01, limit * 2])))
        #expect(
            !WorkloadSweep.isBeyondBudget(cells([limit * 1.01, limit * 0.99])), "one backend still within: keep going")
        #expect(!WorkloadSweep.isBeyondBudget(cells([])))
    }
}
