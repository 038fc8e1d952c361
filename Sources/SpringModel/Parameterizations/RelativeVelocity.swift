/// UIKit's relative initial velocity: the fraction of the animation's distance
/// covered per second (1 = the whole `to − from` in one second).
///
/// The absolute velocity is `relative · (to − from)`. When `from == to` the
/// relative form is undefined (Guides/SpringFormulas.md): converting a non-zero velocity either
/// way then throws ``SpringParameterError/relativeVelocityWithoutDistance(relativeVelocity:position:)``
/// rather than return NaN or silently drop the velocity. Preserve an absolute
/// velocity in that case by giving it absolutely, or by nudging the start value.
public struct RelativeVelocity: Sendable, Hashable {
    /// Fraction of the distance per second.
    public var value: Double

    public init(_ value: Double) throws(SpringParameterError) {
        try Check.finite(value, "relativeVelocity")
        self.value = value
    }

    /// The relative velocity that corresponds to `absolute` units per second.
    public init(absolute: Double, from: Double, to: Double) throws(SpringParameterError) {
        try Check.finite(absolute, "initialVelocity")
        try Check.finite(from, "from")
        try Check.finite(to, "to")
        if from == to {
            guard absolute == 0 else {
                throw .outOfRange(
                    parameter: "initialVelocity",
                    validRange: "0 when from == to (a relative velocity needs a distance)", value: absolute)
            }
            value = 0
        } else {
            // (to − from) may overflow (a span of 2e308): divide by half the span, then halve.
            let span = to - from
            let relative = span.isFinite ? absolute / span : absolute / (to / 2 - from / 2) / 2
            guard relative.isFinite else {
                throw .outOfRange(
                    parameter: "initialVelocity", validRange: "a velocity giving a finite fraction of (to − from)",
                    value: absolute)
            }
            value = relative
        }
    }

    /// The absolute velocity in units per second for an animation `from` → `to`.
    public func absolute(from: Double, to: Double) throws(SpringParameterError) -> Double {
        try Check.finite(from, "from")
        try Check.finite(to, "to")
        if from == to && value != 0 {
            throw .relativeVelocityWithoutDistance(relativeVelocity: value, position: from)
        }
        // (to − from) may overflow while the product is representable (a span
        // of 2e308 at 0.1 per second): halve the span, then double back.
        let absolute = (to - from).isFinite ? value * (to - from) : 2 * (value * (to / 2 - from / 2))
        guard absolute.isFinite else {
            throw .outOfRange(
                parameter: "relativeVelocity", validRange: "a fraction of (to − from) giving a finite velocity",
                value: value)
        }
        return absolute
    }
}
