import Benchmarking
import Foundation
import Reporting
import Testing
import _ResultsTestSupport

/// The bandwidth limit drawn into each kernel's plot: the bytes the kernel
/// moves per element (counted from its definition here) over the probe's best
/// rate for the pattern that bounds it: `add` with streaming stores for the
/// out-of-place kernels (they need not read their destination), the kernel's
/// own shape for the in-place ones.
@Suite("performance.md: the plotted bandwidth limit")
struct BandwidthLimitTests {
    @Test(
        "limit = 8·(reads + writes) bytes / best GB/s of the bounding pattern",
        arguments: [
            (Kernel.add, 3, ProbePattern.addStreaming), (.subtract, 3, .addStreaming),
            (.addAllocating, 3, .addStreaming),
            (.addInPlace, 3, .triadInPlace), (.subtractInPlace, 3, .triadInPlace), (.axpy, 3, .triadInPlace),
            (.scale, 2, .scaleInPlace), (.magnitudeSquared, 1, .read),
        ])
    func limitPerKernel(kernel: Kernel, accesses: Int, pattern: ProbePattern) {
        let results = SyntheticResults.make()
        let index = MeasurementIndex(results)
        let best = results.probe.bestGigabytesPerSecond(pattern)
        #expect(best > 0)
        let expected = Double(8 * accesses) / best
        #expect(abs(index.bandwidthLimitNanosecondsPerElement(kernel) - expected) <= 1e-15 * expected)
    }
}
