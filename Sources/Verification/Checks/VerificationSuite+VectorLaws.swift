import VectorKernels

// The vector-arithmetic laws of Guides/VectorLaws.md for every vector type and length
// policy. The truncating policy's documented violations are findings, listed
// with a counterexample; any other violation is a failure.

/// Checks the `VectorArithmetic` laws for a vector type — SpringBench's own or
/// yours — on values from a generator you choose.
///
/// The laws and their tolerances are those of `Guides/VectorLaws.md`: exact
/// where the arithmetic is exact, within the floating-point bounds of
/// `Guides/ErrorBounds.md` otherwise. Use it from a Swift Testing test:
///
/// ```swift
/// @Test func myVectorObeysTheLaws() {
///     let checker = VectorLawChecker<MyVector>(
///         name: "MyVector", make: { MyVector($0) }, elements: { $0.values })
///     let failures = checker.check().filter { $0.verdict == .fails }
///     #expect(failures.isEmpty, "\(failures.map(\.summary))")
/// }
/// ```
///
/// Each law gives one ``VerificationCheck`` named `laws.<name>.<law>` (for
/// example `laws.MyVector.zero-identity`), with its worst case.
public struct VectorLawChecker<V: VectorArithmetic> {
    /// The type's name in check names.
    public var name: String
    /// Builds a vector from its elements (an empty array must give an empty vector).
    public var make: ([Double]) -> V
    /// Reads a vector's elements back, in order.
    public var elements: (V) -> [Double]
    /// (count of v, count of w) pairs to try. Give only equal pairs for types
    /// whose lengths must match.
    public var lengths: [(Int, Int)]
    /// Seeds of the generator: each seed is one more set of cases.
    public var seeds: [UInt64]
    /// The element values: `values(count, seed)`. By default moderate
    /// magnitudes (2⁻²⁰⁰…2²⁰⁰, signed zeros), where the bounds are informative.
    public var values: (_ count: Int, _ seed: UInt64) -> [Double]
    /// Laws this type is documented to break (by ``VectorLaw`` raw value):
    /// their violations are findings, not failures.
    public var expectedViolations: Set<String>

    /// Lengths that exercise every tail and mismatch: equal, unequal both
    /// ways, empty on either side.
    public static var defaultLengths: [(Int, Int)] {
        [(0, 0), (1, 1), (3, 3), (17, 17), (5, 3), (3, 5), (0, 4), (4, 0), (100, 37), (1, 9)]
    }

    public init(
        name: String, lengths: [(Int, Int)] = defaultLengths, seeds: [UInt64] = [1, 2],
        values: @escaping (_ count: Int, _ seed: UInt64) -> [Double] = {
            VerificationInputs.moderate(count: $0, seed: $1)
        },
        expectedViolations: Set<String> = [],
        make: @escaping ([Double]) -> V, elements: @escaping (V) -> [Double]
    ) {
        self.name = name
        self.make = make
        self.elements = elements
        self.lengths = lengths
        self.seeds = seeds
        self.values = values
        self.expectedViolations = expectedViolations
    }
}

/// The laws of `VectorArithmetic`, by the short name used in check names.
public enum VectorLaw: String, CaseIterable, Sendable {
    case zeroIdentity = "zero-identity"
    case selfDifference = "self-difference"
    case subtractThenAdd = "subtract-then-add"
    case plusAgreesWithCompound = "plus-agrees-with-plus-equals"
    case minusAgreesWithCompound = "minus-agrees-with-minus-equals"
    case scaleByOne = "scale-by-one"
    case scaleByZero = "scale-by-zero"
    case scaleDistributes = "scale-distributes"
    case magnitudeIsDotProduct = "magnitude-squared-is-dot-product"
    case magnitudeZeroOnlyForZeros = "magnitude-squared-zero-only-for-zeros"
    case valueSemantics = "value-semantics"
    case assignCopies = "assign-copies"
    case linearCombinationAgrees = "linear-combination-agrees-with-sequence"

