import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// SwiftUI's `.smooth`: duration 0.5 s, bounce 0. Also the spring the
    /// command line uses when none is given.
    public static let smooth = swiftUI("smooth", SwiftUIParameters.smooth, "no bounce")
    /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = swiftUI("snappy", SwiftUIParameters.snappy, "a small bounce")
    /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = swiftUI("bouncy", SwiftUIParameters.bouncy, "a visible bounce")

    private static func swiftUI(_ name: String, _ form: SwiftUIParameters, _ feel: String) -> SpringPreset {
        SpringPreset(
            name, .swiftUI,
            "SwiftUI .\(name): duration \(number(form.duration)) s, bounce \(number(form.bounce)) (\(feel))",
            .swiftUI, [.duration: form.duration, .bounce: form.bounce], spring: form.spring)
    }

    /// SwiftUI's `Animation.spring()`: response 0.5, dampingFraction 0.825
    /// (OpenSwiftUI FluidSpringAnimation.swift; Apple's documentation).
    public static let swiftUIAnimationSpring = SpringPreset(
        "swiftui-animation-spring", .swiftUI, "SwiftUI Animation.spring(): response 0.5 s, dampingFraction 0.825",
        .response, [.response: 0.5, .dampingRatio: 0.825, .mass: 1],
        spring: constant { () throws(SpringParameterError) in
            try ResponseParameters(response: 0.5, dampingRatio: 0.825).spring
        })
    /// SwiftUI's `Animation.interactiveSpring()`: response 0.15,
    /// dampingFraction 0.86 (blendDuration 0.25, which does not change the spring).
    public static let swiftUIInteractiveSpring = SpringPreset(
        "swiftui-interactive-spring", .swiftUI,
        "SwiftUI Animation.interactiveSpring(): response 0.15 s, dampingFraction 0.86, blendDuration 0.25",
        .response, [.response: 0.15, .dampingRatio: 0.86, .mass: 1],
        spring: constant { () throws(SpringParameterError) in
            try ResponseParameters(response: 0.15, dampingRatio: 0.86).spring
        })
}
