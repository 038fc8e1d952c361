// swift-tools-version: 6.1
//
// SpringBench: vector-arithmetic kernels, spring math and the harness that
// verifies and times them. Modules depend one way only (lower to upper):
//
//   VectorKernels ─► OpenBLASKernels ─► SpringBenchBackends   (kernels, backends)
//   SpringModel, ODEReference                                 (spring math, conversions)
//   SpringModel ─► SpringPlatforms    platforms' frame loops, the catalogue
//   Verification      checks laws, backends, formulas for any type a user gives
//   Benchmarking      plan in, results out: sweep, probe, workloads, statistics,
//                     recommendation, frame budget
//   RegressionGate    baselines, comparison, paired builds, instruction counts
//   ResultsHistory    results across commits in SQLite (GRDB), steps and slides
//   ResultsHistoryPostgreSQL  the same history on a PostgreSQL server (libpq, the
//                     system's PostgreSQL client library), with the trait PostgreSQL
//   Reporting         renders results as Markdown and SVG (decides nothing)
//   SpringBenchCLI    every command, callable from a user's own @main
//   springbench       the tool: SpringBenchCLI with the built-in backends and
//                     PostgreSQL histories registered
//
// `CVectorKernels` holds what Swift cannot say: streaming stores and the
// build's FMA flag. `CAllocationCounting` replaces malloc in the executables that link it (the
// test runner and, through SpringBenchCLI, the tool) so allocations can be
// counted per thread. `CChildProcess` starts child processes by posix_spawn
// (Foundation's Process crashed when threads started processes at once).
import PackageDescription

