import Foundation
import MachineFacts
import ParallelKernels
import Testing
import VectorKernels
import _TestSupport

extension RunsAlone.PoolStateTests {
    /// The pool's idle workers sleep and are woken by the next call, on the platform's
    /// mechanism: a futex on Linux, a condition variable elsewhere and on Linux with
    /// SPRINGBENCH_PORTABLE_FALLBACKS=1 (CI runs this target both ways; Guides/Portability.md).
    @Suite("Worker pool sleep", .serialized)
    struct WorkerPoolSleepTests {
        static var fallbacksForced: Bool {
            let value = ProcessInfo.processInfo.environment["SPRINGBENCH_PORTABLE_FALLBACKS"] ?? ""
            return !value.isEmpty && value != "0"
        }

        @Test("The mechanism is the platform's: a futex on Linux unless the fallbacks are forced")
        func mechanism() {
            #if os(Linux)
                #expect(ParallelBackend.sleepMechanism == (Self.fallbacksForced ? "condition variable" : "futex"))
            #else
                #expect(ParallelBackend.sleepMechanism == "condition variable")
            #endif
        }

        @Test("Calls made after the workers fell asleep wake them, and the woken workers do parts (deadline 30 s)")
        func sleepingWorkersWake() {
            let saved = ParallelBackend.threadCount
            ParallelBackend.threadCount = 2
            let done = FailureCount()
            let wrong = FailureCount()
            let helped = FailureCount()
            // After a hang the pool is held by the stuck call: restoring the count would wait forever.
            defer { if done.value == 20 { ParallelBackend.threadCount = saved } }
            _ = TestThread {
                let caller = pthread_self()
                for _ in 0..<20 {
                    usleep(2_000)  // 40× the 50 µs a worker spins before it sleeps
                    // Each part takes 1 ms, so a worker that wakes gets a part before the caller has
                    // done them all; a worker that is never woken leaves every part to the caller
                    // (the call still returns: the caller works too), which this counts.
                    var parts = [Int](repeating: 0, count: 4)
                    var others = [Bool](repeating: false, count: 4)
                    parts.withUnsafeMutableBufferPointer { lengths in
                        others.withUnsafeMutableBufferPointer { elsewhere in
                            let lengths = lengths.baseAddress!, elsewhere = elsewhere.baseAddress!
                            ParallelBackend.forEachPart(count: 4096, parts: 4) { start, length in
                                usleep(1_000)
                                lengths[start / 1024] += length
                                elsewhere[start / 1024] = pthread_equal(pthread_self(), caller) == 0
                            }
                        }
                    }
                    if parts != [1024, 1024, 1024, 1024] { wrong.add() }
                    if others.contains(true) { helped.add() }
                    done.add()
                }
            }
            done.wait(until: 20, seconds: 30)
            #expect(done.value == 20, "calls returned: \(done.value) of 20 within 30 s")
            #expect(wrong.value == 0)
            // A loaded machine may deschedule the worker through a whole call now and then.
            #expect(helped.value >= 10, "calls in which a woken worker did a part: \(helped.value) of 20")
        }

        @Test("MachineTuning hands the cache the machine facts read to SIMD's streaming threshold")
        func tuning() {
            MachineTuning.apply()
            let bytes = CacheFacts.current.lastLevelBytes
            #expect(SIMDBackend.lastLevelCacheBytes == bytes)
            #expect(SIMDBackend.streamingThreshold == SIMDBackend.streamingThreshold(lastLevelCacheBytes: bytes))
            if Self.fallbacksForced {
                #expect(bytes == 0, "forced fallbacks read the cache as unknown")
                #expect(SIMDBackend.streamingThreshold == (32 << 20) / 24 + 1)
            }
        }
    }
}
