import ResultsHistoryPostgreSQL
import SpringBenchCLI

// The `springbench` tool: SpringBench's command-line library with the built-in
// backends, and `history --database postgresql://…` (ResultsHistoryPostgreSQL).
// A package of your own can do the same with its backends added:
// `PostgreSQLHistory.register()` (when it wants PostgreSQL), then
// `SpringBenchCLI.main(adding: [BenchmarkBackend(MyBackend.self)])`.
PostgreSQLHistory.register()
SpringBenchCLI.main()