let package = Package(
    name: "SpringBench",
    // The spring library (VectorKernels, SpringModel, SpringPlatforms, ODEReference) builds on
    // every Swift platform and reaches no Linux-only target (Scripts/check-manifest.py checks
    // it; Guides/Portability.md). The minimums are Synchronization's (`Atomic`, `Mutex`), which
    // VectorKernels uses for its streaming threshold and large-buffer cache.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "VectorKernels", targets: ["VectorKernels"]),
        .library(name: "ParallelKernels", targets: ["ParallelKernels"]),
        .library(name: "OpenBLASKernels", targets: ["OpenBLASKernels"]),
        .library(name: "SpringBenchBackends", targets: ["SpringBenchBackends"]),
        .library(name: "SpringModel", targets: ["SpringModel"]),
        .library(name: "SpringPlatforms", targets: ["SpringPlatforms"]),
        .library(name: "ODEReference", targets: ["ODEReference"]),
        .library(name: "Verification", targets: ["Verification"]),
        .library(name: "Benchmarking", targets: ["Benchmarking"]),
        .library(name: "RegressionGate", targets: ["RegressionGate"]),
        .library(name: "Reporting", targets: ["Reporting"]),
        .library(name: "SpringBenchCLI", targets: ["SpringBenchCLI"]),
        .library(name: "ResultsHistoryPostgreSQL", targets: ["ResultsHistoryPostgreSQL"]),
        .executable(name: "springbench", targets: ["springbench"]),
        .executable(name: "springbench-sampler", targets: ["springbench-sampler"]),
        .plugin(name: "SpringBenchPlugin", targets: ["SpringBenchPlugin"]),
    ],
    // `PostgreSQL` (off by default): the `springbench` tool with `history --database
    // postgresql://…` and ResultsHistoryPostgreSQL's store, through libpq (Debian's
    // libpq-dev; `.ci/ensure-deps postgresql` installs it). Off, nothing needs libpq; `make
    // check` and CI turn it on (`--traits PostgreSQL`) and run the PostgreSQL tier against a
    // real server. A package depending on SpringBench asks for it with `traits: ["PostgreSQL"]`.
    // (Until 2026-11-28 the client was postgres-nio: with SwiftNIO, swift-crypto and
    // BoringSSL it was 190 s of a 363 s debug build here, and about 630 CPU-s in release.)
    traits: [
        .trait(name: "PostgreSQL", description: "springbench history --database postgresql://… (libpq)"),
        .default(enabledTraits: []),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // `swift package generate-documentation`: the DocC catalog of each library product
        // (Sources/<Module>/<Module>.docc; `make docs`, in CI with warnings as errors).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // libpq, PostgreSQL's own client library: only with the trait PostgreSQL.
        .systemLibrary(
            name: "CLibPQ",
            pkgConfig: "libpq",
            providers: [.apt(["libpq-dev"])]
        ),
        .systemLibrary(
            name: "COpenBLAS",
            pkgConfig: "openblas",
            providers: [.apt(["libopenblas-dev"])]
        ),
        .target(name: "CAllocationCounting"),
        .target(name: "CPortableFallbacks"),
        .target(name: "CCPUAffinity", dependencies: ["CPortableFallbacks"]),
        .target(name: "CChildProcess"),
        .target(name: "CVectorLoops"),
        .target(name: "CVectorKernels"),
        .target(name: "CWorkerPool", dependencies: ["CPortableFallbacks"]),
        .target(name: "DocumentValues"),
        .target(name: "CMachineFacts"),
        .target(name: "MachineFacts", dependencies: ["CMachineFacts", "CCPUAffinity", "CPortableFallbacks"]),
        .target(
            name: "SpringBenchFiles",
            dependencies: ["CSignalRelay", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "CSignalRelay"),
        // Not a product: child processes, CPU affinity and the JSON output
        // encoder, with `package` access. The tool's own plumbing, free to
        // change in any release; nothing a user imports.
        .target(name: "SpringBenchSupport", dependencies: ["CChildProcess", "CCPUAffinity"]),
        .target(name: "VectorKernels", dependencies: ["CVectorKernels", "CPortableFallbacks", "DocumentValues"]),
        .target(
            name: "ParallelKernels", dependencies: ["VectorKernels", "CVectorKernels", "CWorkerPool", "MachineFacts"]),
        .target(name: "OpenBLASKernels", dependencies: ["VectorKernels", "COpenBLAS", "MachineFacts"]),
        .target(name: "SpringBenchBackends", dependencies: ["VectorKernels", "ParallelKernels", "OpenBLASKernels"]),
        .target(name: "SpringModel", dependencies: ["VectorKernels"]),
        .target(name: "SpringPlatforms", dependencies: ["SpringModel", "VectorKernels"]),
        .target(name: "ODEReference", dependencies: ["VectorKernels"]),
        .target(
            name: "Benchmarking",
            dependencies: [
                "DocumentValues", "SpringBenchFiles", "SpringBenchSupport", "MachineFacts", "VectorKernels",
                "ParallelKernels", "OpenBLASKernels",
                "SpringModel", "ODEReference", "CVectorLoops",
            ]
        ),
        .target(
            name: "RegressionGate",
            dependencies: [
                "DocumentValues", "SpringBenchFiles", "SpringBenchSupport", "VectorKernels", "Benchmarking",
                "OpenBLASKernels",
            ]
        ),
        // Not a product: the results history (`springbench history`) on SQLite
        // through GRDB. Only SpringBenchCLI uses it, so a user of the kernel,
        // benchmarking or gate libraries does not build GRDB.
        .target(
            name: "ResultsHistory",
            dependencies: [
                "Benchmarking", "RegressionGate", "Reporting", "SpringBenchFiles",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // `springbench history --database postgresql://…`: the history on a
        // PostgreSQL server through libpq. A product so that SpringBenchCLI's
        // users do not link it unless they register it (PostgreSQLHistory.register()).
        .target(
            name: "ResultsHistoryPostgreSQL",
            dependencies: [
                "ResultsHistory", "Benchmarking",
                .target(name: "CLibPQ", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .target(
            name: "Verification",
            dependencies: ["VectorKernels", "SpringBenchBackends", "SpringModel", "SpringPlatforms", "ODEReference"]
        ),
        .target(
            name: "Reporting",
            dependencies: [
                "VectorKernels", "SpringBenchFiles", "SpringBenchSupport", "SpringModel", "SpringPlatforms",
                "Benchmarking", "Verification",
            ]
        ),
        .target(
            name: "SpringBenchCLI",
            dependencies: [
                "VectorKernels", "OpenBLASKernels", "SpringModel", "SpringPlatforms", "Benchmarking",
                "RegressionGate", "Reporting", "CAllocationCounting", "Verification", "SpringBenchFiles",
                "SpringBenchSupport", "ResultsHistory",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The other build's side of `bench --other-build` and `compare-builds` and nothing else:
        // what `make report` builds for SwiftPM's default build (no CLI, reports or GRDB).
        .executableTarget(
            name: "springbench-sampler",
            dependencies: ["CAllocationCounting", "RegressionGate"]
        ),
        .executableTarget(
            name: "springbench",
            dependencies: [
                "SpringBenchCLI", .target(name: "ResultsHistoryPostgreSQL", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        // `swift package springbench …`: the tool built in release and run in the package's
        // directory (`report-all`: the main job; anything else goes to the tool as it is).
        .plugin(
            name: "SpringBenchPlugin",
            capability: .command(
                intent: .custom(verb: "springbench", description: "Build springbench in release and run it"),
                permissions: [
                    .writeToPackageDirectory(reason: "springbench writes its results and Reports/ in the package")
                ]
            )
        ),
        // ---- Tests. `<Module>Tests` tests Sources/<Module> (`make test` runs these: the unit
        // tier); it depends on its module, modules below it and test support, never on a module
        // above it (Scripts/check-manifest.py checks both). The other test targets are the slow
        // tiers, run by `make check` and CI: PlatformOracleTests, EndToEndTests, PostgreSQLTests.
        // Values, backends, threads, allocation counting, the Markdown and CSS readers.
        .target(
            name: "_TestSupport",
            dependencies: [
                "VectorKernels",
                "SpringBenchBackends",
                "CAllocationCounting",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            path: "Tests/_TestSupport"
        ),
        // Synthetic results files and the SVG inspector.
        .target(
            name: "_ResultsTestSupport",
            dependencies: [
                "ParallelKernels",
                "Benchmarking",
                "RegressionGate",
                "VectorKernels",
            ],
            path: "Tests/_ResultsTestSupport"
        ),
        // Histories made, mutated and read for the read-only and fuzz tests of the results history.
        .target(
            name: "_HistoryTestSupport",
            dependencies: [
                "ResultsHistory", "SpringBenchFiles", "VectorKernels", "_ResultsTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Tests/_HistoryTestSupport"
        ),
        // Seeded springs × velocities × refresh rates for the platform tests and their oracles.
        .target(
            name: "_PlatformTestSupport",
            dependencies: [
                "SpringModel",
                "SpringPlatforms",
            ],
            path: "Tests/_PlatformTestSupport"
        ),
        // The built `springbench` run as a user runs it, with a deadline and a scratch TMPDIR.
        .target(
            name: "_CLITestSupport",
            dependencies: [
                "Benchmarking",
                "SpringBenchSupport",
                "_ResultsTestSupport",
            ],
            path: "Tests/_CLITestSupport"
        ),
        // The PostgreSQL test server (SPRINGBENCH_POSTGRES_URL) and a fresh database per test.
        .target(
            name: "_PostgreSQLTestSupport",
            dependencies: ["ResultsHistoryPostgreSQL"],
            path: "Tests/_PostgreSQLTestSupport"
        ),
        // The unit tier: one target per module under Sources/.
        .testTarget(
            name: "DocumentValuesTests",
            dependencies: [
                "DocumentValues"
            ]
        ),
        .testTarget(
            name: "MachineFactsTests",
            dependencies: [
                "MachineFacts",
                "VectorKernels",
            ]
        ),
        .testTarget(
            name: "SpringBenchFilesTests",
            dependencies: [
                "SpringBenchFiles",
                "_TestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]
        ),
        .testTarget(
            name: "SpringBenchSupportTests",
            dependencies: [
                "SpringBenchSupport",
                "VectorKernels",
            ]
        ),
        .testTarget(
            name: "VectorKernelsTests",
            dependencies: [
                "VectorKernels",
                "CVectorKernels",
                "_TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "ParallelKernelsTests",
            dependencies: [
                "ParallelKernels",
                "MachineFacts",
                "VectorKernels",
                "_TestSupport",
            ]
        ),
        .testTarget(
            name: "OpenBLASKernelsTests",
            dependencies: [
                "OpenBLASKernels",
                "VectorKernels",
            ]
        ),
        .testTarget(
            name: "SpringBenchBackendsTests",
            dependencies: [
                "SpringBenchBackends",
                "OpenBLASKernels",
                "VectorKernels",
            ]
        ),
        .testTarget(
            name: "SpringModelTests",
            dependencies: [
                "SpringModel",
                "VectorKernels",
                "SpringBenchBackends",
                "_TestSupport",
                .product(name: "PropertyBased", package: "swift-property-based"),
            ]
        ),
        .testTarget(
            name: "SpringPlatformsTests",
            dependencies: [
                "SpringPlatforms",
                "SpringModel",
                "VectorKernels",
                "ODEReference",
                "_TestSupport",
                "_PlatformTestSupport",
            ]
        ),
        .testTarget(
            name: "ODEReferenceTests",
            dependencies: [
                "ODEReference",
                "VectorKernels",
                "SpringBenchBackends",
                "_TestSupport",
            ]
        ),
        .testTarget(
            name: "VerificationTests",
            dependencies: [
                "Verification",
                "VectorKernels",
                "ODEReference",
                "SpringPlatforms",
            ]
        ),
        .testTarget(
            name: "BenchmarkingTests",
            dependencies: [
                "ParallelKernels",
                "Benchmarking",
                "VectorKernels",
                "SpringBenchBackends",
                "SpringModel",
                "SpringBenchSupport",
                "_TestSupport",
                "_ResultsTestSupport",
            ]
        ),
        .testTarget(
            name: "RegressionGateTests",
            dependencies: [
                "RegressionGate",
                "Benchmarking",
                "DocumentValues",
                "SpringBenchFiles",
                "SpringBenchSupport",
                "VectorKernels",
                "_TestSupport",
                "_ResultsTestSupport",
            ]
        ),
        .testTarget(
            name: "ReportingTests",
            dependencies: [
                "ParallelKernels",
                "Reporting",
                "Benchmarking",
                "MachineFacts",
                "RegressionGate",
                "SpringBenchFiles",
                "SpringModel",
                "SpringPlatforms",
                "VectorKernels",
                "Verification",
                "_TestSupport",
                "_ResultsTestSupport",
            ]
        ),
        .testTarget(
            name: "ResultsHistoryTests",
            dependencies: [
                "ResultsHistory",
                "Benchmarking",
                "Reporting",
                "SpringBenchFiles",
                "_ResultsTestSupport",
                "_HistoryTestSupport",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        .testTarget(
            name: "ResultsHistoryPostgreSQLTests",
            dependencies: [
                "ResultsHistory",
                "ResultsHistoryPostgreSQL",
                "VectorKernels",
                .target(name: "_PostgreSQLTestSupport", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
        .testTarget(
            name: "SpringBenchCLITests",
            dependencies: [
                "_PlatformTestSupport",
                "SpringBenchCLI",
                "Benchmarking",
                "RegressionGate",
                "Reporting",
                "SpringBenchFiles",
                "SpringBenchSupport",
                "SpringModel",
                "SpringPlatforms",
                "VectorKernels",
                "_TestSupport",
                "_ResultsTestSupport",
                "_CLITestSupport",
                .target(name: "ResultsHistoryPostgreSQL", condition: .when(traits: ["PostgreSQL"])),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The platform-oracle tier: every platform against a port of its own source, differential runs.
        .testTarget(
            name: "PlatformOracleTests",
            dependencies: [
                "SpringModel",
                "SpringPlatforms",
                "VectorKernels",
                "_TestSupport",
                "_PlatformTestSupport",
            ]
        ),
        // The end-to-end tier: the built tool as a process, real timing runs, bisect on a fixture repository.
        .testTarget(
            name: "EndToEndTests",
            dependencies: [
                .product(name: "GRDB", package: "GRDB.swift"),
                "_PlatformTestSupport",
                "SpringPlatforms",
                "VectorKernels",
                "SpringBenchCLI",
                "Benchmarking",
                "Reporting",
                "ResultsHistory",
                "SpringBenchFiles",
                "SpringBenchSupport",
                "_TestSupport",
                "_ResultsTestSupport",
                "_CLITestSupport",
            ]
        ),
        // The stress tier: kernels on operands past the streaming threshold, the parallel pool's
        // threads, allocation counts over every backend and policy, faults injected into verify,
        // the history's detection and false-alarm rates over 1000 simulated histories a case.
        .testTarget(
            name: "StressTests",
            dependencies: [
                "ParallelKernels",
                "VectorKernels", "CVectorKernels", "Verification", "ODEReference", "_TestSupport",
                "ResultsHistory", "Benchmarking", "_ResultsTestSupport", "_HistoryTestSupport",
            ]
        ),
        // The PostgreSQL tier: the store and `history --database postgresql://…` against a real server.
        // Empty without the package trait PostgreSQL; `make check` turns it on.
        .testTarget(
            name: "PostgreSQLTests",
            dependencies: [
                .target(name: "Benchmarking", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "ResultsHistory", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "ResultsHistoryPostgreSQL", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "SpringBenchCLI", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "_CLITestSupport", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "_PostgreSQLTestSupport", condition: .when(traits: ["PostgreSQL"])),
                .target(name: "_ResultsTestSupport", condition: .when(traits: ["PostgreSQL"])),
            ]
        ),
    ]
)
