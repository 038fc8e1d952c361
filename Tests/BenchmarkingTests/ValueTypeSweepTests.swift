import Benchmarking
import Foundation
import Testing
import VectorKernels
import _ResultsTestSupport
import _TestSupport

/// The value sweep (issue 41): every subject computes the operation it is named after, the cells
/// come in (operation, size, subject) order with the allocations each kind of value must make,
/// and the comparison's ratios and bars are what per-round arithmetic gives.
@Suite("The value-type sweep and its comparison")
struct ValueTypeSweepTests {
    static let swiftSubjects: [ValueSubject] = [.inline, .pointVector, .arrayStruct]

    /// The operation by plain loops in the test: the oracle.
    static func expected(_ operation: ValueOperation, _ operands: ValueOperands) -> [Double] {
        let a = operands.a
        let b = operands.b
        let s = operands.factor
        return a.indices.map { i in
            switch operation {
            case .addAllocating: return a[i] + b[i]
            case .subtractAllocating: return a[i] - b[i]
            case .scaleToNew: return a[i] * s
            case .frame: return a[i] + (b[i] - a[i]) * s
            }
        }
    }

    @Test(
        "every Swift subject gives the operation's values bit for bit (one rounding per IEEE step, in order)",
        arguments: ValueOperation.allCases, ValueTypeSweep.supportedSizes)
    func swiftSubjectsCompute(_ operation: ValueOperation, size: Int) throws {
        let operands = ValueOperands(size: size, seed: 41)
        let expected = Self.expected(operation, operands)
        for subject in Self.swiftSubjects {
            let result = try #require(operands.result(operation, subject: subject), "\(subject)")
            #expect(result == expected, "\(subject) \(operation) at \(size)")
        }
    }

