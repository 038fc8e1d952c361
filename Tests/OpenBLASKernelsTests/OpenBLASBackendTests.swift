import Foundation
import OpenBLASKernels
import Testing
import VectorKernels

/// OpenBLAS's backends: the thread count is explicit and reported, the
/// version is read from the library, and each kernel equals the same
/// arithmetic written out here (OpenBLAS's daxpy may fuse, so axpy is held to
/// one rounding of each term: |error| ≤ 2u·(|αx| + |y|)).
@Suite(.serialized) struct OpenBLASBackendTests {
    @Test("the single-threaded backend runs 1 OpenBLAS thread unless told otherwise, and says so")
    func threadCountIsExplicitAndReported() {
        let before = OpenBLASBackend.threadCount
        defer { OpenBLASBackend.threadCount = before }
        OpenBLASBackend.threadCount = 1
        #expect(OpenBLASBackend.threadCount == 1)
        #expect(OpenBLASBackend.details.threads == 1)
        OpenBLASBackend.threadCount = 2
        #expect(OpenBLASBackend.threadCount == 2)
        #expect(OpenBLASBackend.details.threads == 2)
    }

    @Test("the threaded backend restores the process-wide thread count after each call")
    func threadedRestoresTheCount() {
        let before = OpenBLASBackend.threadCount
        defer { OpenBLASBackend.threadCount = before }
        OpenBLASBackend.threadCount = 1
        let a = [Double](repeating: 1.5, count: 4096), b = [Double](repeating: 2.25, count: 4096)
        var c = [Double](repeating: 0, count: 4096)
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                c.withUnsafeMutableBufferPointer { c in
                    OpenBLASThreadedBackend.uncheckedAdd(
                        a.baseAddress!, b.baseAddress!, into: c.baseAddress!, count: 4096)
                }
            }
        }
        #expect(c.allSatisfy { $0 == 3.75 })
        #expect(OpenBLASBackend.threadCount == 1)
        #expect(OpenBLASThreadedBackend.details.threads == OpenBLASThreadedBackend.threads)
        #expect(OpenBLASThreadedBackend.threads >= 1)
    }

    @Test("version and library come from OpenBLAS's own build string")
    func versionFromTheLibrary() {
        let words = OpenBLASBackend.configuration.split(separator: " ")
        #expect(words.first == "OpenBLAS")
        #expect(OpenBLASBackend.version == String(words[1]))
        #expect(OpenBLASBackend.version.split(separator: ".").count == 3, "\(OpenBLASBackend.version)")
        #expect(OpenBLASBackend.details.library == "OpenBLAS \(OpenBLASBackend.version)")
        #expect(!OpenBLASBackend.coreName.isEmpty)
        #expect(OpenBLASBackend.details.fusedAXPY && OpenBLASBackend.details.name == "openblas")
    }

    @Test(
        "each kernel equals its arithmetic, for lengths around OpenBLAS's unrolling",
        arguments: [0, 1, 3, 4, 7, 8, 15, 16, 17, 31, 33, 1000])
    func kernelsMatchTheirDefinition(count: Int) {
        var state: UInt64 = 0x5EED_0000 &+ UInt64(count)
        func next() -> Double {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Double(Int64(bitPattern: state >> 11) % 2_000_001 - 1_000_000) / 1024
        }
        let a = (0..<count).map { _ in next() }, b = (0..<count).map { _ in next() }
        let alpha = 0.375
        var sum = [Double](repeating: .nan, count: count), difference = sum, scaled = a, axpy = b
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                sum.withUnsafeMutableBufferPointer {
                    OpenBLASBackend.uncheckedAdd(a.baseAddress!, b.baseAddress!, into: $0.baseAddress!, count: count)
                }
                difference.withUnsafeMutableBufferPointer {
                    OpenBLASBackend.uncheckedSubtract(
                        a.baseAddress!, b.baseAddress!, into: $0.baseAddress!, count: count)
                }
                scaled.withUnsafeMutableBufferPointer {
                    OpenBLASBackend.uncheckedScale($0.baseAddress!, by: alpha, count: count)
                }
                axpy.withUnsafeMutableBufferPointer {
                    OpenBLASBackend.uncheckedAXPY(alpha: alpha, x: a.baseAddress!, y: $0.baseAddress!, count: count)
                }
            }
        }
        let u = Double.ulpOfOne / 2
        for i in 0..<count {
            #expect(sum[i] == a[i] + b[i], "add[\(i)]")
            #expect(difference[i] == a[i] - b[i], "subtract[\(i)]")
            #expect(scaled[i] == a[i] * alpha, "scale[\(i)]")
            #expect(abs(axpy[i] - (alpha * a[i] + b[i])) <= 2 * u * (abs(alpha * a[i]) + abs(b[i])), "axpy[\(i)]")
        }
        let squares = a.withUnsafeBufferPointer {
            OpenBLASBackend.uncheckedMagnitudeSquared($0.baseAddress!, count: count)
        }
        let exact = a.reduce(0) { $0 + $1 * $1 }
        // Any summation order: |error| ≤ (n·u / (1 − n·u))·Σa² (Higham, Accuracy and Stability, §3.1).
        let n = Double(count)
        #expect(abs(squares - exact) <= (n * u / (1 - n * u)) * exact * 2, "Σa² \(squares) vs \(exact)")
    }
}
