import Foundation

/// A grouped bar chart: for each category (e.g. a kernel) one bar per series
/// (e.g. a backend), on a linear value axis starting at zero, with optional
/// horizontal reference lines (e.g. 1.0 = the measured bandwidth, 0.9 = a bar to meet).
///
/// Each series is one SVG `<path>` (one rectangle per category), filled in its
/// own colour and hatching so that groups stay distinguishable in grey-scale.
/// A missing or non-finite value leaves a gap.
public struct BarChart: Sendable, Equatable {
    /// One series: a value per category, in the chart's category order.
    public struct Series: Sendable, Equatable {
        public var name: String
        public var values: [Double?]

        public init(name: String, values: [Double?]) {
            self.name = name
            self.values = values
        }
    }

    public var title: String
    public var categories: [String]
    public var series: [Series]
    /// The value axis; its scale is always linear from zero (bars measure from a baseline).
    public var valueAxisTitle: String
    /// Horizontal lines at fixed values, e.g. `.horizontal("probe bandwidth", y: 1)`.
    public var referenceLines: [PlotReferenceLine]
    public var width: Double
    public var height: Double

    public init(
        title: String, categories: [String], series: [Series], valueAxisTitle: String,
        referenceLines: [PlotReferenceLine] = [], width: Double = 840, height: Double = 440
    ) {
        self.title = title
        self.categories = categories
        self.series = series
        self.valueAxisTitle = valueAxisTitle
        self.referenceLines = referenceLines
        self.width = width
        self.height = height
    }

    /// The chart as an SVG document.
    public func svg() -> String {
        let legendWidth = min(
            300, max(120, Double((series.map(\.name) + referenceLines.map(\.label)).map(\.count).max() ?? 0) * 6.6 + 44)
        )
        let frame = PlotFrame(width: width, height: height, legendWidth: legendWidth, bottomMargin: 96)
        let axis = PlotAxis(title: valueAxisTitle, scale: .linear)
        var highest = 0.0
        for value in series.flatMap(\.values) { if let value, value.isFinite { highest = max(highest, value) } }
        for line in referenceLines { if case .horizontal(let y) = line.shape, y.isFinite { highest = max(highest, y) } }
        let domain = axis.resolvedDomain(for: 0...(highest > 0 ? highest * 1.05 : 1))
        let ticks = axis.ticks(covering: domain)

        var svg = SVGWriter(width: width, height: height)
        svg.group("defs", [:]) { svg in
            for index in series.indices { Self.defineHatch(index: index, into: &svg) }
        }
        svg.empty("rect", ["x": "0", "y": "0", "width": n(width), "height": n(height), "fill": "white"])
        frame.drawTitle(title, into: &svg)
        frame.drawAxes(x: nil, xDomain: 0...1, xTicks: [], y: axis, yDomain: domain, yTicks: ticks, into: &svg)

        let groupWidth = frame.plotWidth / Double(max(categories.count, 1))
        let barWidth = groupWidth * 0.8 / Double(max(series.count, 1))
        let yOf = { (value: Double) in frame.bottom - axis.position(of: value, in: domain) * frame.plotHeight }
        for (index, series) in series.enumerated() {
            var rectangles: [String] = []
            for (category, value) in series.values.enumerated() where category < categories.count {
                guard let value, value.isFinite else { continue }
                let x = frame.left + groupWidth * (Double(category) + 0.1) + barWidth * Double(index)
                let top = yOf(min(max(value, domain.lowerBound), domain.upperBound))
                rectangles.append("M\(n(x)) \(n(frame.bottom)) V\(n(top)) h\(n(barWidth)) V\(n(frame.bottom)) Z")
            }
            svg.path(
                rectangles.joined(separator: " "), title: series.name,
                [
                    "class": "series", "data-series": series.name, "fill": "url(#hatch-\(index))",
                    "stroke": "#333333", "stroke-width": "0.8",
                ])
        }
        svg.group("g", ["class": "categories", "text-anchor": "end"]) { svg in
            for (index, category) in categories.enumerated() {
                let x = frame.left + groupWidth * (Double(index) + 0.5)
                svg.text(
                    category,
                    [
                        "class": "category", "x": n(x), "y": n(frame.bottom + 16),
                        "transform": "rotate(-30 \(n(x)) \(n(frame.bottom + 16)))",
                    ])
            }
        }
        for (index, line) in referenceLines.enumerated() {
            guard case .horizontal(let value) = line.shape, value.isFinite else { continue }
            let y = yOf(value)
            svg.path(
                "M\(n(frame.left)) \(n(y)) H\(n(frame.right))", title: line.label,
                [
                    "class": "reference", "fill": "none", "stroke": "#555555", "stroke-width": "1.5",
                    "stroke-dasharray": SeriesStyle.referenceDash(index),
                ])
        }
        var legend = Legend(left: frame.legendLeft, top: frame.top)
        for (index, series) in series.enumerated() {
            legend.addSwatch(series.name, fill: "url(#hatch-\(index))", into: &svg)
        }
        for (index, line) in referenceLines.enumerated() {
            legend.addReference(line.label, index: index, into: &svg)
        }
        return svg.document
    }

    /// A fill for series `index`: its colour, overlaid with a hatching that differs per series.
    static func defineHatch(index: Int, into svg: inout SVGWriter) {
        let colour = SeriesStyle.colour(index)
        svg.group("pattern", ["id": "hatch-\(index)", "patternUnits": "userSpaceOnUse", "width": "8", "height": "8"]) {
            svg in
            svg.empty("rect", ["width": "8", "height": "8", "fill": colour])
            switch index % 4 {
            case 1:
                svg.empty("path", ["d": "M-2 2 L2 -2 M0 8 L8 0 M6 10 L10 6", "stroke": "white", "stroke-width": "1.5"])
            case 2: svg.empty("path", ["d": "M0 4 H8", "stroke": "white", "stroke-width": "1.5"])
            case 3: svg.empty("circle", ["cx": "4", "cy": "4", "r": "1.6", "fill": "white"])
            default: break
            }
        }
    }
}

private func n(_ value: Double) -> String { SVGWriter.number(value) }
