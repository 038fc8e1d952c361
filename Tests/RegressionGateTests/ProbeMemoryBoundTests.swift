import Benchmarking
import RegressionGate
import Testing

/// A sampler's bandwidth probe allocates three arrays of `elements` doubles
/// (SamplerLimits' documented bound): the largest probe it accepts must fit
/// those 24 bytes per element within its share of memory, and one element
/// more must not — for memories from 1 MiB to 1 TiB, not only this machine's.
@Suite("the probe limit: three arrays of doubles fit the memory share, one element more does not")
struct ProbeMemoryBoundTests {
    @Test("1 MiB, 3 GiB, 24 GiB, 1 TiB: the limit is the largest count whose three arrays fit")
    func threeArrays() {
        for memory in [Double(1 << 20), 3 * Double(1 << 30), 24 * Double(1 << 30), Double(1 << 40)] {
            let limits = SamplerLimits(physicalMemoryBytes: memory)
            let share = memory * SamplerLimits.memoryFraction
            let elements = limits.maximumProbeElements
            #expect(Double(3 * 8 * elements) <= share, "\(memory): \(elements) elements")
            #expect(Double(3 * 8 * (elements + 1)) > share, "\(memory): \(elements) elements")
            let at = SamplerRequest.probe(trials: 1, minimumElements: elements, clock: .wall)
            let over = SamplerRequest.probe(trials: 1, minimumElements: elements + 1, clock: .wall)
            #expect(limits.refusal(of: at) == nil)
            #expect(limits.refusal(of: over)?.contains("three arrays") == true, "\(memory)")
        }
    }
}
