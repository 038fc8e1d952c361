import VectorKernels

/// The cells of one kernel at one size that a ``Sweep`` samples together, in
/// the same rounds: each owner's kernel cell (this build's backends, then the
/// other builds', then the yardstick's), and beside each its ceiling cells.
///
/// The ``InterleavedSampler`` is given every kernel cell in that order, then
/// every ceiling cell, owner by owner; ``sample(_:warming:long:using:)`` hands
/// each owner back its own samples, so no caller counts positions.
struct SweepRound {
    /// Whose kernel a cell times.
    enum Owner: Equatable {
        /// One of this build's backends.
        case own(backend: String)
        /// A backend of another build, by its place in ``Sweep/otherBuilds``.
        case other(build: Int, backend: String)
        /// The C yardstick: a reference, with no ceiling and no cache check.
        case yardstick(backend: String)
        /// Another reference (``SweepReference``), by its place in
        /// ``Sweep/references``: like the yardstick, no ceiling, no cache check.
        case reference(index: Int, backend: String)

        /// The backend's name.
        var backend: String {
            switch self {
            case .own(let backend), .other(_, let backend), .yardstick(let backend), .reference(_, let backend):
                backend
            }
        }

        /// The other build's place in ``Sweep/otherBuilds``; nil for this build's cells.
        var build: Int? {
            if case .other(let build, _) = self { return build }
            return nil
        }

        /// Whether the cell is one of the sweep's measurements (the
        /// yardstick's is a reference): only those take long samples.
        var isMeasured: Bool {
            switch self {
            case .yardstick, .reference: return false
            case .own, .other: return true
            }
        }
    }

    /// One owner's kernel cell and its ceiling cells (one per loop variant;
    /// none when no ceiling is sampled beside it).
    struct Entry {
        var owner: Owner
        var cell: any SampledCell
        /// Makes the ceiling cells on the kernel cell's own operands, when asked.
        var ceilingLoops: () -> [any SampledCell]
        var ceilings: [any SampledCell] = []
    }

    /// What one owner's cells gave.
    struct Sampled {
        var owner: Owner
        var samples: InterleavedSampler.CellSamples
        /// The samples of each ceiling loop variant, in order; nil when none was sampled.
        var ceilings: [[Double]]?
    }

    let kernel: Kernel
    let size: Int
    let cacheState: CacheState
    private(set) var entries: [Entry] = []

    init(kernel: Kernel, size: Int, cacheState: CacheState) {
        self.kernel = kernel
        self.size = size
        self.cacheState = cacheState
    }

    /// The cell of `backend` in this round.
    func key(_ backend: String) -> CellKey { CellKey(kernel: kernel, backend: backend, size: size) }

    /// Adds an owner's kernel cell, after those already added; `ceilings`
    /// makes its ceiling cells if ``addCeilings()`` is called.
    mutating func add(_ owner: Owner, _ cell: any SampledCell, ceilings: @escaping () -> [any SampledCell] = { [] }) {
        entries.append(Entry(owner: owner, cell: cell, ceilingLoops: ceilings))
    }

    /// Makes the ceiling cells of every measured owner, owner by owner in
    /// ``entries`` order (the yardstick has none).
    mutating func addCeilings() {
        for index in entries.indices where entries[index].owner.isMeasured {
            entries[index].ceilings = entries[index].ceilingLoops()
        }
    }

    /// The cells in the sampler's order: every kernel cell, then every ceiling cell.
    var cells: [any SampledCell] { entries.map(\.cell) + entries.flatMap(\.ceilings) }

    /// Which of ``cells`` take the cache check's long samples: the measured kernel cells.
    var measuredCells: [Bool] {
        entries.map(\.owner.isMeasured) + entries.flatMap { $0.ceilings.map { _ in false } }
    }

    /// Samples the round's cells interleaved and returns each owner's samples, in ``entries`` order.
    func sample(
        _ sampler: InterleavedSampler, warming: Bool, long: InterleavedSampler.LongSamples?, using rng: inout SplitMix64
    ) -> [Sampled] {
        let samples = sampler.sample(cells, warming: warming, long: long, using: &rng, precisionCells: measuredCells)
        var next = entries.count
        return entries.enumerated().map { index, entry in
            let loops = samples[next..<next + entry.ceilings.count].map(\.samples)
            next += entry.ceilings.count
            return Sampled(owner: entry.owner, samples: samples[index], ceilings: loops.isEmpty ? nil : loops)
        }
    }
}