    /// What the law states.
    public var property: String {
        switch self {
        case .zeroIdentity: return "v + .zero == v and .zero + v == v"
        case .selfDifference: return "v − v == .zero, every element 0"
        case .subtractThenAdd: return "(v − w) + w ≈ v elementwise (missing elements count as 0)"
        case .plusAgreesWithCompound: return "a + b == (a += b)"
        case .minusAgreesWithCompound: return "a − b == (a −= b)"
        case .scaleByOne: return "v.scaled(by: 1) == v"
        case .scaleByZero: return "v.scaled(by: 0) has only zeros"
        case .scaleDistributes: return "(v + w)·s ≈ v·s + w·s elementwise"
        case .magnitudeIsDotProduct: return "magnitudeSquared ≥ 0 and equals Σvᵢ² within Higham's bound"
        case .magnitudeZeroOnlyForZeros: return "magnitudeSquared > 0 for a vector with a nonzero element"
        case .valueSemantics: return "var b = a; b.scale(by: 2); b += w leaves a unchanged"
        case .assignCopies:
            return
                "var c = w; c.assign(from: v) gives v's elements and leaves w unchanged; mutating c then leaves v unchanged"
        case .linearCombinationAgrees:
            return
                "formLinearCombination(base:terms:weights:factor:) == its term-by-term sequence, with and without a base"
        }
    }

    /// The tolerance and where it comes from.
    public var toleranceSource: String {
        switch self {
        case .subtractThenAdd: return "two roundings: |Δ| ≤ 2u·(|vᵢ| + |wᵢ|) + 2η (Guides/ErrorBounds.md)"
        case .scaleDistributes:
            return "each side within 2u·|s|·(|vᵢ| + |wᵢ|) of s·(vᵢ + wᵢ): |Δ| ≤ 5u·|s|·(|vᵢ| + |wᵢ|) + 4η"
        case .magnitudeIsDotProduct:
            return "γ(N)·Σvᵢ² + N·η (Higham §3.1, Guides/ErrorBounds.md), exact value in Float80"
        default: return "exact (Guides/VectorLaws.md: the arithmetic is exact here)"
        }
    }
}

extension VerificationSuite {
    static let truncatingViolations: Set<String> = [
        VectorLaw.zeroIdentity.rawValue, VectorLaw.selfDifference.rawValue, VectorLaw.subtractThenAdd.rawValue,
        VectorLaw.plusAgreesWithCompound.rawValue, VectorLaw.minusAgreesWithCompound.rawValue,
    ]

    var lawLengths: [(Int, Int)] {
        var lengths = VectorLawChecker<Double>.defaultLengths
        if thorough { lengths += [(1000, 1000), (1023, 1025), (64, 1)] }
        return lengths
    }

    func vectorLawChecks() -> [VerificationCheck] {
        var checks = lawChecks(
            VectorLawChecker<Double>(
                name: "Double", lengths: [(1, 1)], make: { $0.first ?? 0 }, elements: { [$0] }))
        for backend in backends {
            checks += lawChecks(backend, ZeroExtending.self)
            checks += lawChecks(backend, Truncating.self)
            checks += pairLawChecks(backend)
        }
        if #available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *) {
            checks += inlineLawChecks(InlinePointVector<1>.self)
            checks += inlineLawChecks(InlinePointVector<17>.self)
            checks += inlineLawChecks(InlinePointVector<256>.self)
        }
        return checks
    }

    /// The inline vector's laws at its one length (the count is its type's).
    @available(macOS 26.0, iOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0, *)
    func inlineLawChecks<let N: Int>(_: InlinePointVector<N>.Type) -> [VerificationCheck] {
        lawChecks(
            VectorLawChecker<InlinePointVector<N>>(
                name: "InlinePointVector<\(N)>", lengths: [(N, N)],
                make: { InlinePointVector<N>($0) }, elements: { $0.elements }))
    }

    func lawChecks<B: KernelBackend, P: LengthPolicy>(_: B.Type, _: P.Type) -> [VerificationCheck] {
        lawChecks(
            VectorLawChecker<PointVector<B, P>>(
                name: "PointVector<\(B.name),\(P.name)>", lengths: lawLengths,
                expectedViolations: P.rule == .truncating ? Self.truncatingViolations : [],
                make: { PointVector($0) }, elements: { $0.elements }))
    }

    func pairLawChecks<B: KernelBackend>(_: B.Type) -> [VerificationCheck] {
        typealias V = PointVector<B, ZeroExtending>
        return lawChecks(
            VectorLawChecker<AnimatablePair<V, V>>(
                name: "AnimatablePair<PointVector<\(B.name),zero-extending>>",
                lengths: lawLengths.filter { $0.0 == $0.1 },
                make: { values in
                    let half = values.count / 2
                    return AnimatablePair(V(values[..<half]), V(values[half...]))
                },
                elements: { $0.first.elements + $0.second.elements }))
    }

    var lawSeeds: [UInt64] { thorough ? Array(1...8) : [1, 2] }

    func lawChecks<V: VectorArithmetic>(_ checker: VectorLawChecker<V>) -> [VerificationCheck] {
        var checker = checker
        checker.seeds = lawSeeds
        return checker.check()
    }
}

