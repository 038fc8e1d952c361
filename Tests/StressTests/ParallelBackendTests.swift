import ParallelKernels
import Testing
import VectorKernels
import _TestSupport

#if canImport(Glibc)
    import Glibc
#endif

extension RunsAlone {
    /// The parallel backend: split calls give SIMD's bits (Σa²: within its bound,
    /// the same bits every call), the pool covers every index exactly once, starts
    /// its threads once, and serves calls from several threads at once.
    ///
    /// Splitting is forced through ``ParallelBackend/splitCall`` and the pool's
    /// thread count is set in the tests that need more threads than the machine
    /// has cores, so what is checked does not depend on the machine or on the
    /// thresholds another test or a measurement set.
    @Suite("Parallel backend", .serialized)
    struct ParallelBackendTests {
        /// Counts around every part boundary of 1…7 parts, a SIMD tail, and past the minimum threshold.
        static let counts = [1, 7, 8, 9, 63, 64, 65, 1_000, 4_099, 8_192, 65_537]

        static func arrays(_ count: Int, seed: UInt64) -> (a: [Double], b: [Double]) {
            (TestValues.array(count: count, seed: seed), TestValues.array(count: count, seed: seed &+ 1))
        }

        @Test("A part split covers 0..<count once, cut at multiples of 8", arguments: [1, 2, 3, 4, 7, 8, 16])
        func partition(parts: Int) {
            for count in [0, 1, 7, 8, 9, 15, 16, 17, 100, 1_000, 4_097] {
                var next = 0
                for part in 0..<parts {
                    let (start, length) = ParallelBackend.partRange(part: part, parts: parts, count: count)
                    #expect(start == next, "count \(count), part \(part) of \(parts) starts at \(start), not \(next)")
                    #expect(length >= 0)
                    #expect(start % 8 == 0 || start == count, "count \(count): part \(part) starts at \(start)")
                    next = start + length
                }
                #expect(next == count, "count \(count), \(parts) parts end at \(next)")
            }
        }

        @Test(
            "Split elementwise calls agree bit for bit with SIMD, for 1, 2 and 5 threads and 3, 16 or the default parts"
        )
        func elementwiseAgreement() {
            let saved = ParallelBackend.threadCount
            defer { ParallelBackend.threadCount = saved }
            for threads in [1, 2, 5] {
                ParallelBackend.threadCount = threads
                for count in Self.counts {
                    let (a, b) = Self.arrays(count, seed: UInt64(count))
                    for parts in [nil, 3, 16] {
                        for operation in [
                            ParallelBackend.Operation.add, .subtract, .addInPlace, .subtractInPlace, .scale, .axpy,
                        ] {
                            let expected = Self.simd(operation, a, b)
                            let got = Self.split(operation, a, b, parts: parts)
                            let first = expected.indices.first { !FloatingPointBounds.identical(expected[$0], got[$0]) }
                            #expect(
                                first == nil,
                                "\(operation) at \(count) points, \(threads) threads, \(parts.map(String.init) ?? "default") parts: index \(first ?? -1)"
                            )
                        }
                    }
                }
            }
        }

        @Test("Split Σa² is within γ(N)·Σa² and gives the same bits on every call")
        func magnitudeSquared() {
            let saved = ParallelBackend.threadCount
            defer { ParallelBackend.threadCount = saved }
            ParallelBackend.threadCount = 3
            for count in Self.counts {
                let (a, _) = Self.arrays(count, seed: UInt64(count) &* 3)
                let first = a.withUnsafeBufferPointer {
                    ParallelBackend.splitCall(.magnitudeSquared, a: $0.baseAddress!, b: nil, c: nil, count: count)
                }
                #expect(FloatingPointBounds.sumOfSquaresViolation(a, result: first) == nil, "\(count) points")
                for _ in 0..<5 {
                    let again = a.withUnsafeBufferPointer {
                        ParallelBackend.splitCall(.magnitudeSquared, a: $0.baseAddress!, b: nil, c: nil, count: count)
                    }
                    #expect(FloatingPointBounds.identical(again, first), "\(count) points: \(again) then \(first)")
                }
            }
        }

