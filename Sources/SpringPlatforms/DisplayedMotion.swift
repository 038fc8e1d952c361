import SpringModel

/// What a platform's frame loop shows: the value on each display frame, the
/// platform's own clock where it keeps one, and the frame on which the
/// platform declares the animation finished.
///
/// Frame `n` is displayed at `n / refreshRate` seconds; frame 0 is the start
/// (the value `from`). A run stops at the platform's "done" frame or after
/// ``PlatformAnimation/maximumDuration``, whichever comes first.
public struct DisplayedMotion: Sendable, Hashable {
    /// Which platform's loop produced it (``SpringPlatform/reactSpring``).
    public var platform: SpringPlatform
    /// Display frames per second.
    public var refreshRate: Double
    /// The value each frame shows, frame 0 first.
    public var values: [Double]
    /// The time the platform's own solver had reached when each frame was
    /// shown, in seconds (react-spring's whole-millisecond steps, Rebound's
    /// and Pop's interpolated write-back, SwiftUI's 300 Hz sub-steps);
    /// `nil` for platforms that evaluate at the display time itself.
    public var simulatedTimes: [Double]?
    /// The frame on which the platform declares the animation finished;
    /// `nil` if it had not within the run's limit.
    public var doneFrame: Int?
    /// When each frame was shown: steady at `refreshRate`, or a trace.
    public var clock: FrameClock

    public init(
        platform: SpringPlatform, refreshRate: Double, values: [Double], simulatedTimes: [Double]?, doneFrame: Int?,
        clock: FrameClock? = nil
    ) {
        self.platform = platform
        self.refreshRate = refreshRate
        self.values = values
        self.simulatedTimes = simulatedTimes
        self.doneFrame = doneFrame
        self.clock = clock ?? .steady(refreshRate)
    }

    /// The display time of frame `n`.
    public func time(ofFrame n: Int) -> Double { clock.seconds(n) }

    /// When the platform declares the animation finished, in seconds.
    public var doneTime: Double? { doneFrame.map(time(ofFrame:)) }

    /// The largest change between two consecutive frames before done (the snap at done
    /// included), relative to the travel `|to − from|` (absolute when the travel is 0): the
    /// biggest jump a user sees, as a dropped frame makes it.
    public func largestJump(from: Double, to: Double) -> Double {
        let travel = abs(to - from)
        let scale = travel > 0 ? travel : 1
        let end = Swift.min(values.count - 1, doneFrame ?? values.count - 1)
        guard end >= 1 else { return 0 }
        return (1...end).map { abs(values[$0] - values[$0 - 1]) / scale }.max() ?? 0
    }

    /// The platform's clock against the display's: the simulated time over
    /// the display time at the last frame before done, minus 1 (0.08 means the
    /// motion runs 8 % fast); `nil` without a simulated clock.
    public var clockDrift: Double? {
        guard let simulated = simulatedTimes, simulated.count > 1 else { return nil }
        let last = Swift.min(simulated.count - 1, (doneFrame ?? simulated.count) - 1)
        guard last >= 1 else { return nil }
        return simulated[last] / time(ofFrame: last) - 1
    }

    /// The largest distance between what each frame shows and the exact
    /// spring at that frame's display time, over the frames before done,
    /// relative to the travel `|to − from|` (absolute when the travel is 0).
    public func largestError(against spring: Spring, from: Double, to: Double, initialVelocity: Double) -> Double {
        let travel = abs(to - from)
        let scale = travel > 0 ? travel : 1
        var worst = 0.0
        let end = doneFrame ?? values.count
        for n in 0..<Swift.min(end, values.count) {
            let p = spring.propagator(time: time(ofFrame: n))
            let exact = to + p.positionFromDisplacement * (from - to) + p.positionFromVelocity * initialVelocity
            worst = Swift.max(worst, abs(values[n] - exact) / scale)
        }
        return worst
    }
}

/// The shared limits and checks of the platform loops.
public enum PlatformAnimation {
    /// The longest run a loop simulates, in display seconds.
    public static let maximumDuration = 60.0
    /// Refresh rates the loops accept.
    public static let refreshRates: ClosedRange<Double> = 1...1000

    /// Checks a run's inputs: finite values and a refresh rate in 1…1000 Hz.
    public static func check(
        from: Double, to: Double, initialVelocity: Double, refreshRate: Double
    ) throws(SpringParameterError) {
        for (value, parameter) in [(from, "from"), (to, "to"), (initialVelocity, "initialVelocity")]
        where !value.isFinite {
            throw .outOfRange(parameter: parameter, validRange: "a finite number", value: value)
        }
        guard refreshRate.isFinite, refreshRates.contains(refreshRate) else {
            throw .outOfRange(parameter: "refreshRate", validRange: "from 1 to 1000 Hz", value: refreshRate)
        }
    }

    /// Frames in a run of ``maximumDuration`` at `refreshRate`; none for a
    /// rate outside ``refreshRates`` (NaN included), so a loop given one
    /// returns its start frame alone instead of trapping.
    static func frameLimit(_ refreshRate: Double) -> Int {
        guard refreshRates.contains(refreshRate) else { return 0 }
        return Int((maximumDuration * refreshRate).rounded(.up))
    }

    /// One run of a platform's loop: frame 0 shows `start`; `frame(n)` advances
    /// the platform to frame n (1, 2, …) and returns what it shows, its own
    /// clock in seconds (ignored unless `keepsClock`) and whether it is done.
    /// Stops at the first done frame or after ``maximumDuration``; an invalid
    /// rate runs no frame.
    static func record(
        _ platform: SpringPlatform, clock frameClock: FrameClock, start: Double, keepsClock: Bool,
        frame: (Int) -> (value: Double, clock: Double, done: Bool)
    ) -> DisplayedMotion {
        var values = [start]
        var clock: [Double]? = keepsClock ? [0] : nil
        var done: Int?
        for n in stride(from: 1, through: frameClock.frameLimit, by: 1) {
            let shown = frame(n)
            values.append(shown.value)
            clock?.append(shown.clock)
            if shown.done {
                done = n
                break
            }
        }
        return DisplayedMotion(
            platform: platform, refreshRate: frameClock.refreshRate, values: values, simulatedTimes: clock,
            doneFrame: done, clock: frameClock)
    }

    /// A run its platform declares done before the first frame, showing `start`.
    static func doneAtStart(_ platform: SpringPlatform, clock: FrameClock, start: Double, keepsClock: Bool)
        -> DisplayedMotion
    {
        DisplayedMotion(
            platform: platform, refreshRate: clock.refreshRate, values: [start],
            simulatedTimes: keepsClock ? [0] : nil, doneFrame: 0, clock: clock)
    }
}