extension VectorLawChecker {
    /// Runs every law on every length pair and seed; one check per law.
    public func check() -> [VerificationCheck] {
        let subject = self
        var recorders: [VectorLaw: CheckRecorder] = [:]
        for law in VectorLaw.allCases {
            recorders[law] = CheckRecorder(
                "laws.\(name).\(law.rawValue)", .vectorLaws, property: law.property,
                toleranceSource: law.toleranceSource)
        }
        let u = ErrorBounds.u
        let eta = ErrorBounds.eta
        for (n, m) in subject.lengths {
            for seed in seeds {
                let a = values(n, seed &* 1009 &+ UInt64(n))
                let b = values(m, seed &* 2003 &+ UInt64(m) &+ 7)
                let v = subject.make(a)
                let w = subject.make(b)
                let ev = subject.elements(v)
                let ew = subject.elements(w)
                let shape = "v = \(listText(ev)), w = \(listText(ew))"

                let vPlusZero = v + .zero
                let zeroPlusV = .zero + v
                recorders[.zeroIdentity]!.record(
                    violated: vPlusZero != v || zeroPlusV != v,
                    "v = \(listText(ev)): v + .zero = \(listText(subject.elements(vPlusZero))), .zero + v = \(listText(subject.elements(zeroPlusV)))"
                )

                let difference = v - v
                let differenceElements = subject.elements(difference)
                recorders[.selfDifference]!.record(
                    violated: difference != .zero || differenceElements.contains { $0 != 0 },
                    "v = \(listText(ev)): v − v = \(listText(differenceElements)), .zero = \(listText(subject.elements(.zero)))"
                )

                let roundTrip = subject.elements((v - w) + w)
                var worst = (excess: 0.0, error: 0.0, bound: 1.0, index: -1)
                for i in 0..<max(roundTrip.count, ev.count) {
                    let got = i < roundTrip.count ? roundTrip[i] : 0
                    let want = i < ev.count ? ev[i] : 0
                    let other = i < ew.count ? ew[i] : 0
                    let error = abs(got - want)
                    let bound = 2 * u * (abs(want) + abs(other)) + 2 * eta
                    let excess = CheckRecorder.excess(error, tolerance: bound)
                    if excess > worst.excess || worst.index < 0 { worst = (excess, error, bound, i) }
                }
                if worst.index >= 0 {
                    recorders[.subtractThenAdd]!.record(
                        worst.error, tolerance: worst.bound,
                        "\(shape): (v − w) + w = \(listText(roundTrip)); element \(worst.index) off by \(worst.error)")
                }

                var sum = v
                sum += w
                let plus = v + w
                recorders[.plusAgreesWithCompound]!.record(
                    violated: sum != plus,
                    "\(shape): v + w = \(listText(subject.elements(plus))), v += w gives \(listText(subject.elements(sum)))"
                )
                var remainder = v
                remainder -= w
                let minus = v - w
                recorders[.minusAgreesWithCompound]!.record(
                    violated: remainder != minus,
                    "\(shape): v − w = \(listText(subject.elements(minus))), v −= w gives \(listText(subject.elements(remainder)))"
                )

                recorders[.scaleByOne]!.record(violated: v.scaled(by: 1) != v, "v = \(listText(ev))")
                let zeros = subject.elements(v.scaled(by: 0))
                recorders[.scaleByZero]!.record(
                    violated: zeros.contains { $0 != 0 }, "v = \(listText(ev)): \(listText(zeros))")

                let factor = VerificationInputs.factor(seed: seed &+ UInt64(n))
                let left = subject.elements((v + w).scaled(by: factor))
                let right = subject.elements(v.scaled(by: factor) + w.scaled(by: factor))
                if left.count != right.count {
                    recorders[.scaleDistributes]!.record(
                        .infinity, tolerance: 0, "\(shape) s=\(factor): \(left.count) vs \(right.count) elements")
                } else {
                    var worstScale = (excess: 0.0, error: 0.0, bound: 1.0, index: -1)
                    for i in 0..<left.count {
                        let vi = i < ev.count ? ev[i] : 0
                        let wi = i < ew.count ? ew[i] : 0
                        let error = abs(left[i] - right[i])
                        let bound = 5 * u * abs(factor) * (abs(vi) + abs(wi)) + 4 * eta
                        let excess = CheckRecorder.excess(error, tolerance: bound)
                        if excess > worstScale.excess || worstScale.index < 0 { worstScale = (excess, error, bound, i) }
                    }
                    if worstScale.index >= 0 {
                        recorders[.scaleDistributes]!.record(
                            worstScale.error, tolerance: worstScale.bound,
                            "\(shape) s=\(factor): element \(worstScale.index) \(left[worstScale.index]) vs \(right[worstScale.index])"
                        )
                    }
                }

                let magnitude = v.magnitudeSquared
                let (error, bound) = ErrorBounds.sumOfSquares(ev, result: magnitude)
                recorders[.magnitudeIsDotProduct]!.record(
                    magnitude < 0 ? .infinity : error, tolerance: bound,
                    "v = \(listText(ev)): magnitudeSquared \(magnitude)")

                if n > 0 {
                    let nonzero = subject.make(VerificationInputs.nonzero(count: n, seed: seed &+ 99))
                    recorders[.magnitudeZeroOnlyForZeros]!.record(
                        violated: !(nonzero.magnitudeSquared > 0),
                        "v = \(listText(subject.elements(nonzero))): magnitudeSquared \(nonzero.magnitudeSquared)")
                }

                var copy = v
                copy.scale(by: 2)
                copy += w
                let after = subject.elements(v)
                recorders[.valueSemantics]!.record(
                    violated: after.count != ev.count || zip(after, ev).contains { !ErrorBounds.identical($0, $1) },
                    "v = \(listText(ev)) became \(listText(after)) after mutating a copy")

                // `assigned` starts as a copy of w: assign must not write into
                // storage w still uses, and must leave none shared with v.
                var assigned = w
                assigned.assign(from: v)
                let assignedElements = subject.elements(assigned)
                let wAfterAssign = subject.elements(w)
                assigned.scale(by: 2)
                let vAfterAssign = subject.elements(v)
                func same(_ x: [Double], _ y: [Double]) -> Bool {
                    x.count == y.count && !zip(x, y).contains { !ErrorBounds.identical($0, $1) }
                }
                recorders[.assignCopies]!.record(
                    violated: !same(assignedElements, ev) || !same(wAfterAssign, ew) || !same(vAfterAssign, ev),
                    "\(shape): assign gave \(listText(assignedElements)); w became \(listText(wAfterAssign)), then v \(listText(vAfterAssign))"
                )

                // Zero weights are skipped; the factor is not a power of two.
                let terms = [w, v, w], weights = [factor, 0, -0.75]
                for base in [v, nil] {
                    var fused = w
                    fused.formLinearCombination(base: base, terms: terms, weights: weights, factor: 0.3)
                    var sequence = v
                    sequence.formLinearCombinationTermByTerm(base: base, terms: terms, weights: weights, factor: 0.3)
                    let (f, q) = (subject.elements(fused), subject.elements(sequence))
                    recorders[.linearCombinationAgrees]!.record(
                        violated: f.count != q.count || zip(f, q).contains { !ErrorBounds.identical($0, $1) },
                        "\(shape), base \(base == nil ? "none" : "v"): \(listText(f)) against \(listText(q))")
                }
            }
        }
        return VectorLaw.allCases.map { law in
            recorders[law]!.finish(violationExpected: subject.expectedViolations.contains(law.rawValue))
        }
    }
}
