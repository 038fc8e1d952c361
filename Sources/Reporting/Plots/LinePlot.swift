import Foundation

/// A point of a plotted series.
public struct PlotPoint: Sendable, Equatable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A named set of points, drawn as one SVG `<path>` in its own colour, dash
/// pattern and marker shape.
public struct PlotSeries: Sendable, Equatable {
    public enum Style: Sendable, Equatable {
        /// Points joined in the given order, with a marker at each.
        case linesAndMarkers
        /// Points joined, no markers (dense curves).
        case lines
        /// Markers only (a scatter plot).
        case markers
    }

    public var name: String
    public var points: [PlotPoint]
    public var style: Style

    public init(name: String, points: [PlotPoint], style: Style = .linesAndMarkers) {
        self.name = name
        self.points = points
        self.style = style
    }

    /// A series from `(x, y)` pairs.
    public init(name: String, _ pairs: [(x: Double, y: Double)], style: Style = .linesAndMarkers) {
        self.init(name: name, points: pairs.map { PlotPoint(x: $0.x, y: $0.y) }, style: style)
    }
}

/// A line that is not data: a limit, a threshold, a boundary. Drawn grey and
/// dashed, named in the legend.
public struct PlotReferenceLine: Sendable, Equatable {
    public enum Shape: Sendable, Equatable {
        /// `y = value` across the whole plot.
        case horizontal(y: Double)
        /// `x = value` across the whole plot.
        case vertical(x: Double)
        /// A polyline through the given points (e.g. a limit that varies with x).
        case curve([PlotPoint])
    }

    public var label: String
    public var shape: Shape

    public init(label: String, shape: Shape) {
        self.label = label
        self.shape = shape
    }

    public static func horizontal(_ label: String, y: Double) -> Self { Self(label: label, shape: .horizontal(y: y)) }
    public static func vertical(_ label: String, x: Double) -> Self { Self(label: label, shape: .vertical(x: x)) }
}

/// A line or scatter plot of several named series on linear or logarithmic
/// axes, rendered as a self-contained SVG document.
///
/// ```swift
/// let plot = LinePlot(
///     title: "add: time per element",
///     xAxis: PlotAxis(title: "points N", scale: .logarithmic, labels: .binarySize),
///     yAxis: PlotAxis(title: "ns per element", scale: .logarithmic),
///     series: [PlotSeries(name: "naive", [(16, 1.2), (4096, 0.4)])],
///     referenceLines: [.horizontal("bandwidth limit", y: 0.8)])
/// let svg = plot.svg()
/// ```
///
/// Points that cannot be drawn (NaN, infinite, or non-positive on a
/// logarithmic axis) are left out and break the line there.
public struct LinePlot: Sendable, Equatable {
    public var title: String
    public var xAxis: PlotAxis
    public var yAxis: PlotAxis
    public var series: [PlotSeries]
    public var referenceLines: [PlotReferenceLine]
    /// Pixels.
    public var width: Double
    public var height: Double

    public init(
        title: String, xAxis: PlotAxis, yAxis: PlotAxis, series: [PlotSeries],
        referenceLines: [PlotReferenceLine] = [], width: Double = 840, height: Double = 440
    ) {
        self.title = title
        self.xAxis = xAxis
        self.yAxis = yAxis
        self.series = series
        self.referenceLines = referenceLines
        self.width = width
        self.height = height
    }

