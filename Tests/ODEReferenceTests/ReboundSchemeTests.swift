import ODEReference
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Rebound's integrator, told apart from textbook RK4. Oracle: a Python port
/// of facebook/rebound-js `src/Spring.js` (commit
/// 6e6e9a90ee328caeaf98b57ea80e4f1e478f3d70) run for 100 steps of 1 ms on
/// Rebound's default spring (tension 230.2, friction 22) from 0 toward 1, and
/// the exact solution to 40 digits (mpmath).
@Suite("Rebound's stale-first-stage Runge–Kutta")
struct ReboundSchemeTests {
    /// `x'' = 230.2·(1 − x) − 22·x'` written the way Rebound's force is.
    struct ReboundSpring: SecondOrderSystem {
        func acceleration(time: Double, position: Double, velocity: Double, into acceleration: inout Double) {
            acceleration = 230.2 * (1 - position) - 22 * velocity
        }
    }

    @Test("100 steps of 1 ms: Rebound's numbers, 2.2e-8 off the exact spring where RK4 is 3e-10 off")
    func pinned() throws {
        let rebound = try ReboundRungeKutta.rebound.integrate(
            ReboundSpring(), from: 0, to: 0.1, position: 0, velocity: 0)
        #expect(abs(rebound.finalState.first - 0.52986513474235286) <= 4 * 0.5.ulp)
        #expect(abs(rebound.finalState.second - 6.3422780962294141) <= 16 * 4.0.ulp)
        let textbook = try ClassicRungeKutta4(stepSize: 0.001).integrate(
            ReboundSpring(), from: 0, to: 0.1, position: 0, velocity: 0)
        #expect(abs(textbook.finalState.first - 0.52986511258114366) <= 4 * 0.5.ulp)
        let exact = 0.52986511228436152561
        #expect(abs(rebound.finalState.first - exact) > 2e-8)
        #expect(abs(textbook.finalState.first - exact) < 4e-10)
    }

    @Test("third order: the error at 0.1 s falls about 8× per halving of the step")
    func order() throws {
        let exact = 0.52986511228436152561
        var errors: [Double] = []
        for h in [0.004, 0.002, 0.001] {
            let run = try ReboundRungeKutta(stepSize: h).integrate(
                ReboundSpring(), from: 0, to: 0.1, position: 0, velocity: 0)
            errors.append(abs(run.finalState.first - exact))
        }
        for (coarse, fine) in zip(errors, errors.dropFirst()) {
            #expect(abs(log2(coarse / fine) - 3) < 0.3, "error ratio \(coarse / fine) per halving")
        }
    }
}
