import Benchmarking

/// The conversation between `springbench compare-builds` and the sampler
/// processes of the two builds it compares: one JSON object per line, a
/// request from the driver on the sampler's standard input, then exactly one
/// response on its standard output.
///
/// A sampler times only when asked, and a request is answered before the next
/// is sent, so the two builds never run at the same time: they take turns,
/// sample by sample, and each sample of one build is taken within
/// milliseconds of the matching sample of the other.
public enum SamplerProtocol {
    /// Bumped whenever a request or response changes shape; the driver refuses
    /// a sampler that speaks another version.
    /// Version 2 lets one sampler hold every backend's cell at a size and
    /// sample any of them (`bench --other-build` interleaves them), and adds
    /// the warming call of a hot sample.
    public static let version = 2
}

/// What the driver asks of a sampler.
public enum SamplerRequest: Codable, Sendable, Equatable {
    /// Who are you? Answered with ``SamplerResponse/hello(protocolVersion:machine:)``.
    case hello
    /// Measure the memory bandwidth (the `BandwidthProbe`), for the results file.
    case probe(trials: Int, minimumElements: Int, clock: SampleClock)
    /// Build operands for `backend` at `size` (seeded like a sweep's; kept
    /// with every other backend's at the same size), warm the kernel up and
    /// calibrate it; answered with the iterations per sample. The cell becomes
    /// the one later requests without a `cell` mean.
    /// With `ceiling` k the cell is loop variant k of the kernel's ceiling
    /// pattern on the same operands (`Kernel.ceilingPattern`).
    case prepare(
        kernel: Kernel, backend: String, size: Int, seed: UInt64,
        warmupNanoseconds: Double, minimumSampleNanoseconds: Double, ceiling: Int?)
    /// Time one batch of `iterations` calls of a prepared cell (nil: the last
    /// prepared; `ceiling` k: its ceiling's loop variant k), after the
    /// untimed warming calls when `warm` is true.
    case sample(iterations: Int, clock: SampleClock, cell: CellKey?, warm: Bool?, ceiling: Int?)
    /// Count heap allocations per call of a prepared cell (nil: the last prepared).
    case allocations(cell: CellKey?)
    /// Exit.
    case quit
}

/// A sampler's answer to one ``SamplerRequest``.
public enum SamplerResponse: Codable, Sendable, Equatable {
    case hello(protocolVersion: Int, machine: MachineRecord)
    case probe(BandwidthProbeResult)
    case prepared(iterations: Int)
    case sample(nanoseconds: Double)
    case allocations(perOperation: Double?)
    case bye
    /// The request could not be carried out (unknown backend, nothing prepared, …).
    case failure(String)
}