    /// The plot as an SVG document.
    public func svg() -> String {
        let frame = PlotFrame(width: width, height: height, legendWidth: legendWidth)
        let (xDomain, yDomain) = domains()
        var svg = SVGWriter(width: width, height: height)
        svg.group("defs", [:]) { svg in
            svg.group("clipPath", ["id": "plot-area"]) { svg in
                svg.empty(
                    "rect",
                    [
                        "x": n(frame.left - 6), "y": n(frame.top - 6),
                        "width": n(frame.plotWidth + 12), "height": n(frame.plotHeight + 12),
                    ])
            }
            for index in series.indices {
                SeriesStyle.defineMarker(id: "marker-\(index)", index: index, into: &svg)
            }
        }
        svg.empty("rect", ["x": "0", "y": "0", "width": n(width), "height": n(height), "fill": "white"])
        frame.drawTitle(title, into: &svg)
        let xTicks = xAxis.ticks(covering: xDomain)
        let yTicks = yAxis.ticks(covering: yDomain)
        frame.drawAxes(
            x: xAxis, xDomain: xDomain, xTicks: xTicks, y: yAxis, yDomain: yDomain, yTicks: yTicks, into: &svg)

        let toScreen = { (point: PlotPoint) -> (Double, Double) in
            (
                frame.left + xAxis.position(of: point.x, in: xDomain) * frame.plotWidth,
                frame.bottom - yAxis.position(of: point.y, in: yDomain) * frame.plotHeight
            )
        }
        svg.group("g", ["clip-path": "url(#plot-area)"]) { svg in
            for (index, line) in referenceLines.enumerated() {
                let points: [PlotPoint]
                switch line.shape {
                case .horizontal(let y):
                    points = [PlotPoint(x: xDomain.lowerBound, y: y), PlotPoint(x: xDomain.upperBound, y: y)]
                case .vertical(let x):
                    points = [PlotPoint(x: x, y: yDomain.lowerBound), PlotPoint(x: x, y: yDomain.upperBound)]
                case .curve(let curve): points = curve
                }
                svg.path(
                    pathData(points, toScreen), title: line.label,
                    [
                        "class": "reference", "fill": "none", "stroke": "#555555", "stroke-width": "1.5",
                        "stroke-dasharray": SeriesStyle.referenceDash(index),
                    ])
            }
            for (index, series) in series.enumerated() {
                let data = pathData(series.points, toScreen, separate: series.style == .markers)
                let marker = "url(#marker-\(index))"
                let markers: KeyValuePairs<String, String> =
                    series.style == .lines
                    ? [
                        "class": "series", "data-series": series.name, "fill": "none",
                        "stroke": SeriesStyle.colour(index),
                        "stroke-width": "2", "stroke-dasharray": SeriesStyle.dash(index), "stroke-linejoin": "round",
                    ]
                    : [
                        "class": "series", "data-series": series.name, "fill": "none",
                        "stroke": series.style == .markers ? "none" : SeriesStyle.colour(index),
                        "stroke-width": "2", "stroke-dasharray": SeriesStyle.dash(index), "stroke-linejoin": "round",
                        "marker-start": marker, "marker-mid": marker, "marker-end": marker,
                    ]
                svg.path(data, title: series.name, markers)
            }
        }
        var legend = Legend(left: frame.legendLeft, top: frame.top)
        for (index, series) in series.enumerated() {
            legend.addSeries(
                series.name, index: index, showsLine: series.style != .markers,
                showsMarker: series.style != .lines, into: &svg)
        }
        for (index, line) in referenceLines.enumerated() {
            legend.addReference(line.label, index: index, into: &svg)
        }
        return svg.document
    }

    var legendWidth: Double {
        let longest = (series.map(\.name) + referenceLines.map(\.label)).map(\.count).max() ?? 0
        return min(300, max(120, Double(longest) * 6.6 + 44))
    }

    /// The drawn ranges: fixed domains, or the data's (reference lines included) widened to ticks.
    func domains() -> (ClosedRange<Double>, ClosedRange<Double>) {
        var xs: [Double] = []
        var ys: [Double] = []
        for point in series.flatMap(\.points) where xAxis.canShow(point.x) && yAxis.canShow(point.y) {
            xs.append(point.x)
            ys.append(point.y)
        }
        for line in referenceLines {
            switch line.shape {
            case .horizontal(let y) where yAxis.canShow(y): ys.append(y)
            case .vertical(let x) where xAxis.canShow(x): xs.append(x)
            case .curve(let points):
                for point in points where xAxis.canShow(point.x) && yAxis.canShow(point.y) {
                    xs.append(point.x)
                    ys.append(point.y)
                }
            default: break
            }
        }
        func range(_ values: [Double], _ axis: PlotAxis) -> ClosedRange<Double> {
            guard let low = values.min(), let high = values.max() else {
                return axis.scale == .logarithmic ? 1...10 : 0...1
            }
            return low...high
        }
        return (xAxis.resolvedDomain(for: range(xs, xAxis)), yAxis.resolvedDomain(for: range(ys, yAxis)))
    }

    /// `M x y L x y …`, starting a new subpath after every point that cannot be drawn
    /// (or at every point, for markers only).
    func pathData(_ points: [PlotPoint], _ toScreen: (PlotPoint) -> (Double, Double), separate: Bool = false) -> String
    {
        var commands: [String] = []
        var penDown = false
        for point in points {
            guard xAxis.canShow(point.x), yAxis.canShow(point.y) else {
                penDown = false
                continue
            }
            let (x, y) = toScreen(point)
            commands.append("\(penDown && !separate ? "L" : "M")\(n(x)) \(n(y))")
            if separate { commands.append("h0") }
            penDown = true
        }
        return commands.joined(separator: " ")
    }
}

private func n(_ value: Double) -> String { SVGWriter.number(value) }

/// The layout shared by line plots and bar charts: title on top, plot area,
/// legend on the right, axis titles outside the ticks.
struct PlotFrame {
    let width: Double
    let height: Double
    let left: Double = 78
    let top: Double = 46
    let bottom: Double
    let right: Double

    init(width: Double, height: Double, legendWidth: Double, bottomMargin: Double = 58) {
        self.width = width
        self.height = height
        self.bottom = height - bottomMargin
        self.right = width - legendWidth - 16
    }

