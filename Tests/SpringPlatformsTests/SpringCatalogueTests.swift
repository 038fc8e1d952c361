import SpringModel
import SpringPlatforms
import Testing

/// The catalogue: every preset against the number its platform publishes, and
/// every parameterization kind against the type that converts it.
@Suite("Spring catalogue")
struct SpringCatalogueTests {
    static let u = Double.ulpOfOne / 2

    static func close(_ x: Double, _ exact: Double, roundings n: Double) -> Bool {
        abs(x - exact) <= n * u * abs(exact)
    }

    // MARK: Presets

    /// The springs the platforms publish, independent of the catalogue and of
    /// the parameterization types: exact decimals of the published formulas
    /// (30-digit arithmetic, as in `PublishedValueTests`), with the roundings
    /// the Double computation may take.
    static let published:
        [String: (platform: SpringPlatform, mass: Double, stiffness: Double, damping: Double, roundings: Double)] = [
            // Apple's Spring docs: duration 0.5 → k = (2π/0.5)²; c = 4π(1 − bounce)/0.5, bounce 0, 0.15, 0.3.
            "smooth": (.swiftUI, 1, 157.913670417429737901351855998012, 25.1327412287183459077011470662347, 6),
            "snappy": (.swiftUI, 1, 157.913670417429737901351855998012, 21.3628300444105940215459750063014, 6),
            "bouncy": (.swiftUI, 1, 157.913670417429737901351855998012, 17.5929188601028421353908029463649, 6),
            // Animation.spring() (0.5, 0.825) and interactiveSpring() (0.15, 0.86):
            // k = (2π/response)², c = 4π·ζ/response.
            "swiftui-animation-spring": (
                .swiftUI, 1, 157.913670417429737901351855998018, 20.7345115136926353738534463296447, 6
            ),
            "swiftui-interactive-spring": (
                .swiftUI, 1, 1754.59633797144153223724284442243, 72.0471915223259249354099549232099, 6
            ),
            // CASpringAnimation docs: mass 1, stiffness 100, damping 10.
            "core-animation": (.coreAnimation, 1, 100, 10, 0),
            // SpringForce.java: STIFFNESS_MEDIUM 1500, DAMPING_RATIO_MEDIUM_BOUNCY 0.5 → c = 2·0.5·√1500.
            "android": (.androidSpringForce, 1, 1500, 38.7298334620741688517926539978, 3),
            // Compose Spring.kt: StiffnessMedium 1500, DampingRatioNoBouncy 1 → c = 2·√1500.
            "compose": (.jetpackCompose, 1, 1500, 77.4596669241483377035853079956, 3),
            // Motion's spring docs: stiffness 100, damping 10, mass 1.
            "motion": (.motion, 1, 100, 10, 0),
            // Motion default-transitions.ts: x/y 500/25, scale 550/30.
            "motion-transform": (.motion, 1, 500, 25, 0),
            "motion-scale": (.motion, 1, 550, 30, 0),
            // Rebound SpringConfig.java: Origami (40, 7) → (40 − 30)·3.62 + 194, (7 − 8)·3 + 25.
            "rebound": (.rebound, 1, 230.2, 22, 3),
            // POPSpringAnimation.h: bounciness 4, speed 12, via POPAnimationExtras' conversion.
            "pop": (.pop, 1, 342.10058823529411764705882352941, 30.4869796482442515337812188128842, 128),
            // react-spring config.ts: tension/friction, mass 1.
            "react-default": (.reactSpring, 1, 170, 26, 0),
            "react-gentle": (.reactSpring, 1, 120, 14, 0),
            "react-wobbly": (.reactSpring, 1, 180, 12, 0),
            "react-stiff": (.reactSpring, 1, 210, 20, 0),
            "react-slow": (.reactSpring, 1, 280, 60, 0),
            "react-molasses": (.reactSpring, 1, 280, 120, 0),
            // Reanimated 4 springConfigs.ts (178a31ed): Gentle, Wiggly, Snappy, Reanimated3Default.
            "reanimated-gentle": (.reanimated, 4, 900, 120, 0),
            "reanimated-wiggly": (.reanimated, 4, 900, 90, 0),
            "reanimated-snappy": (.reanimated, 4, 900, 110, 0),
            "reanimated-reanimated3-default": (.reanimated, 1, 100, 10, 0),
            // Reanimated 3 spring.ts defaultConfig (b0b11b6f): mass 1, stiffness 100, damping 10.
            "reanimated3-default": (.reanimated3, 1, 100, 10, 0),
            // Svelte spring.js (56a036f4): 0.15, 0.8 per tick → roots 0.8, 0.25 at 60 Hz:
            // k = 3600·ln 0.8·ln 0.25, c = −60·(ln 0.8 + ln 0.25) = 60·ln 5 (40-digit arithmetic).
            "svelte-default": (
                .svelte, 1, 1113.633528865761391365537907084936575188, 96.56627474604602247604555999357125837, 64
            ),
            // Material 3 motion-scheme tokens (androidx StandardMotionTokens.kt / ExpressiveMotionTokens.kt,
            // 16082509): spring(dampingRatio, stiffness) → c = 2ζ√k.
            "m3-standard-fast-spatial": (.jetpackCompose, 1, 1400, 67.3498329619309449405074771816978, 4),
            "m3-standard-default-spatial": (.jetpackCompose, 1, 700, 47.6235235991626306290290835655066, 4),
            "m3-standard-slow-spatial": (.jetpackCompose, 1, 300, 31.1769145362397912834940341471057, 4),
            "m3-standard-fast-effects": (.jetpackCompose, 1, 3800, 123.288280059379529005003847629084, 4),
            "m3-standard-default-effects": (.jetpackCompose, 1, 1600, 80, 4),
            "m3-standard-slow-effects": (.jetpackCompose, 1, 800, 56.5685424949238019520675489683879, 4),
            "m3-expressive-fast-spatial": (.jetpackCompose, 1, 800, 33.9411254969542811712405293810327, 4),
            "m3-expressive-default-spatial": (.jetpackCompose, 1, 380, 31.1897419033886845018829222396787, 4),
            "m3-expressive-slow-spatial": (.jetpackCompose, 1, 200, 22.6274169979695207808270195873551, 4),
            "m3-expressive-fast-effects": (.jetpackCompose, 1, 3800, 123.288280059379529005003847629084, 4),
            "m3-expressive-default-effects": (.jetpackCompose, 1, 1600, 80, 4),
            "m3-expressive-slow-effects": (.jetpackCompose, 1, 800, 56.5685424949238019520675489683879, 4),
            // anime.js defaults (v3.2.2 src/index.js, v4.0.0 src/spring.js, v4.4.1 src/easings/spring/index.js):
            // 1/100/10; spring({ bounce: .5, duration: 628 }) rounds k and c to 3 decimals.
            "anime3": (.animeV3, 1, 100, 10, 0),
            "anime4.0": (.animeV4, 1, 100, 10, 0),
            "anime4.2": (.animeV42, 1, 100, 10, 0),
            "anime4.2-bounce-duration": (.animeV42, 1, 100.101, 10.005, 0),
            // Figma presets as sodality-tech/figma_spring_curve 1944aeeb reports them (unconfirmed by Figma).
            "figma-gentle-unconfirmed": (.figma, 1, 100, 15, 0),
            "figma-quick-unconfirmed": (.figma, 1, 300, 20, 0),
            "figma-bouncy-unconfirmed": (.figma, 1, 600, 15, 0),
            "figma-slow-unconfirmed": (.figma, 1, 80, 20, 0),
        ]

