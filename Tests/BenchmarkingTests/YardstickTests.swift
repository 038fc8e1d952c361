import _TestSupport
import Benchmarking
import Testing
import VectorKernels

/// The C yardstick computes what the kernels compute (a yardstick that is
/// fast because it is wrong would prove nothing), is sampled in the sweep's
/// rounds, and its comparison with the best backend reads the paired ratio.
@Suite("C yardstick")
struct YardstickTests {
    static let counts = [0, 1, 3, 15, 16, 17, 64, 255, 4099]

    @Test("its elementwise loops equal the naive backend bit for bit; axpy and Σa² stay in their bounds")
    func kernelsAgreeWithNaive() {
        for n in Self.counts {
            for offset in [0, 1, 3] {
                let a = Array(TestValues.array(count: n + offset, seed: UInt64(n) + 1)[offset...])
                let b = TestValues.array(count: n, seed: UInt64(n) + 2)
                func both(_ body: (any KernelBackend.Type, inout [Double]) -> Void) -> ([Double], [Double]) {
                    var c = a, r = a
                    body(CYardstick.self, &c)
                    body(NaiveBackend.self, &r)
                    return (c, r)
                }
                let cases: [(String, (any KernelBackend.Type, inout [Double]) -> Void)] = [
                    ("add", { k, out in
                        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer {
                            k.uncheckedAdd(a.baseAddress!, b.baseAddress!, into: $0.baseAddress!, count: n) } } } }),
                    ("subtract", { k, out in
                        a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer {
                            k.uncheckedSubtract(a.baseAddress!, b.baseAddress!, into: $0.baseAddress!, count: n) } } } }),
                    ("add in place", { k, out in
                        b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer {
                            k.uncheckedAddInPlace($0.baseAddress!, b.baseAddress!, count: n) } } }),
                    ("subtract in place", { k, out in
                        b.withUnsafeBufferPointer { b in out.withUnsafeMutableBufferPointer {
                            k.uncheckedSubtractInPlace($0.baseAddress!, b.baseAddress!, count: n) } } }),
                    ("scale", { k, out in
                        out.withUnsafeMutableBufferPointer { k.uncheckedScale($0.baseAddress!, by: 0.7, count: n) } }),
                ]
                for (name, body) in cases where n > 0 {
                    let (c, r) = both(body)
                    #expect(zip(c, r).allSatisfy { FloatingPointBounds.identical($0, $1) }, "\(name) N=\(n) offset=\(offset)")
                }
                guard n > 0 else { continue }
                var y = a
                y.withUnsafeMutableBufferPointer { y in
                    b.withUnsafeBufferPointer { x in CYardstick.uncheckedAXPY(alpha: -1.5, x: x.baseAddress!, y: y.baseAddress!, count: n) }
                }
                for i in 0..<n {
                    #expect(FloatingPointBounds.axpyViolation(alpha: -1.5, x: b[i], y: a[i], result: y[i]) == nil, "axpy N=\(n) i=\(i)")
                }
                let sum = a.withUnsafeBufferPointer { CYardstick.uncheckedMagnitudeSquared($0.baseAddress!, count: n) }
                #expect(FloatingPointBounds.sumOfSquaresViolation(a, result: sum) == nil, "Σa² N=\(n) offset=\(offset)")
            }
        }
    }

    @Test("the sweep samples it in the same rounds, one cell per kernel and size, kept apart from the backends")
    func sweepSamplesTheYardstick() throws {
        var sweep = Sweep(
            kernels: [.add, .addAllocating, .magnitudeSquared], backends: [BenchmarkBackend(SIMDBackend.self)],
            sizes: [16, 1000], seed: 7,
            sampler: InterleavedSampler(policy: TimingPolicy(samples: 3, minimumSampleNanoseconds: 2e4, warmupNanoseconds: 1e4), countAllocations: nil))
        sweep.yardstick = .cYardstick
        let probe = BandwidthProbe(elements: 1 << 12, trials: 1).run()
        let outcome = try sweep.run(probe: probe)
        #expect(outcome.measurements.allSatisfy { $0.backend == "simd" })
        #expect(outcome.measurements.count == 6)
        #expect(outcome.yardstick.count == 6)
        #expect(outcome.yardstick.allSatisfy { $0.backend == "c" && $0.samples.count == 3 && $0.summary.median > 0 })
        #expect(Set(outcome.yardstick.map { "\($0.kernel.rawValue)@\($0.size)" }).count == 6)
    }

    /// Results whose best backend's samples are `factor` times C's, round by round.
    func results(factor: Double, jitter: Double = 0.002) -> BenchmarkResults {
        var results = _TestSupport.SyntheticResults.make(kernels: [.add], backends: ["naive", "simd"], sizes: [4096], withWorkloads: false)
        let base = (0..<25).map { 1000 * (1 + 0.2 * Double($0 % 5)) }  // drift shared by both, round by round
        var c = results.measurements[0]
        c.backend = "c"
        c.samples = base
        c.summary = SampleStatistics.summarize(base)
        c.nanosecondsPerElement = c.summary.median / 4096
        for index in results.measurements.indices {
            let slowdown = results.measurements[index].backend == "simd" ? 1.0 : 1.5
            let samples = base.enumerated().map { $1 * factor * slowdown * (1 + jitter * Double($0 % 3 - 1)) }
            results.measurements[index].samples = samples
            results.measurements[index].summary = SampleStatistics.summarize(samples)
        }
        results.yardstick = YardstickMeasurements(details: CYardstick.details, measurements: [c])
        return results
    }

    @Test("the verdict follows the paired ratio of the best backend: slower, equal within noise, faster",
          arguments: [(1.10, YardstickComparison.Verdict.slower), (1.02, .equal), (1.0, .equal), (0.99, .faster), (0.90, .faster)])
    func verdicts(_ example: (factor: Double, verdict: YardstickComparison.Verdict)) throws {
        let comparison = try #require(YardstickComparison(results(factor: example.factor)))
        let row = try #require(comparison.rows.first)
        #expect(comparison.rows.count == 1)
        #expect(row.best == "simd")
        #expect(abs(row.ratio - example.factor) < 0.005)
        #expect(row.interval.lower <= row.ratio && row.ratio <= row.interval.upper)
        #expect(row.verdict == example.verdict, "ratio \(row.ratio) [\(row.interval.lower), \(row.interval.upper)]")
        #expect(comparison.slower.count == (example.verdict == .slower ? 1 : 0))
    }

    @Test("no yardstick, no comparison")
    func absentYardstick() {
        #expect(YardstickComparison(_TestSupport.SyntheticResults.make(withWorkloads: false)) == nil)
    }
}
