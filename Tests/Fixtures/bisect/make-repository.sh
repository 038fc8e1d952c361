#!/usr/bin/env bash
# Makes the bisect fixture: a git repository holding a small package that uses
# SpringBench (by path) with a backend of its own, "fixture", and ten commits
# of which the sixth makes that backend's add four times slower. Its product is
# a sampler executable (`SamplerSession.main(adding:)`): bisect only samples it,
# and it builds without SpringBench's command-line tool, reports or GRDB.
#
#   Tests/Fixtures/bisect/make-repository.sh SPRINGBENCH_ROOT DESTINATION
#
# Prints "good BAD_SHA", "bad SHA" and "slow SHA" lines. Used by the
# end-to-end bisect test (make test-deep) and handy by hand:
#   springbench bisect --repository DESTINATION --product fixture-bench \
#       --good GOOD --bad BAD --cell add.fixture.4Ki
set -euo pipefail
root="$(cd "$1" && pwd)"
destination="$2"
mkdir -p "$destination"
cd "$destination"
git init -q
git config user.email fixture@springbench.invalid
git config user.name "SpringBench fixture"
git config commit.gpgsign false
mkdir -p Sources/fixture-bench

cat > Package.swift <<SWIFT
// swift-tools-version: 6.1
import PackageDescription

let package = Package(
    name: "BisectFixture",
    dependencies: [.package(name: "SpringBench", path: "$root")],
    targets: [
        .executableTarget(
            name: "fixture-bench",
            dependencies: [
                .product(name: "RegressionGate", package: "SpringBench"),
                .product(name: "Benchmarking", package: "SpringBench"),
                .product(name: "VectorKernels", package: "SpringBench"),
            ]
        )
    ]
)
SWIFT

cat > Sources/fixture-bench/main.swift <<'SWIFT'
import Benchmarking
import RegressionGate

// A sampler only (what bisect runs): no command-line tool, reports or history to build.
SamplerSession.main(adding: [BenchmarkBackend(FixtureBackend.self)])
SWIFT

# The backend, with add's pass count as a placeholder.
write_backend() {
    cat > Sources/fixture-bench/FixtureBackend.swift <<SWIFT
import VectorKernels

/// Plain loops; add makes $1 pass(es) over its operands.
enum FixtureBackend: KernelBackend {
    static let name = "fixture"

    static var details: BackendDetails {
        BackendDetails(
            name: name, displayName: "Fixture", summary: "the bisect fixture's plain loops ($2)",
            simdWidth: nil, library: nil, core: nil, threads: 1, fusedAXPY: false)
    }

    static func uncheckedAdd(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        for _ in 0..<$1 {
            for i in 0..<count { c[i] = a[i] + b[i] }
        }
    }

    static func uncheckedSubtract(
        _ a: UnsafePointer<Double>, _ b: UnsafePointer<Double>, into c: UnsafeMutablePointer<Double>, count: Int
    ) {
        for i in 0..<count { c[i] = a[i] - b[i] }
    }

    static func uncheckedAddInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        for i in 0..<count { a[i] += b[i] }
    }

    static func uncheckedSubtractInPlace(_ a: UnsafeMutablePointer<Double>, _ b: UnsafePointer<Double>, count: Int) {
        for i in 0..<count { a[i] -= b[i] }
    }

    static func uncheckedScale(_ a: UnsafeMutablePointer<Double>, by factor: Double, count: Int) {
        for i in 0..<count { a[i] *= factor }
    }

    static func uncheckedAXPY(alpha: Double, x: UnsafePointer<Double>, y: UnsafeMutablePointer<Double>, count: Int) {
        for i in 0..<count { y[i] += alpha * x[i] }
    }

    static func uncheckedMagnitudeSquared(_ a: UnsafePointer<Double>, count: Int) -> Double {
        var sum = 0.0
        for i in 0..<count { sum += a[i] * a[i] }
        return sum
    }
}
SWIFT
}

commit() { git add -A && git commit -q -m "$1" && git rev-parse HEAD; }

write_backend 1 "one pass"
echo "# Bisect fixture" > README.md
good=$(commit "Fixture package with a backend of its own")
echo "Uses SpringBench by path." >> README.md
commit "Say how the fixture uses SpringBench" >/dev/null
echo "The backend is called fixture." >> README.md
commit "Name the backend in the README" >/dev/null
printf '.build/\n' > .gitignore
commit "Ignore the build directory" >/dev/null
echo "Run: swift run fixture-bench bench --backends fixture" >> README.md
commit "Show how to run it" >/dev/null
write_backend 4 "four passes"
slow=$(commit "Recompute add until it settles")
echo "Bisect finds the slow commit." >> README.md
commit "Say what the fixture is for" >/dev/null
echo "License: Apache-2.0" >> README.md
commit "State the license" >/dev/null
echo "Ten commits." >> README.md
commit "Count the commits" >/dev/null
echo "One of them is slow." >> README.md
bad=$(commit "Hint at the slow one")
echo "good $good"
echo "bad $bad"
echo "slow $slow"
