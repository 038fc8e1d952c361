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
            value = absolute / (to - from)
        }
    }

    /// The absolute velocity in units per second for an animation `from` → `to`.
    public func absolute(from: Double, to: Double) throws(SpringParameterError) -> Double {
        try Check.finite(from, "from")
        try Check.finite(to, "to")
        if from == to && value != 0 {
            throw .relativeVelocityWithoutDistance(relativeVelocity: value, position: from)
        }
        return value * (to - from)
    }
}
