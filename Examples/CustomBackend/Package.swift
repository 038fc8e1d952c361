// swift-tools-version: 6.1
//
// An example of using SpringBench from a package of your own, with no fork:
// a backend of your own (RelaxedBackend: plain loops that let the optimiser
// reassociate the reduction, via swift-numerics' Relaxed arithmetic) and a
// vector type of your own (Samples), verified and timed beside the built-in
// backends, and checked by SpringBench's law checks in Swift Testing tests.
//
//   swift run                      verification and a quick bench, both with RelaxedBackend
//   swift run custom-bench bench   any springbench command, RelaxedBackend in the catalogue
//   swift test                     the law and agreement checks (and a broken variant they catch)
//
// It also keeps its history on a PostgreSQL server when asked (`custom-bench history …
// --database postgresql://…`): SpringBench's trait `PostgreSQL`, on for this dependency, and
// the ResultsHistoryPostgreSQL product, registered in main.swift. That needs libpq (Debian's
// libpq-dev); drop the trait, the product and the one line to build without it.
import PackageDescription

let package = Package(
    name: "CustomBackend",
    // SpringBench's own minimums (its Package.swift says why): a package depending on it states them too.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        .package(name: "SpringBench", path: "../..", traits: ["PostgreSQL"]),
        .package(url: "https://github.com/apple/swift-numerics", from: "1.1.1"),
    ],
    targets: [
        .target(
            name: "CustomKernels",
            dependencies: [
                .product(name: "VectorKernels", package: "SpringBench"),
                .product(name: "RealModule", package: "swift-numerics"),
            ]
        ),
        .executableTarget(
            name: "custom-bench",
            dependencies: [
                "CustomKernels",
                .product(name: "SpringBenchCLI", package: "SpringBench"),
                .product(name: "Benchmarking", package: "SpringBench"),
                .product(name: "Verification", package: "SpringBench"),
                .product(name: "SpringBenchBackends", package: "SpringBench"),
                .product(name: "ResultsHistoryPostgreSQL", package: "SpringBench"),
            ]
        ),
        .testTarget(
            name: "CustomKernelsTests",
            dependencies: [
                "CustomKernels",
                .product(name: "Verification", package: "SpringBench"),
                .product(name: "Benchmarking", package: "SpringBench"),
                .product(name: "VectorKernels", package: "SpringBench"),
            ]
        ),
    ]
)
