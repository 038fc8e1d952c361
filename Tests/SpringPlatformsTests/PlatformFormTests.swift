import SpringPlatforms
import Testing
import _PlatformTestSupport

/// The numbers in a match's paste-ready code (`PlatformForm.number`): nine
/// significant digits, so the pasted parameters give the matched spring to
/// within 5e-9 relative (the residual the match states is the residual the
/// user gets), and no trailing zeros.
@Suite("PlatformForm.number: nine significant digits, no trailing zeros")
struct PlatformFormNumberTests {
    @Test("every value reads back within half a unit in the ninth digit, over 24 decades")
    func roundTrip() throws {
        var random = PlatformOracleCases.Generator(state: 0x5EED_0029_F0A4)
        for _ in 0..<2000 {
            let value = random.logUniform(1e-12...1e12) * (random.unit() < 0.5 ? -1 : 1)
            let text = PlatformForm.number(value)
            let back = try #require(Double(text), "\(text)")
            #expect(abs(back - value) <= 5e-9 * abs(value), "\(value) → \(text)")
            if text.contains("."), !text.contains("e") {
                #expect(!text.hasSuffix("0") && !text.hasSuffix("."), "\(text)")
            }
        }
        #expect(PlatformForm.number(170) == "170")
        #expect(PlatformForm.number(0.5) == "0.5")
        #expect(PlatformForm.number(26.000000000000004) == "26")
        #expect(PlatformForm.number(1.23456789123) == "1.23456789")
    }
}
