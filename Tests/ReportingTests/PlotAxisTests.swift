import Foundation
import Reporting
import Testing

@Suite("Plot axes: tick placement and labels")
struct PlotAxisTests {
    let sizeAxis = PlotAxis(title: "N", scale: .logarithmic, labels: .binarySize)
    let decimalLogAxis = PlotAxis(title: "ns", scale: .logarithmic)

    @Test("A size axis over 16…16 Mi ticks every 16× with binary-prefixed labels")
    func sizeAxisTicks() {
        let domain = sizeAxis.resolvedDomain(for: 16...Double(1 << 24))
        #expect(domain == 16...Double(1 << 24))
        let ticks = sizeAxis.ticks(covering: domain)
        #expect(ticks == [16, 256, 4096, 65_536, 1_048_576, 16_777_216])
        #expect(ticks.map { sizeAxis.label($0, ticks: ticks) } == ["16", "256", "4 Ki", "64 Ki", "1 Mi", "16 Mi"])
    }

    @Test(
        "Size-axis ticks are powers of two, at most nine, for any span",
        arguments: [
            (1.0, 2.0), (3.0, 100.0), (16.0, 4096.0), (10.0, 2e7), (1.0, 1e12),
        ])
    func sizeTicksArePowersOfTwo(low: Double, high: Double) {
        let domain = sizeAxis.resolvedDomain(for: low...high)
        #expect(domain.lowerBound <= low && domain.upperBound >= high)
        let ticks = sizeAxis.ticks(covering: domain)
        #expect(ticks.count >= 2 && ticks.count <= 9)
        for tick in ticks {
            #expect(log2(tick) == log2(tick).rounded(), "\(tick) is not a power of two")
        }
    }

    @Test("A decimal log axis ticks at powers of ten: 0.01, 0.1, 1, 10, 100")
    func decimalLogTicks() {
        let domain = decimalLogAxis.resolvedDomain(for: 0.09...12)
        #expect(domain.lowerBound == 0.01)
        #expect(domain.upperBound == 100)
        let ticks = decimalLogAxis.ticks(covering: domain)
        #expect(ticks.count == 5)
        for (tick, expected) in zip(ticks, [0.01, 0.1, 1, 10, 100]) {
            #expect(abs(tick / expected - 1) < 1e-12)
        }
        #expect(ticks.map { decimalLogAxis.label($0, ticks: ticks) } == ["0.01", "0.1", "1", "10", "100"])
    }

    @Test("Two decades or fewer also get 2× and 5× ticks; many decades thin out to every k-th power of ten")
    func decimalLogDensity() {
        let short = decimalLogAxis.ticks(covering: 0.1...10)
        #expect(short.map { decimalLogAxis.label($0, ticks: short) } == ["0.1", "0.2", "0.5", "1", "2", "5", "10"])
        let long = decimalLogAxis.ticks(covering: decimalLogAxis.resolvedDomain(for: 1e-16...1))
        #expect(long.count <= 9)
        for tick in long {
            #expect(abs(log10(tick) - log10(tick).rounded()) < 1e-9, "\(tick) is not a power of ten")
        }
        #expect(long.map { decimalLogAxis.label($0, ticks: long) }.contains("1e-16"))
    }

    @Test("A linear axis ticks at multiples of 1, 2 or 5 × 10ᵏ covering the data")
    func linearTicks() {
        let axis = PlotAxis(title: "fraction")
        let domain = axis.resolvedDomain(for: 0...1.07)
        let ticks = axis.ticks(covering: domain)
        #expect(ticks.first == 0)
        #expect(ticks.last! >= 1.07)
        #expect(ticks.map { axis.label($0, ticks: ticks) } == ["0.0", "0.2", "0.4", "0.6", "0.8", "1.0", "1.2"])
    }
}

@Suite("Number formatting for reports")
struct NumberFormattingTests {
    @Test("Sizes read with binary prefixes when exact, with separators otherwise")
    func sizes() {
        #expect(NumberFormatting.size(16) == "16")
        #expect(NumberFormatting.size(4096) == "4 Ki")
        #expect(NumberFormatting.size(65_536) == "64 Ki")
        #expect(NumberFormatting.size(1 << 20) == "1 Mi")
        #expect(NumberFormatting.size(16 << 20) == "16 Mi")
        #expect(NumberFormatting.size(1000) == "1\u{2009}000")
        #expect(NumberFormatting.size(1_000_000) == "1\u{2009}000\u{2009}000")
        #expect(NumberFormatting.approximateSize(1_468_006.4) == "1.4 Mi")
    }

    @Test("Numbers keep three significant digits without hiding integer digits")
    func significantDigits() {
        #expect(NumberFormatting.significant(0.091234) == "0.0912")
        #expect(NumberFormatting.significant(0.1) == "0.100")
        #expect(NumberFormatting.significant(0.1, trimmingZeros: true) == "0.1")
        #expect(NumberFormatting.significant(28.04) == "28.0")
        #expect(NumberFormatting.significant(1234.6) == "1235")
        #expect(NumberFormatting.significant(2.5e-7) == "2.50e-7")
        #expect(NumberFormatting.significant(.nan) == "—")
        #expect(NumberFormatting.percent(0.9341) == "93.4 %")
        #expect(NumberFormatting.bytes(32 << 20) == "32 MiB")
    }
}
