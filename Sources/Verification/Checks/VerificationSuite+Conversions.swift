import SpringModel
import VectorKernels

// SpringModel's parameterizations: Apple's published numbers, round trips, and
// the cross-platform equivalences of Guides/SpringFormulas.md.

extension VerificationSuite {
    func conversionChecks() -> [VerificationCheck] {
        let u = ErrorBounds.u
        var checks: [VerificationCheck] = []
        func relative(_ a: Double, _ b: Double) -> Double {
            a == b ? 0 : abs(a - b) / max(abs(a), abs(b))
        }

        // Apple's published examples.
        var example = CheckRecorder(
            "conversion.swiftui.apple-example", .conversions,
            property: "SwiftUIParameters(duration: 0.5, bounce: 0.3) → mass 1, stiffness ≈ 157.9, damping ≈ 17.6",
            toleranceSource: "0.05: Apple prints one decimal")
        if let spring = try? SwiftUIParameters(duration: 0.5, bounce: 0.3).spring {
            example.record(abs(spring.stiffness - 157.9), tolerance: 0.05, "stiffness \(spring.stiffness)")
            example.record(abs(spring.damping - 17.6), tolerance: 0.05, "damping \(spring.damping)")
            example.record(violated: spring.mass != 1, "mass \(spring.mass)")
        } else {
            example.record(violated: true, "SwiftUIParameters(duration: 0.5, bounce: 0.3) threw")
        }
        checks.append(example.finish())

        var inverse = CheckRecorder(
            "conversion.swiftui.apple-example-inverse", .conversions,
            property: "Spring(mass: 1, stiffness: 100, damping: 10) → duration ≈ 0.63, bounce ≈ 0.5",
            toleranceSource: "0.005: Apple prints two digits")
        if let spring = try? Spring(mass: 1, stiffness: 100, damping: 10) {
            let parameters = SwiftUIParameters(spring)
            inverse.record(abs(parameters.duration - 0.63), tolerance: 0.005, "duration \(parameters.duration)")
            inverse.record(abs(parameters.bounce - 0.5), tolerance: 0.005, "bounce \(parameters.bounce)")
        } else {
            inverse.record(violated: true, "Spring(mass: 1, stiffness: 100, damping: 10) threw")
        }
        checks.append(inverse.finish())

        var presets = CheckRecorder(
            "conversion.published.constants", .conversions,
            property:
                "published constants: .smooth/.snappy/.bouncy = (0.5, 0/0.15/0.3); Origami (40, 7) → tension 230.2, friction 22; Core Animation and Motion defaults 100/10/1; Android SpringForce default 1500/0.5",
            toleranceSource: "1e-9 relative: the published values are exact decimals computed by one or two roundings")
        let constants: [(String, Double, Double)] = [
            (".smooth bounce", SwiftUIParameters.smooth.bounce, 0),
            (".snappy bounce", SwiftUIParameters.snappy.bounce, 0.15),
            (".bouncy bounce", SwiftUIParameters.bouncy.bounce, 0.3),
            (".bouncy duration", SwiftUIParameters.bouncy.duration, 0.5),
            ("Origami tension", OrigamiParameters.defaults.spring.stiffness, 230.2),
            ("Origami friction", OrigamiParameters.defaults.spring.damping, 22),
            ("CASpringAnimation stiffness", CoreAnimationParameters.defaults.stiffness, 100),
            ("CASpringAnimation damping", CoreAnimationParameters.defaults.damping, 10),
            ("Motion stiffness", MotionParameters.defaults.stiffness, 100),
            ("Motion damping", MotionParameters.defaults.damping, 10),
            ("Android SpringForce stiffness", AndroidSpringForce.springForceDefault.stiffness, 1500),
            ("Android SpringForce damping ratio", AndroidSpringForce.springForceDefault.dampingRatio, 0.5),
        ]
        for (name, got, want) in constants {
            presets.record(relative(got, want), tolerance: 1e-9, "\(name): \(got) (published \(want))")
        }
        checks.append(presets.finish())

        let durations = thorough ? [0.01, 0.1, 0.3, 0.5, 1, 2.5, 10, 100] : [0.1, 0.5, 1, 2.5]
        let bounces =
            thorough
            ? stride(from: -0.99, through: 1, by: 0.01).map { $0 }
            : [-0.9, -0.5, -0.1, -1e-6, 0, 1e-6, 0.15, 0.3, 0.5, 0.95, 1]
        let ratios = [0.0, 0.05, 0.3, 0.7, 0.999, 1, 1.001, 2, 10]

        var swiftUIRoundTrip = CheckRecorder(
            "conversion.round-trip.swiftui", .conversions,
            property: "SwiftUIParameters(d, b) → Spring → SwiftUIParameters gives back d and b",
            toleranceSource:
                "duration: 8u relative; bounce: 16u·(1 + ζ) absolute (a few ulps of ζ; condition number ζ/|1 − ζ| near bounce 0)"
        )
        var motionEquivalence = CheckRecorder(
            "conversion.equivalence.motion-visual-duration", .conversions,
            property:
                "Motion visualDuration v with bounce b = SwiftUI duration 1.2·v with bounce b (b in 0 … 0.95): same stiffness and damping",
            toleranceSource: "8u relative: the same formula evaluated in a different order")
        var responseEquivalence = CheckRecorder(
            "conversion.equivalence.response", .conversions,
            property:
                "SwiftUI (d, b ≥ 0) = response form (response d, ζ = 1 − b) = UIKit response form: same stiffness and damping",
            toleranceSource: "8u relative")
        for d in durations {
            for b in bounces {
                guard let parameters = try? SwiftUIParameters(duration: d, bounce: b) else {
                    swiftUIRoundTrip.record(violated: true, "SwiftUIParameters(duration: \(d), bounce: \(b)) threw")
                    continue
                }
                let spring = parameters.spring
                let back = SwiftUIParameters(spring)
                let zeta = spring.dampingRatio
                swiftUIRoundTrip.record(
                    relative(back.duration, d), tolerance: 8 * u, "duration \(text(d)) → \(back.duration)")
                swiftUIRoundTrip.record(
                    abs(back.bounce - b), tolerance: 16 * u * (1 + zeta),
                    "duration \(text(d)) bounce \(text(b)) → \(back.bounce)")
                if b >= 0, b <= 0.95, let motion = try? MotionDurationParameters(visualDuration: d / 1.2, bounce: b) {
                    let swift = try? SwiftUIParameters(duration: 1.2 * (d / 1.2), bounce: b).spring
                    let m = motion.spring
                    motionEquivalence.record(
                        max(
                            relative(m.stiffness, swift?.stiffness ?? .nan), relative(m.damping, swift?.damping ?? .nan)
                        ),
                        tolerance: 8 * u,
                        "visualDuration \(d / 1.2) bounce \(text(b)): Motion (\(m.stiffness), \(m.damping)), SwiftUI (\(swift?.stiffness ?? .nan), \(swift?.damping ?? .nan))"
                    )
                }
                if b >= 0 {
                    let response = try? ResponseParameters(response: d, dampingRatio: 1 - b).spring
                    let uikit = try? UIKitParameters(
                        dampingRatio: 1 - b, response: d, initialVelocity: RelativeVelocity(0)
                    ).spring
                    for (name, other) in [("response", response), ("UIKit", uikit)] {
                        responseEquivalence.record(
                            max(
                                relative(spring.stiffness, other?.stiffness ?? .nan),
                                relative(spring.damping, other?.damping ?? .nan)),
                            tolerance: 8 * u,
                            "duration \(text(d)) bounce \(text(b)): SwiftUI (\(spring.stiffness), \(spring.damping)), \(name) (\(other?.stiffness ?? .nan), \(other?.damping ?? .nan))"
                        )
                    }
                }
            }
        }
        checks += [swiftUIRoundTrip.finish(), motionEquivalence.finish(), responseEquivalence.finish()]

        var otherRoundTrips = CheckRecorder(
            "conversion.round-trip.other-parameterizations", .conversions,
            property:
                "response form, react-spring frequency form, Android, Motion visualDuration (ζ in 0.05 … 1) and Origami give back their parameters through Spring",
            toleranceSource:
                "16u relative (8u·max(1, ζ) absolute for ratios); Origami: 16u·(|value| + 194/3.62) absolute (its affine map's constants)"
        )
        var reactEquivalence = CheckRecorder(
            "conversion.equivalence.react-spring-frequency", .conversions,
            property:
                "react-spring frequency f, damping ζ = response form (response f, ζ); Android (k, ζ) = Spring(naturalFrequency: √k, ζ)",
            toleranceSource: "8u relative")
        for response in durations {
            for zeta in ratios {
                let omega = 2 * Double.pi / response
                if let form = try? ResponseParameters(response: response, dampingRatio: zeta) {
                    let back = ResponseParameters(form.spring)
                    otherRoundTrips.record(
                        relative(back.response, response), tolerance: 16 * u, "response \(response) → \(back.response)")
                    otherRoundTrips.record(
                        abs(back.dampingRatio - zeta), tolerance: 8 * u * max(1, zeta),
                        "response ζ \(zeta) → \(back.dampingRatio)")
                    if let react = try? ReactSpringParameters(frequency: response, damping: zeta) {
                        reactEquivalence.record(
                            max(
                                relative(react.spring.stiffness, form.spring.stiffness),
                                relative(react.spring.damping, form.spring.damping)),
                            tolerance: 8 * u,
                            "frequency \(response) damping \(zeta): react-spring (\(react.tension), \(react.friction)), response (\(form.spring.stiffness), \(form.spring.damping))"
                        )
                        otherRoundTrips.record(
                            relative(react.frequency, response), tolerance: 16 * u,
                            "react-spring frequency \(response) → \(react.frequency)")
                    }
                    if let android = try? AndroidSpringForce(stiffness: omega * omega, dampingRatio: zeta),
                        let direct = try? Spring(naturalFrequency: (omega * omega).squareRoot(), dampingRatio: zeta)
                    {
                        reactEquivalence.record(
                            max(
                                relative(android.spring.stiffness, direct.stiffness),
                                relative(android.spring.damping, direct.damping)),
                            tolerance: 8 * u, "Android stiffness \(omega * omega) ζ \(zeta)")
                        let back = AndroidSpringForce(android.spring)
                        otherRoundTrips.record(
                            abs(back.dampingRatio - zeta), tolerance: 8 * u * max(1, zeta),
                            "Android ζ \(zeta) → \(back.dampingRatio)")
                    }
                    if zeta >= 0.05, zeta <= 1, let motion = try? MotionDurationParameters(form.spring) {
                        otherRoundTrips.record(
                            abs(motion.dampingRatio - zeta), tolerance: 8 * u * max(1, zeta),
                            "Motion ζ \(zeta) → \(motion.dampingRatio)")
                        otherRoundTrips.record(
                            relative(1.2 * motion.visualDuration, response), tolerance: 16 * u,
                            "Motion 1.2·visualDuration → \(1.2 * motion.visualDuration) for response \(response)")
                    }
                }
            }
        }
        for (tension, friction) in [(40.0, 7.0), (0.0, 0.0), (100, 20), (-10, 3)] {
            guard let origami = try? OrigamiParameters(origamiTension: tension, origamiFriction: friction) else {
                continue
            }
            let back = OrigamiParameters(origami.spring)
            otherRoundTrips.record(
                abs(back.origamiTension - tension), tolerance: 16 * u * (abs(tension) + 194 / 3.62),
                "Origami tension \(tension) → \(back.origamiTension)")
            otherRoundTrips.record(
                abs(back.origamiFriction - friction), tolerance: 16 * u * (abs(friction) + 25.0 / 3),
                "Origami friction \(friction) → \(back.origamiFriction)")
        }
        checks += [otherRoundTrips.finish(), reactEquivalence.finish()]
        return checks
    }
}
