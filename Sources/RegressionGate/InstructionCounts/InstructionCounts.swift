import Benchmarking
import DocumentValues

/// Instructions per element counted by `valgrind --tool=callgrind`: the
/// deterministic counterpart of `BenchmarkResults` that a CI gate can compare
/// without noise. Written by `springbench instructions`.
///
/// Each cell runs its kernel k₁ and k₂ times inside a function that callgrind
/// collects alone (`--toggle-collect`), and reports (I(k₂) − I(k₁)) ÷ ((k₂ − k₁)·N):
/// start-up, operand set-up and the per-region overhead cancel, leaving the
/// kernel's own instructions. Counts depend on the binary (compiler, target
/// CPU) and on what OpenBLAS selects for the CPU valgrind presents; the same
/// build gives the same counts in every run.
public struct InstructionCounts: Codable, Sendable, Equatable {
    public static let currentSchema = "springbench.instruction-counts/1"

    public var schema: String
    public var machine: MachineRecord
    /// `valgrind --version`.
    public var valgrindVersion: String
    /// Kernel calls in the two collected regions, k₁ < k₂.
    @CheckedList<PositiveCount> public var callsPerRegion: [Int]
    @UniqueElements public var entries: [InstructionCountEntry]

    public init(
        machine: MachineRecord, valgrindVersion: String, callsPerRegion: [Int], entries: [InstructionCountEntry]
    ) {
        self.schema = Self.currentSchema
        self.machine = machine
        self.valgrindVersion = valgrindVersion
        self.callsPerRegion = callsPerRegion
        self.entries = entries
    }
}

/// One kernel on one backend at one size.
public struct InstructionCountEntry: Codable, Sendable, Equatable {
    public var kernel: Kernel
    @Checked<NonEmptyText> public var backend: String
    @Checked<PointCountRule> public var size: Int
    /// Instructions collected in each region (k₁ calls, then k₂ calls).
    @CheckedList<Instructions> public var regionInstructions: [UInt64]
    /// (I(k₂) − I(k₁)) ÷ (k₂ − k₁).
    @Checked<Positive> public var instructionsPerCall: Double
    /// ``instructionsPerCall`` ÷ ``size``.
    @Checked<Positive> public var instructionsPerElement: Double

    public init(kernel: Kernel, backend: String, size: Int, regionInstructions: [UInt64], callsPerRegion: [Int]) {
        precondition(regionInstructions.count == 2 && callsPerRegion.count == 2, "two regions expected")
        self.kernel = kernel
        self.backend = backend
        self.size = size
        self.regionInstructions = regionInstructions
        let difference = Double(Int64(bitPattern: regionInstructions[1] &- regionInstructions[0]))
        let perCall = difference / Double(callsPerRegion[1] - callsPerRegion[0])
        self.instructionsPerCall = perCall
        self.instructionsPerElement = perCall / Double(size)
    }
}

/// A count of instructions in a collected region: at least one.
public enum Instructions: ValueRule {
    public static func accepts(_ value: UInt64) -> Bool { value >= 1 }
    public static let validRange = "an integer ≥ 1"
}

extension InstructionCountEntry: UniquelyKeyed {
    public var uniqueKey: CellKey { CellKey(kernel: kernel, backend: backend, size: size) }
}
