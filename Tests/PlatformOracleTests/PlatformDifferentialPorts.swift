#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a port shows: the value on each display frame (frame 0 first) and
/// the frame its own rule calls done, as `PlatformOracleCases.mismatch`
/// takes it.
typealias PortRun = (values: [Double], done: Int?)

/// Frames after frame 0 that a run simulates: 60 s at the refresh rate, as
/// `PlatformAnimation.maximumDuration` (a limit of the harness, not of the platforms).
func portFrameLimit(_ refreshRate: Double) -> Int { Int((60 * refreshRate).rounded(.up)) }

/// The display clock the ports share with the loops (an assumption about the
/// host, not the platforms' code): frame n is shown at `n·1000/rate` ms, and
/// a platform that reads whole milliseconds reads that time rounded down.
func portFrameMilliseconds(_ frame: Int, _ refreshRate: Double) -> Int64 {
    Int64((Double(frame) * 1000 / refreshRate).rounded(.down))
}

/// When the ports' frames are shown: a steady rate (`n·1000/rate` ms), or a list of frame times
/// in seconds (frame 0 at 0), continued at its last interval. Written here for the ports alone;
/// it shares no code with SpringPlatforms' `FrameClock`, only the definition of a trace.
struct PortClock {
    var rate: Double
    var times: [Double]?

    static func steady(_ rate: Double) -> PortClock { PortClock(rate: rate, times: nil) }

    func seconds(_ frame: Int) -> Double {
        guard let times else { return Double(frame) / rate }
        if frame < times.count { return times[frame] }
        let last = times.count - 1
        return times[last] + Double(frame - last) * (times[last] - times[last - 1])
    }

    /// The frame's time in ms, as a platform that reads a double clock reads it.
    func milliseconds(_ frame: Int) -> Double { times == nil ? Double(frame) * 1000 / rate : seconds(frame) * 1000 }

    /// The frame's time in whole ms, rounded down.
    func wholeMilliseconds(_ frame: Int) -> Int64 { Int64(milliseconds(frame).rounded(.down)) }

    /// The time since the frame before, in ms.
    func interval(_ frame: Int) -> Double { times == nil ? 1000 / rate : (seconds(frame) - seconds(frame - 1)) * 1000 }

    /// The last frame within 60 s.
    var limit: Int {
        guard times != nil else { return portFrameLimit(rate) }
        var n = 0
        while seconds(n + 1) <= 60 { n += 1 }
        return n
    }
}

// MARK: - Android

/// Android's `SpringAnimation`, ported from its own Java for this test alone
/// (androidx/androidx `dynamicanimation/dynamicanimation/src/main/java/androidx/dynamicanimation/animation/`:
/// `SpringForce.java` at commit fd79a569793acda1e955ddefad9b964cff70909f —
/// `init`, `updateValues`, `isAtEquilibrium`, `setValueThreshold` —, and
/// `DynamicAnimation.java` at 9db3602f89a6bd54872015d5b5bd236cae216619 and
/// `SpringAnimation.java`: `doAnimationFrame`, `updateValueAndVelocity`).
/// `mValue` and `mVelocity` are `float`; the closed form runs in `double`.
/// It shares no code with `AndroidSpringLoop`.
struct AndroidSpringAnimationPort {
    var stiffness: Float
    var dampingRatio: Float
    /// `DynamicAnimation.setMinimumVisibleChange` (1 for pixels).
    var minimumVisibleChange: Float = 1

