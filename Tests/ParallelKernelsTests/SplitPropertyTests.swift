import Foundation
import MachineFacts
import ParallelKernels
import Synchronization
import Testing
import VectorKernels

/// The tests that read or set the pool's process-wide state (thread count, thresholds, the
/// streaming threshold), one at a time and with nothing beside them: a thread count another test
/// sets must not change the part count one expects, and a cache size set here must not reach a
/// test of the machine facts in the same process. `Scripts/run-tests.py` runs each target in its
/// own process; `Scripts/mutants.py`, which runs several targets in one, runs `RunsAlone` suites
/// in a pass of their own with `--no-parallel` (as the tiers' RunsAlone, Tests/EndToEndTests/RunsAlone.swift).
enum RunsAlone {}

extension RunsAlone {
    @Suite(.serialized) enum PoolStateTests {}
}

/// The parallel backend's documented rules (its doc comment and Guides/MachineFacts.md, "The
/// parallel backend"), each checked against an oracle built from the rule itself, on seeded
/// random sizes: where a call is cut, how many parts it gets, the order Σa² adds them in, which
/// threshold decides whether it splits, and what a split call computes.
extension RunsAlone.PoolStateTests {
    @Suite("Parallel splits: parts, order, thresholds")
    struct SplitPropertyTests {
        /// The documented part count of a split call: four parts per thread, fewer when a part
        /// would be shorter than 4 Ki points, at least one per thread, and never more than the
        /// count's 8-point blocks.
        static func documentedParts(count: Int, threads: Int) -> Int {
            max(1, min(max(threads, min(threads * 4, count / 4096)), max(1, count / 8)))
        }

        static func values(_ count: Int, _ rng: inout SplitMix64) -> [Double] {
            // Magnitudes over six decades: sums that differ in order differ in their last bits.
            (0..<count).map { _ in
                Double.random(in: -1...1, using: &rng) * pow(10, Double(Int.random(in: -3...3, using: &rng)))
            }
        }

        @Test("a call is cut into contiguous parts in order, at multiples of 8, balanced, covering 0..<count")
        func partsCoverTheCall() {
            var cases = [(9, 2), (0, 1), (7, 3), (8, 8), (15, 4), (64, 64), (1000, 7)]
            var rng = SplitMix64(seed: 43)
            for _ in 0..<3000 {
                cases.append((Int.random(in: 0...300_000, using: &rng), Int.random(in: 1...64, using: &rng)))
            }
            for (count, parts) in cases {
                let blocks = (count + 7) / 8
                let widest = (blocks + parts - 1) / parts * 8
                var next = 0
                for part in 0..<parts {
                    let (start, length) = ParallelBackend.partRange(part: part, parts: parts, count: count)
                    #expect(
                        start == next && length >= 0 && length <= widest, "count \(count), part \(part) of \(parts)")
                    if part < parts - 1 { #expect(length % 8 == 0, "count \(count), part \(part) of \(parts)") }
                    // With at least one block per part, no part is empty.
                    if blocks >= parts { #expect(length > 0, "count \(count), part \(part) of \(parts)") }
                    next = start + length
                }
                #expect(next == count, "count \(count) in \(parts) parts ends at \(next)")
            }
        }

        @Test("Σa² of a split call adds each part's SIMD sum in part order, in the documented number of parts")
        func sumsInPartOrder() {
            let saved = ParallelBackend.threadCount
            defer { ParallelBackend.threadCount = saved }
            var rng = SplitMix64(seed: 4301)
            for threads in [1, 2, 3] {
                ParallelBackend.threadCount = threads
                for _ in 0..<12 {
                    let count = Int.random(in: 1...120_000, using: &rng)
                    let a = Self.values(count, &rng)
                    for parts in [nil, Int.random(in: 1...40, using: &rng)] {
                        let used =
                            parts.map { max(1, min($0, max(1, count / 8))) }
                            ?? Self.documentedParts(count: count, threads: threads)
                        let (split, oracle) = a.withUnsafeBufferPointer { a in
                            let base = a.baseAddress!
                            var sum = 0.0
                            for part in 0..<used {
                                let (start, length) = ParallelBackend.partRange(part: part, parts: used, count: count)
                                sum += SIMDBackend.uncheckedMagnitudeSquared(base + start, count: length)
                            }
                            let split = ParallelBackend.splitCall(
                                .magnitudeSquared, a: base, b: nil, c: nil, count: count, parts: parts)
                            return (split, sum)
                        }
                        #expect(
                            split.bitPattern == oracle.bitPattern,
                            "\(threads) threads, \(count) points, parts \(parts.map(String.init) ?? "default") (\(used))"
                        )
                    }
                }
            }
        }

