import SpringBenchCLI

// The `springbench` tool: SpringBench's command-line library with the built-in
// backends. A package of your own can do the same with its backends added:
// `SpringBenchCLI.main(adding: [BenchmarkBackend(MyBackend.self)])`.
SpringBenchCLI.main()
