#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#elseif canImport(ucrt)
import ucrt
#endif

// The frame loops of the platforms that integrate, each re-expressed from the
// platform's own code (sources in Guides/Platforms.md), for one scalar value.
// Every loop ends on the platform's own "done" rule, in the value's units.

/// react-spring (pmndrs/react-spring `packages/core/src/SpringValue.ts`
/// `advance` and `packages/rafz/src/index.ts`, commit
/// 3d2523de0f879e20869ab9add907540188bf6446): rafz hands each frame
/// `dt = min(64, now − last)` ms (the first frame the literal 16.667), and
/// `advance` takes `ceil(dt)` semi-implicit Euler steps of 1 ms with forces
/// `−tension·1e-6·(x − to) − friction·1e-3·v` over the mass (units per ms).
/// Each step first tests rest: `|v| ≤ restVelocity` (default precision/10 per
/// ms) and `|to − x| ≤ precision` (default `min(1, 0.001·|to − from|)`, 0.005
/// when from = to); the frame that finds it shows `to` exactly.
public struct ReactSpringLoop: Sendable, Hashable {
    /// The platform's name in runs and reports.
    public static let platform = "react-spring"

    public var tension: Double
    public var friction: Double
    public var mass: Double
    /// `config.precision`; `nil` for react-spring's per-animation default.
    public var precision: Double?
    /// `config.restVelocity` in units per millisecond; `nil` for precision/10.
    public var restVelocity: Double?

    public init(tension: Double, friction: Double, mass: Double = 1, precision: Double? = nil, restVelocity: Double? = nil) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
        self.precision = precision
        self.restVelocity = restVelocity
    }

    /// react-spring's loop for a spring given canonically (tension = k, friction = c).
    public init(_ spring: Spring) {
        self.init(tension: spring.stiffness, friction: spring.damping, mass: spring.mass)
    }

    /// The frames from `from` to `to`; `initialVelocity` in units per second
    /// (react-spring's `config.velocity` is that over 1000).
    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        let precision = self.precision.flatMap { $0 != 0 ? $0 : nil } ?? (from == to ? 0.005 : Swift.min(1, abs(to - from) * 0.001))
        let restVelocity = self.restVelocity.flatMap { $0 != 0 ? $0 : nil } ?? precision / 10
        var position = from
        var velocity = initialVelocity / 1000
        var steps = 0
        let frameMilliseconds = 1000 / refreshRate
        guard tension > 0 else {
            return PlatformAnimation.doneAtStart(Self.platform, refreshRate: refreshRate, start: from, keepsClock: true)
        }
        return PlatformAnimation.record(Self.platform, refreshRate: refreshRate, start: from, keepsClock: true) { frame in
            let dt = frame == 1 ? 16.667 : Swift.min(64, frameMilliseconds)
            let numberOfSteps = Int(dt.rounded(.up))   // ceil(dt / step), step = 1 ms
            var finished = false
            for _ in 0..<numberOfSteps {
                if !(abs(velocity) > restVelocity) {
                    finished = abs(to - position) <= precision
                    if finished { break }
                }
                let springForce = -tension * 0.000001 * (position - to)
                let dampingForce = -friction * 0.001 * velocity
                let acceleration = (springForce + dampingForce) / mass
                velocity = velocity + acceleration
                position = position + velocity
                steps += 1
            }
            if position.isNaN { finished = true }
            return (finished ? to : position, Double(steps) / 1000, finished)
        }
    }
}

/// Rebound (facebook/rebound-js `src/Spring.js` and `src/SpringSystem.js`,
/// commit 6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70): fixed 1 ms steps of a
/// Runge–Kutta scheme whose first stage takes the spring force at the
/// position left over from the previous step's last stage (`tempPosition`),
/// not at the current one — third order, not fourth; the frame's time (at
/// most 64 ms; the first frame after the system was idle is 1 ms) goes into
/// an accumulator, and the state is written back interpolated between the
/// last two steps, so each frame loses part of a step. At rest when
/// `|v| < restSpeedThreshold` (0.001) and `|end − x| ≤
/// displacementFromRestThreshold` (0.001), absolute, then it snaps to the end.
public struct ReboundLoop: Sendable, Hashable {
    /// The platform's name in runs and reports.
    public static let platform = "Rebound"

    public var tension: Double
    public var friction: Double
    public var restSpeedThreshold = 0.001
    public var displacementFromRestThreshold = 0.001

    public init(tension: Double, friction: Double) {
        self.tension = tension
        self.friction = friction
    }

    /// Rebound's loop for a spring given canonically (mass 1: tension = k/m, friction = c/m).
    public init(_ spring: Spring) {
        self.init(tension: spring.stiffness / spring.mass, friction: spring.damping / spring.mass)
    }

