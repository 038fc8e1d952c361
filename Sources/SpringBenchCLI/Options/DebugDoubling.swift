import Benchmarking
import RegressionGate

/// The hidden `--debug-doubled-*` options: backends replaced by variants that
/// do their work twice, the regression gate's deliberate regression.
package enum DebugDoubling {
    /// The process's catalogue with `names` doubled; a usage error for an unknown name.
    package static func catalogue(_ names: [String], announce: Bool = true) throws -> BackendCatalogue {
        do {
            let catalogue = try CommandContext.catalogue.doubling(Set(names))
            if announce, !names.isEmpty {
                printError(
                    "debug: \(Set(names).sorted().joined(separator: ", ")) run their kernels twice (a deliberate regression)"
                )
            }
            return catalogue
        } catch {
            throw UsageError("--debug-doubled-backend: \(error)")
        }
    }
}
