import SpringModel
import SpringPlatforms
import Testing

/// The display clock the loops run on: steady times are the loops' own expressions, traces are
/// validated, and the named traces have the shape their names promise.
@Suite("Frame clocks")
struct FrameClockTests {
    @Test("A steady clock gives n·1000/rate ms, n/rate s and 1000/rate ms intervals, bit for bit")
    func steady() {
        for rate in [1.0, 59.94, 60, 120, 144, 1000] {
            let clock = FrameClock.steady(rate)
            for n in [0, 1, 7, 100, 3599] {
                #expect(clock.milliseconds(n).bitPattern == (Double(n) * 1000 / rate).bitPattern)
                #expect(clock.seconds(n).bitPattern == (Double(n) / rate).bitPattern)
                #expect(clock.intervalMilliseconds(n).bitPattern == (1000 / rate).bitPattern)
            }
            #expect(clock.times == nil && clock.longestIntervalMilliseconds == 1000 / rate)
        }
    }

    @Test("A trace is refused unless it starts at 0 and each frame is 0.5 ms to 1 s after the last, within 60 s")
    func validation() {
        for (times, parameter) in [
            ([0.0], "frameTimes"), ([0.1, 0.2], "frameTimes"), ([0, 0.0004], "frameTimes[1]"),
            ([0, 0.01, 1.02], "frameTimes[2]"), ([0, 0.01, 0.005], "frameTimes[2]"), ([0, .nan], "frameTimes[1]"),
            (Array(stride(from: 0.0, through: 61, by: 0.5)), "frameTimes"),
        ] {
            let error = #expect(throws: SpringParameterError.self) { _ = try FrameClock(frameTimes: times) }
            #expect(error?.parameter == parameter, "\(times.prefix(4))")
        }
    }

    /// A first interval under 1 ms makes a nominal rate above the 1000 Hz a steady clock takes;
    /// the trace still runs every frame it lists (it once ran none and every loop showed only its
    /// start, "neither done").
    @Test("A trace whose first interval is under 1 ms runs its frames")
    func fastTrace() throws {
        let times = (0...4000).map { Double($0) * 0.0006 }
        let clock = try FrameClock(frameTimes: times)
        #expect(clock.refreshRate > 1000)
        let spring = try Spring(mass: 1, stiffness: 300, damping: 30)
        for platform in SpringPlatform.withLoops {
            let run = platform.loop!.init(spring, options: PlatformLoopOptions())
                .run(from: 0, to: 100, initialVelocity: 0, clock: clock)
            #expect(run.values.count > 100 && run.doneFrame != nil, "\(platform.shortName): \(run.values.count) frames")
        }
    }

    /// Times written as decimals, as a recording tool prints them: 2000 Hz and 1 Hz traces whose
    /// sums round a hair past the bounds still read.
    @Test("A trace at exactly 0.5 ms or 1 s intervals, written in decimals, is accepted")
    func boundsTakeDecimalRounding() throws {
        let fast = (0..<2000).map { Double("\(Double($0) * 0.0005)")! }
        #expect(fast[10] - fast[9] < 0.0005, "the case this guards: \(fast[9]) → \(fast[10])")
        let clock = try FrameClock(frameTimes: fast)
        #expect(clock.times?.count == 2000)
        let slow = (0..<50).map { Double($0) * 1.1 - Double($0) * 0.1 }
        #expect(zip(slow.dropFirst(), slow).contains { $0 - $1 > 1 }, "the case this guards: an interval over 1 s")
        #expect(throws: Never.self) { _ = try FrameClock(frameTimes: slow) }
        #expect(throws: SpringParameterError.self) { _ = try FrameClock(frameTimes: [0, 0.0004999]) }
        #expect(throws: SpringParameterError.self) { _ = try FrameClock(frameTimes: [0, 1.000001]) }
    }

    @Test("A trace continues at its last interval; its rate is its first interval's")
    func trace() throws {
        let clock = try FrameClock(frameTimes: [0, 0.01, 0.05, 0.07])
        #expect(clock.refreshRate == 100)
        #expect(clock.seconds(2) == 0.05 && abs(clock.seconds(5) - 0.11) < 1e-15)
        #expect(abs(clock.intervalMilliseconds(2) - 40) < 1e-12 && abs(clock.intervalMilliseconds(9) - 20) < 1e-12)
        #expect(abs(clock.longestIntervalMilliseconds - 40) < 1e-12)
    }

    @Test("hitch: one 50 ms frame at 0.1 s; drop: the rate halves at 0.2 s; jitter: ±25 % around the rate")
    func named() throws {
        for rate in [60.0, 120] {
            let hitch = try #require(FrameClock.named("hitch", at: rate)?.times)
            let intervals = zip(hitch.dropFirst(), hitch).map { $0 - $1 }
            #expect(intervals.filter { abs($0 - 0.05) < 1e-9 }.count == 1)
            #expect(intervals.filter { abs($0 - 1 / rate) < 1e-9 }.count == intervals.count - 1)
            let drop = try #require(FrameClock.named("drop", at: rate)?.times)
            for (index, interval) in zip(drop.dropFirst(), drop).map({ $0 - $1 }).enumerated() {
                #expect(abs(interval - (drop[index] < 0.2 ? 1 : 2) / rate) < 1e-9)
            }
            let jitter = try #require(FrameClock.named("jitter", at: rate)?.times)
            let spread = zip(jitter.dropFirst(), jitter).map { ($0 - $1) * rate }
            #expect(spread.allSatisfy { $0 >= 0.75 && $0 <= 1.25 } && spread.max()! > 1.2 && spread.min()! < 0.8)
        }
        #expect(FrameClock.named("stutter", at: 60) == nil && FrameClock.named("hitch", at: 0) == nil)
    }

    @Test("The largest jump: the biggest step between two frames before done, over the travel")
    func largestJump() {
        let motion = DisplayedMotion(
            platform: .flutter, refreshRate: 60, values: [0, 10, 40, 45, 50, 100], simulatedTimes: nil, doneFrame: 4)
        #expect(motion.largestJump(from: 0, to: 50) == 30.0 / 50)
        #expect(motion.largestJump(from: 5, to: 5) == 30)
    }
}