    /// `SpringForce.updateValues(double lastDisplacement, double lastVelocity, long timeElapsed)`:
    /// `(mValue, mVelocity)` of the returned `MassState`.
    func updateValues(_ lastDisplacement: Double, _ lastVelocity: Double, _ timeElapsed: Int64, final: Double)
        -> (value: Float, velocity: Float)
    {
        // setStiffness: mNaturalFreq = Math.sqrt(stiffness); setDampingRatio: mDampingRatio = dampingRatio.
        let mNaturalFreq = Double(stiffness).squareRoot()
        let mDampingRatio = Double(dampingRatio)
        // init()
        var mGammaPlus = 0.0, mGammaMinus = 0.0, mDampedFreq = 0.0
        if mDampingRatio > 1 {
            mGammaPlus = -mDampingRatio * mNaturalFreq + mNaturalFreq * (mDampingRatio * mDampingRatio - 1).squareRoot()
            mGammaMinus =
                -mDampingRatio * mNaturalFreq - mNaturalFreq * (mDampingRatio * mDampingRatio - 1).squareRoot()
        } else if mDampingRatio >= 0 && mDampingRatio < 1 {
            mDampedFreq = mNaturalFreq * (1 - mDampingRatio * mDampingRatio).squareRoot()
        }
        let deltaT = Double(timeElapsed) / 1000
        let lastDisplacement = lastDisplacement - final
        let displacement: Double, currentVelocity: Double
        if mDampingRatio > 1 {
            let coeffA = lastDisplacement - (mGammaMinus * lastDisplacement - lastVelocity) / (mGammaMinus - mGammaPlus)
            let coeffB = (mGammaMinus * lastDisplacement - lastVelocity) / (mGammaMinus - mGammaPlus)
            displacement = coeffA * pow(M_E, mGammaMinus * deltaT) + coeffB * pow(M_E, mGammaPlus * deltaT)
            currentVelocity =
                coeffA * mGammaMinus * pow(M_E, mGammaMinus * deltaT) + coeffB * mGammaPlus
                * pow(M_E, mGammaPlus * deltaT)
        } else if mDampingRatio == 1 {
            let coeffA = lastDisplacement
            let coeffB = lastVelocity + mNaturalFreq * lastDisplacement
            displacement = (coeffA + coeffB * deltaT) * pow(M_E, -mNaturalFreq * deltaT)
            currentVelocity =
                (coeffA + coeffB * deltaT) * pow(M_E, -mNaturalFreq * deltaT) * -mNaturalFreq + coeffB
                * pow(M_E, -mNaturalFreq * deltaT)
        } else {
            let cosCoeff = lastDisplacement
            let sinCoeff = (1 / mDampedFreq) * (mDampingRatio * mNaturalFreq * lastDisplacement + lastVelocity)
            displacement =
                pow(M_E, -mDampingRatio * mNaturalFreq * deltaT)
                * (cosCoeff * cos(mDampedFreq * deltaT) + sinCoeff * sin(mDampedFreq * deltaT))
            currentVelocity =
                displacement * -mNaturalFreq * mDampingRatio + pow(M_E, -mDampingRatio * mNaturalFreq * deltaT)
                * (-mDampedFreq * cosCoeff * sin(mDampedFreq * deltaT) + mDampedFreq * sinCoeff
                    * cos(mDampedFreq * deltaT))
        }
        return (Float(displacement + final), Float(currentVelocity))
    }

    /// `new SpringAnimation(…).setStartValue((float) from).setStartVelocity((float) v)`,
    /// `getSpring().setFinalPosition((float) to)`, `start()`; frame n's callback
    /// at `uptimeMillis()` = 1000 + ⌊n·1000/rate⌋.
    func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double) -> PortRun {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }

    func run(from: Double, to: Double, initialVelocity: Double, clock: PortClock) -> PortRun {
        var mValue = Float(from)
        var mVelocity = Float(initialVelocity)
        let mFinalPosition = Double(Float(to))
        // SpringAnimation.start(): mSpring.setValueThreshold(mMinVisibleChange * THRESHOLD_MULTIPLIER (0.75f)).
        let mValueThreshold = Double(abs(minimumVisibleChange * Float(0.75)))
        let mVelocityThreshold = mValueThreshold * (1000.0 / 16.0)  // VELOCITY_THRESHOLD_MULTIPLIER
        var mLastFrameTime: Int64 = 0
        var values: [Double] = []
        for frame in 0...clock.limit {
            let frameTime = 1000 + clock.wholeMilliseconds(frame)
            // doAnimationFrame(frameTime)
            if mLastFrameTime == 0 {
                mLastFrameTime = frameTime
                values.append(Double(mValue))
                continue
            }
            let deltaT = frameTime - mLastFrameTime
            mLastFrameTime = frameTime
            // updateValueAndVelocity(deltaT)
            (mValue, mVelocity) = updateValues(Double(mValue), Double(mVelocity), deltaT, final: mFinalPosition)
            mValue = max(mValue, -Float.greatestFiniteMagnitude)  // mMinValue
            mValue = min(mValue, Float.greatestFiniteMagnitude)  // mMaxValue
            // isAtEquilibrium(mValue, mVelocity)
            let finished =
                Double(abs(mVelocity)) < mVelocityThreshold
                && Double(abs(mValue - Float(mFinalPosition))) < mValueThreshold
            if finished {
                mValue = Float(mFinalPosition)
                mVelocity = 0
                values.append(Double(mValue))
                return (values, frame)
            }
            values.append(Double(mValue))
        }
        return (values, nil)
    }
}

