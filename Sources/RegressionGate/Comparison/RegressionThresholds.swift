import Benchmarking

/// How large a change must be, beyond doubt, to count.
///
/// A threshold t marks a cell *regressed* when the whole interval of the ratio
/// lies above 1 + t and *improved* when it lies below 1 ÷ (1 + t): the two
/// limits are symmetric on a log scale, so swapping baseline and current swaps
/// the verdicts exactly.
public struct RegressionThresholds: Sendable, Equatable, Codable {
    /// The fraction used for kernels without an override (0.10 = 10 %).
    public var defaultFraction: Double
    /// Per-kernel fractions, keyed by kernel name (`add`, `add-inplace`).
    public var kernelFractions: [String: Double]

    public static let defaultFraction = 0.10

    public init(defaultFraction: Double = Self.defaultFraction, kernelFractions: [String: Double] = [:]) {
        self.defaultFraction = defaultFraction
        self.kernelFractions = kernelFractions
    }

    public func fraction(for kernel: Kernel) -> Double {
        kernelFractions[kernel.rawValue] ?? defaultFraction
    }
}
