import ODEReference
import SpringModel
import SpringPlatforms
import VectorKernels

#if canImport(Glibc)
    import Glibc
#endif

// The fixed-step schemes other systems run, against the reference: the error
// at each platform's own step for springs those platforms use, and each
// scheme's order of convergence (SpringBench's implementation of the scheme).

extension VerificationSuite {
    struct FixedStepOutcome {
        var checks: [VerificationCheck]
        var rows: [FixedStepErrorRow]
    }

    /// A scheme family, buildable at any step size.
    struct SchemeFamily: Sendable {
        var name: String
        var slug: String
        var order: Int
        var make: @Sendable (Double) -> any FixedStepScheme
    }

    static let schemeFamilies: [SchemeFamily] = [
        SchemeFamily(name: "semi-implicit Euler", slug: "semi-implicit-euler", order: 1) {
            SemiImplicitEuler(stepSize: $0)
        },
        SchemeFamily(name: "RK4", slug: "rk4", order: 4) { ClassicRungeKutta4(stepSize: $0) },
        SchemeFamily(name: "velocity Verlet (half-step)", slug: "velocity-verlet", order: 2) {
            VelocityVerlet(stepSize: $0)
        },
        SchemeFamily(name: "Rebound's RK (stale first stage)", slug: "rebound-rk", order: 3) {
            ReboundRungeKutta(stepSize: $0)
        },
    ]

    /// The platforms: scheme family, step, who uses it (the platform whose
    /// loop runs it, `nil` for a generic per-frame scheme) and the row's label.
    static let platforms: [(family: Int, step: Double, uses: SpringPlatform?, platform: String, slug: String)] = [
        (0, 0.001, .reactSpring, "\(SpringPlatform.reactSpring.shortName) (semi-implicit Euler, 1 ms)", "react-spring"),
        (3, 0.001, .rebound, "\(SpringPlatform.rebound.shortName) / Origami (its third-order RK, 1 ms)", "rebound"),
        (1, Double(Float(0.001)), .pop, "\(SpringPlatform.pop.shortName) (RK4, 0.001f s)", "pop"),
        (
            2, 1.0 / 300, .swiftUI, "\(SpringPlatform.swiftUI.shortName) engine, interpreted (half-step, 300 Hz)",
            "swiftui-300hz"
        ),
        (0, 1.0 / 120, nil, "per-frame semi-implicit Euler, 120 Hz", "euler-120hz"),
        (0, 1.0 / 60, nil, "per-frame semi-implicit Euler, 60 Hz", "euler-60hz"),
    ]

    /// Springs from 0 to 1 at rest: SwiftUI presets, react-spring presets, Rebound's default.
    var fixedStepSprings: [(name: String, stiffness: Double, damping: Double)] {
        var springs: [(String, Double, Double)] = [
            ("SwiftUI .smooth", Spring.smooth.stiffness, Spring.smooth.damping),
            ("SwiftUI .snappy", Spring.snappy.stiffness, Spring.snappy.damping),
            ("SwiftUI .bouncy", Spring.bouncy.stiffness, Spring.bouncy.damping),
            ("react-spring default", 170, 26), ("react-spring wobbly", 180, 12),
            ("Rebound default", OrigamiParameters.defaults.spring.stiffness, OrigamiParameters.defaults.spring.damping),
        ]
        if thorough {
            springs += [
                ("react-spring stiff", 210, 20), ("react-spring molasses", 280, 120),
                ("Android high/no-bouncy", 10_000, 200), ("SwiftUI d=0.25 b=0.5", 631.65, 25.13),
            ]
        }
        return springs
    }

