import ODEReference

#if canImport(Glibc)
    import Glibc
#endif

/// An independent re-expression of the step loop of E. Hairer's dopri5.f and
/// dop853.f (`DOPCOR`, `DP86CO`, `HINIT`, `HINIT853`), written from the
/// Fortran as shipped in scipy/scipy at commit 21bb4d748bfdcec7dc90fb701f06b6ccad563db7
/// (`scipy/integrate/dop/dopri5.f`, `dop853.f`), for one scalar second-order
/// equation `x'' = a(t, x, v)`, state `y = (x, v)`.
///
/// It is the oracle for ``AdaptiveIntegrator``'s *step sequence*: every
/// attempted step size, which attempts are accepted, the rejection count and
/// the derivative evaluations. It shares nothing with the code under test but
/// DOP853's `a`, `b`, `c` (63 numbers, checked against the order conditions in
/// `CoefficientTests`); DOPRI5's table, both pairs' error weights, DOP853's
/// third-order weights (`BHH1…3`) and every controller constant are typed here
/// from the Fortran.
///
/// Two adaptations, both documented on ``AdaptiveIntegrator``, are made on
/// purpose and nothing else differs from the Fortran:
/// - the norm: Hairer scales each component by `atol + rtol·|yᵢ|` and takes a
///   root mean square; SpringBench takes the Euclidean norm of the whole phase
///   state and divides by one scale `atol + rtol·max(‖y₀‖, ‖y₁‖)` (in `HINIT`:
///   `atol + rtol·‖y₀‖`), so DOP853's `SQRT(1/(N·DENO))` loses its `N`;
/// - DOP853's stiffness estimate `‖f(y₁) − f(Y₁₂)‖ / ‖y₁ − Y₁₂‖` (Hairer's
///   `HLAMB / |h|`, used there only to stop on stiffness) is kept as its
///   largest value `ρ` and caps the next step at `3/ρ`.
/// Hairer's `NREJCT` leaves out rejections before the first accepted step; the
/// oracle counts both ways, SpringBench reports every rejection.
struct HairerStepOracle {
    /// One method and its controller constants, as set in the Fortran's
    /// defaults (`SAFE`, `FAC1`, `FAC2`, `BETA`, `EXPO1`, `IORD`).
    struct Method {
        var name: String
        var nodes: [Double]
        var coefficients: [[Double]]
        var weights: [Double]
        /// `ER`/`E` weights: the embedded difference `Σ eⱼkⱼ`.
        var errorWeights: [Double]
        /// DOP853: `(stage, BHH)` of the third-order solution.
        var thirdOrder: [(stage: Int, weight: Double)]?
        /// Whether the last stage is `f(t + h, y₁)` (dopri5's `K7`).
        var firstSameAsLast: Bool
        var order: Double
        var safety = 0.9
        var fac1: Double
        var fac2: Double
        var beta: Double
        /// `EXPO1`: dopri5 `0.2 − 0.75·β`, dop853 `1/8 − 0.2·β`.
        var exponent: Double
        var stabilityLimit: Double?
    }

    /// dopri5.f: `C2…C7`, `A21…A76`, `E1…E7`, `SAFE = 0.9`, `FAC1 = 0.2`,
    /// `FAC2 = 10`, `BETA = 0.04`, `IORD = 5`.
    static let dopri5 = Method(
        name: "dopri5",
        nodes: [0, 0.2, 0.3, 0.8, 8.0 / 9.0, 1, 1],
        coefficients: [
            [],
            [0.2],
            [3.0 / 40.0, 9.0 / 40.0],
            [44.0 / 45.0, -56.0 / 15.0, 32.0 / 9.0],
            [19372.0 / 6561.0, -25360.0 / 2187.0, 64448.0 / 6561.0, -212.0 / 729.0],
            [9017.0 / 3168.0, -355.0 / 33.0, 46732.0 / 5247.0, 49.0 / 176.0, -5103.0 / 18656.0],
            [35.0 / 384.0, 0, 500.0 / 1113.0, 125.0 / 192.0, -2187.0 / 6784.0, 11.0 / 84.0],
        ],
        weights: [35.0 / 384.0, 0, 500.0 / 1113.0, 125.0 / 192.0, -2187.0 / 6784.0, 11.0 / 84.0, 0],
        errorWeights: [
            71.0 / 57600.0, 0, -71.0 / 16695.0, 71.0 / 1920.0, -17253.0 / 339200.0, 22.0 / 525.0, -1.0 / 40.0,
        ],
        thirdOrder: nil, firstSameAsLast: true, order: 5,
        fac1: 0.2, fac2: 10, beta: 0.04, exponent: 0.2 - 0.04 * 0.75, stabilityLimit: nil)

