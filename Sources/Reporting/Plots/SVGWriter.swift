import Foundation

/// Builds an SVG document as text, escaping everything it is given.
///
/// Internal: plots use it; reports only see the finished strings.
struct SVGWriter {
    private(set) var body = ""
    let width: Double
    let height: Double

    init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// The finished, self-contained document (no external fonts, styles or images).
    var document: String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <svg xmlns="http://www.w3.org/2000/svg" width="\(Self.number(width))" height="\(Self.number(height))" \
        viewBox="0 0 \(Self.number(width)) \(Self.number(height))" font-family="Helvetica, Arial, sans-serif" font-size="12">
        \(body)</svg>

        """
    }

    /// An element with no children: `<rect x="1"/>`.
    mutating func empty(_ name: String, _ attributes: KeyValuePairs<String, String>) {
        body += "<\(name)\(Self.attributes(attributes))/>\n"
    }

    /// An element holding escaped text: `<text ...>a &amp; b</text>`.
    mutating func text(_ content: String, _ attributes: KeyValuePairs<String, String>) {
        body += "<text\(Self.attributes(attributes))>\(Self.escape(content))</text>\n"
    }

    /// An element whose children `children` writes.
    mutating func group(
        _ name: String, _ attributes: KeyValuePairs<String, String>, _ children: (inout SVGWriter) -> Void
    ) {
        body += "<\(name)\(Self.attributes(attributes))>\n"
        children(&self)
        body += "</\(name)>\n"
    }

    /// A `<path>` with an optional `<title>` child (a tooltip naming the series).
    mutating func path(_ data: String, title: String?, _ attributes: KeyValuePairs<String, String>) {
        let open = "<path d=\"\(Self.escape(data))\"\(Self.attributes(attributes))"
        if let title {
            body += open + "><title>\(Self.escape(title))</title></path>\n"
        } else {
            body += open + "/>\n"
        }
    }

    /// Escapes the five XML special characters, and drops characters XML 1.0 forbids.
    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\t", "\n", "\r": result.unicodeScalars.append(scalar)
            default:
                if scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value) { continue }
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    static func attributes(_ pairs: KeyValuePairs<String, String>) -> String {
        pairs.map { " \($0.key)=\"\(escape($0.value))\"" }.joined()
    }

    /// A coordinate with at most two decimals and no trailing zeros.
    static func number(_ value: Double) -> String {
        NumberFormatting.trimZeros(String(format: "%.2f", value))
    }
}

/// Distinct styles for series, readable in colour and in grey-scale: each
/// series differs in colour (Okabe & Ito's colour-blind-safe palette), dash
/// pattern and marker shape at once.
enum SeriesStyle {
    static let colours = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000"]
    static let dashes = ["none", "8 4", "2 3", "10 3 2 3", "5 2 1 2 1 2", "14 4", "1 2"]
    static let markers: [Marker] = [.circle, .square, .triangle, .diamond, .cross]

    enum Marker { case circle, square, triangle, diamond, cross }

    /// Reference lines are grey; their dash patterns tell them apart.
    static let referenceDashes = ["6 4", "2 4", "12 4 2 4"]
    static func referenceDash(_ index: Int) -> String { referenceDashes[index % referenceDashes.count] }

    static func colour(_ index: Int) -> String { colours[index % colours.count] }
    static func dash(_ index: Int) -> String { dashes[index % dashes.count] }
    static func marker(_ index: Int) -> Marker { markers[index % markers.count] }

    /// Writes a `<marker>` definition with the given id for series `index`.
    static func defineMarker(id: String, index: Int, into svg: inout SVGWriter) {
        let colour = colour(index)
        svg.group(
            "marker",
            [
                "id": id, "viewBox": "-5 -5 10 10", "markerWidth": "7", "markerHeight": "7",
                "markerUnits": "userSpaceOnUse", "refX": "0", "refY": "0", "orient": "0",
            ]
        ) { svg in
            drawMarker(marker(index), colour: colour, at: (0, 0), radius: 4, into: &svg)
        }
    }

    /// Draws a marker shape centred at `point` (used inside `<marker>` and in legends).
    static func drawMarker(
        _ marker: Marker, colour: String, at point: (Double, Double), radius r: Double, into svg: inout SVGWriter
    ) {
        let (x, y) = point
        let n = SVGWriter.number
        switch marker {
        case .circle:
            svg.empty("circle", ["cx": n(x), "cy": n(y), "r": n(r * 0.85), "fill": colour, "stroke": "none"])
        case .square:
            svg.empty(
                "rect",
                [
                    "x": n(x - r * 0.8), "y": n(y - r * 0.8), "width": n(r * 1.6), "height": n(r * 1.6),
                    "fill": "white", "stroke": colour, "stroke-width": "1.5",
                ])
        case .triangle:
            svg.empty(
                "polygon",
                [
                    "points": "\(n(x)),\(n(y - r)) \(n(x + r)),\(n(y + r * 0.8)) \(n(x - r)),\(n(y + r * 0.8))",
                    "fill": colour, "stroke": "none",
                ])
        case .diamond:
            svg.empty(
                "polygon",
                [
                    "points": "\(n(x)),\(n(y - r)) \(n(x + r)),\(n(y)) \(n(x)),\(n(y + r)) \(n(x - r)),\(n(y))",
                    "fill": "white", "stroke": colour, "stroke-width": "1.5",
                ])
        case .cross:
            svg.empty(
                "polyline",
                ["points": "\(n(x - r)),\(n(y - r)) \(n(x + r)),\(n(y + r))", "stroke": colour, "stroke-width": "1.5"])
            svg.empty(
                "polyline",
                ["points": "\(n(x - r)),\(n(y + r)) \(n(x + r)),\(n(y - r))", "stroke": colour, "stroke-width": "1.5"])
        }
    }
}
