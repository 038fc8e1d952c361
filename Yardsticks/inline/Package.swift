// swift-tools-version: 6.2
// Issue 41's side-by-side figures for animation-sized arithmetic, until `bench` measures vector types
// itself: `a + b` into a new value and one animation frame (`from + (to - from)·t`) for
// InlinePointVector, PointVector, a struct over [Double], and C (malloc + loop + free; a loop into a
// reused buffer), at 16 and 256 points, interleaved in one process. README.md says how to run it.
import PackageDescription

let package = Package(
    name: "InlineYardstick",
    platforms: [.macOS(.v26)],  // InlineArray and value generics
    dependencies: [.package(name: "SpringBench", path: "../..")],
    targets: [
        // The C side as issue 41 states it: -O3 -march=native (clang here, as SwiftPM compiles C).
        .target(name: "CInlineYardstick", cSettings: [.unsafeFlags(["-O3", "-march=native"])]),
        .executableTarget(
            name: "inline-yardstick",
            dependencies: ["CInlineYardstick", .product(name: "VectorKernels", package: "SpringBench")]
        ),
    ]
)
