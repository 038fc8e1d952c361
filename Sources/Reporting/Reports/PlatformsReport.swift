import Benchmarking
import SpringBenchFiles
import SpringModel
import SpringPlatforms

/// `platforms.md`: per platform, what it computes, where it differs from the
/// exact spring and by how much at 60/120/240 Hz, from the platforms' own
/// frame loops (`PlatformComparison`), with plots.
public enum PlatformsReport {
    public static let path = "platforms.md"

    public static func render(
        _ comparison: PlatformComparison, matrix: ConversionMatrix? = nil, machine: MachineRecord?
    ) -> ReportDocument {
        var attachments: [String: String] = [:]
        var md = "# What each platform shows: its frame loop against the exact spring\n\n"
        md += answer(comparison)
        if let matrix { md += "\n" + conversions(matrix) }
        md += "\n" + droppedFrames(comparison)
        md += "\n## Where each platform's own numbers differ from the exact spring\n\n"
        md += formulaDifferences()
        md += "\n## Every spring at every refresh rate\n\n"
        md +=
            "Largest distance between what a frame shows and the exact spring at that frame's display time (fraction of the travel "
            + "\(NumberFormatting.significant(comparison.from, trimmingZeros: true)) → \(NumberFormatting.significant(comparison.to, trimmingZeros: true))), "
            + "over the frames before the platform's own done; then when it declares the animation done. "
            + "The exact settling time is when the motion stays within 0.001 of the travel.\n\n"
        for named in comparison.springs {
            md +=
                "### \(named.name) (stiffness \(NumberFormatting.significant(named.spring.stiffness, digits: 4)), damping ratio \(NumberFormatting.significant(named.spring.dampingRatio, digits: 3)))\n\n"
            md +=
                "Exact settling time \(NumberFormatting.significant(named.spring.exactSettlingDuration, digits: 4)) s; "
                + "SwiftUI's settlingDuration estimate \(NumberFormatting.significant(named.spring.swiftUISettlingDuration, digits: 4)) s.\n\n"
            var columns: [(String, MarkdownTable.Alignment)] = [("platform", .left)]
            for rate in comparison.refreshRates {
                columns.append(("error @\(Int(rate)) Hz", .right))
                columns.append(("done @\(Int(rate)) Hz (s)", .right))
            }
            var table = MarkdownTable(columns)
            for platform in PlatformLoops.platforms {
                var row = [platform.shortName]
                for rate in comparison.refreshRates {
                    let cell = comparison.cells.first {
                        $0.platform == platform && $0.spring == named.name && $0.refreshRate == rate
                    }
                    row.append(cell.map { NumberFormatting.significant($0.largestError) } ?? "—")
                    row.append(cell?.doneTime.map { NumberFormatting.significant($0, digits: 4) } ?? "not within 60 s")
                }
                table.append(row)
            }
            md += table.text + "\n"
        }
        if let first = comparison.springs.first, let rate = comparison.refreshRates.first {
            let file = "plots/platforms-motion.svg"
            attachments[file] = motionPlot(comparison, spring: first, rate: rate).svg()
            md += "## Plots\n\n![\(first.name) at \(Int(rate)) Hz as each platform shows it](\(file))\n\n"
        }
        let errorFile = "plots/platforms-error.svg"
        attachments[errorFile] = errorPlot(comparison).svg()
        md += "![Largest error against the exact spring by refresh rate](\(errorFile))\n\n"
        md += sources
        if let machine { md += machine.markdownSection }
        return ReportDocument(path: path, markdown: md, attachments: attachments)
    }