    /// Presets that publish the same spring: 100/10/1 (Core Animation,
    /// Motion, anime.js), and Material 3's effects springs, which the
    /// standard and expressive schemes share.
    static let sameSprings: [Set<String>] = [
        [
            "core-animation", "motion", "reanimated-reanimated3-default", "reanimated3-default", "anime3", "anime4.0",
            "anime4.2",
        ],
        ["m3-standard-fast-effects", "m3-expressive-fast-effects"],
        ["m3-standard-default-effects", "m3-expressive-default-effects"],
        ["m3-standard-slow-effects", "m3-expressive-slow-effects"],
    ]

    /// Whether `spring` is the spring the platform publishes for `name`.
    static func matchesPublished(_ name: String, _ spring: Spring) -> Bool {
        guard let want = published[name] else { return false }
        return spring.mass == want.mass
            && close(spring.stiffness, want.stiffness, roundings: want.roundings)
            && close(spring.damping, want.damping, roundings: want.roundings)
    }

    @Test("Preset names are unique, in the stable order springbench lists, and each looks up to itself")
    func presetNames() {
        let names = SpringPreset.all.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(
            names == [
                "smooth", "snappy", "bouncy", "swiftui-animation-spring", "swiftui-interactive-spring",
                "core-animation", "android", "compose", "motion", "motion-transform", "motion-scale", "rebound", "pop",
                "react-default", "react-gentle", "react-wobbly", "react-stiff", "react-slow", "react-molasses",
                "reanimated-gentle", "reanimated-wiggly", "reanimated-snappy", "reanimated-reanimated3-default",
                "reanimated3-default", "svelte-default",
                "m3-standard-fast-spatial", "m3-standard-default-spatial", "m3-standard-slow-spatial",
                "m3-standard-fast-effects", "m3-standard-default-effects", "m3-standard-slow-effects",
                "m3-expressive-fast-spatial", "m3-expressive-default-spatial", "m3-expressive-slow-spatial",
                "m3-expressive-fast-effects", "m3-expressive-default-effects", "m3-expressive-slow-effects",
                "anime3", "anime4.0", "anime4.2", "anime4.2-bounce-duration",
                "figma-gentle-unconfirmed", "figma-quick-unconfirmed", "figma-bouncy-unconfirmed",
                "figma-slow-unconfirmed",
            ])
        for preset in SpringPreset.all {
            #expect(SpringPreset.named(preset.name) == preset)
            #expect(preset.id == preset.name && preset.description == preset.name)
        }
        #expect(SpringPreset.named("BOUNCY") == nil)
        #expect(SpringPreset.named("") == nil)
        #expect(SpringPreset.named("react-spring") == nil)
    }