        @Test("every split operation gives SIMD's bits, in any number of parts")
        func elementwiseIsSIMD() {
            var rng = SplitMix64(seed: 4302)
            for _ in 0..<40 {
                let count = Int.random(in: 1...40_000, using: &rng)
                let parts = Int.random(in: 1...16, using: &rng)
                let a = Self.values(count, &rng), b = Self.values(count, &rng)
                let factor = Double.random(in: -3...3, using: &rng)
                for operation in ParallelBackend.Operation.allCases where operation != .magnitudeSquared {
                    var split = a, simd = a
                    var out = [Double](repeating: .nan, count: count), expected = out
                    a.withUnsafeBufferPointer { a in
                        b.withUnsafeBufferPointer { b in
                            let a = a.baseAddress!, b = b.baseAddress!
                            split.withUnsafeMutableBufferPointer { s in
                                out.withUnsafeMutableBufferPointer { o in
                                    let s = s.baseAddress!, o = o.baseAddress!
                                    switch operation {
                                    case .add, .subtract:
                                        ParallelBackend.splitCall(
                                            operation, a: a, b: b, c: o, count: count, parts: parts)
                                    case .addInPlace, .subtractInPlace:
                                        ParallelBackend.splitCall(
                                            operation, a: UnsafePointer(s), b: b, c: s, count: count, parts: parts)
                                    case .scale:
                                        ParallelBackend.splitCall(
                                            operation, a: UnsafePointer(s), b: nil, c: s, factor: factor,
                                            count: count, parts: parts)
                                    case .axpy:
                                        ParallelBackend.splitCall(
                                            operation, a: b, b: nil, c: s, factor: factor, count: count, parts: parts)
                                    case .magnitudeSquared: break
                                    }
                                }
                            }
                            simd.withUnsafeMutableBufferPointer { s in
                                expected.withUnsafeMutableBufferPointer { o in
                                    let s = s.baseAddress!, o = o.baseAddress!
                                    switch operation {
                                    case .add: SIMDBackend.uncheckedAdd(a, b, into: o, count: count)
                                    case .subtract: SIMDBackend.uncheckedSubtract(a, b, into: o, count: count)
                                    case .addInPlace: SIMDBackend.uncheckedAddInPlace(s, b, count: count)
                                    case .subtractInPlace: SIMDBackend.uncheckedSubtractInPlace(s, b, count: count)
                                    case .scale: SIMDBackend.uncheckedScale(s, by: factor, count: count)
                                    case .axpy: SIMDBackend.uncheckedAXPY(alpha: factor, x: b, y: s, count: count)
                                    case .magnitudeSquared: break
                                    }
                                }
                            }
                        }
                    }
                    let same = zip(split + out, simd + expected).allSatisfy { $0.bitPattern == $1.bitPattern }
                    #expect(same, "\(operation) of \(count) points in \(parts) parts")
                }
            }
        }

