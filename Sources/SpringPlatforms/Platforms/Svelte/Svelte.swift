import SpringModel

extension SpringPlatform {
    /// Svelte's `Spring` class and `spring` store (`svelte/motion`); its loop is ``SvelteLoop``.
    public static let svelte = SpringPlatform(
        name: "Svelte",
        source:
            "sveltejs/svelte packages/svelte/src/motion/spring.js (tag svelte@5.56.10, 56a036f4): stiffness 0.15, damping 0.8, precision 0.01, per 60 Hz tick",
        loop: SvelteLoop.self,
        loopSummary:
            "a two-point recurrence per frame, dt = min(elapsed, 33.3 ms)·60/1000 ticks, the damping per tick: frame-rate dependent (the spring's per-tick values are its 60 Hz roots); done when the step and the distance are both below precision 0.01 (absolute)",
        form: PlatformForm(keyword: "svelte", family: SvelteFamily.self) { v in
            "new Spring(value, { stiffness: \(PlatformForm.number(v[.stiffness] ?? .nan)), damping: \(PlatformForm.number(v[.damping] ?? .nan)), precision: \(PlatformForm.number(v[.precision] ?? .nan)) })"
        }
    )
}

/// Svelte's spring on one number, frame by frame (sveltejs/svelte
/// `packages/svelte/src/motion/spring.js`, tag svelte@5.56.10, commit
/// 56a036f4ce873a24ee6631a06d03d372523d7a9b: `tick_spring` and the `loop`
/// tasks of the `spring` store and the `Spring` class; Svelte 3.59.2's
/// `src/runtime/motion/spring.ts`, commit 06553d9b0927bcd9016842abef749a226b86dd9e,
/// for the store before 5.17).
///
/// Each frame: `elapsed = now − last_time` ms, clamped to `1000/30` since
/// svelte@5.17.0 (PR #14940, commit 4d2cb2734b94902225a3b960985976a81b6aa584;
/// in both the class and the store), `dt = elapsed·60/1000`;
/// `v = (x_n − x_{n−1})/dt` (`dt || 1/60`), `a = (k·(T − x_n) − c·v)·inv_mass`,
/// `d = (v + a)·dt`. The value is settled, and set to `T`, when `|d| < precision`
/// and `|T − x_n| < precision` (absolute); the loop stops on that frame.
/// `inv_mass` is 1 unless a momentum option is used (not modelled).
///
/// The `Spring` class (5.8+) clamps stiffness and damping to 0…1; the store
/// does not, and sets the value at once when stiffness ≥ 1 and damping ≥ 1.
///
/// Svelte takes no initial velocity: a run's `initialVelocity` is modelled
/// as a spring that was moving at that speed over the frame before, that is
/// `x_{−1} = from − initialVelocity/refreshRate` (0 gives Svelte's start
/// from rest, `x_{−1} = x₀`). Frame times: `now` is `performance.now()` read
/// in each rAF callback; the loop assumes it equals the frame's display time
/// `n·1000/refreshRate` and that `set` ran at frame 0. The run keeps a
/// clock (``DisplayedMotion/simulatedTimes``, the sum of the clamped elapsed
/// times) only where it falls behind the display: frame gaps above 33.3 ms
/// with the clamp.
public struct SvelteLoop: PlatformLoop, Hashable {
    public static let platform = SpringPlatform.svelte

    /// Which of Svelte's two APIs runs the spring.
    public enum Implementation: Sendable, Hashable {
        /// `new Spring(value, options)` (Svelte 5.8+): stiffness and damping clamped to 0…1.
        case springClass
        /// The `spring(value, options)` store (Svelte 3, 4; deprecated in 5):
        /// no clamping; stiffness ≥ 1 and damping ≥ 1 set the value at once.
        case store
    }

    /// `stiffness` per 60 Hz tick.
    public var stiffness: Double
    /// `damping` per 60 Hz tick.
    public var damping: Double
    /// `precision` in the value's units.
    public var precision: Double
    public var implementation: Implementation
    /// Whether `elapsed` is clamped to 1000/30 ms (svelte ≥ 5.17.0; Svelte 3,
    /// 4 and 5.0–5.16 step over the whole gap).
    public var clampsElapsedTime: Bool

    public init(
        stiffness: Double = 0.15, damping: Double = 0.8, precision: Double = 0.01,
        implementation: Implementation = .springClass, clampsElapsedTime: Bool = true
    ) {
        self.stiffness = stiffness
        self.damping = damping
        self.precision = precision
        self.implementation = implementation
        self.clampsElapsedTime = clampsElapsedTime
    }

    /// The `Spring` class (5.17+) with the per-tick values that have
    /// `spring`'s characteristic roots at 60 Hz (`SvelteSpringParameters.perTick(_:)`):
    /// exact at 60 Hz; a spring too fast for 60 Hz ticks gets a stiffness
    /// above 1, which the class clamps, as it would for a user.
    public init(_ spring: Spring, precision: Double = 0.01) {
        let perTick = SvelteSpringParameters.perTick(spring)
        self.init(stiffness: perTick.stiffness, damping: perTick.damping, precision: precision)
    }

    /// ``init(_:precision:)`` at the default precision; it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let refreshRate = clock.refreshRate
        let k: Double
        let c: Double
        switch implementation {
        case .springClass:
            // `clamp(n, 0, 1)` is `Math.max(0, Math.min(1, n))`.
            k = Swift.max(0, Swift.min(1, stiffness))
            c = Swift.max(0, Swift.min(1, damping))
        case .store:
            if stiffness >= 1 && damping >= 1 {
                return PlatformAnimation.doneAtStart(
                    Self.platform, clock: clock, start: to, keepsClock: true)
            }
            k = stiffness
            c = damping
        }
        let inverseMass = 1.0
        var last = from - initialVelocity / refreshRate
        var current = from
        var lastTime = 0.0
        var simulated = 0.0
        // Its clock is the display's unless the elapsed time is clamped (a gap above 33.3 ms).
        let keepsClock = clampsElapsedTime && clock.longestIntervalMilliseconds > 1000 / 30
        return PlatformAnimation.record(Self.platform, clock: clock, start: from, keepsClock: keepsClock) {
            frame in
            let now = clock.milliseconds(frame)
            let elapsed = clampsElapsedTime ? Swift.min(now - lastTime, 1000 / 30) : now - lastTime
            let dt = (elapsed * 60) / 1000
            simulated += elapsed / 1000
            let delta = to - current
            let velocity = (current - last) / (dt != 0 && !dt.isNaN ? dt : 1 / 60)
            let spring = k * delta
            let damper = c * velocity
            let acceleration = (spring - damper) * inverseMass
            let d = (velocity + acceleration) * dt
            lastTime = now
            last = current
            if abs(d) < precision && abs(delta) < precision {
                current = to
                return (to, simulated, true)
            }
            current = current + d
            return (current, simulated, false)
        }
    }
}