    func fixedStepChecks() -> FixedStepOutcome {
        var checks: [VerificationCheck] = []
        var rows: [FixedStepErrorRow] = []
        let settlingEpsilon = 0.001
        for platform in Self.platforms {
            let family = Self.schemeFamilies[platform.family]
            let scheme = family.make(platform.step)
            var recorder = CheckRecorder(
                "fixed-step.\(platform.slug).within-settling-epsilon", .fixedStepSchemes,
                property: "\(platform.platform): largest position error before settling ≤ the settling threshold",
                toleranceSource:
                    "ε = 0.001 of the distance, SwiftUI's settlingDuration epsilon (Guides/SpringFormulas.md): a larger error moves the motion by more than what counts as arrived. A violation is a finding about that platform's step, not about SpringBench"
            )
            for spring in fixedStepSprings {
                let error = largestError(scheme, stiffness: spring.stiffness, damping: spring.damping)
                rows.append(
                    FixedStepErrorRow(
                        scheme: family.name, platform: platform.platform, stepSize: platform.step, spring: spring.name,
                        largestPositionError: error))
                recorder.record(
                    error, tolerance: settlingEpsilon,
                    "\(spring.name) (k \(text(spring.stiffness)), c \(text(spring.damping))) at h = \(platform.step) s")
            }
            checks.append(recorder.finish(violationExpected: true))
        }

        // Order of convergence on .bouncy over 1 s, and the sweep for the plot.
        let sweepSpring = (name: "SwiftUI .bouncy", stiffness: Spring.bouncy.stiffness, damping: Spring.bouncy.damping)
        for family in Self.schemeFamilies {
            var recorder = CheckRecorder(
                "fixed-step.\(family.slug).order", .fixedStepSchemes,
                property:
                    "SpringBench's \(family.name) converges with order \(family.order): the largest error over 1 s of .bouncy shrinks like h^\(family.order)",
                toleranceSource:
                    "|observed − p| ≤ 0.3 between the finest two step sizes whose errors exceed 100·u·steps (the ODEReference convergence tests' criterion)"
            )
            let steps = (0..<9).map { 1.0 / (30 * Double(1 << $0)) }  // 1/30 … 1/7680 s
            var errors: [(h: Double, error: Double)] = []
            for h in steps {
                let error = largestError(
                    family.make(h), stiffness: sweepSpring.stiffness, damping: sweepSpring.damping, over: 1)
                errors.append((h, error))
                rows.append(
                    FixedStepErrorRow(
                        scheme: family.name, platform: nil, stepSize: h, spring: sweepSpring.name,
                        largestPositionError: error))
            }
            var observed = Double.nan
            var used = "no two step sizes above the round-off floor"
            for i in stride(from: errors.count - 2, through: 0, by: -1) {
                let floor = 100 * ErrorBounds.u / errors[i + 1].h * 2
                if errors[i].error > floor, errors[i + 1].error > floor {
                    observed = log2(errors[i].error / errors[i + 1].error)
                    used = "h = \(errors[i].h) → \(errors[i + 1].h): \(errors[i].error) → \(errors[i + 1].error)"
                    break
                }
            }
            recorder.record(
                abs(observed - Double(family.order)), tolerance: 0.3, "observed order \(text(observed)) (\(used))")
            checks.append(recorder.finish())
        }
        return FixedStepOutcome(checks: checks, rows: rows)
    }

    /// Largest `|x_scheme(tᵢ) − x_reference(tᵢ)|` at the scheme's step times
    /// `tᵢ = i·h` up to `over` seconds or, by default, the spring's settling time.
    package func largestError(
        _ scheme: any FixedStepScheme, stiffness: Double, damping: Double, over duration: Double? = nil
    )
        -> Double
    {
        let system = SpringODE(stiffness: stiffness, damping: damping, target: 1)
        let end: Double
        if let duration {
            end = duration
        } else {
            let settling =
                (try? Spring(mass: 1, stiffness: stiffness, damping: damping))?.exactSettlingDuration(epsilon: 0.001)
                ?? 2
            end = settling.isFinite ? settling : 2
        }
        let h = scheme.stepSize
        let count = max(1, Int((end / h).rounded(.up)))
        let trajectory = scheme.trajectory(system, from: 0, steps: count, position: 0.0, velocity: 0.0)
        let times = (1...count).map { Double($0) * h }
        guard let reference = try? referenceMotion(system, position: 0, velocity: 0, at: times) else { return .nan }
        var worst = 0.0
        for i in 0..<count {
            let error = abs(trajectory[i].first - reference.positions[i])
            if error > worst || error.isNaN { worst = error }
        }
        return worst
    }
}
