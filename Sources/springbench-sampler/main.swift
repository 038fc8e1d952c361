import Benchmarking
import CAllocationCounting
import Foundation
import OpenBLASKernels
import RegressionGate

// `springbench-sampler sampler [--openblas-threads N]`: the other build's side of
// `bench --other-build` and `compare-builds`, and nothing else. It links the kernels,
// the built-in backends and the sampler protocol, not the command-line tool, the
// reports or the history (GRDB): `make report` builds it for SwiftPM's default
// build beside the target-CPU tool (issue 37: the main job builds what it needs).
// It answers exactly as `springbench sampler` does (the same `SamplerSession`);
// its hello carries the build it was compiled as (`MachineRecord.targetCPU`).

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("error: \(message)\n".utf8))
    exit(2)
}

var arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.first == "sampler" else {
    fail(
        "springbench-sampler speaks only the sampler protocol: run it as `springbench-sampler sampler [--openblas-threads N]`"
    )
}
arguments.removeFirst()
var openBLASThreads = 1
while !arguments.isEmpty {
    let option = arguments.removeFirst()
    let cores = ProcessInfo.processInfo.activeProcessorCount
    switch option {
    case "--openblas-threads":
        guard let value = arguments.first, let threads = Int(value), (1...cores).contains(threads) else {
            fail("--openblas-threads must be in 1…\(cores), got \(arguments.first ?? "nothing")")
        }
        arguments.removeFirst()
        openBLASThreads = threads
    default:
        fail("unknown option \(option); springbench-sampler takes --openblas-threads N only")
    }
}
OpenBLASBackend.threadCount = openBLASThreads
let catalogue = BackendCatalogue.builtIn
let session = SamplerSession(
    catalogue: catalogue,
    countAllocations: { body in
        springbench_allocation_counting_begin()
        body()
        return Int(springbench_allocation_counting_end())
    },
    machine: {
        MachineRecord.current(
            backends: catalogue.backends.map(\.details), commandLine: CommandLine.arguments.joined(separator: " "))
    })
do {
    try session.serveStandardStreams()
} catch {
    fail("sampler: \(error)")
}
