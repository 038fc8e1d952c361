import ArgumentParser
import Foundation
import RegressionGate
import SpringBenchFiles

/// Where and how revisions are built, for `bisect` and `history check --confirm`.
package struct RevisionOptions: ParsableArguments {
    package init() {}

    @Option(help: "A directory inside the git repository (default: the working directory).")
    package var repository = "."

    @Option(help: "The package's directory inside the repository (default: --repository's place in it).")
    var packagePath: String?

    @Option(help: "The executable product to build at each revision.")
    var product = "springbench"

    @Option(help: "Build configuration: release or debug (default release; history: the recorded one).")
    var buildConfiguration: String?

    @Option(help: "The Swift compiler's -target-cpu, with the Makefile's TARGET_CPU flags (history: the recorded one).")
    var targetCPU: String?

    @Option(help: "Keep worktree, builds and logs here (reused later); default: a temporary directory.")
    package var workDirectory: String?

    func check() throws {
        if let buildConfiguration, !["release", "debug"].contains(buildConfiguration) {
            throw ValidationError("--build-configuration must be release or debug, got \"\(buildConfiguration)\"")
        }
        guard !product.isEmpty, !product.contains("/"), !product.hasPrefix("-") else {
            throw ValidationError("--product must be an executable product's name, got \"\(product)\"")
        }
        if let targetCPU,
            targetCPU.isEmpty
                || !targetCPU.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
        {
            throw ValidationError("--target-cpu must be a CPU name such as znver4 or haswell, got \"\(targetCPU)\"")
        }
        if let packagePath, packagePath.hasPrefix("/") || packagePath.split(separator: "/").contains("..") {
            throw ValidationError(
                "--package-path must be a relative path inside the repository, got \"\(packagePath)\"")
        }
        if let workDirectory { _ = try OutputLocation.directory(workDirectory, option: "--work-directory") }
    }

    /// The builds, with the given options or else `configuration` and
    /// `targetCPU` (a history's record), and the temporary directory to
    /// remove when no work directory was given.
    func open(configuration: String?, targetCPU: String?) throws -> (RevisionBuilds, RunTemporaryDirectory?) {
        do {
            let located = try RevisionBuilds.repository(containing: repository)
            let work: String
            let temporary: RunTemporaryDirectory?
            if let workDirectory {
                let target = try OutputLocation.directory(workDirectory, option: "--work-directory")
                try FileManager.default.createDirectory(atPath: target.path.string, withIntermediateDirectories: true)
                work = target.path.string
                temporary = nil
            } else {
                let made = try RunTemporaryDirectory(purpose: "builds")
                work = made.path
                temporary = made
            }
            let builds = self.builds(
                root: located.root, prefix: located.prefix, workDirectory: work, configuration: configuration,
                targetCPU: targetCPU)
            return (builds, temporary)
        } catch let error as RevisionBuildError {
            throw UsageError(error.description)
        } catch let error as ValidationError {
            throw UsageError(error.message)
        } catch {
            throw UsageError("--work-directory: \(error)")
        }
    }
}

extension RevisionOptions {
    /// The builds for a repository at `root` (the package at `prefix` in it
    /// unless --package-path names it): --build-configuration, else
    /// `configuration` (a history's record), else release; --target-cpu, else
    /// `targetCPU`.
    package func builds(
        root: String, prefix: String, workDirectory: String, configuration: String?, targetCPU: String?
    ) -> RevisionBuilds {
        RevisionBuilds(
            repository: root, packagePath: packagePath ?? prefix, product: product,
            configuration: buildConfiguration ?? configuration ?? "release",
            targetCPU: self.targetCPU ?? targetCPU, workDirectory: workDirectory)
    }
}

/// How two builds are timed against each other for one cell.
package struct PairingOptions: ParsableArguments {
    package init() {}

    @Option(help: "Epochs per paired run: times both samplers start afresh, 8…100.")
    package var epochs = 16

    @Option(help: "Pairs of samples per epoch, 3…1000.")
    package var samples = 3

    @Option(help: "Confidence level of the paired intervals in percent, 50…99.9.")
    var confidence = 99.0

    package var level: Double { confidence / 100 }

    func check() throws {
        guard (8...100).contains(epochs) else { throw ValidationError("--epochs must be in 8…100, got \(epochs)") }
        guard (3...1000).contains(samples) else { throw ValidationError("--samples must be in 3…1000, got \(samples)") }
        guard confidence.isFinite, (50...99.9).contains(confidence) else {
            throw ValidationError("--confidence must be in 50…99.9, got \(confidence)")
        }
    }
}