        @Test("Out-of-place add and subtract above the streaming threshold stream in every part and agree with SIMD")
        func streamingParts() {
            let count = SIMDBackend.streamingThreshold + 13
            let (a, b) = Self.arrays(count, seed: 99)
            for operation in [ParallelBackend.Operation.add, .subtract] {
                let expected = Self.simd(operation, a, b)
                let got = Self.split(operation, a, b, parts: nil)
                #expect(
                    expected.elementsEqual(got, by: FloatingPointBounds.identical), "\(operation) at \(count) points")
            }
        }

        @Test("Aliased split calls (c is a, c is b, a is b) give SIMD's bits")
        func aliasing() {
            let count = 70_001
            let (a, b) = Self.arrays(count, seed: 5)
            var expected = b
            SIMDBackend.uncheckedAdd(a, b, into: &expected, count: count)  // b = a + b
            var got = b
            a.withUnsafeBufferPointer { a in
                got.withUnsafeMutableBufferPointer { c in
                    _ = ParallelBackend.splitCall(
                        .add, a: a.baseAddress!, b: UnsafePointer(c.baseAddress!), c: c.baseAddress!, count: count)
                }
            }
            #expect(expected.elementsEqual(got, by: FloatingPointBounds.identical))
            var doubled = a
            doubled.withUnsafeMutableBufferPointer { p in
                _ = ParallelBackend.splitCall(
                    .addInPlace, a: UnsafePointer(p.baseAddress!), b: UnsafePointer(p.baseAddress!), c: p.baseAddress!,
                    count: count)
            }
            #expect(doubled.elementsEqual(a.map { $0 + $0 }, by: FloatingPointBounds.identical))
        }

        @Test("Every part of a split call runs and the call returns: a lost part would hang it (deadline 30 s)")
        func everyPartRuns() {
            let saved = ParallelBackend.threadCount
            ParallelBackend.threadCount = 2
            let done = FailureCount()  // counts finished calls
            // After a hang the pool is held by the stuck call: restoring the count would wait forever.
            defer { if done.value == 3 { ParallelBackend.threadCount = saved } }
            let count = 40_000
            let (a, b) = Self.arrays(count, seed: 41)
            let expected = Self.simd(.add, a, b)
            let wrong = FailureCount()
            _ = TestThread {
                for parts in [2, 3, 16] {
                    if !Self.split(.add, a, b, parts: parts).elementsEqual(expected) { wrong.add() }
                    done.add()
                }
            }
            done.wait(until: 3, seconds: 30)
            #expect(done.value == 3, "split calls returned: \(done.value) of 3 within 30 s")
            #expect(wrong.value == 0)
        }

        @Test("The pool starts its threads when configured, never per call")
        func noThreadPerCall() {
            let saved = ParallelBackend.threadCount
            defer { ParallelBackend.threadCount = saved }
            ParallelBackend.threadCount = 3
            let before = ParallelBackend.threadsStarted
            let (a, b) = Self.arrays(20_000, seed: 8)
            for _ in 0..<200 { _ = Self.split(.add, a, b, parts: nil) }
            #expect(ParallelBackend.threadsStarted == before)
            ParallelBackend.threadCount = 2
            #expect(ParallelBackend.threadsStarted == before + 1)
            #expect(ParallelBackend.threadCount == 2)
        }

        @Test("Calls from several threads at once each get their own right answer")
        func concurrentCallers() {
            let count = 50_003
            let (a, b) = Self.arrays(count, seed: 17)
            let expected = Self.simd(.add, a, b)
            let failures = FailureCount()
            let threads = (0..<4).map { _ in
                TestThread {
                    for _ in 0..<50 where !Self.split(.add, a, b, parts: nil).elementsEqual(expected) {
                        failures.add()
                    }
                }
            }
            threads.forEach { $0.join() }
            #expect(failures.value == 0)
        }

        @Test("Thresholds are per operation; nil is never; values below the minimum are raised to it")
        func thresholds() {
            let saved = ParallelBackend.thresholds
            defer { for (operation, points) in saved { ParallelBackend.setThreshold(points, for: operation) } }
            ParallelBackend.setThreshold(nil, for: .scale)
            ParallelBackend.setThreshold(5, for: .axpy)
            ParallelBackend.setThreshold(1 << 20, for: .add)
            #expect(ParallelBackend.threshold(for: .scale) == nil)
            #expect(ParallelBackend.threshold(for: .axpy) == ParallelBackend.minimumThreshold)
            #expect(ParallelBackend.threshold(for: .add) == 1 << 20)
            #expect(ParallelBackend.thresholds.count == ParallelBackend.Operation.allCases.count)
        }

        @Test("Below and above its threshold the backend's kernels give SIMD's bits")
        func throughTheProtocol() {
            let saved = ParallelBackend.thresholds
            defer { for (operation, points) in saved { ParallelBackend.setThreshold(points, for: operation) } }
            for operation in ParallelBackend.Operation.allCases {
                ParallelBackend.setThreshold(ParallelBackend.minimumThreshold, for: operation)
            }
            for count in [100, ParallelBackend.minimumThreshold - 1, ParallelBackend.minimumThreshold, 100_003] {
                let (a, b) = Self.arrays(count, seed: 31)
                var c = [Double](repeating: 0, count: count)
                ParallelBackend.uncheckedAdd(a, b, into: &c, count: count)
                #expect(c.elementsEqual(Self.simd(.add, a, b), by: FloatingPointBounds.identical), "add at \(count)")
                var y = b
                ParallelBackend.uncheckedAXPY(alpha: 0.75, x: a, y: &y, count: count)
                #expect(y.elementsEqual(Self.simd(.axpy, a, b), by: FloatingPointBounds.identical), "axpy at \(count)")
                let sum = ParallelBackend.uncheckedMagnitudeSquared(a, count: count)
                #expect(FloatingPointBounds.sumOfSquaresViolation(a, result: sum) == nil, "Σa² at \(count)")
            }
        }

        @Test("A call of exactly an operation's threshold splits, one point fewer does not (\"from N points\")")
        func thresholdIsInclusive() {
            let saved = ParallelBackend.thresholds
            defer { for (operation, points) in saved { ParallelBackend.setThreshold(points, for: operation) } }
            let threshold = ParallelBackend.minimumThreshold + 1001
            let (a, b) = Self.arrays(threshold + 1, seed: 47)
            var c = [Double](repeating: 0, count: threshold + 1)
            for operation in ParallelBackend.Operation.allCases {
                ParallelBackend.setThreshold(threshold, for: operation)
                for (count, splits) in [(threshold - 1, 0), (threshold, 1), (threshold + 1, 1)] {
                    // A thread-local count: other tests' split calls do not move it.
                    let before = ParallelBackend.splitCallsOnThisThread
                    switch operation {
                    case .add: ParallelBackend.uncheckedAdd(a, b, into: &c, count: count)
                    case .subtract: ParallelBackend.uncheckedSubtract(a, b, into: &c, count: count)
                    case .addInPlace: ParallelBackend.uncheckedAddInPlace(&c, b, count: count)
                    case .subtractInPlace: ParallelBackend.uncheckedSubtractInPlace(&c, b, count: count)
                    case .scale: ParallelBackend.uncheckedScale(&c, by: 1.5, count: count)
                    case .axpy: ParallelBackend.uncheckedAXPY(alpha: 0.5, x: a, y: &c, count: count)
                    case .magnitudeSquared: _ = ParallelBackend.uncheckedMagnitudeSquared(a, count: count)
                    }
                    #expect(
                        ParallelBackend.splitCallsOnThisThread - before == splits,
                        "\(operation) at \(count) points, threshold \(threshold)")
                }
                // With no threshold (never), the same call does not split.
                ParallelBackend.setThreshold(nil, for: operation)
                let before = ParallelBackend.splitCallsOnThisThread
                if operation == .magnitudeSquared {
                    _ = ParallelBackend.uncheckedMagnitudeSquared(a, count: threshold + 1)
                } else if operation == .add {
                    ParallelBackend.uncheckedAdd(a, b, into: &c, count: threshold + 1)
                }
                #expect(ParallelBackend.splitCallsOnThisThread == before, "\(operation) with no threshold split")
            }
        }

        @Test("forEachPart hands every index to exactly one part")
        func forEachPart() {
            let count = 100_001
            let seen = UnsafeMutablePointer<Int>.allocate(capacity: count)
            defer { seen.deallocate() }
            seen.initialize(repeating: 0, count: count)
            ParallelBackend.forEachPart(count: count, parts: 5) { start, length in
                for i in start..<(start + length) { seen[i] += 1 }
            }
            #expect((0..<count).allSatisfy { seen[$0] == 1 })
        }

        /// SIMD's result of `operation` on copies of `a` and `b` (in place: on `b`; scale: b·0.75; axpy: b + 0.75·a).
        static func simd(_ operation: ParallelBackend.Operation, _ a: [Double], _ b: [Double]) -> [Double] {
            let count = a.count
            var out = b
            switch operation {
            case .add: SIMDBackend.uncheckedAdd(a, b, into: &out, count: count)
            case .subtract: SIMDBackend.uncheckedSubtract(a, b, into: &out, count: count)
            case .addInPlace: SIMDBackend.uncheckedAddInPlace(&out, a, count: count)
            case .subtractInPlace: SIMDBackend.uncheckedSubtractInPlace(&out, a, count: count)
            case .scale: SIMDBackend.uncheckedScale(&out, by: 0.75, count: count)
            case .axpy: SIMDBackend.uncheckedAXPY(alpha: 0.75, x: a, y: &out, count: count)
            case .magnitudeSquared: break
            }
            return out
        }

        /// The same, split across the pool into `parts` parts.
        static func split(_ operation: ParallelBackend.Operation, _ a: [Double], _ b: [Double], parts: Int?) -> [Double]
        {
            var out = b
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    out.withUnsafeMutableBufferPointer { out in
                        let (x, y, c) = (a.baseAddress!, b.baseAddress!, out.baseAddress!)
                        switch operation {
                        case .add, .subtract:
                            _ = ParallelBackend.splitCall(operation, a: x, b: y, c: c, count: a.count, parts: parts)
                        case .addInPlace, .subtractInPlace:
                            _ = ParallelBackend.splitCall(
                                operation, a: UnsafePointer(c), b: x, c: c, count: a.count, parts: parts)
                        case .scale:
                            _ = ParallelBackend.splitCall(
                                operation, a: UnsafePointer(c), b: nil, c: c, factor: 0.75, count: a.count, parts: parts
                            )
                        case .axpy:
                            _ = ParallelBackend.splitCall(
                                operation, a: x, b: nil, c: c, factor: 0.75, count: a.count, parts: parts)
                        case .magnitudeSquared: break
                        }
                    }
                }
            }
            return out
        }
    }
}
