import Foundation

/// A GitHub-flavoured Markdown table read back from a report, so a test can
/// check it cell by cell instead of searching the text for fragments.
///
/// ```swift
/// let table = try #require(MarkdownTableReader.tables(in: report.markdown).first)
/// #expect(table.header == ["N", "Verdict", "Margin"])
/// #expect(table.column("N") == ["16", "256"])
/// ```
public struct MarkdownTableReader: Equatable, CustomStringConvertible {
    /// The header's cells, unescaped.
    public var header: [String]
    /// The body rows' cells, unescaped, in the order they appear.
    public var rows: [[String]]

    public init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// The cells of the column named `name`, top to bottom (nil when no column has that name).
    public func column(_ name: String) -> [String]? {
        header.firstIndex(of: name).map { index in rows.map { index < $0.count ? $0[index] : "" } }
    }

    public var description: String {
        ([header] + rows).map { "| " + $0.joined(separator: " | ") + " |" }.joined(separator: "\n")
    }

    /// Every table in `markdown`, in order: a row of cells followed by a
    /// delimiter row (`|---|:---|---:|`), then body rows up to the first line
    /// that does not start with a pipe.
    public static func tables(in markdown: String) -> [MarkdownTableReader] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        var tables: [MarkdownTableReader] = []
        var index = 0
        while index + 1 < lines.count {
            guard lines[index].hasPrefix("|"), isDelimiter(lines[index + 1]) else {
                index += 1
                continue
            }
            let header = cells(lines[index])
            var rows: [[String]] = []
            index += 2
            while index < lines.count, lines[index].hasPrefix("|") {
                rows.append(cells(lines[index]))
                index += 1
            }
            tables.append(MarkdownTableReader(header: header, rows: rows))
        }
        return tables
    }

    /// The table whose header is exactly `header`, or nil.
    public static func table(withHeader header: [String], in markdown: String) -> MarkdownTableReader? {
        tables(in: markdown).first { $0.header == header }
    }

    static func isDelimiter(_ line: String) -> Bool {
        guard line.hasPrefix("|") else { return false }
        let pieces = cells(line, unescaping: false)
        return !pieces.isEmpty
            && pieces.allSatisfy { piece in
                piece.contains("-") && piece.allSatisfy { $0 == "-" || $0 == ":" }
            }
    }

    /// Splits a row at unescaped pipes, as GitHub's table parser does (a
    /// backslash escapes the character after it, a backslash included), and
    /// trims each cell. With `unescaping`, `\|` in a cell reads `|`.
    public static func cells(_ row: some StringProtocol, unescaping: Bool = true) -> [String] {
        var cells: [String] = [], current = "", escaped = false
        for character in row {
            if character == "|" && !escaped {
                cells.append(current)
                current = ""
            } else if character == "|" && unescaping {
                current.removeLast()
                current.append(character)
            } else {
                current.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        cells.append(current)
        // The leading and trailing pipes leave an empty first and last piece.
        return Array(cells.dropFirst().dropLast()).map { $0.trimmingCharacters(in: .whitespaces) }
    }
}
