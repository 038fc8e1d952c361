// swift-tools-version: 6.1
//
// SpringBench: vector-arithmetic kernels, spring math and the harness that
// verifies and times them. Modules depend one way only:
//
//   VectorKernels ──► OpenBLASKernels ──► SpringBenchBackends ─┐
//        │              (COpenBLAS)         (catalogue)        │
//        ├──► SpringModel (parameterizations, closed form) ───┼──► springbench (CLI)
//        └──► ODEReference (integrators, generic) ────────────┘
//
// `CAllocationCounting` replaces malloc in the executables that link it (the
// test runner and the CLI) so allocations can be counted per thread.
import PackageDescription

let package = Package(
    name: "SpringBench",
    products: [
        .library(name: "VectorKernels", targets: ["VectorKernels"]),
        .library(name: "OpenBLASKernels", targets: ["OpenBLASKernels"]),
        .library(name: "SpringBenchBackends", targets: ["SpringBenchBackends"]),
        .library(name: "SpringModel", targets: ["SpringModel"]),
        .library(name: "ODEReference", targets: ["ODEReference"]),
        .executable(name: "springbench", targets: ["springbench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .systemLibrary(
            name: "COpenBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        .target(name: "CAllocationCounting"),
        .target(name: "CCPUAffinity"),
        .target(name: "VectorKernels"),
        .target(name: "OpenBLASKernels", dependencies: ["VectorKernels", "COpenBLAS"]),
        .target(name: "SpringBenchBackends", dependencies: ["VectorKernels", "OpenBLASKernels"]),
        .target(name: "SpringModel", dependencies: ["VectorKernels"]),
        .target(name: "ODEReference", dependencies: ["VectorKernels"]),
        .target(name: "Benchmarking", dependencies: ["VectorKernels", "SpringBenchBackends", "CCPUAffinity"]),
        .target(name: "BenchmarkWorkloads", dependencies: ["Benchmarking", "SpringModel", "ODEReference"]),
        .target(name: "Verification", dependencies: ["VectorKernels", "SpringBenchBackends", "SpringModel", "ODEReference"]),
        .target(name: "Reporting", dependencies: ["Benchmarking", "Verification"]),
        .executableTarget(
            name: "springbench",
            dependencies: [
                "SpringBenchBackends", "SpringModel", "ODEReference", "Benchmarking",
                "BenchmarkWorkloads", "Reporting", "CAllocationCounting", "Verification",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        .target(
            name: "_TestSupport",
            dependencies: [
                "VectorKernels", "SpringBenchBackends", "CAllocationCounting", "Benchmarking", "Verification",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/_TestSupport"
        ),
        .testTarget(
            name: "VectorKernelsTests",
            dependencies: [
                "VectorKernels", "OpenBLASKernels", "SpringBenchBackends", "_TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SpringModelTests",
            dependencies: [
                "SpringModel", "VectorKernels", "SpringBenchBackends", "_TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ODEReferenceTests",
            dependencies: ["ODEReference", "VectorKernels", "SpringBenchBackends", "_TestSupport"]
        ),
        .testTarget(
            name: "BenchmarkingTests",
            dependencies: ["Benchmarking", "VectorKernels", "SpringBenchBackends", "_TestSupport"]
        ),
        .testTarget(
            name: "VerificationTests",
            dependencies: [
                "Verification", "VectorKernels", "SpringBenchBackends", "SpringModel", "ODEReference",
                "Reporting",
            ]
        ),
        .testTarget(
            name: "ComparisonTests",
            dependencies: ["Benchmarking"]
        ),
        .testTarget(
            name: "ReportingTests",
            dependencies: ["Reporting", "Benchmarking", "_TestSupport"]
        ),
    ]
)
