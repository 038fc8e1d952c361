import Foundation
import PackagePlugin

/// `swift package springbench <command> [options]`: the springbench tool, built in release for
/// the package the command runs in and run in its directory, so the two common jobs need no
/// separate build step:
///
///     swift package --allow-writing-to-package-directory springbench report-all
///     swift package springbench compare-builds ../base/.build/release/springbench .build/release/springbench
///
/// `report-all` is the main job (`backends`, `verify`, `bench`, `report`; Reports/ in the package
/// directory); any other arguments go to the tool as they are (`springbench --help` lists the
/// commands). The tool's exit status is the command's: 0, 1 for a failed verification or a
/// regression, 2 for unusable input (Guides/BadInput.md).
@main
struct SpringBenchPlugin: CommandPlugin {
    func performCommand(context: PluginContext, arguments: [String]) async throws {
        let built = try packageManager.build(
            .product("springbench"), parameters: .init(configuration: .release, logging: .concise))
        guard built.succeeded else {
            Diagnostics.error("building springbench failed:\n\(built.logText)")
            exit(2)
        }
        guard
            let tool = built.builtArtifacts.first(where: {
                $0.kind == .executable && $0.url.lastPathComponent == "springbench"
            })
        else {
            Diagnostics.error("the build made no springbench executable")
            exit(2)
        }
        let runs: [[String]] =
            arguments == ["report-all"] ? [["backends"], ["verify"], ["bench"], ["report"]] : [arguments]
        for run in runs {
            let status = try execute(tool.url, run, in: context.package.directoryURL)
            if status != 0 { exit(status) }
        }
    }

    /// Runs `tool` with `arguments` in `directory`, its output passed through; its exit status.
    func execute(_ tool: URL, _ arguments: [String], in directory: URL) throws -> Int32 {
        let process = Process()
        process.executableURL = tool
        process.arguments = arguments
        process.currentDirectoryURL = directory
        try process.run()
        process.waitUntilExit()
        return process.terminationReason == .exit ? process.terminationStatus : 128 + process.terminationStatus
    }
}
