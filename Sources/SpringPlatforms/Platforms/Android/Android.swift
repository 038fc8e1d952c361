import SpringModel

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#elseif canImport(ucrt)
    import ucrt
#endif

extension SpringPlatform {
    /// Android's `SpringForce` (androidx.dynamicanimation); its loop is ``AndroidSpringLoop``.
    public static let androidSpringForce = SpringPlatform(
        name: "Android SpringForce", shortName: "Android",
        source: "AOSP androidx.dynamicanimation SpringForce.java (STIFFNESS_*, DAMPING_RATIO_*)",
        loop: AndroidSpringLoop.self,
        loopSummary:
            "the closed form re-seeded every frame from binary32 state over whole-millisecond frame gaps; done at 0.75 px and 46.875 px/s",
        form: PlatformForm(keyword: "android", family: AndroidFamily.self) { v in
            "SpringForce().setStiffness(\(PlatformForm.float(v[.stiffness] ?? .nan))).setDampingRatio(\(PlatformForm.float(v[.dampingRatio] ?? .nan)))"
        }
    )
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
public struct AndroidSpringLoop: PlatformLoop, Hashable {
    /// The platform; its ``SpringPlatform/shortName`` names runs and reports.
    public static let platform = SpringPlatform.androidSpringForce

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
    package static func update(
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
            currentVelocity =
                displacement * -omega * zeta
                + pow(e, -zeta * omega * dt) * (-damped * cosine * sin(damped * dt) + damped * sine * cos(damped * dt))
        }
        return (Float(displacement + finalPosition), Float(currentVelocity))
    }

    public func run(from: Double, to: Double, initialVelocity: Double = 0, clock: FrameClock) -> DisplayedMotion {
        let omega = Double(stiffness).squareRoot()
        let zeta = Double(dampingRatio)
        let finalPosition = Double(Float(to))
        let valueThreshold = Double(minimumVisibleChange * 0.75)
        let velocityThreshold = valueThreshold * (1000.0 / 16.0)
        var value = Float(from), velocity = Float(initialVelocity)
        var lastFrameTime = Int64(0)
        return PlatformAnimation.record(
            Self.platform, clock: clock, start: Double(value), keepsClock: false
        ) { frame in
            // uptimeMillis() of frame 0 and frame n (whole ms since an arbitrary origin ≥ 1).
            if frame == 1 { lastFrameTime = 1_000 }
            let frameTime = 1_000 + Int64((clock.milliseconds(frame)).rounded(.down))
            let elapsed = frameTime - lastFrameTime
            lastFrameTime = frameTime
            (value, velocity) = Self.update(
                value: value, velocity: velocity, finalPosition: finalPosition, omega: omega, zeta: zeta,
                milliseconds: elapsed)
            let done =
                abs(Double(velocity)) < velocityThreshold && Double(abs(value - Float(finalPosition))) < valueThreshold
            if done { value = Float(finalPosition) }
            return (Double(value), 0, done)
        }
    }
}

extension AndroidSpringLoop {
    /// Android's loop for `spring` in pixels (`minimumVisibleChange` 1); it reads no option.
    public init(_ spring: Spring, options: PlatformLoopOptions) {
        self.init(spring)
    }
}
