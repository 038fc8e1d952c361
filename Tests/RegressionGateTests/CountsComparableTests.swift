import Benchmarking
import RegressionGate
import Testing
import _ResultsTestSupport

/// When two instruction-count runs may be compared (Guides: the deterministic
/// gate): counts are a property of the build — compiler, configuration and
/// target CPU must all match — and of the CPU model only where a library picks
/// its code at run time (OpenBLAS).
@Suite("Instruction counts: which runs compare")
struct CountsComparableTests {
    static let base = SyntheticRuns.machine(cpu: "CPU A")
    static var swiftOnly: MachineRecord {
        var record = base
        record.backends = record.backends.filter { $0.library == nil }
        return record
    }

    @Test(
        "the same build compares; another compiler, configuration or target CPU does not",
        arguments: ["compiler", "configuration", "target", "none"])
    func buildMustMatch(_ change: String) {
        for baseline in [Self.base, Self.swiftOnly] {
            var current = baseline
            switch change {
            case "compiler": current.swiftCompiler = "Swift 6.4"
            case "configuration": current.buildConfiguration = "debug"
            case "target": current.targetCPU = "x86-64"
            default: break
            }
            #expect(Comparison.countsComparable(baseline, current) == (change == "none"), "\(change)")
        }
    }

    @Test("another CPU model compares for Swift-only backends, not with a run-time dispatching library")
    func cpuModelMattersOnlyForLibraries() {
        var otherCPU = Self.swiftOnly
        otherCPU.cpuModel = "CPU B"
        #expect(Comparison.countsComparable(Self.swiftOnly, otherCPU))
        var otherCPUWithLibrary = Self.base
        otherCPUWithLibrary.cpuModel = "CPU B"
        #expect(!Comparison.countsComparable(Self.base, otherCPUWithLibrary))
    }
}

/// Instructions per call and per element from the two collected regions,
/// worked by hand: (I(k₂) − I(k₁)) ÷ (k₂ − k₁), then ÷ N.
@Suite("Instruction counts: per call and per element")
struct InstructionArithmeticTests {
    @Test("set-up cancels: 1000 + 7·k instructions at k = 3 and 11 calls is 7 per call")
    func perCall() {
        // Region with k calls: 1000 of set-up plus 7 000 per call of N = 1000.
        let entry = InstructionCountEntry(
            kernel: .add, backend: "simd", size: 1000,
            regionInstructions: [1000 + 3 * 7000, 1000 + 11 * 7000], callsPerRegion: [3, 11])
        #expect(entry.instructionsPerCall == 7000)
        #expect(entry.instructionsPerElement == 7)
    }

    @Test("a region that counted fewer instructions than the smaller one gives a negative figure, not a wrapped one")
    func negativeDifference() {
        let entry = InstructionCountEntry(
            kernel: .scale, backend: "naive", size: 10, regionInstructions: [5000, 4000], callsPerRegion: [1, 5])
        #expect(entry.instructionsPerCall == -250)
    }
}
