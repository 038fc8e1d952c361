import Foundation
import SpringBenchCLI
import Testing
import _CLITestSupport

/// Debian's Chromium, when installed; under CI (`CI=true`) the suite runs, and fails, without it.
enum Chromium {
    static let inCI = ProcessInfo.processInfo.environment["CI"] == "true"
    static let path: String? = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }
}

/// Every CSS form `export` writes — `linear()`, `@keyframes` and `cubic-bezier()` — played
/// by a real browser (Debian's Chromium, headless) through the Web Animations API, at 2,001
/// instants over the stated duration, against the exact spring computed here from its closed
/// form; each must stay within the bound `export` states for it.
///
/// The browser reads the exported text itself: `linear()` and `cubic-bezier()` as the easing of
/// an animation (`getComputedTiming().progress`, a double), the `@keyframes` rule in a style sheet
/// played by the `animation:` line's duration (the computed `transform`).
///
/// Allowed beyond each stated bound, from how the value reaches this test: `linear()` and
/// `cubic-bezier()` 1e-6 of the travel (Chromium solves a Bézier's x to 1e-7; slopes here stay
/// below 10); `@keyframes` 5e-4 px for its values written with 3 decimals, plus 5e-6 of the
/// travel for the computed `transform`'s 6 significant digits.
@Suite(.enabled(if: Chromium.path != nil || Chromium.inCI, "chromium is not installed (.ci/ensure-deps chromium)"))
struct BrowserCSSTests {
    /// 24 springs across the regimes (m = 1): under-damped from ζ 0.1 to 0.9, critical,
    /// over-damped to ζ 3, with and without an initial velocity, travels of both signs.
    static let springs: [(k: Double, c: Double, travel: Double, velocity: Double)] = {
        var result: [(Double, Double, Double, Double)] = []
        for (index, ratio) in [0.1, 0.2, 0.3, 0.45, 0.6, 0.75, 0.9, 1.0, 1.5, 2.0, 3.0, 0.15].enumerated() {
            let k = [100.0, 170, 300, 600][index % 4]
            let c = 2 * ratio * k.squareRoot()
            result.append((k, c, 100, 0))
            result.append((k, c, index % 2 == 0 ? -40 : 250, index % 3 == 0 ? -300 : 150))
        }
        return result
    }()

    struct Export: Decodable {
        var durationMilliseconds: Int
        var linearError: Double
        var linear: String
        var keyframes: String
        var cubicBezier: String
        var cubicBezierError: Double
    }

    /// u'' + c u' + k u = 0 with u(0) = −1, u'(0) = v0: the displacement from the target in
    /// units of the travel (the motion is 1 + u), each regime's own closed form.
    static func displacement(k: Double, c: Double, v0: Double, t: Double) -> Double {
        let alpha = c / 2
        let discriminant = alpha * alpha - k
        if abs(discriminant) < 1e-12 * k {
            return exp(-alpha * t) * (-1 + (v0 - alpha) * t)
        } else if discriminant < 0 {
            let omega = (-discriminant).squareRoot()
            return exp(-alpha * t) * (-cos(omega * t) + (v0 - alpha) / omega * sin(omega * t))
        } else {
            let root = discriminant.squareRoot()
            let (r1, r2) = (-alpha + root, -alpha - root)
            // u = A e^{r1 t} + B e^{r2 t}, A + B = −1, r1 A + r2 B = v0.
            let a = (v0 + r2) / (r1 - r2)
            return a * exp(r1 * t) + (-1 - a) * exp(r2 * t)
        }
    }

    static let samples = 2001

    /// The page: one animation per form and spring, seeked to every sample instant.
    static func page(_ exports: [Export], travels: [Double]) -> String {
        var script = "const results = [];\nconst box = document.getElementById('box');\n"
        script += "function seek(a, duration, read) { const out = []; for (let i = 0; i < \(samples); i++) {"
        script += " a.currentTime = duration * i / \(samples - 1); out.push(read(a)); } a.cancel(); return out; }\n"
        for (index, export) in exports.enumerated() {
            let duration = export.durationMilliseconds
            let frames = "[{transform: 'translateX(0px)'}, {transform: 'translateX(\(travels[index])px)'}]"
            for (form, easing) in [("linear", export.linear), ("cubic", export.cubicBezier)] {
                script +=
                    "{ const a = box.animate(\(frames), {duration: \(duration), easing: '\(easing)', fill: 'both'});"
                script += " a.pause(); results.push({spring: \(index), form: '\(form)',"
                script +=
                    " values: seek(a, \(duration), x => x.effect.getComputedTiming().progress * \(travels[index]))}); }\n"
            }
        }
        var styles = ""
        for (index, export) in exports.enumerated() {
            styles += export.keyframes + "\n"
            script += "{ const el = document.createElement('div'); document.body.appendChild(el);"
            script += " el.style.animation = 's\(index) \(export.durationMilliseconds)ms linear both paused';"
            script += " const a = el.getAnimations()[0]; results.push({spring: \(index), form: 'keyframes',"
            script +=
                " values: seek(a, \(export.durationMilliseconds), x => new DOMMatrix(getComputedStyle(el).transform).m41)});"
            script += " el.remove(); }\n"
        }
        script += "document.getElementById('out').textContent = JSON.stringify(results);\n"
        return """
            <!doctype html><html><head><style>
            \(styles)</style></head><body><div id="box"></div><pre id="out"></pre><script>
            \(script)</script></body></html>
            """
    }