    /// One of Rebound's 1 ms steps: `(position, velocity, tempPosition)` in and out.
    @inlinable
    public static func step(
        position: Double, velocity: Double, tempPosition: Double, end: Double, tension: Double, friction: Double, h: Double = 0.001
    ) -> (position: Double, velocity: Double, tempPosition: Double) {
        let aVelocity = velocity
        let aAcceleration = tension * (end - tempPosition) - friction * velocity
        var temp = position + aVelocity * h * 0.5
        var tempVelocity = velocity + aAcceleration * h * 0.5
        let bVelocity = tempVelocity
        let bAcceleration = tension * (end - temp) - friction * tempVelocity
        temp = position + bVelocity * h * 0.5
        tempVelocity = velocity + bAcceleration * h * 0.5
        let cVelocity = tempVelocity
        let cAcceleration = tension * (end - temp) - friction * tempVelocity
        temp = position + cVelocity * h
        tempVelocity = velocity + cAcceleration * h
        let dVelocity = tempVelocity
        let dAcceleration = tension * (end - temp) - friction * tempVelocity
        let dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
        let dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
        return (position + dxdt * h, velocity + dvdt * h, temp)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        let h = 0.001
        var position = from, velocity = initialVelocity
        var previousPosition = from, previousVelocity = initialVelocity
        var tempPosition = from          // setCurrentValue → setAtRest syncs it
        var accumulator = 0.0
        var clock = 0.0
        let timestep = 1000 / refreshRate
        var time = 0.0, lastTime = -1.0
        func atRest() -> Bool {
            abs(velocity) < restSpeedThreshold && (abs(to - position) <= displacementFromRestThreshold || tension == 0)
        }
        if atRest() {
            return PlatformAnimation.doneAtStart(Self.platform, refreshRate: refreshRate, start: from, keepsClock: true)
        }
        return PlatformAnimation.record(Self.platform, refreshRate: refreshRate, start: from, keepsClock: true) { _ in
            time += timestep
            if lastTime == -1 { lastTime = time - 1 }
            let elapsed = time - lastTime
            lastTime = time
            accumulator += Swift.min(elapsed / 1000, 0.064)
            var steps = 0
            while accumulator >= h {
                accumulator -= h
                if accumulator < h {
                    previousPosition = position
                    previousVelocity = velocity
                }
                (position, velocity, tempPosition) = Self.step(
                    position: position, velocity: velocity, tempPosition: tempPosition, end: to,
                    tension: tension, friction: friction, h: h)
                steps += 1
            }
            if accumulator > 0 {
                let alpha = accumulator / h
                position = position * alpha + previousPosition * (1 - alpha)
                velocity = velocity * alpha + previousVelocity * (1 - alpha)
                if steps > 0 { clock += (Double(steps) - 1 + alpha) * h }
            } else {
                clock += Double(steps) * h
            }
            let done = atRest()
            if done { position = to }
            return (position, clock, done)
        }
    }
}

/// Pop (facebookarchive/pop `pop/POPSpringSolver.h`, `POPSpringAnimationInternal.h`,
/// commit 87d1f8b74cdaa4699d7a9f6be1ff5202014c581f): textbook RK4 on the
/// distance to the target with a step of `0.001f` (0.0010000000474974513 s),
/// an accumulator and the interpolated state written back, like Rebound;
/// the first rendered frame has dt = 0. Done when the last two shown values
/// are within threshold/5 of the target and of each other, or the solver
/// has converged (`|p| < t/2`, `v² < 25t`, `Δv² < 625t²`); the threshold is the
/// property's (1 for points and custom properties, 0.01 for opacity, 0.005 for scale).
public struct PopLoop: Sendable, Hashable {
    /// The platform's name in runs and reports.
    public static let platform = "Pop"

    public var tension: Double
    public var friction: Double
    public var mass: Double
    public var threshold: Double

    public init(tension: Double, friction: Double, mass: Double = 1, threshold: Double = 1) {
        self.tension = tension
        self.friction = friction
        self.mass = mass
        self.threshold = threshold
    }

    public init(_ spring: Spring, threshold: Double = 1) {
        self.init(tension: spring.stiffness, friction: spring.damping, mass: spring.mass, threshold: threshold)
    }

