import Foundation
import Reporting
import Testing
import _ResultsTestSupport

@Suite("SVG plots are well-formed and draw what they are given")
struct SVGPlotTests {
    let plot = LinePlot(
        title: "error against step size",
        xAxis: PlotAxis(title: "step h (s)", scale: .logarithmic),
        yAxis: PlotAxis(title: "max |error|", scale: .logarithmic),
        series: [
            PlotSeries(name: "RK4", [(1e-3, 1e-12), (1e-2, 1e-8), (1e-1, 1e-4)]),
            PlotSeries(name: "semi-implicit Euler", [(1e-3, 1e-4), (1e-2, 1e-3), (1e-1, 1e-2)], style: .lines),
            PlotSeries(name: "samples", [(2e-3, 1e-6), (3e-2, 1e-5)], style: .markers),
        ],
        referenceLines: [.horizontal("tolerance", y: 1e-6), .vertical("300 Hz", x: 1.0 / 300)])

    @Test("A line plot parses as XML and has one <path> per series and per reference line")
    func linePlotStructure() throws {
        let svg = try #require(SVGInspector.parse(plot.svg()))
        #expect(svg.elements.first?.name == "svg")
        let series = svg.elements(named: "path", class: "series")
        #expect(series.map { $0.attributes["data-series"] } == ["RK4", "semi-implicit Euler", "samples"])
        #expect(svg.elements(named: "path", class: "reference").count == 2)
        #expect(svg.elements(named: "text", class: "title").first?.text == "error against step size")
        #expect(Set(svg.elements(named: "text", class: "axis-title").map(\.text)) == ["step h (s)", "max |error|"])
        let legend = svg.elements(named: "text", class: "legend").map(\.text)
        #expect(legend == ["RK4", "semi-implicit Euler", "samples", "tolerance", "300 Hz"])
    }

    @Test("Series differ in colour and in dash pattern, so they stay apart in grey-scale")
    func distinctStyles() throws {
        let many = LinePlot(
            title: "t", xAxis: PlotAxis(title: "x"), yAxis: PlotAxis(title: "y"),
            series: (0..<5).map { PlotSeries(name: "s\($0)", [(0, Double($0)), (1, Double($0) + 1)]) })
        let paths = try #require(SVGInspector.parse(many.svg())).elements(named: "path", class: "series")
        #expect(Set(paths.map { $0.attributes["stroke"] }).count == 5)
        #expect(Set(paths.map { $0.attributes["stroke-dasharray"] }).count == 5)
        #expect(Set(paths.map { $0.attributes["marker-mid"] }).count == 5)
    }

    @Test("Text is escaped: names with <, &, quotes survive as text")
    func escaping() throws {
        let name = "a < b & \"c\" 'd' >"
        let plot = LinePlot(
            title: "T&C <1>", xAxis: PlotAxis(title: "x<"), yAxis: PlotAxis(title: "y&"),
            series: [PlotSeries(name: name, [(0, 0), (1, 1)])])
        let svg = try #require(SVGInspector.parse(plot.svg()))
        #expect(svg.elements(named: "path", class: "series").first?.attributes["data-series"] == name)
        #expect(svg.elements(named: "text", class: "legend").first?.text == name)
        #expect(svg.elements(named: "text", class: "title").first?.text == "T&C <1>")
    }

    @Test("Points a log axis cannot show break the line instead of corrupting it")
    func undrawablePoints() throws {
        let plot = LinePlot(
            title: "t", xAxis: PlotAxis(title: "x", scale: .logarithmic),
            yAxis: PlotAxis(title: "y", scale: .logarithmic),
            series: [PlotSeries(name: "s", [(1, 1), (10, 0), (100, .nan), (1000, 10), (1e4, 100)])])
        let svg = try #require(SVGInspector.parse(plot.svg()))
        let data = try #require(svg.elements(named: "path", class: "series").first?.attributes["d"])
        #expect(data.filter { $0 == "M" }.count == 2)
        #expect(data.filter { $0 == "L" }.count == 1)
        #expect(!data.contains("nan") && !data.contains("inf"))
    }

    @Test("Rendered tick labels on a size axis are 16, 256, 4 Ki, 64 Ki, 1 Mi, 16 Mi")
    func renderedTicks() throws {
        let plot = LinePlot(
            title: "t", xAxis: PlotAxis(title: "N", scale: .logarithmic, labels: .binarySize),
            yAxis: PlotAxis(title: "ns", scale: .logarithmic),
            series: [PlotSeries(name: "s", [(16, 0.09), (Double(1 << 24), 12)])])
        let svg = try #require(SVGInspector.parse(plot.svg()))
        #expect(
            svg.elements(named: "text", class: "tick-x").map(\.text) == ["16", "256", "4 Ki", "64 Ki", "1 Mi", "16 Mi"])
        #expect(svg.elements(named: "text", class: "tick-y").map(\.text) == ["0.01", "0.1", "1", "10", "100"])
    }

    @Test("A grouped bar chart parses, has one <path> per series with a bar per present value, and its reference lines")
    func barChart() throws {
        let chart = BarChart(
            title: "Fraction of bandwidth", categories: ["add", "scale", "axpy"],
            series: [
                BarChart.Series(name: "naive", values: [0.5, 0.6, 0.7]),
                BarChart.Series(name: "SIMD", values: [0.95, nil, 0.92]),
            ],
            valueAxisTitle: "fraction", referenceLines: [.horizontal("1.0", y: 1), .horizontal("0.9", y: 0.9)])
        let svg = try #require(SVGInspector.parse(chart.svg()))
        let paths = svg.elements(named: "path", class: "series")
        #expect(paths.map { $0.attributes["data-series"] } == ["naive", "SIMD"])
        #expect(paths.map { $0.attributes["d"]!.filter { $0 == "Z" }.count } == [3, 2])
        #expect(svg.elements(named: "path", class: "reference").count == 2)
        #expect(svg.elements(named: "text", class: "category").map(\.text) == ["add", "scale", "axpy"])
        #expect(Set(paths.map { $0.attributes["fill"] }).count == 2)
    }
}