// MARK: - Compose

/// Jetpack Compose's spring, ported from its own Kotlin for this test alone
/// (androidx/androidx `compose/animation/animation-core/src/commonMain/kotlin/androidx/compose/animation/core/`:
/// `SpringEstimation.kt` at commit 1d7dc4d109e12aa0d24aba1e4a024b996849f4ef,
/// `SpringSimulation.kt` at 13d5e2efb6ca3077b4bd3f6040c5a15b504397d3, and
/// `FloatSpringSpec` in `FloatAnimationSpec.kt`: `getValueFromNanos`,
/// `getDurationNanos`; `TargetBasedAnimation` returns the target once
/// `playTimeNanos >= durationNanos`, and `animate()` runs its first frame at
/// play time 0). Values are `Float`. It shares no code with `ComposeLoop`.
struct ComposeSpringPort {
    var stiffness: Float
    var dampingRatio: Float
    var visibilityThreshold: Float = 0.01

    /// `SpringSimulation.updateValues(lastDisplacement: Float, lastVelocity: Float, timeElapsed: Long)`.
    func updateValues(_ lastDisplacement: Float, _ lastVelocity: Float, _ timeElapsed: Int64, final: Float)
        -> (value: Float, velocity: Float)
    {
        let naturalFreq = Double(stiffness).squareRoot()
        let dampingRatio = self.dampingRatio
        let dampingRatioSquared = Double(dampingRatio) * Double(dampingRatio)
        var gammaPlus = 0.0, gammaMinus = 0.0, dampedFreq = 0.0
        if dampingRatio > 1 {
            gammaPlus = -Double(dampingRatio) * naturalFreq + naturalFreq * (dampingRatioSquared - 1).squareRoot()
            gammaMinus = -Double(dampingRatio) * naturalFreq - naturalFreq * (dampingRatioSquared - 1).squareRoot()
        } else if dampingRatio >= 0 && dampingRatio < 1 {
            dampedFreq = naturalFreq * (1 - dampingRatioSquared).squareRoot()
        }
        let adjustedDisplacement = Double(lastDisplacement - final)  // Float − Float
        let lastVelocity = Double(lastVelocity)
        let deltaT = Double(timeElapsed) / 1000.0
        let displacement: Double, currentVelocity: Double
        if dampingRatio > 1 {
            let coeffA =
                adjustedDisplacement - ((gammaMinus * adjustedDisplacement - lastVelocity) / (gammaMinus - gammaPlus))
            let coeffB = (gammaMinus * adjustedDisplacement - lastVelocity) / (gammaMinus - gammaPlus)
            displacement = coeffA * exp(gammaMinus * deltaT) + coeffB * exp(gammaPlus * deltaT)
            currentVelocity =
                coeffA * gammaMinus * exp(gammaMinus * deltaT) + coeffB * gammaPlus * exp(gammaPlus * deltaT)
        } else if dampingRatio == 1 {
            let coeffA = adjustedDisplacement
            let coeffB = lastVelocity + naturalFreq * adjustedDisplacement
            displacement = (coeffA + coeffB * deltaT) * exp(-naturalFreq * deltaT)
            currentVelocity =
                ((coeffA + coeffB * deltaT) * exp(-naturalFreq * deltaT) * (-naturalFreq))
                + coeffB * exp(-naturalFreq * deltaT)
        } else {
            let zeta = Double(dampingRatio)
            let cosCoeff = adjustedDisplacement
            let sinCoeff = (1 / dampedFreq) * ((zeta * naturalFreq * adjustedDisplacement) + lastVelocity)
            displacement =
                exp(-zeta * naturalFreq * deltaT)
                * (cosCoeff * cos(dampedFreq * deltaT) + sinCoeff * sin(dampedFreq * deltaT))
            currentVelocity =
                displacement * (-naturalFreq) * zeta + exp(-zeta * naturalFreq * deltaT)
                * (-dampedFreq * cosCoeff * sin(dampedFreq * deltaT) + dampedFreq * sinCoeff
                    * cos(dampedFreq * deltaT))
        }
        return (Float(displacement + Double(final)), Float(currentVelocity))
    }