    /// Pop's solver step, `Double(Float(0.001))`.
    public static let solverStep = Double(Float(0.001))

    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        let h = Self.solverStep
        func acceleration(_ p: Double, _ v: Double) -> Double { p * (-tension / mass) - v * (friction / mass) }
        var value = from, velocity = initialVelocity
        var accumulator = 0.0
        var lastDv = 0.0
        var clock = 0.0
        var previous: Double? = from, previous2: Double? = nil
        var lastTime = 0.0
        let tp = threshold / 2, tv = 25.0 * threshold, ta = 625.0 * threshold * threshold
        return PlatformAnimation.record(Self.platform, refreshRate: refreshRate, start: from, keepsClock: true) { frame in
            let time = Double(frame) / refreshRate
            let dt = time - lastTime
            lastTime = time
            var p = to - value
            var v = -velocity
            accumulator += dt
            var previousP = p, previousV = v
            var steps = 0
            while accumulator >= h {
                previousP = p
                previousV = v
                let aDp = v, aDv = acceleration(p, v)
                let half = h * 0.5
                var sp = p + aDp * half, sv = v + aDv * half
                let bDp = sv, bDv = acceleration(sp, sv)
                sp = p + bDp * half
                sv = v + bDv * half
                let cDp = sv, cDv = acceleration(sp, sv)
                sp = p + cDp * h
                sv = v + cDv * h
                let dDp = sv, dDv = acceleration(sp, sv)
                let dpdt = (aDp + (bDp + cDp) * 2.0 + dDp) * (1.0 / 6.0)
                let dvdt = (aDv + (bDv + cDv) * 2.0 + dDv) * (1.0 / 6.0)
                p = p + dpdt * h
                v = v + dvdt * h
                lastDv = dvdt
                accumulator -= h
                steps += 1
            }
            let alpha = accumulator / h
            p = p * alpha + previousP * (1 - alpha)
            v = v * alpha + previousV * (1 - alpha)
            clock += steps > 0 ? (Double(steps) - 1 + alpha) * h : 0
            value = to - p
            velocity = -v
            previous2 = previous
            previous = value
            let t5 = threshold / 5
            var animationConverged = false
            if let pv = previous, let p2 = previous2 {
                animationConverged = !(abs(to - pv) >= t5 || abs(p2 - pv) >= t5)
            }
            let solverConverged = abs(p) < tp && v * v < tv && lastDv * lastDv < ta
            return (value, clock, animationConverged || solverConverged)
        }
    }
}

/// SwiftUI's spring animation engine (OpenSwiftUI
/// `Sources/OpenSwiftUICore/Animation/Animation/Spring/FluidSpringAnimation.swift`,
/// commit 7c4f2b07d70302142540a0ee4c03cf504b216a76): fixed 1/300 s
/// kick–drift–kick steps with the force carried from the previous step
/// (starting at 0), `k = min((2π/response)², 45000)`, `c = 2√k·dampingFraction`,
/// mass 1; each frame steps while the engine's time is before the frame's
/// (so it runs up to 1/300 s ahead) and shows that state. Done when
/// `|v| ≤ 0.06` and `|force| ≤ 0.06` and the value is within 1 % of the change.
public struct SwiftUIFluidLoop: Sendable, Hashable {
    /// The platform's name in runs and reports.
    public static let platform = "SwiftUI"

    public var response: Double
    public var dampingFraction: Double

    public init(response: Double, dampingFraction: Double) {
        self.response = response
        self.dampingFraction = dampingFraction
    }

    /// The animation SwiftUI runs for `spring` (`Animation.spring(spring)`:
    /// its response and damping ratio; the mass does not enter).
    public init(_ spring: Spring) {
        self.init(response: spring.response, dampingFraction: spring.dampingRatio)
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        let change = to - from
        let k = Swift.min(response > 0 ? pow(2 * Double.pi / response, 2) : 1.0, 45000.0)
        let c = -(2 * k.squareRoot() * dampingFraction)
        var offset = 0.0, velocity = initialVelocity, force = 0.0
        var engineTime = 0.0
        return PlatformAnimation.record(Self.platform, refreshRate: refreshRate, start: from, keepsClock: true) { frame in
            let time = Double(frame) / refreshRate
            if time - engineTime > 1.0 { engineTime = time - 1 / 60 }
            var t = engineTime
            while t < time {
                let halfVelocity = force * (1 / 600) + velocity
                offset += halfVelocity * (1 / 300)
                force = halfVelocity * c + (change - offset) * k
                velocity = force * (1 / 600) + halfVelocity
                t += 1 / 300
            }
            engineTime = t
            let moving = Swift.max(velocity * velocity, force * force) > 0.0036
            let tolerance = change * 0.01
            let remaining = change - offset
            let done = !moving && !(tolerance * tolerance > 0 && tolerance * tolerance < remaining * remaining)
            return (done ? to : from + offset, engineTime, done)
        }
    }
}

