/// A `linear()` easing read and evaluated as CSS Easing Level 2 defines it,
/// written from the specification
/// (https://drafts.csswg.org/css-easing-2/#linear-easing-function, w3c/csswg-drafts
/// `css-easing-2/Overview.bs` at b5cf7d98) and not from SpringBench's writer:
/// the independent reader every test of an exported easing goes through.
public enum CSSLinearReader {
    /// The specification's canonical points of a `linear(…)` text; nil when it does not parse.
    public static func points(_ text: String) -> [(input: Double, output: Double)]? {
        guard text.hasPrefix("linear("), text.hasSuffix(")") else { return nil }
        let body = text.dropFirst("linear(".count).dropLast()
        var raw: [(output: Double, input: Double?)] = []
        for part in body.split(separator: ",") {
            let tokens = part.split(separator: " ").map(String.init)
            guard let first = tokens.first, let output = Double(first), tokens.count <= 3 else { return nil }
            let inputs = tokens.dropFirst().map { token -> Double? in
                guard token.hasSuffix("%"), let value = Double(token.dropLast()) else { return nil }
                return value / 100
            }
            if inputs.contains(where: { $0 == nil }) { return nil }
            if inputs.isEmpty { raw.append((output, nil)) }
            for input in inputs { raw.append((output, input)) }
        }
        guard raw.count >= 2 else { return nil }
        // Spec: the first missing input is 0, the last max(1, largest so far); an input is
        // clamped up to the largest before it; runs without an input are spread evenly.
        if raw[0].input == nil { raw[0].input = 0 }
        var largest = raw[0].input!
        for index in 1..<raw.count {
            if let input = raw[index].input {
                raw[index].input = Swift.max(input, largest)
                largest = raw[index].input!
            }
        }
        if raw[raw.count - 1].input == nil { raw[raw.count - 1].input = Swift.max(1, largest) }
        var index = 0
        while index < raw.count {
            if raw[index].input == nil {
                let start = index - 1
                var end = index
                while raw[end].input == nil { end += 1 }
                let (a, b) = (raw[start].input!, raw[end].input!)
                for k in index..<end { raw[k].input = a + (b - a) * Double(k - start) / Double(end - start) }
                index = end
            }
            index += 1
        }
        return raw.map { ($0.input!, $0.output) }
    }

    /// The specification's evaluation at input progress `p`.
    public static func evaluate(_ points: [(input: Double, output: Double)], at p: Double) -> Double {
        // The last point with input ≤ p (inputs are ascending after canonicalization), by bisection.
        var low = 0
        var high = points.count - 1
        if p < points[0].input { high = 0 }
        while low < high {
            let middle = (low + high + 1) / 2
            if points[middle].input <= p { low = middle } else { high = middle - 1 }
        }
        var a = low
        if a == points.count - 1 { a -= 1 }
        let (first, second) = (points[a], points[a + 1])
        if first.input == second.input { return second.output }
        return first.output + (second.output - first.output) * (p - first.input) / (second.input - first.input)
    }
}

/// A `cubic-bezier(x1, y1, x2, y2)` easing evaluated as CSS Easing Level 1
/// defines it: the curve's parameter where its x is the input (bisection, 80
/// halvings), then its y. Written from the definition, apart from
/// SpringBench's `CSSCubicBezier`.
public enum CSSCubicBezierReader {
    public static func evaluate(_ p: (Double, Double, Double, Double), at x: Double) -> Double {
        func coordinate(_ s: Double, _ a: Double, _ b: Double) -> Double {
            3 * (1 - s) * (1 - s) * s * a + 3 * (1 - s) * s * s * b + s * s * s
        }
        var (low, high) = (0.0, 1.0)
        for _ in 0..<80 {
            let middle = (low + high) / 2
            if coordinate(middle, p.0, p.2) < x { low = middle } else { high = middle }
        }
        return coordinate((low + high) / 2, p.1, p.3)
    }
}
