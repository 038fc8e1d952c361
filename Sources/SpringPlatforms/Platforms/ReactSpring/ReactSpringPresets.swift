import SpringModel

/// The presets this platform publishes; ``SpringPreset/all`` lists them in the catalogue's order.
extension SpringPreset {
    /// react-spring `config.default`: tension 170, friction 26.
    public static let reactDefault = reactSpring("default", .default)
    /// react-spring `config.gentle`: tension 120, friction 14.
    public static let reactGentle = reactSpring("gentle", .gentle)
    /// react-spring `config.wobbly`: tension 180, friction 12.
    public static let reactWobbly = reactSpring("wobbly", .wobbly)
    /// react-spring `config.stiff`: tension 210, friction 20.
    public static let reactStiff = reactSpring("stiff", .stiff)
    /// react-spring `config.slow`: tension 280, friction 60.
    public static let reactSlow = reactSpring("slow", .slow)
    /// react-spring `config.molasses`: tension 280, friction 120.
    public static let reactMolasses = reactSpring("molasses", .molasses)

    private static func reactSpring(_ name: String, _ form: ReactSpringParameters) -> SpringPreset {
        SpringPreset(
            "react-\(name)", .reactSpring,
            "react-spring config.\(name): tension \(number(form.tension)), friction \(number(form.friction))",
            .reactSpring, [.tension: form.tension, .friction: form.friction, .mass: form.mass], spring: form.spring)
    }
}