    var plotWidth: Double { right - left }
    var plotHeight: Double { bottom - top }
    var legendLeft: Double { right + 16 }

    func drawTitle(_ title: String, into svg: inout SVGWriter) {
        svg.text(
            title,
            [
                "class": "title", "x": n(width / 2), "y": "24", "text-anchor": "middle",
                "font-size": "15", "font-weight": "bold",
            ])
    }

    func drawAxes(
        x: PlotAxis?, xDomain: ClosedRange<Double>, xTicks: [Double],
        y: PlotAxis, yDomain: ClosedRange<Double>, yTicks: [Double], into svg: inout SVGWriter
    ) {
        svg.group("g", ["class": "grid", "stroke": "#dddddd", "stroke-width": "1"]) { svg in
            if let x {
                for tick in xTicks {
                    let px = left + x.position(of: tick, in: xDomain) * plotWidth
                    svg.empty("line", ["x1": n(px), "y1": n(top), "x2": n(px), "y2": n(bottom)])
                }
            }
            for tick in yTicks {
                let py = bottom - y.position(of: tick, in: yDomain) * plotHeight
                svg.empty("line", ["x1": n(left), "y1": n(py), "x2": n(right), "y2": n(py)])
            }
        }
        svg.empty(
            "rect",
            [
                "x": n(left), "y": n(top), "width": n(plotWidth), "height": n(plotHeight),
                "fill": "none", "stroke": "#333333",
            ])
        if let x {
            svg.group("g", ["class": "x-ticks", "text-anchor": "middle"]) { svg in
                for tick in xTicks {
                    let px = left + x.position(of: tick, in: xDomain) * plotWidth
                    svg.empty(
                        "line", ["x1": n(px), "y1": n(bottom), "x2": n(px), "y2": n(bottom + 5), "stroke": "#333333"])
                    svg.text(x.label(tick, ticks: xTicks), ["class": "tick-x", "x": n(px), "y": n(bottom + 19)])
                }
            }
            svg.text(
                x.title,
                ["class": "axis-title", "x": n(left + plotWidth / 2), "y": n(height - 12), "text-anchor": "middle"])
        }
        svg.group("g", ["class": "y-ticks", "text-anchor": "end"]) { svg in
            for tick in yTicks {
                let py = bottom - y.position(of: tick, in: yDomain) * plotHeight
                svg.empty("line", ["x1": n(left - 5), "y1": n(py), "x2": n(left), "y2": n(py), "stroke": "#333333"])
                svg.text(y.label(tick, ticks: yTicks), ["class": "tick-y", "x": n(left - 8), "y": n(py + 4)])
            }
        }
        svg.text(
            y.title,
            [
                "class": "axis-title", "x": "0", "y": "0", "text-anchor": "middle",
                "transform": "translate(18 \(n(top + plotHeight / 2))) rotate(-90)",
            ])
    }
}

/// Legend entries stacked from the top of the legend column.
struct Legend {
    let left: Double
    var y: Double

    init(left: Double, top: Double) {
        self.left = left
        self.y = top + 8
    }

    mutating func addSeries(_ name: String, index: Int, showsLine: Bool, showsMarker: Bool, into svg: inout SVGWriter) {
        if showsLine {
            svg.empty(
                "line",
                [
                    "x1": n(left), "y1": n(y), "x2": n(left + 30), "y2": n(y),
                    "stroke": SeriesStyle.colour(index), "stroke-width": "2",
                    "stroke-dasharray": SeriesStyle.dash(index),
                ])
        }
        if showsMarker {
            SeriesStyle.drawMarker(
                SeriesStyle.marker(index), colour: SeriesStyle.colour(index),
                at: (left + 15, y), radius: 4, into: &svg)
        }
        svg.text(name, ["class": "legend", "x": n(left + 38), "y": n(y + 4)])
        y += 20
    }

    mutating func addSwatch(_ name: String, fill: String, into svg: inout SVGWriter) {
        svg.empty(
            "rect", ["x": n(left + 4), "y": n(y - 7), "width": "22", "height": "14", "fill": fill, "stroke": "#333333"])
        svg.text(name, ["class": "legend", "x": n(left + 38), "y": n(y + 4)])
        y += 20
    }

    mutating func addReference(_ label: String, index: Int, into svg: inout SVGWriter) {
        svg.empty(
            "line",
            [
                "x1": n(left), "y1": n(y), "x2": n(left + 30), "y2": n(y),
                "stroke": "#555555", "stroke-width": "1.5", "stroke-dasharray": SeriesStyle.referenceDash(index),
            ])
        svg.text(label, ["class": "legend", "x": n(left + 38), "y": n(y + 4)])
        y += 20
    }
}
