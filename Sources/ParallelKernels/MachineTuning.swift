import MachineFacts
import VectorKernels

/// Hands this machine's facts to the kernels that adapt to them.
///
/// The portable kernels (`VectorKernels`) read no machine facts: they build on
/// every Swift platform (Guides/Portability.md). What they adapt to is set from
/// here, from `MachineFacts`, once per process:
/// - `SIMDBackend.lastLevelCacheBytes` (where out-of-place add
///   and subtract start streaming their stores) from `CacheFacts.current`, the
///   operating system's view of the last-level cache;
/// - ``ParallelBackend``'s pool size from `CoreFacts.current.usable` (on its
///   first use, through the same call).
///
/// The springbench tool and `Benchmarking` call ``apply()`` before any timing;
/// an app that links `ParallelKernels` gets it on ``ParallelBackend``'s first
/// use. Without it, a program using only `VectorKernels` streams from 32 MiB of
/// operands (an unknown cache), and its results are the same bits.
public enum MachineTuning {
    /// Sets the kernels' machine-dependent values from `MachineFacts`; later calls do nothing.
    public static func apply() { _ = applied }

    private static let applied: Void = {
        SIMDBackend.lastLevelCacheBytes = CacheFacts.current.lastLevelBytes
    }()
}
