import SpringModel

/// Every platform's loop on a set of springs at several refresh rates, with
/// the figures a platforms report answers from: how far each platform's
/// frames are from the exact spring, how fast its clock runs, and when it
/// declares the animation done against when the motion really settles.
public struct PlatformComparison: Sendable {
    /// One platform on one spring at one refresh rate.
    public struct Cell: Sendable, Hashable {
        public var platform: SpringPlatform
        public var spring: String
        public var refreshRate: Double
        /// Largest |shown − exact| over the frames before done, over the travel.
        public var largestError: Double
        /// The platform's clock against the display's (0.08: 8 % fast), where it keeps one.
        public var clockDrift: Double?
        /// When the platform declares the animation done (seconds), `nil` if not within 60 s.
        public var doneTime: Double?
    }

    /// A named spring of the comparison.
    public struct NamedSpring: Sendable, Hashable {
        public var name: String
        public var spring: Spring
        public init(name: String, spring: Spring) {
            self.name = name
            self.spring = spring
        }
    }

    public var springs: [NamedSpring]
    public var refreshRates: [Double]
    public var from: Double
    public var to: Double
    public var cells: [Cell]
    /// The frames each platform shows for the first spring at the first rate (for plots).
    public var sampleRuns: [DisplayedMotion]

    /// The platforms' own springs (SwiftUI's .bouncy and .smooth, react-spring's
    /// default and wobbly, Rebound's and Android's defaults), from 0 to 100
    /// (points or pixels: the unit Android's and Pop's thresholds assume).
    public static let standardSprings: [NamedSpring] = [
        NamedSpring(name: "SwiftUI .bouncy", spring: SpringPreset.bouncy.spring),
        NamedSpring(name: "SwiftUI .smooth", spring: SpringPreset.smooth.spring),
        NamedSpring(name: "react-spring default", spring: SpringPreset.reactDefault.spring),
        NamedSpring(name: "react-spring wobbly", spring: SpringPreset.reactWobbly.spring),
        NamedSpring(name: "Rebound default", spring: SpringPreset.rebound.spring),
        NamedSpring(name: "Android default", spring: SpringPreset.android.spring),
    ]

    public init(
        springs: [NamedSpring] = PlatformComparison.standardSprings, refreshRates: [Double] = [60, 120, 240],
        from: Double = 0, to: Double = 100
    ) {
        self.springs = springs
        self.refreshRates = refreshRates
        self.from = from
        self.to = to
        var cells: [Cell] = []
        var sample: [DisplayedMotion] = []
        for (springIndex, named) in springs.enumerated() {
            for (rateIndex, rate) in refreshRates.enumerated() {
                let runs = PlatformLoops.all(named.spring, from: from, to: to, initialVelocity: 0, refreshRate: rate)
                if springIndex == 0 && rateIndex == 0 { sample = runs }
                for run in runs {
                    cells.append(
                        Cell(
                            platform: run.platform, spring: named.name, refreshRate: rate,
                            largestError: run.largestError(
                                against: named.spring, from: from, to: to, initialVelocity: 0),
                            clockDrift: run.clockDrift, doneTime: run.doneTime))
                }
            }
        }
        self.cells = cells
        self.sampleRuns = sample
    }

    /// The cells of `platform`.
    public func cells(of platform: SpringPlatform) -> [Cell] { cells.filter { $0.platform == platform } }

    /// `platform`'s largest error over every spring at `refreshRate`; NaN when it has no cell there.
    public func worstError(of platform: SpringPlatform, at refreshRate: Double) -> Double {
        cells(of: platform).filter { $0.refreshRate == refreshRate }.map(\.largestError).max() ?? .nan
    }
}
