/// An animation framework or library whose springs SpringBench models, with
/// the document its published values come from and, where SpringBench
/// re-expresses it, the frame loop that shows its motion.
///
/// One value names a platform everywhere: the catalogue's presets and
/// parameterization families, the frame loops' runs (``DisplayedMotion``),
/// the platforms report and the command line. Each platform is declared in its
/// own folder under `Platforms/` (`extension SpringPlatform { static let … }`)
/// and registered once, in ``all``.
///
/// Two platforms are equal when their ``name``s are.
public struct SpringPlatform: Sendable, Hashable, CustomStringConvertible {
    /// The platform's display name (`"Core Animation"`, `"Android SpringForce"`),
    /// unique among platforms.
    public let name: String
    /// The short name runs, tables and reports show (`"Android"`, `"Compose"`).
    public let shortName: String
    /// Where the platform publishes the values SpringBench uses.
    public let source: String
    /// The platform's frame loop, or `nil` where SpringBench models only its
    /// parameters (Core Animation).
    public let loop: (any PlatformLoop.Type)?
    /// What the frame loop computes and when it ends, in one line (the
    /// platforms report's "what it does"); empty without a loop.
    public let loopSummary: String
    /// How the platform's users write a spring (``PlatformForm``): what
    /// `springbench match --to` answers in; `nil` where it is not a target.
    public let form: PlatformForm?

    /// A platform; `shortName` defaults to `name`.
    public init(
        name: String, shortName: String? = nil, source: String, loop: (any PlatformLoop.Type)? = nil,
        loopSummary: String = "", form: PlatformForm? = nil
    ) {
        self.name = name
        self.shortName = shortName ?? name
        self.source = source
        self.loop = loop
        self.loopSummary = loopSummary
        self.form = form
    }

    public var description: String { name }

    public static func == (lhs: SpringPlatform, rhs: SpringPlatform) -> Bool { lhs.name == rhs.name }

    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    /// Every platform, the ones with a frame loop in report order first: the
    /// registry. Adding a platform adds one line here.
    public static let all: [SpringPlatform] = [
        .swiftUI, .motion, .reactSpring, .rebound, .pop, .androidSpringForce, .jetpackCompose, .flutter,
        .reanimated, .reanimated3, .svelte,
        .animeV3, .animeV4, .animeV42,
        .coreAnimation, .figma,
    ]

    /// The platforms with a frame loop, in report order.
    public static var withLoops: [SpringPlatform] { all.filter { $0.loop != nil } }
}
