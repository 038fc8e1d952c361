import RegressionGate
import Testing

/// `SamplerSession.main`'s arguments: what `springbench-sampler`, and a
/// sampler executable of a user's own package (bisect's `--product`), accept.
/// The executables themselves are run in EndToEndTests (SamplerProductTests,
/// and the bisect fixture, whose product is one).
@Suite("A sampler executable's arguments")
struct SamplerMainTests {
    @Test("sampler alone is one OpenBLAS thread; --openblas-threads N in 1…cores is N")
    func accepted() {
        #expect(SamplerSession.samplerOptions(["sampler"], program: "p", cores: 4) == .success(1))
        #expect(
            SamplerSession.samplerOptions(["sampler", "--openblas-threads", "4"], program: "p", cores: 4) == .success(4)
        )
        #expect(
            SamplerSession.samplerOptions(
                ["sampler", "--openblas-threads", "3", "--openblas-threads", "2"], program: "p", cores: 4)
                == .success(2))
    }

    @Test(
        "anything else is refused with a message naming the program, the option and the range",
        arguments: [
            (
                [],
                "fixture-bench speaks only the sampler protocol: run it as `fixture-bench sampler [--openblas-threads N]`"
            ),
            (["bench"], "fixture-bench speaks only the sampler protocol"),
            (["sampler", "--quick"], "unknown option --quick; fixture-bench takes --openblas-threads N only"),
            (["sampler", "--openblas-threads"], "--openblas-threads must be in 1…2, got nothing"),
            (["sampler", "--openblas-threads", "0"], "--openblas-threads must be in 1…2, got 0"),
            (["sampler", "--openblas-threads", "3"], "--openblas-threads must be in 1…2, got 3"),
            (["sampler", "--openblas-threads", "x", "sampler"], "--openblas-threads must be in 1…2, got x"),
        ])
    func refused(arguments: [String], message: String) {
        let result = SamplerSession.samplerOptions(arguments, program: "fixture-bench", cores: 2)
        guard case .failure(let error) = result else {
            Issue.record("\(arguments) accepted: \(result)")
            return
        }
        #expect(error.message.hasPrefix(message), "\(arguments): \(error.message)")
    }
}
