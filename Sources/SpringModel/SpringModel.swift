// The spring model: the spring's math (`Spring`, the propagator and the
// trajectory in `Evolution/`, settling in `Settling/`) and the pure
// conversions between a spring and the parameters platforms publish
// (`Parameterizations/`).
//
// The parameterization types stay here, not in SpringPlatforms, because each
// is a pure conversion: numbers in, a `Spring` out and back, with range
// checks and no time, frames, clock or done rule. Where the conversion is a
// platform's own formula (SwiftUI's stored representation `SwiftUISpring` and
// its settling estimate, Motion's Newton iteration for a duration) it is still
// a function of the parameters alone, and users who only convert need no
// platform emulation. What runs in time on a platform (frame loops, done
// rules, the platforms' names and the catalogue that lists presets and
// families by platform) is SpringPlatforms', which depends on this module and
// never the other way.