    /// `estimateAnimationDurationMillis(stiffness: Float, dampingRatio: Float, initialVelocity: Float,
    /// initialDisplacement: Float, delta: Float)` and the `Double` overload it calls.
    static func estimateAnimationDurationMillis(
        stiffness: Float, dampingRatio: Float, initialVelocity: Float, initialDisplacement: Float, delta: Float
    ) -> Int64 {
        if dampingRatio == 0 { return Int64.max / 1_000_000 }  // MAX_LONG_MILLIS
        let stiffness = Double(stiffness), dampingRatio = Double(dampingRatio)
        let initialVelocity = Double(initialVelocity), initialPosition = Double(initialDisplacement)
        let delta = Double(delta)
        let dampingCoefficient = 2.0 * dampingRatio * stiffness.squareRoot()
        let partialRoot = dampingCoefficient * dampingCoefficient - 4.0 * stiffness
        // complexSqrt: a negative number's root is imaginary.
        let root = partialRoot < 0 ? (re: 0.0, im: (-partialRoot).squareRoot()) : (re: partialRoot.squareRoot(), im: 0)
        let firstRoot = (re: (-dampingCoefficient + root.re) * 0.5, im: root.im * 0.5)
        let secondRoot = (re: (-dampingCoefficient - root.re) * 0.5, im: -root.im * 0.5)
        // estimateDurationInternal
        if initialPosition == 0.0 && initialVelocity == 0.0 { return 0 }
        let v0 = initialPosition < 0 ? -initialVelocity : initialVelocity
        let p0 = abs(initialPosition)
        let seconds: Double
        if dampingRatio > 1.0 {
            seconds = overDamped(firstRoot.re, secondRoot.re, p0, v0, delta)
        } else if dampingRatio < 1.0 {
            let r = firstRoot.re
            let c1 = p0
            let c2 = (v0 - r * c1) / firstRoot.im
            let c = (c1 * c1 + c2 * c2).squareRoot()
            seconds = log(delta / c) / r
        } else {
            seconds = criticallyDamped(firstRoot.re, p0, v0, delta)
        }
        return kotlinToLong(seconds * 1000.0)
    }

    /// Kotlin's `Double.toLong()`: NaN is 0, out-of-range values saturate, the rest truncate.
    static func kotlinToLong(_ x: Double) -> Int64 {
        if x.isNaN { return 0 }
        if x >= 9.223372036854775807e18 { return Int64.max }
        if x <= -9.223372036854775808e18 { return Int64.min }
        return Int64(x)
    }

    static func criticallyDamped(_ r: Double, _ p0: Double, _ v0: Double, _ delta: Double) -> Double {
        let c1 = p0
        let c2 = v0 - r * c1
        let t1 = log(abs(delta / c1)) / r
        let guess = log(abs(delta / c2))
        var lambert = guess
        for _ in 0...5 { lambert = guess - log(abs(lambert / r)) }
        let t2 = lambert / r
        var tCurr = !t1.isFinite ? t2 : (!t2.isFinite ? t1 : max(t1, t2))
        let tInflection = -(r * c1 + c2) / (r * c2)
        let xInflection = c1 * exp(r * tInflection) + c2 * tInflection * exp(r * tInflection)
        let signedDelta: Double
        if tInflection.isNaN || tInflection <= 0.0 {
            signedDelta = -delta
        } else if tInflection > 0.0 && -xInflection < delta {
            if c2 < 0 && c1 > 0 { tCurr = 0.0 }
            signedDelta = -delta
        } else {
            tCurr = -(2.0 / r) - (c1 / c2)
            signedDelta = delta
        }
        var tDelta = Double.greatestFiniteMagnitude
        var iterations = 0
        while tDelta > 0.001 && iterations < 100 {
            iterations += 1
            let tLast = tCurr
            let fn = (c1 + c2 * tCurr) * exp(r * tCurr) + signedDelta
            let fnPrime = (c2 * (r * tCurr + 1) + c1 * r) * exp(r * tCurr)
            tCurr = tCurr - fn / fnPrime
            tDelta = abs(tLast - tCurr)
        }
        return tCurr
    }

