import Foundation

/// For the tool's own tests of what surrounds a measurement — outputs,
/// options, exports, samplers, signals — never for a measurement.
///
/// A run's machine measurements read gigabytes: the cache share
/// (``CacheResidency``) up to 4× the reported last level, the bandwidth probe
/// three arrays of 4× it. In a debug build (the one the test suite runs) that
/// is 17–19 s of every `bench` on a machine reporting a 260 MiB L3, in a test
/// that asserts nothing about them. With the stand-in on, a run skips the
/// cache-share measurement (``BenchmarkRun`` records none and uses the
/// reported size, as when no step is found) and the probe's arrays hold
/// ``elements`` doubles. It is on when the task binds ``active`` (in-process
/// tests) or the environment sets ``variable`` to 1 (a test's child
/// processes, samplers included). The measurements have tests of their own
/// (`BandwidthProbeTests`, `CacheResidencyTests`).
public enum ProbeStandIn {
    public static let variable = "SPRINGBENCH_TEST_STAND_IN_PROBE"

    /// Doubles per probe array with the stand-in on.
    public static let elements = 1 << 16

    @TaskLocal public static var active = false

    public static var isOn: Bool {
        active || ProcessInfo.processInfo.environment[variable] == "1"
    }
}
