import Benchmarking
import Foundation

/// One axis of a plot: its title, its scale, and how its ticks are placed and labelled.
///
/// ```swift
/// let x = PlotAxis(title: "points N", scale: .logarithmic, labels: .binarySize)
/// x.ticks(covering: 16...16_777_216)  // 16, 256, 4096, …, 16 777 216 → "16", "256", "4 Ki", … "16 Mi"
/// ```
public struct PlotAxis: Sendable, Equatable {
    public enum Scale: Sendable, Equatable {
        case linear
        /// Equal distances for equal ratios. Non-positive values cannot be drawn and are skipped.
        case logarithmic
    }

    /// Where ticks go and how they read.
    public enum Labels: Sendable, Equatable {
        /// Powers of ten on a logarithmic axis (0.1, 1, 10; plus 2 and 5 when the
        /// axis spans two decades or less), 1-2-5 steps on a linear one.
        case decimal
        /// Point counts: powers of two on a logarithmic axis, labelled with
        /// binary prefixes (16, 256, 4 Ki, 64 Ki, 1 Mi, 16 Mi).
        case binarySize
    }

    public var title: String
    public var scale: Scale
    public var labels: Labels
    /// A fixed range; nil fits the axis to the data.
    public var domain: ClosedRange<Double>?

    public init(title: String, scale: Scale = .linear, labels: Labels = .decimal, domain: ClosedRange<Double>? = nil) {
        self.title = title
        self.scale = scale
        self.labels = labels
        self.domain = domain
    }

    /// The most labelled ticks an axis gets before it thins them out.
    static let maximumTicks = 9

    /// The range drawn for data spanning `data`: `domain` if set; otherwise,
    /// on a logarithmic axis, `data` widened to the enclosing powers of ten
    /// (of two for sizes, on the tick step); on a linear axis, to the enclosing
    /// 1-2-5 ticks.
    public func resolvedDomain(for data: ClosedRange<Double>) -> ClosedRange<Double> {
        if let domain { return domain }
        switch scale {
        case .logarithmic:
            let base = labels == .binarySize ? 2.0 : 10.0
            var low = (log(data.lowerBound) / log(base)).rounded(.down)
            var high = (log(data.upperBound) / log(base)).rounded(.up)
            if high <= low {
                low -= 1
                high += 1
            }
            let step = Self.logarithmicStep(span: high - low, base: base)
            low = (low / step).rounded(.down) * step
            high = (high / step).rounded(.up) * step
            // Finite at both ends whatever the data (1e308 rounds up past the
            // largest double): every later computation on the domain stays finite.
            let lower = min(max(pow(base, low), .leastNormalMagnitude), .greatestFiniteMagnitude)
            let upper = min(max(pow(base, high), lower), .greatestFiniteMagnitude)
            return lower...upper
        case .linear:
            var low = data.lowerBound
            var high = data.upperBound
            if low == high {
                let pad = low == 0 ? 1 : abs(low) * 0.1
                low -= pad
                high += pad
            }
            let step = Self.linearStep(for: low...high)
            let lower = max((low / step).rounded(.down) * step, -.greatestFiniteMagnitude)
            let upper = min((high / step).rounded(.up) * step, .greatestFiniteMagnitude)
            return lower...max(lower, upper)
        }
    }