    static func overDamped(_ r1: Double, _ r2: Double, _ p0: Double, _ v0: Double, _ delta: Double) -> Double {
        let c2 = (r1 * p0 - v0) / (r1 - r2)
        let c1 = p0 - c2
        let t1 = log(abs(delta / c1)) / r1
        let t2 = log(abs(delta / c2)) / r2
        var tCurr = !t1.isFinite ? t2 : (!t2.isFinite ? t1 : max(t1, t2))
        let tInflection = log((c1 * r1) / (-c2 * r2)) / (r2 - r1)
        func xInflection() -> Double { c1 * exp(r1 * tInflection) + c2 * exp(r2 * tInflection) }
        let signedDelta: Double
        if tInflection.isNaN || tInflection <= 0.0 {
            signedDelta = -delta
        } else if tInflection > 0.0 && -xInflection() < delta {
            if c2 > 0.0 && c1 < 0.0 { tCurr = 0.0 }
            signedDelta = -delta
        } else {
            tCurr = log(-(c2 * r2 * r2) / (c1 * r1 * r1)) / (r1 - r2)
            signedDelta = delta
        }
        if abs(c1 * r1 * exp(r1 * tCurr) + c2 * r2 * exp(r2 * tCurr)) < 0.0001 { return tCurr }
        var tDelta = Double.greatestFiniteMagnitude
        var iterations = 0
        while tDelta > 0.001 && iterations < 100 {
            iterations += 1
            let tLast = tCurr
            let fn = c1 * exp(r1 * tCurr) + c2 * exp(r2 * tCurr) + signedDelta
            let fnPrime = c1 * r1 * exp(r1 * tCurr) + c2 * r2 * exp(r2 * tCurr)
            tCurr = tCurr - fn / fnPrime
            tDelta = abs(tLast - tCurr)
        }
        return tCurr
    }

    /// `FloatSpringSpec.getDurationNanos(initialValue, targetValue, initialVelocity)`.
    func durationNanos(initialValue: Float, targetValue: Float, initialVelocity: Float) -> Int64 {
        let millis = Self.estimateAnimationDurationMillis(
            stiffness: stiffness, dampingRatio: dampingRatio, initialVelocity: initialVelocity / visibilityThreshold,
            initialDisplacement: (initialValue - targetValue) / visibilityThreshold, delta: 1)
        return millis &* 1_000_000  // MillisToNanos; MAX_LONG_MILLIS keeps it in range
    }

    /// `Animatable(from).animateTo(to, spring(dampingRatio, stiffness), initialVelocity = v)`:
    /// frame n at play time ⌊n·1000/rate⌋ ms, frame 0 at play time 0.
    func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double) -> PortRun {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }

    func run(from: Double, to: Double, initialVelocity: Double, clock: PortClock) -> PortRun {
        let initialValue = Float(from), targetValue = Float(to), velocity = Float(initialVelocity)
        let duration = durationNanos(initialValue: initialValue, targetValue: targetValue, initialVelocity: velocity)
        var values: [Double] = []
        for frame in 0...clock.limit {
            let playTimeMillis = clock.wholeMilliseconds(frame)
            if playTimeMillis * 1_000_000 >= duration {  // isFinishedFromNanos: the target is shown
                values.append(Double(targetValue))
                return (values, frame)
            }
            // Frame 0 shows the start: updateValues(initialValue, …, 0) is Float(from) up to a rounding.
            values.append(
                frame == 0
                    ? from
                    : Double(updateValues(initialValue, velocity, playTimeMillis, final: targetValue).value))
        }
        return (values, nil)
    }
}

// MARK: - Flutter

/// Flutter's `SpringSimulation` driven by an `AnimationController`, ported
/// from its own Dart for this test alone (flutter/flutter
/// `packages/flutter/lib/src/physics/spring_simulation.dart` at commit
/// 04fbdcfac997f9bcbef805fe785ff71971ea16d2: `_SpringSolution` and its three
/// solutions, `isDone`; `tolerance.dart` (`Tolerance.defaultTolerance`, 1e-3)
/// and `utils.dart` `nearZero`; `AnimationController._tick` checks `isDone`
/// on every tick from elapsed 0). It shares no code with `FlutterLoop`.
struct FlutterSpringPort {
    var mass: Double
    var stiffness: Double
    var damping: Double
    var tolerance = 1e-3

    enum Solution {
        case critical(r: Double, c1: Double, c2: Double)
        case over(r1: Double, r2: Double, c1: Double, c2: Double)
        case under(w: Double, r: Double, c1: Double, c2: Double)
    }

