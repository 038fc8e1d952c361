/// The suites of this tier that run with nothing beside them: they time real
/// runs (`bench`, `compare-builds`, `bisect`), build packages, or start
/// threads on every core.
///
/// `Scripts/run-tests.py` runs a tier target in two passes, chosen by test
/// identifier: first every suite outside this namespace, in parallel; then the
/// suites inside it (identifiers `<Target>.RunsAlone/…`), one test at a time.
/// Side by side on 2 cores, timing runs slowed one another and adaptive runs
/// took more epochs (bisect: 913 s beside the rest of EndToEndTests, 199 s
/// alone). A suite that times the machine belongs here; outside it, it still
/// passes (it asserts no timing) but measures a busier machine.
enum RunsAlone {}