    /// dop853.f: `ER1…ER12`, `BHH1…3`, `SAFE = 0.9`, `FAC1 = 0.333`,
    /// `FAC2 = 6`, `BETA = 0`, `IORD = 8`; `a`, `b`, `c` from the pair.
    static let dop853: Method = {
        let pair = EmbeddedRungeKuttaPair.dormandPrince853
        var errorWeights = [Double](repeating: 0, count: 12)
        errorWeights[0] = 0.1312004499419488073250102996e-01
        errorWeights[5] = -0.1225156446376204440720569753e+01
        errorWeights[6] = -0.4957589496572501915214079952e+00
        errorWeights[7] = 0.1664377182454986536961530415e+01
        errorWeights[8] = -0.3503288487499736816886487290e+00
        errorWeights[9] = 0.3341791187130174790297318841e+00
        errorWeights[10] = 0.8192320648511571246570742613e-01
        errorWeights[11] = -0.2235530786388629525884427845e-01
        return Method(
            name: "dop853", nodes: Array(pair.nodes.prefix(12)), coefficients: Array(pair.coefficients.prefix(12)),
            weights: Array(pair.weights.prefix(12)), errorWeights: errorWeights,
            thirdOrder: [
                (0, 0.244094488188976377952755905512e+00),
                (8, 0.733846688281611857341361741547e+00),
                (11, 0.220588235294117647058823529412e-01),
            ],
            firstSameAsLast: false, order: 8, fac1: 0.333, fac2: 6, beta: 0, exponent: 1.0 / 8.0 - 0 * 0.2,
            stabilityLimit: 3)
    }()

    /// What a run did, attempt by attempt.
    struct Run {
        struct Attempt {
            var start: Double
            var size: Double
            var error: Double
            var accepted: Bool
        }
        /// `HINIT`'s answer (or the given first step), before any attempt.
        var initialStepSize: Double
        var attempts: [Attempt] = []
        var functionEvaluations = 0
        var accepted: [Attempt] { attempts.filter(\.accepted) }
        /// Every rejection (SpringBench's count).
        var rejections: Int { attempts.count - accepted.count }
        /// Hairer's `NREJCT`: rejections after the first accepted step.
        var hairerRejections: Int {
            guard let first = attempts.firstIndex(where: \.accepted) else { return 0 }
            return attempts[first...].filter { !$0.accepted }.count
        }
    }

    private struct Phase {
        var x: Double
        var v: Double
        var squaredNorm: Double { x * x + v * v }
        var norm: Double { squaredNorm.squareRoot() }
        static func - (a: Phase, b: Phase) -> Phase { Phase(x: a.x - b.x, v: a.v - b.v) }
    }