    /// The opening table: per platform, the worst error over the springs at each rate and its clock.
    static func answer(_ comparison: PlatformComparison) -> String {
        let md =
            "**Answer.** No platform shows the exact spring. Worst distance of a shown frame from the exact spring "
            + "(fraction of the travel) over \(comparison.springs.count) springs, and how each platform's clock runs "
            + "against the display, measured with each platform's own frame loop re-expressed from its code:\n\n"
        var columns: [(String, MarkdownTable.Alignment)] = [("platform", .left)]
        for rate in comparison.refreshRates { columns.append(("worst error @\(Int(rate)) Hz", .right)) }
        columns.append(("clock @\(Int(comparison.refreshRates.last ?? 60)) Hz", .right))
        columns.append(("what it does", .left))
        var table = MarkdownTable(columns)
        for platform in PlatformLoops.platforms {
            var row = [platform.shortName]
            for rate in comparison.refreshRates {
                row.append(NumberFormatting.significant(comparison.worstError(of: platform, at: rate)))
            }
            let drifts = comparison.cells(of: platform).filter { $0.refreshRate == comparison.refreshRates.last }
                .compactMap(\.clockDrift)
            if let drift = drifts.max(by: { abs($0) < abs($1) }) {
                row.append((drift >= 0 ? "+" : "−") + NumberFormatting.significant(abs(drift) * 100, digits: 2) + " %")
            } else {
                row.append("display time")
            }
            row.append(platform.loopSummary)
            table.append(row)
        }
        return md + table.text
    }

    /// One trace's figures for a platform, over the comparison's springs.
    struct TraceFigures {
        /// The step on the trace's longest frame, the largest step anywhere on the trace, and the
        /// largest at the steady rate (fractions of the travel).
        var longFrameJump = 0.0, jump = 0.0, steadyJump = 0.0
        /// The largest error against the exact motion at the same instants.
        var error = 0.0
        /// The largest change of the done time against the steady rate, in seconds.
        var lag = 0.0
        var neverDone = false
    }

    /// Each platform on `trace` against the steady rate `rate`, over the comparison's springs.
    static func figures(_ comparison: PlatformComparison, trace: FrameClock, rate: Double) -> [TraceFigures] {
        let times = trace.times ?? []
        let intervals: [Double] = times.isEmpty ? [] : zip(times.dropFirst(), times).map { $0 - $1 }
        let longFrame: Int? = intervals.indices.max { intervals[$0] < intervals[$1] }.map { $0 + 1 }
        let travel = abs(comparison.to - comparison.from)
        var out = Array(repeating: TraceFigures(), count: PlatformLoops.platforms.count)
        for named in comparison.springs {
            let traced = PlatformLoops.all(
                named.spring, from: comparison.from, to: comparison.to, initialVelocity: 0, clock: trace)
            let steady = PlatformLoops.all(
                named.spring, from: comparison.from, to: comparison.to, initialVelocity: 0, refreshRate: rate)
            for (index, (a, b)) in zip(traced, steady).enumerated() {
                if let n = longFrame, n < a.values.count, n <= (a.doneFrame ?? .max) {
                    out[index].longFrameJump = Swift.max(
                        out[index].longFrameJump, abs(a.values[n] - a.values[n - 1]) / travel)
                }
                out[index].jump = Swift.max(out[index].jump, a.largestJump(from: comparison.from, to: comparison.to))
                out[index].steadyJump = Swift.max(
                    out[index].steadyJump, b.largestJump(from: comparison.from, to: comparison.to))
                out[index].error = Swift.max(
                    out[index].error,
                    a.largestError(against: named.spring, from: comparison.from, to: comparison.to, initialVelocity: 0))
                if let done = a.doneTime, let steadyDone = b.doneTime {
                    if abs(done - steadyDone) > abs(out[index].lag) { out[index].lag = done - steadyDone }
                } else {
                    out[index].neverDone = true
                }
            }
        }
        return out
    }