    struct Played: Decodable {
        var spring: Int
        var form: String
        var values: [Double]
    }

    @Test("linear(), @keyframes and cubic-bezier() in Chromium stay within export's stated bounds, 24 springs")
    func everyFormHoldsItsBound() throws {
        let chromium = try #require(Chromium.path, "CI=true but chromium is missing: .ci/ensure-deps installs it")
        var exports: [Export] = []
        for (index, spring) in Self.springs.enumerated() {
            let outcome = SpringBenchCLI.run([
                "export", "--stiffness", "\(spring.k)", "--damping", "\(spring.c)", "--travel", "\(spring.travel)",
                "--velocity", "\(spring.velocity)", "--tolerance", "\(0.005 * abs(spring.travel))", "--css-linear",
                "--keyframes", "--cubic-bezier", "--name", "s\(index)", "--format", "json",
            ])
            try #require(outcome.status == 0, "\(outcome)")
            exports.append(try JSONDecoder().decode(Export.self, from: Data(outcome.stdout.utf8)))
        }
        let directory = CLIRunner.temporaryDirectory()
        let page = directory + "/exports.html"
        try Self.page(exports, travels: Self.springs.map(\.travel)).write(
            toFile: page, atomically: true, encoding: .utf8)
        let outcome = CLIRunner.runBlocking(
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(directory)/profile",
                "--virtual-time-budget=60000", "--dump-dom", "file://\(page)",
            ], deadline: 180, recordingLeftovers: false, executable: chromium)
        try #require(outcome.status == 0, "\(outcome.stderr.suffix(2000))")
        let dom = outcome.stdout
        let start = try #require(dom.range(of: "<pre id=\"out\">"), "no results in \(dom.prefix(500))")
        let end = try #require(dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex))
        let json = String(dom[start.upperBound..<end.lowerBound]).replacingOccurrences(of: "&quot;", with: "\"")
        let played = try JSONDecoder().decode([Played].self, from: Data(json.utf8))
        #expect(played.count == 3 * Self.springs.count)

        var worst: [String: Double] = [:]
        for run in played {
            let spring = Self.springs[run.spring], export = exports[run.spring]
            let duration = Double(export.durationMilliseconds) / 1000
            let (bound, slack) =
                run.form == "cubic"
                ? (export.cubicBezierError, 1e-6 * abs(spring.travel))
                : run.form == "keyframes"
                    ? (export.linearError, 5e-4 + 5e-6 * abs(spring.travel))
                    : (export.linearError, 1e-6 * abs(spring.travel))
            #expect(run.values.count == Self.samples)
            var largest = 0.0, at = 0
            for (i, shown) in run.values.enumerated() {
                let t = duration * Double(i) / Double(Self.samples - 1)
                let exact =
                    spring.travel
                    * (1 + Self.displacement(k: spring.k, c: spring.c, v0: spring.velocity / spring.travel, t: t))
                if abs(shown - exact) > largest { (largest, at) = (abs(shown - exact), i) }
            }
            worst[run.form] = max(worst[run.form] ?? 0, largest / max(bound, 1e-300))
            #expect(
                largest <= bound + slack,
                "spring \(run.spring) (k \(spring.k), c \(spring.c)) \(run.form): \(largest) at sample \(at) > stated \(bound)"
            )
        }
        print(
            "browser CSS: \(Self.springs.count) springs × 3 forms at \(Self.samples) instants in Chromium; "
                + "largest error / stated bound: "
                + worst.sorted { $0.key < $1.key }.map { "\($0.key) \(String(format: "%.3f", $0.value))" }
                .joined(separator: ", "))
    }
}
