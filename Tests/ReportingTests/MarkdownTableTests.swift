import Foundation
import Testing

@testable import Reporting

/// Table cells from data cannot break a GitHub-flavoured Markdown table: a pipe
/// is escaped once (an already escaped one is left alone), a newline becomes a
/// space, and every row has the header's number of cells.
@Suite("Markdown tables")
struct MarkdownTableTests {
    /// Splits a row at unescaped pipes, as GitHub's table parser does (a
    /// backslash escapes the character after it, a backslash included).
    static func cells(_ row: Substring) -> [String] {
        var cells: [String] = [], current = "", escaped = false
        for character in row {
            if character == "|" && !escaped {
                cells.append(current)
                current = ""
            } else {
                current.append(character)
            }
            escaped = character == "\\" && !escaped
        }
        cells.append(current)
        // The leading and trailing pipes leave an empty first and last piece.
        return Array(cells.dropFirst().dropLast()).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    @Test(
        "pipes and newlines in cells keep every row at the header's width",
        arguments: [
            "a|b", "a\\|b", "||", "x\ny", "\\", "end|", "|start", "a\\\\|b",
        ])
    func cellsStayCells(_ cell: String) {
        var table = MarkdownTable([("name", .left), ("value", .right)])
        table.append([cell, "1"])
        let lines = table.text.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(Self.cells(lines[2]).count == 2, "row \(lines[2])")
    }

    @Test("a pipe is escaped exactly once")
    func escapedOnce() {
        #expect(MarkdownTable.escape("a|b") == "a\\|b")
        #expect(MarkdownTable.escape("a\\|b") == "a\\|b")
        #expect(MarkdownTable.escape("p10|p90\nnext") == "p10\\|p90 next")
        // An escaped backslash before a pipe: the pipe still needs its own.
        #expect(MarkdownTable.escape("a\\\\|b") == "a\\\\\\|b")
    }
}
