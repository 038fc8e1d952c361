import Benchmarking
import Foundation
import OpenBLASKernels

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension SamplerSession {
    /// The whole of an executable that only samples:
    /// `PRODUCT sampler [--openblas-threads N]` serves the sampler protocol on
    /// standard input and output with the built-in backends and `backends`, as
    /// `springbench sampler` does; any other arguments are exit 2 with one error line.
    ///
    /// `springbench-sampler` is this. So may be the `--product` that
    /// `springbench bisect` and `history check --confirm` build at each commit
    /// of your package: it links the kernels, backends and this gate, not the
    /// command-line tool, the reports or the history (GRDB), so each revision
    /// builds in a fraction of the time a `SpringBenchCLI.main(adding:)`
    /// executable takes (Guides/Commands.md, `springbench bisect`).
    ///
    /// `countAllocations` counts the allocations of a body (an interposed
    /// `malloc`, as `springbench-sampler` links `CAllocationCounting`); nil
    /// samples without counting.
    public static func main(
        adding backends: [BenchmarkBackend] = [], countAllocations: AllocationCounter? = nil
    ) -> Never {
        func fail(_ message: String) -> Never {
            FileHandle.standardError.write(Data("error: \(message)\n".utf8))
            exit(2)
        }
        let name = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).lastPathComponent } ?? "sampler"
        let threads: Int
        switch samplerOptions(
            Array(CommandLine.arguments.dropFirst()), program: name,
            cores: ProcessInfo.processInfo.activeProcessorCount)
        {
        case .success(let value): threads = value
        case .failure(let error): fail(error.message)
        }
        let catalogue: BackendCatalogue
        do {
            catalogue = try BackendCatalogue.builtIn.adding(contentsOf: backends)
        } catch {
            fail("\(error)")
        }
        OpenBLASBackend.threadCount = threads
        let session = SamplerSession(
            catalogue: catalogue, countAllocations: countAllocations,
            machine: {
                MachineRecord.current(
                    backends: catalogue.backends.map(\.details),
                    commandLine: CommandLine.arguments.joined(separator: " "))
            })
        do {
            try session.serveStandardStreams()
        } catch {
            fail("sampler: \(error)")
        }
        exit(0)
    }

    /// Why a sampler executable's arguments are refused.
    package struct OptionError: Error, Equatable {
        package var message: String
    }

    /// The OpenBLAS thread count `sampler [--openblas-threads N]` asks for (default 1, N in
    /// 1…cores), or the refusal of anything else; `program` names the executable in it.
    package static func samplerOptions(_ arguments: [String], program: String, cores: Int) -> Result<
        Int, OptionError
    > {
        var arguments = arguments[...]
        guard arguments.first == "sampler" else {
            return .failure(
                OptionError(
                    message:
                        "\(program) speaks only the sampler protocol: run it as `\(program) sampler [--openblas-threads N]`"
                ))
        }
        arguments.removeFirst()
        var threads = 1
        while let option = arguments.popFirst() {
            guard option == "--openblas-threads" else {
                return .failure(
                    OptionError(message: "unknown option \(option); \(program) takes --openblas-threads N only"))
            }
            let value = arguments.popFirst()
            guard let value, let count = Int(value), (1...cores).contains(count) else {
                return .failure(
                    OptionError(message: "--openblas-threads must be in 1…\(cores), got \(value ?? "nothing")"))
            }
            threads = count
        }
        return .success(threads)
    }
}