    /// `_SpringSolution(spring, start - end, velocity)`.
    func solution(distance: Double, velocity: Double) -> Solution {
        let cmk = damping * damping - 4 * mass * stiffness
        if cmk > 0 {
            let r1 = (-damping - cmk.squareRoot()) / (2.0 * mass)
            let r2 = (-damping + cmk.squareRoot()) / (2.0 * mass)
            let c2 = (velocity - r1 * distance) / (r2 - r1)
            return .over(r1: r1, r2: r2, c1: distance - c2, c2: c2)
        } else if cmk < 0 {
            let w = (4.0 * mass * stiffness - damping * damping).squareRoot() / (2.0 * mass)
            let r = -(damping / 2.0 / mass)
            return .under(w: w, r: r, c1: distance, c2: (velocity - r * distance) / w)
        } else {
            let r = -damping / (2.0 * mass)
            return .critical(r: r, c1: distance, c2: velocity - (r * distance))
        }
    }

    static func x(_ s: Solution, _ time: Double) -> Double {
        switch s {
        case .critical(let r, let c1, let c2): (c1 + c2 * time) * pow(M_E, r * time)
        case .over(let r1, let r2, let c1, let c2): c1 * pow(M_E, r1 * time) + c2 * pow(M_E, r2 * time)
        case .under(let w, let r, let c1, let c2): pow(M_E, r * time) * (c1 * cos(w * time) + c2 * sin(w * time))
        }
    }

    static func dx(_ s: Solution, _ time: Double) -> Double {
        switch s {
        case .critical(let r, let c1, let c2):
            let power = pow(M_E, r * time)
            return r * (c1 + c2 * time) * power + c2 * power
        case .over(let r1, let r2, let c1, let c2):
            return c1 * r1 * pow(M_E, r1 * time) + c2 * r2 * pow(M_E, r2 * time)
        case .under(let w, let r, let c1, let c2):
            let power = pow(M_E, r * time)
            let cosine = cos(w * time)
            let sine = sin(w * time)
            return power * (c2 * w * cosine - c1 * w * sine) + r * power * (c2 * sine + c1 * cosine)
        }
    }

    /// `nearZero(a, epsilon)`: `a > -epsilon && a < epsilon`.
    static func nearZero(_ a: Double, _ epsilon: Double) -> Bool { a > -epsilon && a < epsilon }

    /// `controller.animateWith(SpringSimulation(desc, from, to, v))` (unbounded
    /// controller, `snapToEnd` false): tick n at elapsed `n/rate` s.
    func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double) -> PortRun {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }

    func run(from: Double, to: Double, initialVelocity: Double, clock: PortClock) -> PortRun {
        let s = solution(distance: from - to, velocity: initialVelocity)
        var values: [Double] = []
        for frame in 0...clock.limit {
            let time = clock.seconds(frame)
            // Frame 0 shows the start (x(0) is `from` up to a rounding).
            values.append(frame == 0 ? from : to + Self.x(s, time))
            if Self.nearZero(Self.x(s, time), tolerance) && Self.nearZero(Self.dx(s, time), tolerance) {
                return (values, frame)
            }
        }
        return (values, nil)
    }
}

// MARK: - Rebound

/// Rebound, ported from its own JavaScript for this test alone
/// (facebook/rebound-js at commit 6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70:
/// `src/Spring.js` — `setCurrentValue`, `setAtRest`, `setEndValue`,
/// `setVelocity`, `advance`, `_interpolate`, `isAtRest`, `systemShouldAdvance` —,
/// `src/SpringSystem.js` `loop` and `advance`, and `src/Loopers.js`
/// `SimulationLooper`, whose clock is `this.time += this.timestep`).
/// It shares no code with `ReboundLoop`.
struct ReboundPort {
    var tension: Double
    var friction: Double

    static let MAX_DELTA_TIME_SEC = 0.064
    static let SOLVER_TIMESTEP_SEC = 0.001

