import CAllocationCounting
import RegressionGate

// `springbench-sampler sampler [--openblas-threads N]`: the other build's side of
// `bench --other-build` and `compare-builds`, and nothing else. It links the kernels,
// the built-in backends and the sampler protocol, not the command-line tool, the
// reports or the history (GRDB): `make report` builds it for SwiftPM's default
// build beside the target-CPU tool (issue 37: the main job builds what it needs).
// It answers exactly as `springbench sampler` does (the same `SamplerSession`);
// its hello carries the build it was compiled as (`MachineRecord.targetCPU`).
SamplerSession.main(countAllocations: { body in
    springbench_allocation_counting_begin()
    body()
    return Int(springbench_allocation_counting_end())
})
