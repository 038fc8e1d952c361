import DocumentValues

/// Another build of SpringBench (say, SwiftPM's default flags beside a
/// `-target-cpu haswell` build) whose kernels a ``Sweep`` samples in the same
/// rounds as its own, so both builds' figures come from one run and meet the
/// same drift. `springbench bench --other-build EXECUTABLE` runs it as a
/// sampler process.
public protocol OtherBuild: AnyObject {
    /// The build's own record of itself (target CPU, backends, compiler).
    var machine: MachineRecord { get }
    /// The backends the build offers.
    var backendNames: [String] { get }
    /// The cell of one kernel × backend × size in that build, on operands
    /// drawn from `seed` as a sweep's are.
    func cell(_ key: CellKey, seed: UInt64) -> any SampledCell
    /// The ceiling pattern of that cell's kernel on the same operands, one
    /// cell per loop variant (``ProbePattern/loopVariants``).
    func ceilings(_ key: CellKey, seed: UInt64) -> [any SampledCell]
    /// The first failure of the build's process, if any. Cells of a failed
    /// build return NaN; the sweep stops at the next check.
    var failure: String? { get }
}

/// What another build measured in a run.
public struct BuildMeasurements: Codable, Sendable, Equatable {
    /// The build's record (its target CPU above all).
    public var machine: MachineRecord
    @UniqueElements public var measurements: [KernelMeasurement]

    public init(machine: MachineRecord, measurements: [KernelMeasurement]) {
        self.machine = machine
        self.measurements = measurements
    }
}

/// Another build failed while the sweep sampled it.
public struct OtherBuildError: Error, Equatable, CustomStringConvertible {
    /// The option that named the process (`--other-build`, `--reference-sampler`).
    public var option: String
    public var build: String
    public var message: String

    public init(option: String = "--other-build", build: String, message: String) {
        self.option = option
        self.build = build
        self.message = message
    }

    public var description: String { "\(option) \(build): \(message)" }
}

/// The sweep's other builds: their cells beside this build's, and their failures.
extension Sweep {
    /// Adds, build by build in ``otherBuilds`` order, the kernel cell of each
    /// of the build's backends that this sweep also times (in the build's
    /// order), with its ceiling loops.
    func addOtherBuildCells(to round: inout SweepRound, seeds: SweepSeeds) {
        for (index, build) in otherBuilds.enumerated() {
            for name in build.backendNames where backends.contains(where: { $0.name == name }) {
                let key = round.key(name)
                round.add(
                    .other(build: index, backend: name), build.cell(key, seed: seeds.operands),
                    ceilings: { build.ceilings(key, seed: seeds.operands) })
            }
        }
    }

    /// Throws the first failure of another build: its cells gave NaN.
    func checkOtherBuilds() throws(OtherBuildError) {
        for build in otherBuilds {
            if let failure = build.failure { throw OtherBuildError(build: build.machine.targetCPU, message: failure) }
        }
    }
}
