import Reporting
import SpringModel
import SpringPlatforms
import Testing

@Suite("platforms.md: the answer first, figures from the platforms' loops, plots")
struct PlatformsReportTests {
    static let comparison = PlatformComparison(
        springs: [
            PlatformComparison.NamedSpring(name: "SwiftUI .bouncy", spring: SpringPreset.bouncy.spring),
            PlatformComparison.NamedSpring(name: "react-spring default", spring: SpringPreset.reactDefault.spring),
        ],
        refreshRates: [60, 120])

    @Test("opens with the answer, names every platform and the rates, links both plots")
    func structure() throws {
        let document = PlatformsReport.render(Self.comparison, machine: nil)
        let lines = document.markdown.split(separator: "\n")
        #expect(lines.first?.hasPrefix("# ") == true)
        #expect(lines.dropFirst().first?.hasPrefix("**Answer.**") == true)
        for platform in PlatformLoops.platforms {
            #expect(document.markdown.contains("| \(platform.shortName) |"), "\(platform)")
        }
        #expect(document.markdown.contains("worst error @60 Hz") && document.markdown.contains("worst error @120 Hz"))
        for file in ["plots/platforms-motion.svg", "plots/platforms-error.svg"] {
            #expect(document.markdown.contains("](\(file))"))
            #expect(document.attachments[file]?.contains("<svg") == true)
        }
    }

    @Test("the figures are the loops' own: react-spring's clock at 120 Hz, each cell's error recomputed")
    func figures() throws {
        let comparison = Self.comparison
        // react-spring at 120 Hz: 17 steps on the first frame, 9 per 8.33 ms frame after it.
        let react = try #require(
            comparison.cells.first {
                $0.platform == .reactSpring && $0.refreshRate == 120 && $0.spring == "react-spring default"
            })
        let run = ReactSpringLoop(tension: 170, friction: 26).run(from: 0, to: 100, refreshRate: 120)
        let frames = try #require(run.doneFrame) - 1
        let expected = (17.0 + 9 * Double(frames - 1)) / (Double(frames) / 120 * 1000) - 1
        #expect(abs(try #require(react.clockDrift) - expected) < 1e-12)
        #expect(react.doneTime == Double(frames + 1) / 120)
        // Each cell's error is the loop's own frames against the closed form.
        for cell in comparison.cells where cell.platform == .rebound {
            let spring = try #require(comparison.springs.first { $0.name == cell.spring }).spring
            let shown = ReboundLoop(spring).run(from: 0, to: 100, refreshRate: cell.refreshRate)
            var worst = 0.0
            for n in 0..<(shown.doneFrame ?? shown.values.count) {
                let p = spring.propagator(time: Double(n) / cell.refreshRate)
                worst = max(worst, abs(shown.values[n] - (100 - 100 * p.positionFromDisplacement)) / 100)
            }
            #expect(abs(cell.largestError - worst) <= 1e-12, "\(cell)")
        }
    }
}