/// Android's `SpringAnimation` (androidx `dynamicanimation` `SpringForce.java`,
/// `DynamicAnimation.java`, `SpringAnimation.java`; commits in
/// Guides/Platforms.md): each frame re-seeds the closed form from the
/// binary32 value and velocity of the previous frame and advances by the
/// whole milliseconds between the frames' `uptimeMillis()`; the first frame
/// only records its time. Done when `|v| < 0.75·62.5·minimumVisibleChange`
/// per second and `|x − T| < 0.75·minimumVisibleChange` (in binary32), then it
/// snaps to the target. `minimumVisibleChange` is 1 for pixels, 1/10 for
/// degrees, 1/256 for alpha, 1/500 for scale.
public struct AndroidSpringLoop: Sendable, Hashable {
    /// The platform's name in runs and reports.
    public static let platform = "Android"

    public var stiffness: Float
    public var dampingRatio: Float
    public var minimumVisibleChange: Float

    public init(stiffness: Float, dampingRatio: Float, minimumVisibleChange: Float = 1) {
        self.stiffness = stiffness
        self.dampingRatio = dampingRatio
        self.minimumVisibleChange = minimumVisibleChange
    }

    /// Android's loop for a spring given canonically (stiffness k/m and ζ, rounded to binary32 as SpringForce stores them).
    public init(_ spring: Spring, minimumVisibleChange: Float = 1) {
        self.init(
            stiffness: Float(spring.stiffness / spring.mass), dampingRatio: Float(spring.dampingRatio),
            minimumVisibleChange: minimumVisibleChange)
    }

    /// `SpringForce.updateValues`: the closed form in double from a binary32 state.
    static func update(
        value: Float, velocity: Float, finalPosition: Double, omega: Double, zeta: Double, milliseconds: Int64
    ) -> (Float, Float) {
        let dt = Double(milliseconds) / 1000.0
        let x = Double(value) - finalPosition
        let v0 = Double(velocity)
        let e = M_E
        let displacement: Double, currentVelocity: Double
        if zeta > 1 {
            let root = (zeta * zeta - 1).squareRoot()
            let gammaPlus = -zeta * omega + omega * root
            let gammaMinus = -zeta * omega - omega * root
            let b = (gammaMinus * x - v0) / (gammaMinus - gammaPlus)
            let a = x - b
            displacement = a * pow(e, gammaMinus * dt) + b * pow(e, gammaPlus * dt)
            currentVelocity = a * gammaMinus * pow(e, gammaMinus * dt) + b * gammaPlus * pow(e, gammaPlus * dt)
        } else if zeta == 1 {
            let a = x
            let b = v0 + omega * x
            displacement = (a + b * dt) * pow(e, -omega * dt)
            currentVelocity = (a + b * dt) * pow(e, -omega * dt) * -omega + b * pow(e, -omega * dt)
        } else {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            let cosine = x
            let sine = (1 / damped) * (zeta * omega * x + v0)
            displacement = pow(e, -zeta * omega * dt) * (cosine * cos(damped * dt) + sine * sin(damped * dt))
            currentVelocity = displacement * -omega * zeta
                + pow(e, -zeta * omega * dt) * (-damped * cosine * sin(damped * dt) + damped * sine * cos(damped * dt))
        }
        return (Float(displacement + finalPosition), Float(currentVelocity))
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, refreshRate: Double) -> DisplayedMotion {
        let omega = Double(stiffness).squareRoot()
        let zeta = Double(dampingRatio)
        let finalPosition = Double(Float(to))
        let valueThreshold = Double(minimumVisibleChange * 0.75)
        let velocityThreshold = valueThreshold * (1000.0 / 16.0)
        var value = Float(from), velocity = Float(initialVelocity)
        var lastFrameTime = Int64(0)
        return PlatformAnimation.record(Self.platform, refreshRate: refreshRate, start: Double(value), keepsClock: false) { frame in
            // uptimeMillis() of frame 0 and frame n (whole ms since an arbitrary origin ≥ 1).
            if frame == 1 { lastFrameTime = 1_000 }
            let frameTime = 1_000 + Int64((Double(frame) * 1000 / refreshRate).rounded(.down))
            let elapsed = frameTime - lastFrameTime
            lastFrameTime = frameTime
            (value, velocity) = Self.update(
                value: value, velocity: velocity, finalPosition: finalPosition, omega: omega, zeta: zeta, milliseconds: elapsed)
            let done = abs(Double(velocity)) < velocityThreshold && Double(abs(value - Float(finalPosition))) < valueThreshold
            if done { value = Float(finalPosition) }
            return (Double(value), 0, done)
        }
    }
}
