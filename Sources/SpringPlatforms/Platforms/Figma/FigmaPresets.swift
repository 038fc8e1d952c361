import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// Figma's GENTLE, QUICK, BOUNCY and SLOW springs as one third party
    /// reports them: **not published by Figma** (its API sends the preset as
    /// a bare `type`) and unconfirmed. Source: sodality-tech/figma_spring_curve
    /// `lib/src/figma_spring_curve.dart`, commit
    /// 1944aeeb7bc1e49f71fdf9233b9297bb061e5902: (stiffness, damping, mass)
    /// 100/15/1, 300/20/1, 600/15/1, 80/20/1. (That library evaluates them
    /// with the WebKit closed form, initial velocity 0.5, over-damping as
    /// critical; whether Figma does is not public either.)
    public static let figmaGentleUnconfirmed = figma("gentle", "GENTLE", stiffness: 100, damping: 15)
    public static let figmaQuickUnconfirmed = figma("quick", "QUICK", stiffness: 300, damping: 20)
    public static let figmaBouncyUnconfirmed = figma("bouncy", "BOUNCY", stiffness: 600, damping: 15)
    public static let figmaSlowUnconfirmed = figma("slow", "SLOW", stiffness: 80, damping: 20)

    /// The four, unconfirmed.
    public static let figmaUnconfirmed: [SpringPreset] = [
        figmaGentleUnconfirmed, figmaQuickUnconfirmed, figmaBouncyUnconfirmed, figmaSlowUnconfirmed,
    ]

    private static func figma(_ name: String, _ type: String, stiffness: Double, damping: Double) -> SpringPreset {
        SpringPreset(
            "figma-\(name)-unconfirmed", .figma,
            "Figma \(type) as a third party reports it (sodality-tech/figma_spring_curve), NOT published by Figma: stiffness \(number(stiffness)), damping \(number(damping)), mass 1",
            .physical, [.mass: 1, .stiffness: stiffness, .damping: damping],
            spring: constant { () throws(SpringParameterError) in
                try Spring(mass: 1, stiffness: stiffness, damping: damping)
            })
    }
}
