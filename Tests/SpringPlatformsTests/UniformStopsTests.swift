import SpringModel
import SpringPlatforms
import Testing
import _PlatformTestSupport

/// "Evenly spaced ones would need N" (`export`'s summary, `uniformStops` in
/// its JSON): the smallest count of evenly spaced stops on the motion's own
/// points that meets the same bound, as written. Evenly spaced is built here
/// from its definition — stop i of c at the point nearest i/(c − 1) of the
/// way, the last exactly (1, 1) — and the stated count must meet the bound
/// while one stop fewer does not (the search's doubling and bisection keep a
/// failing count below a meeting one, so that is what it returns).
@Suite("The evenly spaced stop count is the smallest that meets the bound, stops at the nearest points")
struct UniformStopsTests {
    static func evenlySpaced(_ motion: ExportedMotion, count: Int) -> CSSLinearEasing {
        let last = motion.inputs.count - 1
        let stops = (0..<count).map { i -> CSSLinearEasing.Stop in
            // The point nearest i/(count − 1) of the way along the motion's points.
            let k = Int((Double(i * last) / Double(count - 1)).rounded())
            return CSSLinearEasing.Stop(input: motion.inputs[k], output: k == last ? 1 : motion.outputs[k])
        }
        return CSSLinearEasing(stops: stops).rounded()
    }

    @Test("seeded springs in every regime and both velocity signs: the count meets the bound, one fewer does not")
    func smallestEvenlySpaced() throws {
        var random = PlatformOracleCases.Generator(state: 0x5EED_0029_E7E2)
        var checked = 0
        for i in 0..<24 {
            let zeta = [0.15, 0.5, 1.0, 2.5][i % 4]
            let spring = try Spring(naturalFrequency: random.uniform(4...30), dampingRatio: zeta)
            let velocity = [0.0, 5, -3][i % 3]
            let epsilon = random.logUniform(1e-3...2e-2)
            let motion = ExportedMotion.exact(spring, velocity: velocity, epsilon: epsilon)
            let result = CSSExport.linear(motion, epsilon: epsilon)
            // Only where the default digits suffice (more digits change what "as written" means).
            guard result.text == result.easing.text() else { continue }
            let count = result.uniformStops
            let label = "\(spring) v \(velocity) ε \(epsilon): \(count) evenly spaced"
            let meets = { (c: Int) in
                CSSExport.error(of: Self.evenlySpaced(motion, count: c), against: motion) <= epsilon
            }
            #expect(count >= 2 && count <= motion.inputs.count, "\(label)")
            #expect(meets(count), "\(label) do not meet the bound")
            if count > 2 { #expect(!meets(count - 1), "\(label): one fewer meets it too") }
            // Never more stops than evenly spaced ones, and the easing ends exactly at (1, 1).
            #expect(result.easing.stops.count <= count, "\(label)")
            #expect(result.easing.stops.last == CSSLinearEasing.Stop(input: 1, output: 1), "\(label)")
            checked += 1
        }
        #expect(checked >= 16)
    }
}