    /// `spring.setCurrentValue(from).setVelocity(v).setEndValue(to)`, then the
    /// looper's frames at `timestep = 1000/rate` ms.
    func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double) -> PortRun {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }

    func run(from: Double, to: Double, initialVelocity: Double, clock: PortClock) -> PortRun {
        let h = Self.SOLVER_TIMESTEP_SEC
        let restSpeedThreshold = 0.001, displacementFromRestThreshold = 0.001
        var currentPosition = 0.0, currentVelocity = 0.0
        var previousPosition = 0.0, previousVelocity = 0.0  // new PhysicsState()
        var tempPosition = 0.0, tempVelocity = 0.0
        var endValue = 0.0
        var timeAccumulator = 0.0
        var wasAtRest = true
        func isAtRest() -> Bool {
            abs(currentVelocity) < restSpeedThreshold
                && (abs(endValue - currentPosition) <= displacementFromRestThreshold || tension == 0)
        }
        // setCurrentValue(from): position, then setAtRest().
        currentPosition = from
        endValue = currentPosition
        tempPosition = currentPosition
        currentVelocity = 0
        // setVelocity(v)
        currentVelocity = initialVelocity
        // setEndValue(to): no activation when already there and at rest.
        if endValue == to && isAtRest() { return ([from], 0) }
        endValue = to

        var values = [from]
        var time = 0.0, lastTimeMillis = -1.0
        for frame in stride(from: 1, through: clock.limit, by: 1) {
            time += clock.interval(frame)  // SimulationLooper.run
            // SpringSystem.loop(currentTimeMillis)
            if lastTimeMillis == -1 { lastTimeMillis = time - 1 }
            let ellapsedMillis = time - lastTimeMillis
            lastTimeMillis = time
            // SpringSystem.advance → spring.advance(time / 1000, ellapsedMillis / 1000) when
            // systemShouldAdvance(); a spring at rest from the start never moves (done at frame 0).
            guard !isAtRest() || !wasAtRest else { return (values, frame - 1) }
            let realDeltaTime = ellapsedMillis / 1000.0
            var isAtRestNow = isAtRest()
            let adjustedDeltaTime = realDeltaTime > Self.MAX_DELTA_TIME_SEC ? Self.MAX_DELTA_TIME_SEC : realDeltaTime
            timeAccumulator += adjustedDeltaTime
            var position = currentPosition, velocity = currentVelocity
            var tempP = tempPosition, tempV = tempVelocity
            while timeAccumulator >= h {
                timeAccumulator -= h
                if timeAccumulator < h {
                    previousPosition = position
                    previousVelocity = velocity
                }
                let aVelocity = velocity
                let aAcceleration = tension * (endValue - tempP) - friction * velocity
                tempP = position + aVelocity * h * 0.5
                tempV = velocity + aAcceleration * h * 0.5
                let bVelocity = tempV
                let bAcceleration = tension * (endValue - tempP) - friction * tempV
                tempP = position + bVelocity * h * 0.5
                tempV = velocity + bAcceleration * h * 0.5
                let cVelocity = tempV
                let cAcceleration = tension * (endValue - tempP) - friction * tempV
                tempP = position + cVelocity * h
                tempV = velocity + cAcceleration * h
                let dVelocity = tempV
                let dAcceleration = tension * (endValue - tempP) - friction * tempV
                let dxdt = 1.0 / 6.0 * (aVelocity + 2.0 * (bVelocity + cVelocity) + dVelocity)
                let dvdt = 1.0 / 6.0 * (aAcceleration + 2.0 * (bAcceleration + cAcceleration) + dAcceleration)
                position += dxdt * h
                velocity += dvdt * h
            }
            tempPosition = tempP
            tempVelocity = tempV
            currentPosition = position
            currentVelocity = velocity
            if timeAccumulator > 0 {
                let alpha = timeAccumulator / h
                currentPosition = currentPosition * alpha + previousPosition * (1 - alpha)
                currentVelocity = currentVelocity * alpha + previousVelocity * (1 - alpha)
            }
            if isAtRest() {
                if tension > 0 {
                    currentPosition = endValue
                } else {
                    endValue = currentPosition
                }
                currentVelocity = 0  // setVelocity(0)
                isAtRestNow = true
            }
            wasAtRest = isAtRestNow
            values.append(currentPosition)
            if isAtRestNow { return (values, frame) }
        }
        return (values, nil)
    }
}

// MARK: - Pop

/// Pop, ported from its own Objective-C++ for this test alone
/// (facebookarchive/pop at commit 87d1f8b74cdaa4699d7a9f6be1ff5202014c581f:
/// `pop/POPSpringSolver.h` — `SpringSolver::advance`, `integrate`,
/// `interpolate`, `hasConverged`, `setThreshold`, `solverDt = 0.001f` —,
/// `pop/POPSpringAnimationInternal.h` — `advance`, `hasConverged`, `isDone` —,
/// `pop/POPAnimationInternal.h` `advanceTime` and `startIfNeeded`, and
/// `pop/POPAnimator.mm` `_renderTime:item:`, `updateAnimatable` and
/// `applyAnimationToValue`, which writes `toValue` (`finalizeProgress`) on the
/// done render). The first render is at the start time, with dt = 0.
/// It shares no code with `PopLoop`.
struct PopPort {
    var tension: Double
    var friction: Double
    var mass: Double = 1
    /// The property's `threshold` (1 for points).
    var threshold: Double = 1