    /// "When frames drop": each platform on a 50 ms hitch at 60 Hz and on a rate that halves from
    /// 120 Hz, the answer first.
    static func droppedFrames(_ comparison: PlatformComparison) -> String {
        let hitch = FrameClock.named("hitch", at: 60)!, drop = FrameClock.named("drop", at: 120)!
        let onHitch = figures(comparison, trace: hitch, rate: 60)
        let onDrop = figures(comparison, trace: drop, rate: 120)
        let platforms = PlatformLoops.platforms
        func percent(_ x: Double) -> String { NumberFormatting.significant(x * 100, digits: 3) + " %" }
        // Frame times are sums of intervals: a done time within 0.5 ms of the steady one is the same frame.
        func milliseconds(_ x: Double) -> String {
            abs(x) < 0.0005
                ? "same" : (x >= 0 ? "+" : "−") + NumberFormatting.significant(abs(x) * 1000, digits: 3) + " ms"
        }
        let worst = onHitch.indices.max { onHitch[$0].longFrameJump < onHitch[$1].longFrameJump }!
        let least = onHitch.indices.min { onHitch[$0].longFrameJump < onHitch[$1].longFrameJump }!
        let moved = onHitch.indices.filter { abs(onHitch[$0].lag) >= 0.0005 }
        var md = "## When frames drop\n\n"
        md +=
            "**Answer.** When one frame takes 50 ms (at 0.1 s, 60 Hz otherwise), the jump a user sees on that frame is up to "
            + "\(percent(onHitch[worst].longFrameJump)) of the travel on \(platforms[worst].shortName) and at most "
            + "\(percent(onHitch[least].longFrameJump)) on \(platforms[least].shortName); the largest step at a steady 60 Hz is "
            + "\(percent(onHitch.map(\.steadyJump).min()!))–\(percent(onHitch.map(\.steadyJump).max()!)). "
            + (moved.isEmpty
                ? "Every platform ends on the same frame as at a steady rate. "
                : "Its done time moves on "
                    + moved.map { "\(platforms[$0].shortName) (\(milliseconds(onHitch[$0].lag)))" }.joined(
                        separator: ", ")
                    + ": their clocks do not take the gap as it came (a clamp, fixed steps, a first frame of their own); "
                    + "the others end on the same frame. ")
            + "Each loop ran on the trace reading the clock as its own code does; FrameTraceTests check every one of them "
            + "against a port of its platform's code, frame for frame and to the done frame, on this trace, the drop and "
            + "jitter. Over the \(comparison.springs.count) "
            + "springs above, from \(NumberFormatting.significant(comparison.from, trimmingZeros: true)) to "
            + "\(NumberFormatting.significant(comparison.to, trimmingZeros: true)); errors are against the exact spring at the "
            + "same instants, as a fraction of the travel.\n\n"
        var table = MarkdownTable([
            ("platform", .left), ("jump on the 50 ms frame", .right), ("largest step, steady 60 Hz", .right),
            ("done vs steady", .right), ("largest error, hitch", .right), ("largest step, 120 → 60 Hz", .right),
            ("done vs 120 Hz", .right),
        ])
        for (index, platform) in platforms.enumerated() {
            let h = onHitch[index], d = onDrop[index]
            table.append([
                platform.shortName, percent(h.longFrameJump), percent(h.steadyJump),
                h.neverDone ? "not done within 60 s" : milliseconds(h.lag), NumberFormatting.significant(h.error),
                percent(d.jump), d.neverDone ? "not done within 60 s" : milliseconds(d.lag),
            ])
        }
        return md + table.text
            + "\n`springbench spring --frame-times hitch|drop|jitter|FILE` shows the same for any spring.\n"
    }