    @Test("Each preset's spring and platform are what its platform publishes", arguments: SpringPreset.all)
    func presetMatchesPublishedValue(preset: SpringPreset) throws {
        let want = try #require(Self.published[preset.name], "no published value for \(preset.name)")
        #expect(preset.platform == want.platform)
        #expect(
            Self.matchesPublished(preset.name, preset.spring),
            "\(preset.name): \(preset.spring), published k \(want.stiffness), c \(want.damping)")
        #expect(!preset.summary.isEmpty && !preset.summary.contains("\n"))
    }

    @Test(
        "The oracle catches a preset mapped to another preset's spring (except between presets that publish the same one)"
    )
    func oracleTellsPresetsApart() {
        // A deliberately wrong mapping fails the check.
        #expect(!Self.matchesPublished("bouncy", SpringPreset.snappy.spring))
        #expect(!Self.matchesPublished("android", SpringPreset.compose.spring))
        #expect(!Self.matchesPublished("react-slow", SpringPreset.reactMolasses.spring))
        // And so does every other swap, except between identical springs.
        for preset in SpringPreset.all {
            for other in SpringPreset.all where other.name != preset.name {
                let same = Self.sameSprings.contains { $0.isSuperset(of: [preset.name, other.name]) }
                #expect(Self.matchesPublished(preset.name, other.spring) == same, "\(preset.name) ← \(other.name)")
            }
        }
    }

    @Test("Each preset's values, in its platform's terms, build its spring exactly", arguments: SpringPreset.all)
    func presetValuesBuildItsSpring(preset: SpringPreset) throws {
        #expect(Set(preset.values.keys) == Set(preset.parameterization.parameters.map(\.name)))
        #expect(try preset.parameterization.makeSpring(preset.values) == preset.spring)
    }

    @Test("The react-spring presets are ReactSpringParameters.presets, named react-<name>")
    func reactSpringPresetsMatchTheirType() throws {
        let catalogued = SpringPreset.all.filter { $0.platform == .reactSpring }
        #expect(catalogued.map(\.name) == ReactSpringParameters.presets.map { "react-\($0.name)" })
        for (name, parameters) in ReactSpringParameters.presets {
            #expect(try #require(SpringPreset.named("react-\(name)")).spring == parameters.spring)
        }
    }

    // MARK: Parameterization kinds

    /// Valid values of every parameter, none at its default.
    static let sample: [SpringParameterizationKind: [SpringParameter.Name: Double]] = [
        .swiftUI: [.duration: 0.4, .bounce: 0.2],
        .physical: [.mass: 2, .stiffness: 300, .damping: 7],
        .response: [.response: 0.6, .dampingRatio: 0.7, .mass: 3],
        .settling: [.settlingDuration: 1.2, .dampingRatio: 0.6, .epsilon: 0.01],
        .swiftUISettling: [.settlingDuration: 1.2, .dampingRatio: 0.6, .epsilon: 0.01],
        .android: [.stiffness: 400, .dampingRatio: 0.75],
        .motionDuration: [.visualDuration: 0.3, .bounce: 0.25],
        .motionPhysicalDuration: [.duration: 0.6, .bounce: 0.25],
        .reactSpring: [.tension: 180, .friction: 12, .mass: 2],
        .reactSpringFrequency: [.frequency: 0.5, .damping: 0.3, .mass: 2],
        .origami: [.origamiTension: 50, .origamiFriction: 9],
        .pop: [.bounciness: 10, .speed: 5],
        .reanimated: [.mass: 2, .stiffness: 300, .damping: 7],
        .reanimatedDuration: [.duration: 0.4, .dampingRatio: 0.7],
        .reanimated3: [.mass: 2, .stiffness: 300, .damping: 7],
        // These two read a spring back at the defaults of what the spring does not
        // carry: Reanimated 3's stiffness 100 at SpringBench's travel 100, Svelte's precision 0.01.
        .reanimated3Duration: [.duration: 1.2, .dampingRatio: 0.6, .stiffness: 100, .travel: 100],
        .svelte: [.stiffness: 0.1, .damping: 0.25, .precision: 0.01],
        .animeV3: [.mass: 2, .stiffness: 30, .damping: 4], .animeV4: [.mass: 2, .stiffness: 300, .damping: 7],
        .animeV42: [.mass: 2, .stiffness: 300, .damping: 7], .animeV42Duration: [.bounce: 0.2, .duration: 400],
        .figmaNormalized: [.duration: 0.4, .bounce: 0.2],
    ]

    @Test("Every kind the CLI accepts is listed once, in a stable order, with its type's name")
    func kindList() {
        #expect(
            SpringParameterizationKind.all == [
                .swiftUI, .physical, .response, .settling, .swiftUISettling, .android, .motionDuration,
                .motionPhysicalDuration, .reactSpring,
                .reactSpringFrequency, .origami, .pop, .reanimated, .reanimatedDuration, .reanimated3,
                .reanimated3Duration, .svelte,
                .animeV3, .animeV4, .animeV42, .animeV42Duration, .figmaNormalized,
            ])
        #expect(Set(SpringParameterizationKind.all.map(\.name)).count == SpringParameterizationKind.all.count)
        for kind in SpringParameterizationKind.all where kind != .reactSpringFrequency {
            if let type = kind.parameterizationType {
                #expect(kind.name == type.parameterizationName)
            }
        }
        #expect(SpringParameterizationKind.physical.parameterizationType == nil)
    }

    /// Tolerance 64 ulps: each way is a few roundings (16 suffice here); the
    /// rest is room for Pop's `pow` and the settling bisection on other libms.
    @Test(
        "Each kind round-trips through its parameter list: values → spring → values within 64 ulps",
        arguments: SpringParameterizationKind.all)
    func kindRoundTrips(kind: SpringParameterizationKind) throws {
        let names = kind.parameters.map(\.name)
        #expect(Set(names).count == names.count, "duplicate parameter names")
        let values = try #require(Self.sample[kind])
        #expect(Set(values.keys) == Set(names), "the sample covers every parameter")
        for parameter in kind.parameters {
            #expect(kind.parameter(parameter.name) == parameter)
            if let value = parameter.defaultValue {
                #expect(parameter.validRange.contains(value), "default of \(parameter)")
            }
        }

        let spring = try kind.makeSpring(values)
        let back = try kind.values(for: spring, epsilon: values[.epsilon] ?? 0.001)
        #expect(Set(back.keys) == Set(names))
        for name in names {
            let (x, y) = (try #require(back[name]), try #require(values[name]))
            // SwiftUI's settling initializer stops Newton once a step δ is at
            // most ε rad/s. On its envelope f(ω) = ε − r·e^(−ζTω), |f''/f'| = ζT,
            // so the root it returns is off by at most ζT·δ²/2 ≤ ζT·ε²/2, a
            // relative ζT·ε²/(2ω₀) (6.0e-6 for this sample), and the duration
            // read back (T ∝ 1/ω₀) by the same; twice that covers the
            // quadratic approximation.
            // anime.js v4.2+ rounds k and c to 3 decimals (|Δ| ≤ 5e-4 each): the duration 2π/√k moves by
            // at most Δk/(2k) relative, the bounce 1 − c/(2√k) by ζ/|bounce|·(Δc/c + Δk/(2k)).
            let animeRounding =
                5e-4 / spring.damping + 5e-4 / (2 * spring.stiffness)
            let tolerance =
                kind == .swiftUISettling
                ? 2 * (values[.dampingRatio]! * values[.settlingDuration]! * values[.epsilon]! * values[.epsilon]!)
                    / (2 * spring.naturalFrequency)
                : kind == .animeV42Duration
                    ? animeRounding * (name == .bounce ? spring.dampingRatio / abs(values[.bounce]!) : 1)
                    : name == .duration
                        ? Self.durationBisectionTolerance(kind, values, spring) ?? 64 * Self.u
                        : 64 * Self.u
            #expect(abs(x - y) <= tolerance * abs(y), "\(kind) \(name): \(x) back, \(y) given")
        }
        let again = try kind.makeSpring(back)
        // SwiftUI's settling initializer: its Newton stops early (the bound above,
        // doubled: k ∝ ω₀²).
        let roundings =
            kind == .swiftUISettling
            ? 4 * (values[.dampingRatio]! * values[.settlingDuration]! * values[.epsilon]! * values[.epsilon]!)
                / (2 * spring.naturalFrequency) / Self.u
            : Self.durationBisectionTolerance(kind, values, spring).map { 6 * $0 / Self.u } ?? 64
        #expect(Self.close(again.stiffness / again.mass, spring.stiffness / spring.mass, roundings: roundings))
        #expect(Self.close(again.damping / again.mass, spring.damping / spring.mass, roundings: roundings))
    }

    /// The relative error of a duration read back from a spring that
    /// Reanimated's bisection built, or nil for the other kinds.
    ///
    /// Reanimated 4 stops when the energy ratio is within 1e-3 of its
    /// threshold: in `u = λT` that is 1e-3 / |d ln(ratio)/du|, with
    /// `ratio = e^(−2u)·g(u)`, `g = (1 + u)² + ζ²u²`, and the duration read back
    /// is off by the same fraction of `u`. Reanimated 3 stops after 20 halvings
    /// of [0, 100]: the mass is within 100/2²¹ of the root, and the duration
    /// (`∝ √m` from rest) within half that relative to `m`. Twice each.
    static func durationBisectionTolerance(
        _ kind: SpringParameterizationKind, _ values: [SpringParameter.Name: Double], _ spring: Spring
    ) -> Double? {
        if kind == .reanimatedDuration {
            let zeta = values[.dampingRatio]!
            let u = ReanimatedDurationParameters.energyDecayProduct(dampingRatio: zeta, energyThreshold: 6e-9)
            let g = (1 + u) * (1 + u) + zeta * zeta * u * u
            let slope = abs(-2 + (2 * (1 + u) + 2 * zeta * zeta * u) / g)
            return 2 * 1e-3 / (slope * u)
        }
        if kind == .reanimated3Duration {
            return 2 * (100 / 0x1p21) / (2 * spring.mass)
        }
        return nil
    }

    /// Values around every range's ends, and the ends themselves.
    static func probes(_ range: SpringParameter.ValidRange) -> [Double] {
        [-.infinity, -100, -21, -1, -0.5, 0, 0.001, 0.5, 0.95, 1, 1.5, 20, 21, 100, .infinity, .nan]
            + [range.lowerBound, range.upperBound].filter(\.isFinite)
    }

    @Test(
        "Each parameter's valid range is the one its type enforces, with the type's phrase in the error",
        arguments: SpringParameterizationKind.all)
    func rangesAgreeWithTheTypes(kind: SpringParameterizationKind) throws {
        let sample = try #require(Self.sample[kind])
        for parameter in kind.parameters {
            for value in Self.probes(parameter.validRange) {
                var values = sample
                values[parameter.name] = value
                if kind == .swiftUISettling, parameter.validRange.contains(value),
                    let zeta = values[.dampingRatio], let epsilon = values[.epsilon],
                    Swift.min(Swift.max(zeta, .ulpOfOne), 1) < 1,
                    Swift.min(Swift.max(zeta, .ulpOfOne), 1) / (1 - zeta * zeta).squareRoot() <= epsilon
                {
                    // A damping ratio too small for SwiftUI's equation to have a positive root.
                    let error = #expect(throws: SpringCatalogueError.self) { try kind.makeSpring(values) }
                    #expect(error?.parameter == "dampingRatio")
                } else if parameter.validRange.contains(value) {
                    #expect(throws: Never.self, "\(kind) \(parameter.name) = \(value)") { try kind.makeSpring(values) }
                } else {
                    let error = #expect(throws: SpringCatalogueError.self, "\(kind) \(parameter.name) = \(value)") {
                        try kind.makeSpring(values)
                    }
                    #expect(error?.description == "\(parameter.name) must be \(parameter.validRange), got \(value)")
                    #expect(error?.parameter == parameter.name.rawValue)
                }
            }
        }
    }

    @Test("Defaults are the types' and platforms' defaults")
    func defaults() throws {
        typealias Kind = SpringParameterizationKind
        #expect(try Kind.swiftUI.makeSpring([:]) == SwiftUIParameters().spring)
        #expect(try Kind.swiftUI.makeSpring([:]) == Spring.smooth)
        #expect(try Kind.physical.makeSpring([.stiffness: 100, .damping: 10]) == Spring(stiffness: 100, damping: 10))
        #expect(
            try Kind.response.makeSpring([.response: 0.4]) == ResponseParameters(response: 0.4, dampingRatio: 1).spring)
        #expect(
            try Kind.settling.makeSpring([.settlingDuration: 1, .dampingRatio: 0.5])
                == SettlingParameters(settlingDuration: 1, dampingRatio: 0.5).spring)
        #expect(try Kind.android.makeSpring([.stiffness: 1500]) == AndroidSpringForce.springForceDefault.spring)
        #expect(
            try Kind.motionDuration.makeSpring([.visualDuration: 0.3])
                == MotionDurationParameters(visualDuration: 0.3, bounce: 0.3).spring)
        #expect(
            try Kind.motionPhysicalDuration.makeSpring([:])
                == MotionPhysicalDurationParameters(duration: 0.8, bounce: 0.3).spring)
        #expect(try Kind.reactSpring.makeSpring([:]) == ReactSpringParameters.default.spring)
        #expect(
            try Kind.reactSpringFrequency.makeSpring([.frequency: 0.5]) == ReactSpringParameters(frequency: 0.5).spring)
        #expect(try Kind.origami.makeSpring([:]) == OrigamiParameters().spring)
        #expect(try Kind.pop.makeSpring([:]) == PopParameters().spring)
        // The documented example.
        #expect(try Kind.swiftUI.makeSpring([.duration: 0.5, .bounce: 0.3]) == Spring.bouncy)
    }

    @Test("A missing required parameter, or one the kind does not have, is named before any range check")
    func missingAndUnexpectedParameters() {
        #expect(throws: SpringCatalogueError.missingParameter(.damping, kind: .physical)) {
            try SpringParameterizationKind.physical.makeSpring([.stiffness: -1])
        }
        #expect(throws: SpringCatalogueError.missingParameter(.dampingRatio, kind: .settling)) {
            try SpringParameterizationKind.settling.makeSpring([.settlingDuration: 1])
        }
        #expect(throws: SpringCatalogueError.unexpectedParameter(.tension, kind: .swiftUI)) {
            try SpringParameterizationKind.swiftUI.makeSpring([.duration: -1, .tension: 170])
        }
        let error = #expect(throws: SpringCatalogueError.self) {
            try SpringParameterizationKind.motionDuration.makeSpring([.bounce: 0.2])
        }
        #expect(error?.description == "Motion visualDuration/bounce needs visualDuration (it has no default)")
        #expect(
            throws: SpringCatalogueError.invalidValue(
                .outOfRange(parameter: "duration", validRange: "a duration giving a finite stiffness", value: 1e-200))
        ) {
            try SpringParameterizationKind.swiftUI.makeSpring([.duration: 1e-200])
        }
    }

    @Test("Kinds without an inverse for a spring say why instead of returning values")
    func noInverse() throws {
        let overDamped = try Spring(stiffness: 100, damping: 100)
        #expect(throws: SpringParameterError.self) {
            try SpringParameterizationKind.motionDuration.values(for: overDamped)
        }
        #expect(throws: SpringParameterError.self) { try SpringParameterizationKind.pop.values(for: overDamped) }
        let undamped = try Spring(stiffness: 100, damping: 0)
        #expect(throws: SpringParameterError.self) { try SpringParameterizationKind.settling.values(for: undamped) }
    }
}
