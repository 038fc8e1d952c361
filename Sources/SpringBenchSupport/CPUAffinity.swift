import CCPUAffinity

/// Pins the calling thread (and every process it starts afterwards, which
/// inherits the mask) to one CPU.
package enum CPUAffinity {
    /// The CPU the caller runs on now, or nil where unknown.
    package static func currentCPU() -> Int? {
        let cpu = springbench_current_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// How many CPUs the calling thread may run on, or nil where unknown.
    package static func allowedCPUCount() -> Int? {
        let count = springbench_allowed_cpu_count()
        return count >= 0 ? Int(count) : nil
    }

    /// Restricts the calling thread to `cpu`; false when the system refuses
    /// (e.g. the CPU is outside the container's set).
    @discardableResult
    package static func pin(to cpu: Int) -> Bool {
        springbench_pin_to_cpu(Int32(cpu)) == 0
    }
}

extension CPUAffinity {
    /// Pins a single-threaded run to the CPU it is on, so that probe and kernels
    /// are measured on one CPU: on a shared VM each vCPU has its own speed at any
    /// moment, and a thread that migrates mixes them. Measured here: four quick
    /// sweeps pinned against four unpinned, the median p10–p90 spread of a cell
    /// fell from 17.6 % to 12.8 % of its median (90th percentile 58 % to 43 %).
    /// Not when a backend runs several threads per call (OpenBLAS with
    /// threads, the parallel backend), which need their own CPUs: threads
    /// started later inherit the pin.
    /// - Returns: the CPU pinned to, or nil.
    package static func pinForSingleThreadedRun(threadsPerCall: Int) -> Int? {
        guard threadsPerCall == 1 else { return nil }
        return pinSamplingThread()
    }

    /// Pins the calling thread, and the threads and processes it starts later,
    /// to the CPU it runs on now. Threads started before keep their own masks:
    /// a bench run with a threaded backend starts those first.
    /// - Returns: the CPU pinned to, or nil when the system refused.
    package static func pinSamplingThread() -> Int? {
        guard let cpu = currentCPU(), pin(to: cpu) else { return nil }
        return cpu
    }
}
