import ODEReference
import Testing
import VectorKernels
import Verification

/// Every check of the verification suite can fail: each one is fed an input
/// broken in exactly the property it guards, and must fail — and only it, so a
/// check that compared the wrong thing (the fault's own output on both sides,
/// a shorter prefix) is caught too.

/// Which kernel a ``KernelFaultBackend`` gets wrong.
protocol KernelFault { static var kernel: String { get } }
enum AddFault: KernelFault { static let kernel = "add" }
enum SubtractFault: KernelFault { static let kernel = "subtract" }
enum AddInPlaceFault: KernelFault { static let kernel = "add-in-place" }
enum SubtractInPlaceFault: KernelFault { static let kernel = "subtract-in-place" }
enum ScaleFault: KernelFault { static let kernel = "scale" }
enum AXPYFault: KernelFault { static let kernel = "axpy" }
enum SquaresFault: KernelFault { static let kernel = "magnitude-squared" }

/// NaiveBackend, except that kernel `F` gets its last element (or its sum)
/// slightly wrong: one ulp for the exact kernels, 1e-9 relative for the
/// bounded ones (far past u·|αx| + u·|y| and γ(N)·Σa² for these sizes).
enum KernelFaultBackend<F: KernelFault>: KernelBackend {
    static var name: String { "fault-\(F.kernel)" }
    static var details: BackendDetails {
        BackendDetails(
            name: name, summary: "naive with a wrong \(F.kernel)", simdWidth: nil,
            library: nil, core: nil, threads: 1, fusedAXPY: false)
    }
    static func spoil(_ p: UnsafeMutablePointer<Double>, _ count: Int, _ kernel: String) {
        guard F.kernel == kernel, count > 0 else { return }
        p[count - 1] = p[count - 1].isFinite ? p[count - 1].nextUp : 1
    }
    static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        NaiveBackend.uncheckedAdd(a, b, into: c, count: count)
        spoil(c, count, "add")
    }
    static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        NaiveBackend.uncheckedSubtract(a, b, into: c, count: count)
        spoil(c, count, "subtract")
    }
    static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        NaiveBackend.uncheckedAddInPlace(a, b, count: count)
        spoil(a, count, "add-in-place")
    }
    static func uncheckedSubtractInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        NaiveBackend.uncheckedSubtractInPlace(a, b, count: count)
        spoil(a, count, "subtract-in-place")
    }
    static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        NaiveBackend.uncheckedScale(a, by: factor, count: count)
        spoil(a, count, "scale")
    }
    static func uncheckedAXPY(alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) {
        NaiveBackend.uncheckedAXPY(alpha: alpha, x: x, y: y, count: count)
        if F.kernel == "axpy", count > 0 { y[count - 1] += 1e-9 * (abs(y[count - 1]) + 1) }
    }
    static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        let sum = NaiveBackend.uncheckedMagnitudeSquared(a, count: count)
        return F.kernel == "magnitude-squared" ? sum * (1 + 1e-9) + 1e-300 : sum
    }
}

@Suite("Every check can fail, and fails alone")
struct CheckPowerTests {
    static let kernels = ["add", "subtract", "add-in-place", "subtract-in-place", "scale", "axpy", "magnitude-squared"]

    static func verdicts<F: KernelFault>(_: F.Type) -> [String: Verdict] {
        let checks = BackendAgreementChecker(KernelFaultBackend<F>.self, sizes: [1, 5, 16, 33], seeds: [1]).check()
        return Dictionary(uniqueKeysWithValues: checks.map { ($0.name, $0.verdict) })
    }

    @Test("a backend wrong in one kernel fails that kernel's check and no other", arguments: kernels)
    func kernelFaultIsIsolated(_ kernel: String) {
        let verdicts: [String: Verdict]
        switch kernel {
        case "add": verdicts = Self.verdicts(AddFault.self)
        case "subtract": verdicts = Self.verdicts(SubtractFault.self)
        case "add-in-place": verdicts = Self.verdicts(AddInPlaceFault.self)
        case "subtract-in-place": verdicts = Self.verdicts(SubtractInPlaceFault.self)
        case "scale": verdicts = Self.verdicts(ScaleFault.self)
        case "axpy": verdicts = Self.verdicts(AXPYFault.self)
        default: verdicts = Self.verdicts(SquaresFault.self)
        }
        #expect(verdicts.count == Self.kernels.count)
        for other in Self.kernels {
            let verdict = verdicts["backend.fault-\(kernel).\(other)"]
            #expect(
                verdict == (other == kernel ? .fails : .holds),
                "fault in \(kernel): \(other) \(String(describing: verdict))")
        }
    }

    @Test("a truncating vector type fails subtract-then-add where v is longer than w")
    func truncationFailsTheRoundTrip() {
        typealias V = PointVector<NaiveBackend, Truncating>
        let checker = VectorLawChecker<V>(
            name: "truncating", lengths: [(5, 3)], seeds: [1],
            make: { V($0) }, elements: { $0.elements })
        let checks = Dictionary(uniqueKeysWithValues: checker.check().map { ($0.name, $0.verdict) })
        // (v − w) + w keeps only 3 of v's 5 elements: the last two are lost.
        #expect(checks["laws.truncating.subtract-then-add"] == .fails)
    }

    @Test("a pair that delivers one order less than it claims fails reference.order; the true claim holds")
    func orderOneShortFails() {
        func verdict(claiming order: Int) -> Verdict? {
            var pair = EmbeddedRungeKuttaPair.dormandPrince54
            pair.order = order
            pair.name = "DP5(4) claiming order \(order)"
            var suite = VerificationSuite(mode: .quick)
            suite.sections = [.referenceIntegrator]
            suite.referencePair = pair
            return suite.run().check(named: "reference.order")?.verdict
        }
        #expect(verdict(claiming: 5) == .holds)
        // An order drop of exactly one, the smallest a wrong coefficient causes.
        #expect(verdict(claiming: 6) == .fails)
        #expect(verdict(claiming: 4) == .fails)
    }
}

