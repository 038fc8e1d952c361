import Foundation
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

    /// The hitch's figures recomputed here from the loops' frames: the step on the 50 ms frame,
    /// per platform, the largest over the springs; the answer names the largest and the smallest.
    @Test("When frames drop: the answer first, the jump on the 50 ms frame recomputed per platform")
    func droppedFrames() throws {
        let markdown = PlatformsReport.render(Self.comparison, machine: nil).markdown
        let section = try #require(markdown.components(separatedBy: "## When frames drop\n\n").dropFirst().first)
        #expect(section.hasPrefix("**Answer.** When one frame takes 50 ms"))
        let times = try #require(FrameClock.named("hitch", at: 60)?.times)
        let long = try #require((1..<times.count).first { times[$0] - times[$0 - 1] > 0.049 })
        var jumps: [(String, Double)] = []
        for platform in PlatformLoops.platforms {
            var jump = 0.0
            for named in Self.comparison.springs {
                let clock = try #require(FrameClock.named("hitch", at: 60))
                let run = platform.loop!.init(named.spring, options: PlatformLoopOptions())
                    .run(from: 0, to: 100, initialVelocity: 0, clock: clock)
                if long < run.values.count, long <= (run.doneFrame ?? .max) {
                    jump = Swift.max(jump, abs(run.values[long] - run.values[long - 1]) / 100)
                }
            }
            jumps.append((platform.shortName, jump))
            // The row's first figure, read back: 3 significant digits of the recomputed jump.
            let row = try #require(
                section.split(separator: "\n").first { $0.hasPrefix("| \(platform.shortName) | ") }, "\(platform)")
            let figure = row.split(separator: "|")[1].replacingOccurrences(of: "%", with: "")
            let shown = try #require(Double(figure.trimmingCharacters(in: .whitespaces)), "\(row)")
            #expect(
                abs(shown - jump * 100) <= 0.005 * Swift.max(jump * 100, 1e-9),
                "\(platform.shortName): \(shown) vs \(jump * 100)")
        }
        let largest = jumps.max { $0.1 < $1.1 }!, smallest = jumps.min { $0.1 < $1.1 }!
        #expect(section.contains("of the travel on \(largest.0) and at most"), "\(largest)")
        #expect(section.contains("on \(smallest.0); the largest step"), "\(smallest)")
    }
}
