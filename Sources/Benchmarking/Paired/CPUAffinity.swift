import CCPUAffinity

/// Pins the calling thread (and every process it starts afterwards, which
/// inherits the mask) to one CPU.
public enum CPUAffinity {
    /// The CPU the caller runs on now, or nil where unknown.
    public static func currentCPU() -> Int? {
        let cpu = springbench_current_cpu()
        return cpu >= 0 ? Int(cpu) : nil
    }

    /// How many CPUs the calling thread may run on, or nil where unknown.
    public static func allowedCPUCount() -> Int? {
        let count = springbench_allowed_cpu_count()
        return count >= 0 ? Int(count) : nil
    }

    /// Restricts the calling thread to `cpu`; false when the system refuses
    /// (e.g. the CPU is outside the container's set).
    @discardableResult
    public static func pin(to cpu: Int) -> Bool {
        springbench_pin_to_cpu(Int32(cpu)) == 0
    }
}
