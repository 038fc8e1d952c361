import Foundation
import SpringModel

/// When each display frame is shown: a steady refresh rate, or a trace of frame times (a dropped
/// frame, a rate that changes, jitter).
///
/// Frame 0 is shown at time 0. A steady clock gives the loops exactly the expressions they used
/// before traces existed (`n·1000/rate` ms, `n/rate` s, a `1000/rate` ms interval), so a steady run
/// is bit for bit what it was. A trace lists the frames' times in seconds; beyond its last frame
/// it continues at its last interval.
public struct FrameClock: Sendable, Hashable {
    /// The steady rate, or a trace's nominal rate (its first interval's).
    public let refreshRate: Double
    /// Frame times in seconds (`times[0] == 0`), or nil for a steady clock.
    public let times: [Double]?
    /// What the trace is, for reports ("60 Hz with a 50 ms frame at 0.1 s").
    public let name: String

    /// A steady clock at `refreshRate` frames per second.
    public static func steady(_ refreshRate: Double) -> FrameClock {
        FrameClock(refreshRate: refreshRate, times: nil, name: "\(PlatformForm.number(refreshRate)) Hz")
    }

    private init(refreshRate: Double, times: [Double]?, name: String) {
        self.refreshRate = refreshRate
        self.times = times
        self.name = name
    }

    /// A trace of frame times in seconds: at least 2, the first 0, each later one 0.5 ms to 1 s
    /// after the one before, and all within ``PlatformAnimation/maximumDuration``.
    public init(frameTimes: [Double], name: String = "a frame-time trace") throws(SpringParameterError) {
        guard frameTimes.count >= 2, frameTimes[0] == 0 else {
            throw .outOfRange(
                parameter: "frameTimes", validRange: "at least 2 times, the first 0",
                value: frameTimes.first ?? .nan)
        }
        for index in 1..<frameTimes.count {
            let interval = frameTimes[index] - frameTimes[index - 1]
            // Times written as decimals carry their rounding: 0.005 − 0.0045000000000000005 is a
            // hair under 0.5 ms. The bounds take that much.
            guard interval.isFinite, interval >= 0.0005 * (1 - 1e-9), interval <= 1 + 1e-9 else {
                throw .outOfRange(
                    parameter: "frameTimes[\(index)]",
                    validRange: "0.5 ms to 1 s after the frame before (\(frameTimes[index - 1]) s)",
                    value: frameTimes[index])
            }
        }
        guard frameTimes.last! <= PlatformAnimation.maximumDuration else {
            throw .outOfRange(
                parameter: "frameTimes", validRange: "within \(PlatformAnimation.maximumDuration) s",
                value: frameTimes.last!)
        }
        self.init(refreshRate: 1 / frameTimes[1], times: frameTimes, name: name)
    }

    /// The time frame `n` is shown, in seconds.
    public func seconds(_ n: Int) -> Double {
        guard let times else { return Double(n) / refreshRate }
        if n < times.count { return times[n] }
        let last = times.count - 1
        return times[last] + Double(n - last) * (times[last] - times[last - 1])
    }

    /// The time frame `n` is shown, in milliseconds.
    public func milliseconds(_ n: Int) -> Double {
        guard times != nil else { return Double(n) * 1000 / refreshRate }
        return seconds(n) * 1000
    }

    /// The time from frame `n − 1` to frame `n`, in milliseconds.
    public func intervalMilliseconds(_ n: Int) -> Double {
        guard times != nil else { return 1000 / refreshRate }
        return (seconds(n) - seconds(n - 1)) * 1000
    }

    /// The longest interval between two frames, in milliseconds.
    public var longestIntervalMilliseconds: Double {
        guard let times else { return 1000 / refreshRate }
        return zip(times.dropFirst(), times).map { ($0 - $1) * 1000 }.max() ?? 1000 / refreshRate
    }

    /// Frames in a run of ``PlatformAnimation/maximumDuration``. A trace's frames are at least
    /// 0.5 ms apart, so at most 120 000; its nominal rate may be above the 1000 Hz a steady clock
    /// takes (a first interval under 1 ms) and still runs every frame.
    var frameLimit: Int {
        guard times != nil else { return PlatformAnimation.frameLimit(refreshRate) }
        var n = 0
        while seconds(n + 1) <= PlatformAnimation.maximumDuration { n += 1 }
        return n
    }

    /// The named traces at `rate`: `hitch` (one 50 ms frame at 0.1 s), `drop` (the rate halves
    /// at 0.2 s, as ProMotion's 120 → 60 Hz) and `jitter` (each interval off by up to ±25 %,
    /// a fixed seed), over the longest run.
    public static let traceNames = ["hitch", "drop", "jitter"]

    public static func named(_ name: String, at rate: Double) -> FrameClock? {
        guard PlatformAnimation.refreshRates.contains(rate) else { return nil }
        let interval = 1 / rate
        var times = [0.0]
        var state: UInt64 = 0x6A17_7E42
        func next() -> Double {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Double((z ^ (z >> 31)) >> 11) / 0x1p53
        }
        let label: String
        switch name {
        case "hitch":
            label = "\(PlatformForm.number(rate)) Hz with one 50 ms frame at 0.1 s"
            var hitched = false
            while times.last! < 30 {
                let step = !hitched && times.last! >= 0.1 ? 0.05 : interval
                if step == 0.05 { hitched = true }
                times.append(times.last! + step)
            }
        case "drop":
            label = "\(PlatformForm.number(rate)) Hz, then \(PlatformForm.number(rate / 2)) Hz from 0.2 s"
            while times.last! < 30 { times.append(times.last! + (times.last! < 0.2 ? interval : 2 * interval)) }
        case "jitter":
            label = "\(PlatformForm.number(rate)) Hz, each frame up to ±25 % late or early"
            while times.last! < 30 { times.append(times.last! + interval * (0.75 + 0.5 * next())) }
        default: return nil
        }
        return try? FrameClock(frameTimes: times, name: label)
    }
}