    /// C compiles with contraction on, so its frame may fuse `(b − a)·t + a` into one rounding:
    /// the two differ by at most the rounding of the product and of the sum, each ≤ 2⁻⁵³ of its
    /// magnitude (|a| + |b − a|·t bounds both); the other operations are one IEEE step, exact.
    @Test("C's loop into a buffer computes the same operation", arguments: ValueOperation.allCases)
    func cComputes(_ operation: ValueOperation) throws {
        let operands = ValueOperands(size: 256, seed: 7)
        let expected = Self.expected(operation, operands)
        let result = try #require(operands.result(operation, subject: .cBuffer))
        for i in expected.indices {
            let scale = abs(operands.a[i]) + abs(operands.b[i] - operands.a[i]) * operands.factor
            let bound = operation == .frame ? 2 * 0x1p-53 * scale : 0
            #expect(
                abs(result[i] - expected[i]) <= bound,
                "\(operation) at \(i): \(result[i]) vs \(expected[i])")
        }
    }

    @Test(
        "the sweep's cells: (operation, size, subject) order, positive samples, the allocations each kind makes"
    )
    func sweepCells() throws {
        try #require(AllocationCounter.isActive)
        var policy = TimingPolicy.quick
        policy.samples = 3
        policy.minimumSampleNanoseconds = 20_000
        policy.warmupNanoseconds = 20_000
        let sizes = [16, 256]
        let cells = ValueTypeSweep(
            sizes: [256, 16], seed: 3,
            sampler: InterleavedSampler(policy: policy, countAllocations: AllocationCounter.count)
        ).run()
        let order = ValueOperation.allCases.flatMap { operation in
            sizes.flatMap { size in
                ValueSubject.available.map { "\(operation.rawValue).\($0.rawValue).\(size)" }
            }
        }
        #expect(cells.map(\.uniqueKey) == order)
        // Each operation's cells time that operation: the [Double] struct's frame makes three
        // arrays ((to − from), its scaled copy, the sum) where a + b makes one, so it allocates
        // more in any build (3 against 1 optimised; the debug build's unspecialised map adds
        // allocations per element to both).
        for size in sizes {
            func arrayAllocations(_ operation: ValueOperation) -> Double? {
                cells.first { $0.operation == operation && $0.subject == .arrayStruct && $0.size == size }?
                    .allocationsPerOperation
            }
            let add = try #require(arrayAllocations(.addAllocating))
            let frame = try #require(arrayAllocations(.frame))
            #expect(add >= 1 && frame > add, "[Double] struct at \(size): a + b \(add), frame \(frame) allocations")
        }
        for cell in cells {
            #expect(cell.samples.count == 3 && cell.samples.allSatisfy { $0 > 0 }, "\(cell.uniqueKey)")
            let allocations = try #require(cell.allocationsPerOperation, "\(cell.uniqueKey)")
            switch cell.subject {
            case .inline, .cBuffer:
                #expect(allocations == 0, "\(cell.uniqueKey) allocated \(allocations) per call")
            case .pointVector, .arrayStruct, .cMalloc:
                #expect(
                    allocations >= 1,
                    "\(cell.uniqueKey): a new heap value must allocate, counted \(allocations)")
            }
        }
    }

    static func measurement(
        _ operation: ValueOperation, _ subject: ValueSubject, _ size: Int, _ samples: [Double],
        allocations: Double? = 0
    ) -> ValueTypeMeasurement {
        ValueTypeMeasurement(
            operation: operation, subject: subject, size: size, iterationsPerSample: 1, samples: samples,
            summary: SampleStatistics.summarize(samples, seed: 1), allocationsPerOperation: allocations)
    }

    @Test("ratios are medians of per-round ratios; rows in (operation, size) order")
    func comparisonRatios() throws {
        // Round 2 is slow for every subject (the machine's mood): per-round ratios cancel it,
        // a ratio of medians would not (medians 10 and 30 → 0.333…; per round 0.5, 0.5, 0.5 → 0.5).
        let inline = [5.0, 10, 50]
        let malloc = [10.0, 20, 100]
        let buffer = [40.0, 4, 30]
        let measurements = [
            Self.measurement(.frame, .inline, 16, [1, 1, 1]),
            Self.measurement(.addAllocating, .cBuffer, 256, buffer),
            Self.measurement(.addAllocating, .inline, 256, inline),
            Self.measurement(.addAllocating, .cMalloc, 256, malloc, allocations: 1),
            Self.measurement(.addAllocating, .inline, 16, [1, 1, 1]),
        ]
        let comparison = ValueTypeComparison(measurements, seed: 5)
        #expect(
            comparison.rows.map { "\($0.operation.rawValue).\($0.size)" } == [
                "add-alloc.16", "add-alloc.256", "frame.16",
            ])
        let row = try #require(comparison.row(.addAllocating, size: 256))
        #expect(row.cells.map(\.subject) == [.inline, .cMalloc, .cBuffer])
        let cell = try #require(row[.inline])
        #expect(cell.toMalloc?.median == 0.5)
        // Per round: 5/40, 10/4, 50/30 → median 5/3 (pairing the sorted samples would give
        // 5/4, 10/30, 50/40 → 1.25; the ratio of medians 10/30).
        #expect(cell.toBuffer?.median == 50.0 / 30)
        #expect(cell.nanosecondsPerCall == 10)
        #expect(comparison.row(.addAllocating, size: 16)?[.inline]?.toMalloc == nil)
        // Cells not sampled in the same rounds (different counts) get no ratio.
        let unpaired = ValueTypeComparison(
            [
                Self.measurement(.scaleToNew, .inline, 64, [1, 2, 3]),
                Self.measurement(.scaleToNew, .cMalloc, 64, [2, 4, 6, 8], allocations: 1),
            ], seed: 5)
        #expect(unpaired.row(.scaleToNew, size: 64)?[.inline]?.toMalloc == nil)
        #expect(unpaired.row(.scaleToNew, size: 64)?[.inline]?.nanosecondsPerCall == 2)
    }

    @Test("bench's default sizes span issue 41's animation range, 16 to 256 points, all compiled for")
    func defaultSizes() {
        let sizes = ValueTypeSweep.defaultSizes
        #expect(sizes.min() == 16 && sizes.max() == 256, "\(sizes)")
        #expect(
            sizes.allSatisfy(ValueTypeSweep.supportedSizes.contains) && Set(sizes).count == sizes.count)
    }

    @Test("issue 41's bars: each met exactly at its bound and missed just past it")
    func bars() throws {
        func comparison(
            inlineToMalloc16: Double, inlineToMalloc256: Double, frameLead: Double, pointVector256: Double
        )
            -> ValueTypeComparison
        {
            var measurements: [ValueTypeMeasurement] = []
            for (size, toMalloc) in [(16, inlineToMalloc16), (256, inlineToMalloc256)] {
                measurements += [
                    Self.measurement(.addAllocating, .cMalloc, size, [100, 100, 100], allocations: 1),
                    Self.measurement(
                        .addAllocating, .cBuffer, size, [100 * toMalloc / 1.1].map { [$0, $0, $0] }[0]),
                    Self.measurement(
                        .addAllocating, .inline, size, [100 * toMalloc].map { [$0, $0, $0] }[0]),
                    Self.measurement(
                        .addAllocating, .pointVector, size, [100 * pointVector256].map { [$0, $0, $0] }[0]),
                    Self.measurement(.frame, .inline, size, [10, 10, 10]),
                    Self.measurement(
                        .frame, .arrayStruct, size, [10 * frameLead].map { [$0, $0, $0] }[0], allocations: 3),
                ]
            }
            return ValueTypeComparison(measurements, seed: 1)
        }
        let atBounds = comparison(
            inlineToMalloc16: 0.5, inlineToMalloc256: 0.8, frameLead: 3, pointVector256: 1)
        #expect(atBounds.bars.count == 7)
        #expect(atBounds.bars.allSatisfy { $0.met }, "\(atBounds.bars.filter { !$0.met })")
        let past = comparison(
            inlineToMalloc16: 0.51, inlineToMalloc256: 0.81, frameLead: 2.9, pointVector256: 1.01)
        #expect(past.bars.filter { !$0.met }.map(\.statement).count == 4)
        #expect(
            past.bars.filter(\.met).allSatisfy {
                $0.statement.contains("1.1×") || $0.statement.contains("nothing")
            })
    }

    @Test("the frame bar holds at every size: its figure is the least lead, met only if that is ≥ 3×")
    func frameBarJudgesTheLeastLead() throws {
        // Seeded leads that differ by size (the bar's own example has one lead at every size, where
        // the least and the best are the same). The oracle is the inputs' minimum, not the code's.
        var generator = SplitMix64(seed: 41)
        let sizes = [16, 32, 64, 128, 256]
        for _ in 0..<40 {
            let leads = sizes.map { _ in Double.random(in: 1.5...6, using: &generator) }
            var measurements: [ValueTypeMeasurement] = []
            for (size, lead) in zip(sizes, leads) {
                measurements += [
                    Self.measurement(.frame, .inline, size, [10, 10, 10]),
                    Self.measurement(.frame, .arrayStruct, size, [10 * lead, 10 * lead, 10 * lead], allocations: 3),
                ]
            }
            let bars = ValueTypeComparison(measurements, seed: 1).bars
            let bar = try #require(bars.first { $0.statement.contains("a frame with InlinePointVector") })
            let least = try #require(leads.min())
            #expect(bar.statement.contains("at 16–256 points"), "\(bar.statement)")
            #expect(bar.measured == String(format: "%.2f× at the least", least), "\(leads)")
            #expect(bar.met == (least >= 3), "\(leads)")
        }
    }

    @Test("the allocation bar holds in every cell: its figure is the most any inline cell counted")
    func allocationBarJudgesTheMost() throws {
        // Seeded counts per cell, most of them 0 (the bar's own example has 0 everywhere, where the
        // least and the most are the same). The oracle is the inputs' maximum.
        var generator = SplitMix64(seed: 47)
        let cells = ValueOperation.allCases.flatMap { operation in [16, 64, 256].map { (operation, $0) } }
        for _ in 0..<40 {
            let counts = cells.map { _ in Double.random(in: 0..<1, using: &generator) < 0.7 ? 0 : 1.0 }
            let measurements = zip(cells, counts).map { cell, count in
                Self.measurement(cell.0, .inline, cell.1, [10, 10, 10], allocations: count)
            }
            let bars = ValueTypeComparison(measurements, seed: 1).bars
            let bar = try #require(bars.first { $0.statement == "InlinePointVector allocates nothing" })
            let most = try #require(counts.max())
            #expect(bar.met == (most == 0), "\(counts)")
            #expect(bar.measured == "\(most == 0 ? "0" : "1") allocations per call at the most", "\(counts)")
        }
    }

    @Test("the value sweep times as the kernels do: samples, sample length, warm-up and clock, no target")
    func valueTimingIsTheKernels() {
        var generator = SplitMix64(seed: 43)
        for _ in 0..<50 {
            var plan = BenchmarkPlan.quick(backends: ["naive"])
            plan.timing = TimingPolicy(
                samples: Int.random(in: 1...60, using: &generator),
                minimumSampleNanoseconds: Double.random(in: 1e3...5e6, using: &generator),
                warmupNanoseconds: Double.random(in: 0...5e6, using: &generator),
                clock: SampleClock.allCases.randomElement(using: &generator)!)
            plan.timing.targetPrecision = Bool.random(using: &generator) ? 0.01 : nil
            let timing = plan.valueTypeTiming
            #expect(timing.samples == plan.timing.samples)
            #expect(timing.minimumSampleNanoseconds == plan.timing.minimumSampleNanoseconds)
            #expect(timing.warmupNanoseconds == plan.timing.warmupNanoseconds)
            #expect(timing.clock == plan.timing.clock)
            #expect(timing.targetPrecision == nil)
        }
    }

    @Test("the plan: value sizes must be ones the inline type is compiled for, each once")
    func planValidation() throws {
        let catalogue = BackendCatalogue.builtIn
        var plan = BenchmarkPlan.quick(backends: ["simd"])
        #expect(plan.valueTypeSizes == ValueTypeSweep.defaultSizes)
        #expect(BenchmarkPlan.gate(backends: ["simd"]).valueTypeSizes.isEmpty)
        plan.valueTypeSizes = [256, 16]
        let validated = try plan.validated(against: catalogue)
        #expect(validated.valueTypeSizes == [16, 256])
        plan.valueTypeSizes = [16, 17]
        let error = #expect(throws: BenchmarkPlanError.self) { try plan.validated(against: catalogue) }
        #expect(error?.parameter == .valueTypeSizes)
        #expect(
            error?.description.contains("17 is not one of 16, 32, 64, 128, 256") == true,
            "\(String(describing: error))"
        )
        plan.valueTypeSizes = [64, 64]
        let repeated = #expect(throws: BenchmarkPlanError.self) {
            try plan.validated(against: catalogue)
        }
        #expect(repeated?.description == "--value-type-sizes: 64 appears more than once")
    }
}
