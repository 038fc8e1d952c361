import SpringBenchCLI

#if PostgreSQL
    import ResultsHistoryPostgreSQL
#endif

// The `springbench` tool: SpringBench's command-line library with the built-in
// backends, and `history --database postgresql://…` (ResultsHistoryPostgreSQL;
// the package trait `PostgreSQL`, off by default; `--traits PostgreSQL`). A package of your own can do
// the same with its backends added: `PostgreSQLHistory.register()` (when it
// wants PostgreSQL), then `SpringBenchCLI.main(adding: [BenchmarkBackend(MyBackend.self)])`.
#if PostgreSQL
    PostgreSQLHistory.register()
#endif
SpringBenchCLI.main()