        @Test(
            "streamed parts of add and subtract: the loop's bits at any length and alignment, nothing written outside")
        func streamedPartsAreTheLoops() {
            // A last-level cache of 64 points' operands: every split add and subtract from 65 points streams
            // its parts through the C kernels (results are the same bits at any cache size).
            MachineTuning.apply()  // once per process: it must not overwrite the size set below later
            let saved = SIMDBackend.lastLevelCacheBytes
            SIMDBackend.lastLevelCacheBytes = 24 * 64
            defer { SIMDBackend.lastLevelCacheBytes = saved }
            #expect(SIMDBackend.streamingThreshold == 65, "split calls of 65 points and more stream")
            var rng = SplitMix64(seed: 4304)
            let sentinel = Double(bitPattern: 0x7FF8_DEAD_BEEF_0001)
            for _ in 0..<400 {
                // Short counts in many parts too: a last part of 1 to 7 points, shorter than its alignment head.
                let count = Int.random(in: 65...(Bool.random(using: &rng) ? 200 : 3000), using: &rng)
                let parts = Int.random(in: 1...24, using: &rng)
                let (oa, ob, oc) = (
                    Int.random(in: 0..<8, using: &rng), Int.random(in: 0..<8, using: &rng),
                    Int.random(in: 0..<8, using: &rng)
                )
                let a = Self.values(count + 8, &rng), b = Self.values(count + 8, &rng)
                for operation in [ParallelBackend.Operation.add, .subtract] {
                    var out = [Double](repeating: sentinel, count: count + 16)
                    a.withUnsafeBufferPointer { a in
                        b.withUnsafeBufferPointer { b in
                            out.withUnsafeMutableBufferPointer { o in
                                ParallelBackend.splitCall(
                                    operation, a: a.baseAddress! + oa, b: b.baseAddress! + ob, c: o.baseAddress! + oc,
                                    count: count, parts: parts)
                            }
                        }
                    }
                    var wrong: [Int] = []
                    for i in 0..<(count + 16) {
                        let inside = i >= oc && i < oc + count
                        let expected =
                            !inside
                            ? sentinel
                            : operation == .add ? a[oa + i - oc] + b[ob + i - oc] : a[oa + i - oc] - b[ob + i - oc]
                        if out[i].bitPattern != expected.bitPattern { wrong.append(i - oc) }
                    }
                    #expect(
                        wrong.isEmpty,
                        "\(operation) of \(count) in \(parts) parts, offsets \(oa) \(ob) \(oc): \(wrong.prefix(5))")
                }
            }
        }