    /// The labelled tick values inside `domain`, ascending.
    ///
    /// Logarithmic decimal axes put ticks at powers of ten (every second or
    /// further power when there are many decades, and also at 2·10ᵏ and 5·10ᵏ
    /// when there are at most two); logarithmic size axes at powers of two,
    /// spaced by a power-of-two number of octaves so that at most
    /// `maximumTicks` remain; linear axes at multiples of 1, 2 or 5 × 10ᵏ.
    /// At most a few dozen ticks for any finite domain; none for a non-finite one.
    public func ticks(covering domain: ClosedRange<Double>) -> [Double] {
        guard domain.lowerBound.isFinite, domain.upperBound.isFinite else { return [] }
        switch scale {
        case .logarithmic:
            guard domain.lowerBound > 0 else { return [] }
            let base = labels == .binarySize ? 2.0 : 10.0
            let low = log(domain.lowerBound) / log(base)
            let high = log(domain.upperBound) / log(base)
            let tolerance = 1e-9
            let first = (low - tolerance).rounded(.up)
            let last = (high + tolerance).rounded(.down)
            guard first <= last else { return [] }
            let step = Self.logarithmicStep(span: last - first, base: base)
            let start = (first / step).rounded(.up) * step
            var exponents: [Double] = []
            var exponent = start
            while exponent <= last + tolerance, exponents.count <= 4 * Self.maximumTicks {
                exponents.append(exponent)
                exponent += step
            }
            var ticks = exponents.map { pow(base, $0) }
            if base == 10, last - first <= 2 {
                for exponent in stride(from: first - 1, through: last, by: 1) {
                    for multiple in [2.0, 5.0] {
                        let value = multiple * pow(10, exponent)
                        if value >= domain.lowerBound * (1 - tolerance), value <= domain.upperBound * (1 + tolerance) {
                            ticks.append(value)
                        }
                    }
                }
            }
            return ticks.sorted()
        case .linear:
            let step = Self.linearStep(for: domain)
            var ticks: [Double] = []
            var index = (domain.lowerBound / step - 1e-9).rounded(.up)
            guard step.isFinite, step > 0 else { return [] }
            while index * step <= domain.upperBound + step * 1e-9, ticks.count <= 4 * Self.maximumTicks {
                let value = index * step
                ticks.append(abs(value) < step * 1e-9 ? 0 : value)
                index += 1
            }
            return ticks
        }
    }

    /// The label of a tick at `value`, given its neighbours' spacing.
    public func label(_ value: Double, ticks: [Double]) -> String {
        switch (scale, labels) {
        case (_, .binarySize) where value >= 1 && value <= Double(PointCount.maximum) && value == value.rounded():
            return NumberFormatting.size(Int(value))
        case (.logarithmic, _):
            let exponent = log10(value)
            if exponent < -4 || exponent >= 6 {
                let rounded = exponent.rounded()
                if abs(exponent - rounded) < 1e-9 { return "1e\(Int(rounded))" }
            }
            return NumberFormatting.significant(value, digits: 3, trimmingZeros: true)
        case (.linear, _):
            let step = ticks.count > 1 ? ticks[1] - ticks[0] : abs(value)
            let decimals = step > 0 ? max(0, Int((-log10(step)).rounded(.up))) : 0
            let text = String(format: "%.*f", min(decimals, 12), value)
            return text.hasPrefix("-") && Double(text) == 0 ? String(text.dropFirst()) : text
        }
    }

    /// Maps `value` in `domain` to 0…1 along the axis.
    func position(of value: Double, in domain: ClosedRange<Double>) -> Double {
        switch scale {
        case .linear:
            return (value - domain.lowerBound) / (domain.upperBound - domain.lowerBound)
        case .logarithmic:
            return log(value / domain.lowerBound) / log(domain.upperBound / domain.lowerBound)
        }
    }

    /// Whether `value` can be drawn on this axis at all.
    func canShow(_ value: Double) -> Bool {
        value.isFinite && (scale == .linear || value > 0)
    }

    /// Powers of `base` per tick so that at most ``maximumTicks`` ticks cover `span` powers.
    static func logarithmicStep(span: Double, base: Double) -> Double {
        let candidates: [Double] = base == 2 ? [1, 2, 4, 8, 16, 32] : [1, 2, 3, 5, 10, 20, 50]
        return candidates.first { (span / $0).rounded(.down) + 1 <= Double(maximumTicks) } ?? candidates.last!
    }

    /// A 1-2-5 step giving about five intervals over `range`.
    static func linearStep(for range: ClosedRange<Double>) -> Double {
        let span = range.upperBound - range.lowerBound
        guard span > 0, span.isFinite else { return 1 }
        let rough = span / 5
        let power = pow(10, log10(rough).rounded(.down))
        let fraction = rough / power
        let nice: Double = fraction < 1.5 ? 1 : fraction < 3.5 ? 2 : fraction < 7.5 ? 5 : 10
        return nice * power
    }
}
