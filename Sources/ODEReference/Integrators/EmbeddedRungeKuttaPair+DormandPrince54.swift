extension EmbeddedRungeKuttaPair {
    /// Dormand–Prince 5(4) with Shampine's fourth-order dense output.
    ///
    /// Seven stages, the last evaluated at the result (FSAL), so an accepted
    /// step costs six derivative evaluations. The fifth-order solution is
    /// propagated; the fourth-order one only estimates the error.
    ///
    /// Source: J. R. Dormand, P. J. Prince, "A family of embedded Runge–Kutta
    /// formulae", J. Comp. Appl. Math. 6 (1980) 19–26; the table and dense
    /// output as printed in Hairer, Nørsett, Wanner, *Solving Ordinary
    /// Differential Equations I* (2nd ed.), Table II.5.2 and §II.6, and coded in
    /// Hairer's dopri5.f (error weights `E1…E7`, dense output `D1…D7` from
    /// L. F. Shampine, "Some practical Runge–Kutta formulas", Math. Comp. 46
    /// (1986)). Every number is a rational written as in that code.
    public static let dormandPrince54 = EmbeddedRungeKuttaPair(
        name: "DP5(4)",
        order: 5, embeddedOrder: 4, denseOutputOrder: 4, errorExponent: 5,
        nodes: [0, 1.0 / 5, 3.0 / 10, 4.0 / 5, 8.0 / 9, 1, 1],
        coefficients: [
            [],
            [1.0 / 5],
            [3.0 / 40, 9.0 / 40],
            [44.0 / 45, -56.0 / 15, 32.0 / 9],
            [19372.0 / 6561, -25360.0 / 2187, 64448.0 / 6561, -212.0 / 729],
            [9017.0 / 3168, -355.0 / 33, 46732.0 / 5247, 49.0 / 176, -5103.0 / 18656],
            [35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84],
        ],
        weights: [35.0 / 384, 0, 500.0 / 1113, 125.0 / 192, -2187.0 / 6784, 11.0 / 84, 0],
        errorWeights: [
            71.0 / 57600, 0, -71.0 / 16695, 71.0 / 1920, -17253.0 / 339200, 22.0 / 525, -1.0 / 40,
        ],
        denseOutputRows: [
            [
                -12715105075.0 / 11282082432, 0, 87487479700.0 / 32700410799,
                -10690763975.0 / 1880347072, 701980252875.0 / 199316789632,
                -1453857185.0 / 822651844, 69997945.0 / 29380423,
            ]
        ],
        defaultController: StepSizeController(
            minimumFactor: 0.2, maximumFactor: 10, beta: 0.04, stabilityLimit: nil)
    )
}
