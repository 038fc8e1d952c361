/// Rebound's / Origami's tension and friction (Facebook), mass 1.
///
/// `tension = (origamiTension − 30)·3.62 + 194`,
/// `friction = (origamiFriction − 8)·3 + 25` (Guides/SpringFormulas.md; Rebound's
/// `OrigamiValueConverter`). Default Origami (40, 7) → 230.2, 22. The inverse is
/// the linear map back; it is well conditioned except where the physical value
/// is near 0 (absolute error a few ulps of 194 and 25). Rebound integrates
/// with RK4 at a fixed 1 ms step; this is the exact motion.
public struct OrigamiParameters: SpringParameterization, Hashable {
    public static let parameterizationName = "Rebound/Origami tension/friction"

    /// The origami tension giving tension 0: `30 − 194/3.62`.
    public static let minimumTension = 30 - 194 / 3.62
    /// The origami friction giving friction 0: `8 − 25/3`.
    public static let minimumFriction = 8 - 25.0 / 3

    public var origamiTension: Double
    public var origamiFriction: Double

    public init(origamiTension: Double = 40, origamiFriction: Double = 7) throws(SpringParameterError) {
        guard origamiTension.isFinite, Self.tension(origamiTension) > 0 else {
            throw .outOfRange(
                parameter: "origamiTension", validRange: "finite and greater than \(Self.minimumTension)",
                value: origamiTension)
        }
        guard origamiFriction.isFinite, Self.friction(origamiFriction) >= 0 else {
            throw .outOfRange(
                parameter: "origamiFriction", validRange: "finite and at least \(Self.minimumFriction)",
                value: origamiFriction)
        }
        self.origamiTension = origamiTension
        self.origamiFriction = origamiFriction
        _ = try Spring.validated(
            spring, blaming: "origamiTension", value: origamiTension, range: "a tension giving a finite stiffness",
            damping: (
                "origamiFriction", origamiFriction,
                "a friction giving a damping ratio 0 or from 2.2250738585072014e-308 to 4.49e307"
            ))
    }

    public init(_ spring: Spring) {
        origamiTension = (spring.stiffness / spring.mass - 194) / 3.62 + 30
        origamiFriction = (spring.damping / spring.mass - 25) / 3 + 8
    }

    /// Rebound's default configuration, Origami (40, 7).
    public static let defaults = try! OrigamiParameters()

    static func tension(_ origami: Double) -> Double { (origami - 30) * 3.62 + 194 }
    static func friction(_ origami: Double) -> Double { (origami - 8) * 3 + 25 }

    public var spring: Spring {
        Spring(uncheckedMass: 1, stiffness: Self.tension(origamiTension), damping: Self.friction(origamiFriction))
    }

    public var namedValues: [(name: String, value: Double)] {
        [("origamiTension", origamiTension), ("origamiFriction", origamiFriction)]
    }
}