    /// The conversion matrix: each common spring on every platform, and as CSS.
    package static func conversions(_ matrix: ConversionMatrix) -> String {
        let rates = ConversionMatrix.refreshRates.map { "\(Int($0)) Hz" }.joined(separator: " and ")
        var md = "## The same motion on every platform\n\n"
        md +=
            "Each common spring, shown through its own platform's frame loop over a travel of "
            + "\(NumberFormatting.significant(ConversionMatrix.travel, trimmingZeros: true)) px, matched on every other "
            + "platform by `springbench match` at \(rates): the parameters to paste, the largest difference while both "
            + "move (px over the travel; the larger of the two rates), the same with each platform's snap to the target "
            + "at its own done, and when each declares the animation done at \(Int(ConversionMatrix.refreshRates[0])) Hz. "
            + "“not exact” marks a target that cannot be given the source's own spring (a range or a clamp).\n\n"
        for row in matrix.rows {
            md += "### \(row.preset.name) (\(row.preset.platform.shortName): \(row.preset.summary))\n\n"
            var table = MarkdownTable([
                ("target", .left), ("paste", .left), ("residual (px)", .right), ("with snaps (px)", .right),
                ("done @\(Int(ConversionMatrix.refreshRates[0])) Hz: source → target (s)", .right),
            ])
            for (target, result) in row.matches {
                switch result {
                case .success(let match):
                    let first = match.rates.first
                    let done = [first?.sourceDone, first?.targetDone].map {
                        $0.map { NumberFormatting.significant($0, digits: 3) } ?? "—"
                    }.joined(separator: " → ")
                    table.append([
                        target.shortName + (match.unrepresentable == nil ? "" : " (not exact)"),
                        "`" + match.code.replacingOccurrences(of: "|", with: "\\|") + "`",
                        NumberFormatting.significant(match.residual * ConversionMatrix.travel, digits: 3),
                        NumberFormatting.significant(match.shownResidual * ConversionMatrix.travel, digits: 3), done,
                    ])
                case .failure(let error):
                    table.append([target.shortName, "—", "—", "—", error.description])
                }
            }
            md += table.text + "\n"
            md +=
                "CSS, within \(NumberFormatting.significant(ConversionMatrix.cssTolerance, trimmingZeros: true)) px of the exact spring everywhere "
                + "(\(row.css.easing.stops.count) stops, \(NumberFormatting.significant(row.css.maximumError * ConversionMatrix.travel, digits: 3)) px; "
                + "evenly spaced stops would need \(row.css.uniformStops)):\n\n"
                + "```css\ntransition: transform \(row.css.durationMilliseconds)ms \(row.css.text);\n```\n\n"
        }
        return md
    }

    /// SwiftUI's, Motion's and react-spring's own numbers against the exact ones, computed.
    static func formulaDifferences() -> String {
        var md = ""
        md +=
            "- **SwiftUI `settlingDuration` is an estimate**, named `swiftUISettlingDuration` here; the exact settling time is `exactSettlingDuration`:\n"
        for preset in [SpringPreset.smooth, .snappy, .bouncy] {
            md +=
                "  - .\(preset.name): SwiftUI \(NumberFormatting.significant(preset.spring.swiftUISettlingDuration, digits: 4)) s, "
                + "exact \(NumberFormatting.significant(preset.spring.exactSettlingDuration, digits: 4)) s\n"
        }
        if let swiftUI = try? SwiftUISettlingParameters(settlingDuration: 0.5, dampingRatio: 0.8).spring,
            let exact = try? SettlingParameters(settlingDuration: 0.5, dampingRatio: 0.8).spring
        {
            md +=
                "- **SwiftUI `Spring(settlingDuration: 0.5, dampingRatio: 0.8)`** solves its own envelope: stiffness "
                + "\(NumberFormatting.significant(swiftUI.stiffness, digits: 5)), where the spring that really settles in 0.5 s has "
                + "\(NumberFormatting.significant(exact.stiffness, digits: 5)) (`SwiftUISettlingParameters` against `SettlingParameters`).\n"
        }
        let overDamped = SwiftUISpring(duration: 0.7, bounce: -0.2)
        if let trueSpring = overDamped.spring {
            md +=
                "- **SwiftUI's over-damped getters**: for `Spring(duration: 0.7, bounce: -0.2)` SwiftUI's `stiffness` reads "
                + "\(NumberFormatting.significant(overDamped.stiffness, digits: 5)) (2λ² − ω₀²), the true stiffness is "
                + "\(NumberFormatting.significant(trueSpring.stiffness, digits: 5)); its `velocity` adds the target to the derivative. "
                + "SpringBench reports the true values (`SwiftUISpring.spring`, `trueVelocity`).\n"
        }
        md +=
            "- **Motion** `spring(visualDuration)` defaults the bounce to 0.3; the object form `{ visualDuration }` without a bounce ignores it and runs stiffness 100, damping 10. Duration-based springs come from Motion's own Newton iteration (`MotionPhysicalDurationParameters`).\n"
        md +=
            "- **react-spring** raises `frequency` to at least 0.01 s and a negative `damping` to 0 before converting; its velocities are in units per millisecond.\n"
        md +=
            "- **Rebound** is not RK4: over 0.1 s of its default spring at 1 ms it is 2.2e-8 of the travel off the exact spring, where RK4 is 3e-10 off (verification.md's fixed-step section, `ReboundRungeKutta`).\n"
        return md
    }

