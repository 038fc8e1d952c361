/// A GitHub-flavoured Markdown table whose cells are escaped for table
/// syntax: the one writer of every Markdown table SpringBench prints (the
/// reports, `compare`'s tables, the step summary).
package struct MarkdownTable {
    package enum Alignment { case left, right }

    package let columns: [(String, Alignment)]
    package private(set) var rows: [[String]] = []

    package init(_ columns: [(String, Alignment)]) {
        self.columns = columns
    }

    package mutating func append(_ cells: [String]) {
        precondition(cells.count == columns.count, "a row needs \(columns.count) cells, got \(cells.count)")
        rows.append(cells)
    }

    /// The header, the alignment row and one line per row.
    package var lines: [String] {
        var lines = ["| " + columns.map { Self.escape($0.0) }.joined(separator: " | ") + " |"]
        lines.append("|" + columns.map { $0.1 == .right ? "---:" : ":---" }.joined(separator: "|") + "|")
        for row in rows {
            lines.append("| " + row.map(Self.escape).joined(separator: " | ") + " |")
        }
        return lines
    }

    /// ``lines``, each ended by a newline.
    package var text: String { lines.joined(separator: "\n") + "\n" }

    /// Pipes end a cell and newlines end a row; neither may come from data.
    /// A pipe after an odd run of backslashes is already escaped (GFM reads
    /// `\\|` as an escaped backslash and then a cell boundary), so only a pipe
    /// after an even run gets a backslash.
    package static func escape(_ cell: String) -> String {
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
