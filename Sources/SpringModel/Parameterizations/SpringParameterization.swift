/// A description of a spring in some platform's or library's terms that
/// converts to the canonical ``Spring`` and, where an inverse exists, back.
///
/// Conversions back go through the motion, not the numbers: a spring of mass
/// 2 converts to a mass-1 parameterization with the same `k/m` and `c/m`,
/// which moves identically. Where no inverse exists for some springs (Motion's
/// clamped bounce, Pop's bounded bounciness), `init(_:)` throws
/// ``SpringParameterError/notRepresentable(parameterization:reason:)``.
public protocol SpringParameterization: Sendable {
    /// A short name for listings (`"SwiftUI duration/bounce"`).
    static var parameterizationName: String { get }

    /// The canonical spring these parameters describe.
    var spring: Spring { get }

    /// The parameters that describe `spring` (up to its mass, see above).
    init(_ spring: Spring) throws(SpringParameterError)

    /// The parameters as (name, value) pairs in display order.
    var namedValues: [(name: String, value: Double)] { get }
}

extension Spring {
    /// The spring for natural frequency `ω` and damping ratio `ζ` at `mass`,
    /// without validation: `k = m·ω²`, `c = 2·m·ζ·ω` (Guides/SpringFormulas.md's response form
    /// `k = (2π/R)²·m`, `c = 4π·ζ·m/R` with `ω = 2π/R`).
    ///
    /// Where a product leaves the normal range (ω² overflows while m·ω² does
    /// not, say) it is recomputed without intermediate overflow or underflow.
    @usableFromInline
    internal init(uncheckedFrequency omega: Double, dampingRatio zeta: Double, mass: Double = 1) {
        var stiffness = mass * (omega * omega)
        var damping = 2 * mass * (zeta * omega)
        if !stiffness.isNormal { stiffness = Self.product(mass, omega, omega) }
        if damping != 0 && !damping.isNormal { damping = Self.product(2 * mass, zeta, omega) }
        self.init(uncheckedMass: mass, stiffness: stiffness, damping: damping)
    }

    /// Checks a spring built from a parameterization, naming `parameter` if the
    /// result is not a usable spring (overflow, underflow) — or, when the
    /// stiffness is fine and only the damping is not (a damping ratio or
    /// decay rate beyond the largest double), the parameter that sets the damping.
    internal static func validated(
        _ spring: Spring, blaming parameter: String, value: Double, range: String,
        damping: (parameter: String, value: Double, range: String)? = nil
    ) throws(SpringParameterError) -> Spring {
        do {
            return try Spring(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping)
        } catch {
            if let damping, case .outOfRange(let failed, _, _) = error, failed == "damping" {
                throw .outOfRange(parameter: damping.parameter, validRange: damping.range, value: damping.value)
            }
            throw .outOfRange(parameter: parameter, validRange: range, value: value)
        }
    }
}