    func run(from: Double, to: Double, initialVelocity: Double, refreshRate: Double) -> PortRun {
        run(from: from, to: to, initialVelocity: initialVelocity, clock: .steady(refreshRate))
    }

    func run(from: Double, to: Double, initialVelocity: Double, clock: PortClock) -> PortRun {
        let solverDt = Double(Float(0.001))
        let maxSolverDt = Double(Float(30.0))
        // SpringSolver(k, b, m), setThreshold(threshold)
        let (k, b, m) = (tension, friction, mass)
        let tp = threshold / 2, tv = 25.0 * threshold, ta = 625.0 * threshold * threshold
        var accumulatedTime = 0.0
        var lastStateP = 0.0, lastStateV = 0.0, lastDv = 0.0
        var started = false
        func acceleration(_ p: Double, _ v: Double) -> Double { p * (-k / m) - v * (b / m) }
        func integrate(_ p: inout Double, _ v: inout Double, _ dt: Double) {
            let aDp = v, aDv = acceleration(p, v)
            let bP = p + aDp * (dt * 0.5), bV = v + aDv * (dt * 0.5)
            let bDp = bV, bDv = acceleration(bP, bV)
            let cP = p + bDp * (dt * 0.5), cV = v + bDv * (dt * 0.5)
            let cDp = cV, cDv = acceleration(cP, cV)
            let dP = p + cDp * dt, dV = v + cDv * dt
            let dDp = dV, dDv = acceleration(dP, dV)
            let dpdt = (aDp + (bDp + cDp) * 2.0 + dDp) * (1.0 / 6.0)
            let dvdt = (aDv + (bDv + cDv) * 2.0 + dDv) * (1.0 / 6.0)
            p = p + dpdt * dt
            v = v + dvdt * dt
            lastDv = dvdt
        }
        func advance(_ p: inout Double, _ v: inout Double, _ dt: Double) {
            started = true
            if dt > maxSolverDt {
                lastDv = 0
                lastStateV = 0
                lastStateP = 0
                return
            }
            accumulatedTime += dt
            var previousP = p, previousV = v, currentP = p, currentV = v
            while accumulatedTime >= solverDt {
                previousP = currentP
                previousV = currentV
                integrate(&currentP, &currentV, solverDt)
                accumulatedTime -= solverDt
            }
            let alpha = accumulatedTime / solverDt
            p = currentP * alpha + previousP * (1 - alpha)
            v = currentV * alpha + previousV * (1 - alpha)
            lastStateP = p
            lastStateV = v
        }
        func solverHasConverged() -> Bool {
            if !started { return false }
            if abs(lastStateP) >= tp { return false }
            return lastStateV * lastStateV < tv && lastDv * lastDv < ta
        }
        var currentValue = from, velocityValue = initialVelocity
        var previousValue: Double? = nil, previous2Value: Double? = nil
        var lastTime = 0.0  // startTime = lastTime = the first render's time
        var values: [Double] = []
        for frame in 0...clock.limit {
            let time = clock.seconds(frame)
            let dt = time - lastTime
            // POPSpringAnimationState::advance
            var p = to - currentValue
            var v = velocityValue * -1
            advance(&p, &v, dt)
            currentValue = to - p
            velocityValue = v * -1
            lastTime = time
            // updateAnimatable: previous values, then the write.
            previous2Value = previousValue
            previousValue = currentValue
            // isDone: hasConverged() || solver->hasConverged()
            var animationConverged = false
            if let previous = previousValue, let previous2 = previous2Value {
                let t = threshold / 5
                animationConverged = !(abs(to - previous) >= t || abs(previous2 - previous) >= t)
            }
            if started && (animationConverged || solverHasConverged()) {
                values.append(to)  // applyAnimationToValue writes toValue
                return (values, frame)
            }
            // Frame 0 shows the start (to − (to − from) is `from` up to a rounding).
            values.append(frame == 0 ? from : currentValue)
        }
        return (values, nil)
    }
}
