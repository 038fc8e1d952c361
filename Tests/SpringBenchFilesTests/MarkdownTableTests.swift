import Foundation
import SpringBenchFiles
import Testing
import _TestSupport

/// Table cells from data cannot break a GitHub-flavoured Markdown table: a pipe
/// is escaped once (an already escaped one is left alone), a newline becomes a
/// space, and every row has the header's number of cells.
@Suite("Markdown tables")
struct MarkdownTableTests {
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
        #expect(MarkdownTableReader.cells(lines[2], unescaping: false).count == 2, "row \(lines[2])")
    }

    @Test("a pipe is escaped exactly once")
    func escapedOnce() {
        #expect(MarkdownTable.escape("a|b") == "a\\|b")
        #expect(MarkdownTable.escape("a\\|b") == "a\\|b")
        #expect(MarkdownTable.escape("p10|p90\nnext") == "p10\\|p90 next")
        // An escaped backslash before a pipe: the pipe still needs its own.
        #expect(MarkdownTable.escape("a\\\\|b") == "a\\\\\\|b")
    }

    @Test("the tests' table reader gives back the header and cells a table was written with")
    func readerRoundTrip() throws {
        var table = MarkdownTable([("name", .left), ("p10|p90", .right)])
        table.append(["a|b", "1"])
        table.append(["x\ny", "`c`"])
        let text = "intro\n\n" + table.text + "\nafter\n\n" + table.text
        let read = MarkdownTableReader.tables(in: text)
        #expect(read.count == 2)
        #expect(read.first?.header == ["name", "p10|p90"])
        #expect(read.first?.rows == [["a|b", "1"], ["x y", "`c`"]])
        #expect(read.first?.column("p10|p90") == ["1", "`c`"])
    }
}