        /// One call of `operation` through the backend's public kernel, `count` points: whether it split.
        static func splits(_ operation: ParallelBackend.Operation, count: Int) -> Bool {
            var a = [Double](repeating: 1, count: count), c = a
            let b = a
            let before = ParallelBackend.splitCallsOnThisThread
            a.withUnsafeMutableBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    c.withUnsafeMutableBufferPointer { c in
                        let a = a.baseAddress!, b = b.baseAddress!, c = c.baseAddress!
                        switch operation {
                        case .add: ParallelBackend.uncheckedAdd(a, b, into: c, count: count)
                        case .subtract: ParallelBackend.uncheckedSubtract(a, b, into: c, count: count)
                        case .addInPlace: ParallelBackend.uncheckedAddInPlace(a, b, count: count)
                        case .subtractInPlace: ParallelBackend.uncheckedSubtractInPlace(a, b, count: count)
                        case .scale: ParallelBackend.uncheckedScale(a, by: 2, count: count)
                        case .axpy: ParallelBackend.uncheckedAXPY(alpha: 2, x: b, y: a, count: count)
                        case .magnitudeSquared: _ = ParallelBackend.uncheckedMagnitudeSquared(b, count: count)
                        }
                    }
                }
            }
            return ParallelBackend.splitCallsOnThisThread - before == 1
        }

        @Test("each operation splits from exactly its own threshold; below 8 Ki is raised to it; nil is never")
        func thresholdsPerOperation() {
            defer {
                for (operation, points) in ParallelBackend.defaultThresholds {
                    ParallelBackend.setThreshold(points, for: operation)
                }
            }
            let operations = ParallelBackend.Operation.allCases
            var rng = SplitMix64(seed: 4303)
            for round in 0..<3 {
                // A different threshold per operation (none shared), so a call judged by another
                // operation's threshold splits where it should not, or the other way round.
                var thresholds: [ParallelBackend.Operation: Int] = [:]
                for (index, operation) in operations.shuffled(using: &rng).enumerated() {
                    thresholds[operation] = 8192 + 8 * (index + 1) * (round + 1) + Int.random(in: 0...3, using: &rng)
                }
                for (operation, points) in thresholds { ParallelBackend.setThreshold(points, for: operation) }
                for operation in operations {
                    let points = thresholds[operation]!
                    #expect(ParallelBackend.threshold(for: operation) == points, "\(operation)")
                    #expect(Self.splits(operation, count: points), "\(operation) at its threshold \(points)")
                    #expect(!Self.splits(operation, count: points - 1), "\(operation) one below \(points)")
                }
            }
            for operation in operations {
                // The minimum itself splits ("from N points"); one point less never does.
                ParallelBackend.setThreshold(Int.random(in: -5...8191, using: &rng), for: operation)
                #expect(ParallelBackend.threshold(for: operation) == 8192, "\(operation)")
                #expect(ParallelBackend.minimumThreshold == 8192)
                #expect(Self.splits(operation, count: 8192), "\(operation) at the minimum")
                #expect(!Self.splits(operation, count: 8191), "\(operation) below the minimum")
                ParallelBackend.setThreshold(nil, for: operation)
                #expect(ParallelBackend.threshold(for: operation) == nil, "\(operation)")
                #expect(!Self.splits(operation, count: 1 << 16), "\(operation) with no threshold")
            }
            #expect(
                ParallelBackend.thresholds.count == operations.count
                    && ParallelBackend.thresholds.values.allSatisfy { $0 == nil })
        }

        @Test("defaults: 512 Ki points for every operation, one thread per usable core, 1 thread allowed")
        func defaults() {
            for operation in ParallelBackend.Operation.allCases {
                #expect(ParallelBackend.defaultThresholds[operation] == 512 * 1024, "\(operation)")
            }
            #expect(ParallelBackend.threadCount == CoreFacts.current.usable)
            let saved = ParallelBackend.threadCount
            defer { ParallelBackend.threadCount = saved }
            ParallelBackend.threadCount = 1
            #expect(ParallelBackend.threadCount == 1 && ParallelBackend.details.threads == 1)
        }

        @Test("forEachPart: one part per thread by default, each index once")
        func forEachPartDefaultsToThreads() {
            let saved = ParallelBackend.threadCount
            defer { ParallelBackend.threadCount = saved }
            for threads in [1, 2, 3] {
                ParallelBackend.threadCount = threads
                for count in [5, 64, 1000, 4099] {
                    let pieces = Mutex<[Int: Int]>([:])
                    ParallelBackend.forEachPart(count: count) { start, length in
                        pieces.withLock { $0[start] = length }
                    }
                    let seen = pieces.withLock { $0 }
                    let expected = max(1, min(threads, count / 8))
                    #expect(seen.count == expected, "\(threads) threads, \(count) points: \(seen)")
                    #expect(seen.values.reduce(0, +) == count, "\(threads) threads, \(count) points")
                }
            }
        }

        @Test("each operation's kernel name is one of the results schema's kernels, add-inplace for addInPlace")
        func kernelNamesAreTheSchemas() throws {
            let schema = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent().appendingPathComponent("Benchmarks/schema/bench-results.schema.json")
            let root = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: schema)) as? [String: Any])
            let definitions = try #require(root["$defs"] as? [String: Any])
            let measurement = try #require(definitions["measurement"] as? [String: Any])
            let properties = try #require(measurement["properties"] as? [String: Any])
            let kernel = try #require(properties["kernel"] as? [String: Any])
            let names = try #require(kernel["enum"] as? [String])
            let kernelNames = ParallelBackend.Operation.allCases.map(\.kernelName)
            #expect(Set(kernelNames).count == kernelNames.count)
            for operation in ParallelBackend.Operation.allCases {
                #expect(names.contains(operation.kernelName), "\(operation)")
                #expect(
                    operation.kernelName == operation.rawValue.replacingOccurrences(of: "InPlace", with: "-inplace"))
            }
        }
    }
}