    static func motionPlot(_ comparison: PlatformComparison, spring: PlatformComparison.NamedSpring, rate: Double)
        -> LinePlot
    {
        let horizon = Swift.min(1.0, 1.5 * spring.spring.exactSettlingDuration)
        let frames = Int(horizon * rate)
        var series: [PlotSeries] = []
        let exact = (0...200).map { i -> (x: Double, y: Double) in
            let t = horizon * Double(i) / 200
            let p = spring.spring.propagator(time: t)
            return (t, comparison.to + p.positionFromDisplacement * (comparison.from - comparison.to))
        }
        series.append(PlotSeries(name: "exact spring", exact, style: .lines))
        for run in comparison.sampleRuns
        where [SpringPlatform.swiftUI, .reactSpring, .rebound, .pop, .androidSpringForce].contains(run.platform) {
            let shown = (0...Swift.min(frames, run.values.count - 1)).map {
                (x: run.time(ofFrame: $0), y: run.values[$0])
            }
            series.append(PlotSeries(name: run.platform.shortName, shown))
        }
        return LinePlot(
            title: "\(spring.name) at \(Int(rate)) Hz: the frames each platform shows",
            xAxis: PlotAxis(title: "display time (s)"), yAxis: PlotAxis(title: "value"),
            series: series, referenceLines: [.horizontal("target", y: comparison.to)])
    }

    static func errorPlot(_ comparison: PlatformComparison) -> LinePlot {
        let series = PlatformLoops.platforms.compactMap { platform -> PlotSeries? in
            let points = comparison.refreshRates.compactMap { rate -> (x: Double, y: Double)? in
                let worst = comparison.worstError(of: platform, at: rate)
                guard worst > 0, worst.isFinite else { return nil }
                return (rate, worst)
            }
            return points.isEmpty ? nil : PlotSeries(name: platform.shortName, points)
        }
        return LinePlot(
            title: "Worst distance of a shown frame from the exact spring",
            xAxis: PlotAxis(title: "refresh rate (Hz)", scale: .logarithmic),
            yAxis: PlotAxis(title: "fraction of the travel", scale: .logarithmic),
            series: series)
    }

    static let sources = """
        ## Sources

        Each loop is re-expressed from the platform's own code; the tests (`PlatformLoopTests`, `SwiftUIPlatformTests`) \
        check it against independent ports of the same code. SwiftUI: ktiays/Respring 7e5c49c (Spring) and OpenSwiftUI \
        7c4f2b0 (FluidSpringAnimation). Motion: motiondivision/motion 1b037b0. react-spring: pmndrs/react-spring 3d2523d. \
        Rebound: facebook/rebound-js 6e6e9a9. Pop: facebookarchive/pop 87d1f8b. Android: androidx SpringForce.java fd79a56. \
        Compose: androidx SpringEstimation.kt 1d7dc4d. Flutter: flutter/flutter spring_simulation.dart 04fbdcf. \
        Details and full commit hashes: Guides/Platforms.md.


        """
}
