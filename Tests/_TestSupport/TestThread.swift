#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A thread of its own that a test can wait for (Foundation's `Thread` has no
/// join). The body runs at once; ``join()`` returns when it has finished.
public final class TestThread: @unchecked Sendable {
    private var thread: pthread_t
    private let body: @Sendable () -> Void

    public init(_ body: @escaping @Sendable () -> Void) {
        self.body = body
        thread = pthread_t()
        let started = pthread_create(
            &thread, nil,
            { context in
                let owner = Unmanaged<TestThread>.fromOpaque(context!).takeRetainedValue()
                owner.body()
                return nil
            }, Unmanaged.passRetained(self).toOpaque())
        precondition(started == 0, "pthread_create failed: \(started)")
    }

    /// Waits until the body has returned.
    public func join() {
        pthread_join(thread, nil)
    }
}

/// A counter several test threads add to.
public final class FailureCount: @unchecked Sendable {
    private var count = 0
    private var lock = pthread_mutex_t()

    public init() { pthread_mutex_init(&lock, nil) }
    deinit { pthread_mutex_destroy(&lock) }

    public func add() {
        pthread_mutex_lock(&lock)
        count += 1
        pthread_mutex_unlock(&lock)
    }

    public var value: Int {
        pthread_mutex_lock(&lock)
        defer { pthread_mutex_unlock(&lock) }
        return count
    }
}

extension FailureCount {
    /// Waits, polling every 10 ms, until the count reaches `target` or `seconds` pass; the count
    /// then. For threads that may hang: the caller goes on (and fails) instead of hanging too.
    @discardableResult
    public func wait(until target: Int, seconds: Int) -> Int {
        var waited = 0
        while value < target, waited < seconds * 1000 {
            usleep(10_000)
            waited += 10
        }
        return value
    }
}
