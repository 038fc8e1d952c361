// swift-tools-version: 6.1
//
// The ordo-one/benchmark suite for SpringBench's kernels, kept in a package of
// its own so that users of the SpringBench libraries never inherit the
// benchmark dependency (and its malloc interposer) through the root manifest.
// It depends on the root package by path: run it from this directory with
// `swift package benchmark` (see README.md).
//
// The "MallocInterposer" trait is named explicitly: without it the dependency
// does not resolve with this toolchain, and it supplies the malloc counts the
// allocation thresholds below rely on.
import PackageDescription

let package = Package(
    name: "SpringBenchBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // The trait PostgreSQL changes no kernel and the suite builds no PostgreSQL code (no
        // libpq needed), but with it SpringBench's modules compile exactly as in `make check`'s
        // build, which `.ci/ordo-benchmarks` reuses instead of compiling them again.
        .package(name: "SpringBench", path: "..", traits: ["PostgreSQL"]),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        .executableTarget(
            name: "KernelBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "VectorKernels", package: "SpringBench"),
                .product(name: "OpenBLASKernels", package: "SpringBench"),
            ],
            path: "Benchmarks/KernelBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        )
    ]
)
