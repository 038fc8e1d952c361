/// A GitHub-flavoured Markdown table whose cells are escaped for table syntax.
struct MarkdownTable {
    enum Alignment { case left, right }

    let columns: [(String, Alignment)]
    private(set) var rows: [[String]] = []

    init(_ columns: [(String, Alignment)]) {
        self.columns = columns
    }

    mutating func append(_ cells: [String]) {
        precondition(cells.count == columns.count, "a row needs \(columns.count) cells, got \(cells.count)")
        rows.append(cells)
    }

    var text: String {
        var lines = ["| " + columns.map { Self.escape($0.0) }.joined(separator: " | ") + " |"]
        lines.append("|" + columns.map { $0.1 == .right ? "---:" : ":---" }.joined(separator: "|") + "|")
        for row in rows {
            lines.append("| " + row.map(Self.escape).joined(separator: " | ") + " |")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Pipes end a cell and newlines end a row; neither may come from data.
    /// A pipe after an odd run of backslashes is already escaped (GFM reads
    /// `\\|` as an escaped backslash and then a cell boundary), so only a pipe
    /// after an even run gets a backslash.
    static func escape(_ cell: String) -> String {
        var result = ""
        var backslashes = 0
        for character in cell {
            if character == "|" && backslashes % 2 == 0 { result.append("\\") }
            result.append(character == "\n" ? " " : character)
            backslashes = character == "\\" ? backslashes + 1 : 0
        }
        return result
    }
}

/// Markdown inline code: a backtick inside the text gets a longer fence.
func code(_ text: String) -> String {
    text.contains("`") ? "`` \(text) ``" : "`\(text)`"
}

/// Text from data (a CPU model, a backend summary, a workload name) made safe
/// for Markdown prose and table cells: characters that would start emphasis,
/// code, links or HTML (`SIMD8<Double>` would vanish as a tag) are backslash-escaped.
func plain(_ text: String) -> String {
    var result = ""
    for character in text {
        if "\\`*_[]<>|#".contains(character) { result.append("\\") }
        result.append(character == "\n" ? " " : character)
    }
    return result
}
