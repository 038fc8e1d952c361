import SpringModel
import Testing

/// Guides/BadInput.md: each invalid parameter is named with its valid range; nothing is NaN.
@Suite("Bad input")
struct BadInputTests {
    /// (what, the call, the exact message).
    static let cases: [(String, @Sendable () throws -> Void, String)] = [
        (
            "duration 0", { _ = try SwiftUIParameters(duration: 0, bounce: 0) },
            "duration must be a finite number > 0, got 0.0"
        ),
        ("duration ∞", { _ = try Spring(duration: .infinity) }, "duration must be a finite number > 0, got inf"),
        (
            "bounce -1.5", { _ = try Spring(duration: 1, bounce: -1.5) },
            "bounce must be a finite number greater than -1 (above 1 SwiftUI makes the spring undamped), got -1.5"
        ),
        (
            "mass −1", { _ = try Spring(mass: -1, stiffness: 1, damping: 1) },
            "mass must be a finite number > 0, got -1.0"
        ),
        (
            "stiffness NaN", { _ = try Spring(mass: 1, stiffness: .nan, damping: 1) },
            "stiffness must be a finite number > 0, got nan"
        ),
        (
            "damping −1", { _ = try Spring(mass: 1, stiffness: 1, damping: -1) },
            "damping must be a finite number >= 0, got -1.0"
        ),
        (
            "k/m overflows", { _ = try Spring(mass: 1e-300, stiffness: 1e300, damping: 1) },
            "stiffness / mass must be a finite number > 0, got inf"
        ),
        (
            "response −2", { _ = try ResponseParameters(response: -2, dampingRatio: 1) },
            "response must be a finite number > 0, got -2.0"
        ),
        (
            "damping ratio −0.1", { _ = try Spring(response: 1, dampingRatio: -0.1) },
            "dampingRatio must be a finite number >= 0, got -0.1"
        ),
        (
            "settling ζ = 0", { _ = try SettlingParameters(settlingDuration: 1, dampingRatio: 0) },
            "dampingRatio must be a finite number > 0, got 0.0"
        ),
        (
            "settling ε = 1", { _ = try SettlingParameters(settlingDuration: 1, dampingRatio: 1, epsilon: 1) },
            "epsilon must be greater than 0 and less than 1, got 1.0"
        ),
        (
            "Android stiffness 0", { _ = try AndroidSpringForce(stiffness: 0, dampingRatio: 1) },
            "stiffness must be a finite number > 0, got 0.0"
        ),
        (
            "Motion visualDuration −1", { _ = try MotionDurationParameters(visualDuration: -1, bounce: 0) },
            "visualDuration must be a finite number > 0, got -1.0"
        ),
        (
            "react-spring friction −1", { _ = try ReactSpringParameters(tension: 170, friction: -1) },
            "friction must be a finite number >= 0, got -1.0"
        ),
        (
            "react-spring frequency NaN", { _ = try ReactSpringParameters(frequency: .nan) },
            "frequency must be a finite number, got nan"
        ),
        (
            "Origami tension −30", { _ = try OrigamiParameters(origamiTension: -30, origamiFriction: 7) },
            "origamiTension must be finite and greater than \(OrigamiParameters.minimumTension), got -30.0"
        ),
        (
            "Pop bounciness 21", { _ = try PopParameters(bounciness: 21, speed: 12) },
            "bounciness must be in 0.0...20.0, got 21.0"
        ),
        ("Pop speed −1", { _ = try PopParameters(bounciness: 4, speed: -1) }, "speed must be in 0.0...20.0, got -1.0"),
        (
            "relative velocity NaN", { _ = try RelativeVelocity(.nan) },
            "relativeVelocity must be a finite number, got nan"
        ),
    ]

    @Test("Each invalid parameter throws an error naming it and its valid range", arguments: 0..<cases.count)
    func namedRange(index: Int) {
        let (what, call, message) = Self.cases[index]
        let error = #expect(throws: SpringParameterError.self, "\(what)") { try call() }
        #expect(error?.description == message, "\(what)")
    }

    @Test("UIKit relative velocity with from == to is an error, not NaN (Guides/SpringFormulas.md); 0 stays 0")
    func relativeVelocityWithoutDistance() throws {
        let velocity = try RelativeVelocity(2)
        #expect(throws: SpringParameterError.relativeVelocityWithoutDistance(relativeVelocity: 2, position: 5)) {
            _ = try velocity.absolute(from: 5, to: 5)
        }
        #expect(throws: SpringParameterError.self) { _ = try RelativeVelocity(absolute: 3, from: 5, to: 5) }
        #expect(try RelativeVelocity(0).absolute(from: 5, to: 5) == 0)
        #expect(try RelativeVelocity(absolute: 0, from: 5, to: 5).value == 0)
        #expect(try velocity.absolute(from: 1, to: 4) == 6)
        #expect(try RelativeVelocity(absolute: 6, from: 1, to: 4).value == 2)
    }

    @Test("Zero displacement with non-zero velocity moves and settles (no 0/0)")
    func zeroDisplacement() throws {
        for zeta in [0.3, 1, 1 + 1e-12, 5e5] {
            let spring = try Spring(naturalFrequency: 4, dampingRatio: zeta)
            let x = spring.position(from: 2.0, target: 2, initialVelocity: 1, time: 0.1)
            #expect(x.isFinite && x > 2)
            let t = spring.exactSettlingDuration(initialDisplacement: 0, initialVelocity: 1)
            #expect(t.isFinite && t > 0)
        }
    }
}
