import Benchmarking
import Foundation
import Testing
import VectorKernels

@Suite("Point counts on the command line")
struct PointCountTests {
    @Test(
        "binary and decimal suffixes, scientific notation",
        arguments: [
            ("4096", 4096), ("4Ki", 4096), ("16Mi", 16 << 20), ("1Gi", 1 << 30), ("1e6", 1_000_000),
            ("250k", 250_000), ("4K", 4_000), ("2M", 2_000_000), ("3G", 3_000_000_000), ("1Ti", 1 << 40), (" 16 ", 16),
        ])
    func parses(_ text: String, _ expected: Int) throws {
        #expect(try PointCount.parse(text) == expected)
    }

    @Test(
        "nonsense, zero, fractions and oversized counts are errors",
        arguments: [
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
        #expect(PointCount.format(100_003) == "100\u{2009}003")
        #expect(PointCount.format(1 << 40) == "1 Ti")
        #expect(PointCount.formatApproximate(136_406) == "133 Ki")
        #expect(PointCount.formatApproximate(1_468_006.4) == "1.4 Mi")
        #expect(PointCount.formatApproximate(1000) == "1\u{2009}000")
    }

    @Test(
        "parse(format(n)) == n for every count: powers, their neighbours and 200 000 random counts of every magnitude")
    func formatRoundTrips() throws {
        var counts = [1, 2, 999, 1000, 1001, PointCount.maximum, PointCount.maximum - 1]
        for shift in 0...40 {
            counts += [(1 << shift) - 1, 1 << shift, (1 << shift) + 1, 3 << shift].filter { $0 >= 1 }
        }
        var rng = SplitMix64(seed: 2026)
        for _ in 0..<200_000 {
            let bits = Int.random(in: 1...40, using: &rng)
            counts.append(Int.random(in: 1...(1 << bits), using: &rng))
        }
        for count in counts where count <= PointCount.maximum {
            let text = PointCount.format(count)
            #expect(try PointCount.parse(text) == count, "\(count) printed as \(text)")
        }
        // A list of formatted counts reads back too (no comma inside a count).
        #expect(
            try PointCount.parseList(counts.prefix(50).map(PointCount.format).joined(separator: ","))
                == Array(counts.prefix(50)))
    }

    @Test(
        "an approximate count: exact when it prints without grouping, else ≤ 3 significant digits of the largest unit, within 0.5 %"
    )
    func approximateCountsKeepThreeDigits() throws {
        // Rounding to d decimals errs by at most 0.5·10⁻ᵈ of the unit; three significant digits
        // of a number in [1, 1024) therefore err by at most 0.5 % of it.
        let units: [(String, Double)] = [("Ki", 0x1p10), ("Mi", 0x1p20), ("Gi", 0x1p30), ("Ti", 0x1p40)]
        var counts: [Double] = [1023.4, 1_048_570, 1_048_575.4, 1_073_741_000, 10_238, 102_390, 1_022_976.5]
        var rng = SplitMix64(seed: 41)
        for _ in 0..<20_000 {
            let exponent = Double.random(in: 0...42, using: &rng)
            counts.append((Double.random(in: 1..<2, using: &rng) * pow(2, exponent)).rounded(.down) + 0.25)
        }
        for count in counts {
            let text = PointCount.formatApproximate(count)
            let whole = Int(count.rounded())
            let exact = PointCount.format(whole)
            // Without grouping, or below the smallest unit (1 000…1 023): the whole count.
            if !exact.contains("\u{2009}") || count < 1024 {
                #expect(text == exact, "\(count)")
                continue
            }
            let parts = text.split(separator: " ")
            guard parts.count == 2, let number = Double(parts[0]),
                let unit = units.first(where: { $0.0 == parts[1] })?.1
            else {
                Issue.record("\(count) printed as \(text)")
                continue
            }
            #expect(abs(number * unit - count) <= 0.005 * count * (1 + 1e-12), "\(count) printed as \(text)")
            // The largest unit it reaches: at least 1 of it, and below 1024 unless nothing is larger.
            #expect(number >= 1 && (number < 1024 || unit == 0x1p40), "\(count) printed as \(text)")
            let digits = parts[0].filter(\.isNumber).drop(while: { $0 == "0" })
            #expect(digits.count <= 3 || !parts[0].contains("."), "\(count) printed as \(text)")
            #expect(!parts[0].hasSuffix("0") || !parts[0].contains("."), "\(count) printed as \(text)")
        }
    }
}