/// Which in-place override of ``FaultyInPlace`` is broken.
protocol InPlaceFault { static var name: String { get } }
enum NoInPlaceFault: InPlaceFault { static let name = "none" }
/// `assign(from:)` writes into the storage even when a copy still uses it.
enum AssignWritesSharedStorage: InPlaceFault { static let name = "assign-shared" }
/// `formLinearCombination` drops the last weighted term.
enum CombinationDropsLastTerm: InPlaceFault { static let name = "combination-short" }

/// A zero-extending copy-on-write vector of its own storage, correct in every
/// requirement except the in-place override `Fault` names.
struct FaultyInPlace<Fault: InPlaceFault>: VectorArithmetic {
    final class Box {
        var values: [Double]
        init(_ values: [Double]) { self.values = values }
    }
    var box: Box

    init(_ values: [Double]) { box = Box(values) }
    var values: [Double] { box.values }

    static var zero: Self { Self([]) }
    static func == (a: Self, b: Self) -> Bool {
        let n = max(a.values.count, b.values.count)
        return (0..<n).allSatisfy {
            (($0 < a.values.count) ? a.values[$0] : 0) == (($0 < b.values.count) ? b.values[$0] : 0)
        }
    }
    mutating func update(_ body: (inout [Double]) -> Void) {
        if !isKnownUniquelyReferenced(&box) { box = Box(box.values) }
        body(&box.values)
    }
    static func += (a: inout Self, b: Self) {
        a.update { v in
            if v.count < b.values.count { v += repeatElement(0, count: b.values.count - v.count) }
            for i in b.values.indices { v[i] += b.values[i] }
        }
    }
    static func -= (a: inout Self, b: Self) { a += b.scaled(by: -1) }
    static func + (a: Self, b: Self) -> Self {
        var c = a
        c += b
        return c
    }
    static func - (a: Self, b: Self) -> Self {
        var c = a
        c -= b
        return c
    }
    mutating func scale(by factor: Double) { update { v in for i in v.indices { v[i] *= factor } } }
    var magnitudeSquared: Double { values.reduce(0) { $0 + $1 * $1 } }

    mutating func assign(from other: Self) {
        if Fault.self == AssignWritesSharedStorage.self {
            box.values = other.values  // no uniqueness check
        } else {
            update { $0 = other.values }
        }
    }

    mutating func formLinearCombination(base: Self?, terms: [Self], weights: [Double], factor: Double) {
        guard Fault.self == CombinationDropsLastTerm.self, let last = weights.lastIndex(where: { $0 != 0 }) else {
            formLinearCombinationTermByTerm(base: base, terms: terms, weights: weights, factor: factor)
            return
        }
        var shortened = weights
        shortened[last] = 0
        formLinearCombinationTermByTerm(base: base, terms: terms, weights: shortened, factor: factor)
    }
}

extension CheckPowerTests {
    static func lawVerdicts<F: InPlaceFault>(_: F.Type) -> [String: Verdict] {
        let checker = VectorLawChecker<FaultyInPlace<F>>(
            name: F.name, seeds: [1, 2], make: { FaultyInPlace($0) }, elements: { $0.values })
        return Dictionary(uniqueKeysWithValues: checker.check().map { ($0.name, $0.verdict) })
    }

    @Test("a broken assign or linear-combination override fails its law and no other")
    func inPlaceFaultsAreIsolated() {
        let laws = VectorLaw.allCases.map(\.rawValue)
        let clean = Self.lawVerdicts(NoInPlaceFault.self)
        let assign = Self.lawVerdicts(AssignWritesSharedStorage.self)
        let combination = Self.lawVerdicts(CombinationDropsLastTerm.self)
        for law in laws {
            #expect(clean["laws.none.\(law)"] == .holds, "correct type: \(law)")
            #expect(
                assign["laws.assign-shared.\(law)"] == (law == VectorLaw.assignCopies.rawValue ? .fails : .holds),
                "assign fault: \(law)")
            #expect(
                combination["laws.combination-short.\(law)"]
                    == (law == VectorLaw.linearCombinationAgrees.rawValue ? .fails : .holds),
                "combination fault: \(law)")
        }
    }
}
