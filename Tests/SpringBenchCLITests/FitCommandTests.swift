import Foundation
import SpringBenchCLI
import SpringModel
import Testing
import _CLITestSupport

/// `springbench fit`, in process: the file formats it reads, the errors it names, and an answer
/// on frames of a known spring.
@Suite("fit on the command line")
struct FitCommandTests {
    /// Frames of k 246.74, ζ 0.7 (mass 1) from 0 to 100 at 60 Hz, the closed form written here:
    /// x(t) = 100 − 100·e^(−ζω t)(cos ω_d t + ζω/ω_d sin ω_d t).
    static func frames(count: Int = 45) -> [(time: Double, value: Double)] {
        let omega = 246.74.squareRoot(), zeta = 0.7
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return (0..<count).map { n in
            let t = Double(n) / 60
            let value = 100 - 100 * exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
            return (t, value)
        }
    }

    static func write(_ text: String, _ name: String, in directory: String) throws -> String {
        let path = directory + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test("CSV in seconds or milliseconds, with or without a header, and JSON in three shapes read the same frames")
    func formats() throws {
        let frames = Self.frames(count: 8)
        let expected = (frames.map(\.time), frames.map(\.value))
        let csv = "time,value\n" + frames.map { "\($0.time),\($0.value)" }.joined(separator: "\n")
        let csvMilliseconds =
            "# recorded\nvalue, time_ms\n"
            + frames.map { "\($0.value), \($0.time * 1000)" }
            .joined(separator: "\n")
        let bare = frames.map { "\($0.time),\($0.value)" }.joined(separator: "\n")
        let pairs = "[" + frames.map { "[\($0.time), \($0.value)]" }.joined(separator: ",") + "]"
        let objects = "[" + frames.map { "{\"t\": \($0.time), \"x\": \($0.value)}" }.joined(separator: ",") + "]"
        let document = "{\"target\": 100, \"velocity\": 0, \"frames\": \(pairs)}"
        for (text, name) in [
            (csv, "csv"), (csvMilliseconds, "ms"), (bare, "bare"), (pairs, "pairs"), (objects, "objects"),
            (document, "document"),
        ] {
            let (motion, target, velocity) = try FitCommand.parse(text, file: name)
            #expect(motion.values == expected.1, "\(name)")
            #expect(zip(motion.times, expected.0).allSatisfy { abs($0 - $1) <= 1e-12 }, "\(name)")
            #expect((target, velocity) == (name == "document" ? (100, 0) : (nil, nil)), "\(name)")
        }
    }

    @Test(
        "A bad file is refused with exit 2, naming the file, the line or JSON path, and what is valid",
        arguments: [
            ("time,value\n0,0\n0.1,x\n", "line 3: needs a finite time and value, got \"0.1,x\""),
            ("when,where\n0,1\n", "line 1: the header needs a time column"),
            (
                "time,value\n0,1\n0.1,2\n",
                "needs at least 10 samples (5 parameters, and as many again to judge the fit), got 2"
            ),
            // Six samples in an order that is not the times': a loop fits any six numbers exactly.
            ("0,0\n1,1\n0.5,2\n2,3\n3,3\n4,3\n", "needs at least 10 samples"),
            (
                "0,0\n0.1,1\n0.1,2\n0.2,3\n0.3,3\n0.4,3\n0.5,3\n0.6,3\n0.7,3\n0.7,3\n",
                "needs at least 10 distinct times, got 8"
            ),
            (
                "time,value\n" + (0..<12).map { "\(Double($0) / 60),5" }.joined(separator: "\n"),
                "the value never changes"
            ),
            ("[[0, 1], [0.1]]", "[1]: "),
            ("{\"frames\": [{\"t\": 0}]}", "frames[0]: a frame needs a time"),
            ("", "has no frames"),
        ])
    func refused(text: String, message: String) throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.write(text, "frames.txt", in: directory)
        let outcome = SpringBenchCLI.run(["fit", path])
        #expect(outcome.status == 2, "\(outcome)")
        #expect(outcome.stderr.contains("\(path): ") && outcome.stderr.contains(message), "\(outcome)")
        #expect(outcome.stdout.isEmpty)
        #expect(CLIRunner.contents(of: directory) == ["frames.txt"])
    }

    @Test("fit names the spring, its forms and code, and writes the same figures as JSON")
    func answer() throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.write(
            "t,value\n" + Self.frames().map { "\($0.time),\($0.value)" }.joined(separator: "\n"), "spring.csv",
            in: directory)
        let text = SpringBenchCLI.run(["fit", path])
        #expect(text.status == 0, "\(text)")
        #expect(text.stdout.hasPrefix("a spring: "), "\(text)")
        // k 246.74 is (2π/0.400000089)²; Compose's binary32 0.7 prints as 0.699999988.
        #expect(text.stdout.contains("SwiftUI duration/bounce: duration 0.400000089, bounce 0.3\n"), "\(text)")
        #expect(text.stdout.contains("Jetpack Compose: spring(dampingRatio = 0.699999988f, stiffness = 246.740005f)"))
        #expect(text.stdout.contains("as well explained (within the noise) by: "), "\(text)")
        let json = SpringBenchCLI.run(["fit", path, "--format", "json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
        #expect(object["isSpring"] as? Bool == true)
        let best = try #require((object["models"] as? [[String: Any]])?.first)
        #expect(abs((best["stiffness"] as? Double ?? 0) / 246.74 - 1) < 1e-6, "\(best)")
        #expect(abs((best["dampingRatio"] as? Double ?? 0) / 0.7 - 1) < 1e-6, "\(best)")
        let interval = try #require(object["stiffnessInterval"] as? [Double])
        #expect(interval.count == 2 && interval[0] <= 246.74 + 1e-6 && interval[1] >= 246.74 - 1e-6, "\(interval)")
    }

    @Test("Bad options are refused with exit 2 naming the option")
    func badOptions() throws {
        let directory = CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = try Self.write(
            "t,value\n" + Self.frames().map { "\($0.time),\($0.value)" }.joined(separator: "\n"), "spring.csv",
            in: directory)
        for (arguments, message) in [
            (["--noise", "0"], "--noise: must be a finite number > 0"),
            (["--refresh-rate", "2000"], "--refresh-rate: must be in 1…1000 Hz"),
            (["--target", "inf"], "--target: must be a finite number"),
        ] {
            let outcome = SpringBenchCLI.run(["fit", path] + arguments)
            #expect(outcome.status == 2 && outcome.stderr.contains(message), "\(arguments): \(outcome)")
        }
        let missing = SpringBenchCLI.run(["fit", directory + "/none.csv"])
        #expect(missing.status == 2 && missing.stderr.contains("none.csv: cannot be read"), "\(missing)")
    }
}