    /// Integrates `x'' = acceleration(t, x, v)` from `start` to `end`.
    static func integrate(
        _ method: Method, acceleration: (Double, Double, Double) -> Double,
        from start: Double, to end: Double, position: Double, velocity: Double,
        relativeTolerance rtol: Double, absoluteTolerance atol: Double,
        maximumStepSize: Double? = nil, initialStepSize: Double? = nil
    ) -> Run {
        var evaluations = 0
        func derivative(_ t: Double, _ y: Phase) -> Phase {
            evaluations += 1
            return Phase(x: y.v, v: acceleration(t, y.x, y.v))
        }
        /// `base + Σ (h·w[j])·k[j]`, the terms added one by one in the order
        /// `formLinearCombination` documents (a base, else the first non-zero
        /// term scaled), so that both runs round alike.
        func combine(_ base: Phase?, _ h: Double, _ w: [Double], _ k: [Phase]) -> Phase {
            var result = base ?? Phase(x: 0, v: 0)
            var started = base != nil
            for j in 0..<w.count where w[j] != 0 {
                let coefficient = h * w[j]
                if started {
                    result.x += coefficient * k[j].x
                    result.v += coefficient * k[j].v
                } else {
                    result = Phase(x: k[j].x * coefficient, v: k[j].v * coefficient)
                    started = true
                }
            }
            return result
        }

        var t = start
        var y = Phase(x: position, v: velocity)
        var k0 = derivative(t, y)
        let hmax = Swift.min(maximumStepSize ?? (end - start), end - start)
        var h: Double
        if let given = initialStepSize {
            h = Swift.min(given, hmax)
        } else {
            // HINIT: a first guess 0.01·‖y‖/‖f‖, refined by an Euler step.
            let sk = atol + rtol * y.norm
            let dnf = k0.squaredNorm / (sk * sk)
            let dny = y.squaredNorm / (sk * sk)
            var h0 = (dnf <= 1e-10 || dny <= 1e-10) ? 1e-6 : (dny / dnf).squareRoot() * 0.01
            h0 = Swift.min(h0, hmax)
            let f1 = derivative(t + h0, combine(y, h0, [1], [k0]))
            let der2 = (f1 - k0).norm / sk / h0
            let der12 = Swift.max(abs(der2), dnf.squareRoot())
            let h1 = der12 <= 1e-15 ? Swift.max(1e-6, h0 * 1e-3) : pow(0.01 / der12, 1 / method.order)
            h = Swift.min(100 * h0, h1, hmax)
        }
        var run = Run(initialStepSize: h)
        var facold = 1e-4
        var reject = false
        var rho = 0.0
        let stageCount = method.nodes.count
        while run.attempts.count < 1_000_000 {
            var last = false
            if t + 1.01 * h - end > 0 {
                h = end - t
                last = true
            }
            var k = [k0]
            var lastInput = y
            let computed = method.firstSameAsLast ? stageCount - 1 : stageCount
            for i in 1..<computed {
                let input = combine(y, h, method.coefficients[i], k)
                if method.nodes[i] == 1 { lastInput = input }
                k.append(derivative(t + method.nodes[i] * h, input))
            }
            let y1 = combine(y, h, method.weights, k)
            if method.firstSameAsLast { k.append(derivative(t + h, y1)) }
            let e5 = combine(nil, 1, method.errorWeights, k).norm
            var estimate = abs(h) * e5
            if let third = method.thirdOrder {
                var w = method.weights
                for (stage, weight) in third { w[stage] -= weight }
                let e3 = combine(nil, 1, w, k).norm
                let deno = e5 * e5 + 0.01 * e3 * e3
                estimate = deno > 0 ? abs(h) * e5 * e5 / deno.squareRoot() : 0
            }
            let err = estimate / (atol + rtol * Swift.max(y.norm, y1.norm))
            let fac11 = pow(err, method.exponent)
            let fac = Swift.max(
                1 / method.fac2, Swift.min(1 / method.fac1, fac11 / pow(facold, method.beta) / method.safety))
            var hnew = h / fac
            run.attempts.append(.init(start: t, size: h, error: err, accepted: err <= 1))
            if err <= 1 {
                facold = Swift.max(err, 1e-4)
                let kEnd = method.firstSameAsLast ? k[stageCount - 1] : derivative(t + h, y1)
                if method.stabilityLimit != nil {
                    let numerator = (kEnd - k[stageCount - 1]).norm
                    let denominator = (y1 - lastInput).norm
                    if denominator > 1e4 * Double.ulpOfOne * y1.norm, numerator.isFinite {
                        rho = Swift.max(rho, numerator / denominator)
                    }
                }
                y = y1
                k0 = kEnd
                t = last ? end : t + h
                if last { break }
                if abs(hnew) > hmax { hnew = hmax }
                if let limit = method.stabilityLimit, rho > 0 { hnew = Swift.min(hnew, limit / rho) }
                if reject { hnew = Swift.min(abs(hnew), abs(h)) }
                reject = false
            } else {
                hnew = h / Swift.min(1 / method.fac1, fac11 / method.safety)
                reject = true
            }
            h = hnew
        }
        run.functionEvaluations = evaluations
        return run
    }
}
