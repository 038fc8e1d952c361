import Benchmarking
import Testing

@Suite("Point counts on the command line")
struct PointCountTests {
    @Test("binary and decimal suffixes, scientific notation", arguments: [
        ("4096", 4096), ("4Ki", 4096), ("16Mi", 16 << 20), ("1Gi", 1 << 30), ("1e6", 1_000_000),
        ("250k", 250_000), ("2M", 2_000_000), (" 16 ", 16),
    ])
    func parses(_ text: String, _ expected: Int) throws {
        #expect(try PointCount.parse(text) == expected)
    }

    @Test("nonsense, zero, fractions and oversized counts are errors", arguments: [
        "", "abc", "0", "-5", "1.5", "nan", "inf", "1e30", "4Kx", "Ki",
    ])
    func rejects(_ text: String) {
        #expect(throws: PointCount.ParseError.self) { try PointCount.parse(text) }
    }

    @Test("lists and formatting")
    func listsAndFormatting() throws {
        #expect(try PointCount.parseList("16,256,4Ki") == [16, 256, 4096])
        #expect(throws: PointCount.ParseError.self) { try PointCount.parseList("16,,4Ki") }
        #expect(PointCount.format(16) == "16")
        #expect(PointCount.format(4096) == "4 Ki")
        #expect(PointCount.format(16 << 20) == "16 Mi")
        #expect(PointCount.format(100_003) == "100003")
    }
}
