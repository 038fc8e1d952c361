"""Tests of Scripts/mutants.py's choices that need no build: the order of a mutant's stages and
their time limits. `python3 -m unittest discover -s Scripts -p 'test_*.py'`."""

import importlib.util
import os
import sys
import time
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("mutants", os.path.join(HERE, "mutants.py"))
mutants = importlib.util.module_from_spec(spec)
sys.modules["mutants"] = mutants
spec.loader.exec_module(mutants)


def suite() -> "mutants.Suite":
    reaches = {
        "VectorKernelsTests": {"VectorKernels"},
        "BenchmarkingTests": {"Benchmarking", "VectorKernels"},
        "ReportingTests": {"Reporting"},
        "EndToEndTests": {"Benchmarking", "VectorKernels", "Reporting"},
        "StressTests": {"VectorKernels"},
    }
    units = ["BenchmarkingTests", "ReportingTests", "VectorKernelsTests"]
    found = mutants.Suite("/b/Tests.xctest", units + ["EndToEndTests", "StressTests"], reaches, {"EndToEndTests"},
                          set(units))
    found.seconds = {"VectorKernelsTests": 5, "BenchmarkingTests": 30, "ReportingTests": 2, "EndToEndTests": 100,
                     "StressTests": 10}
    return found


def filters(command: list[str]) -> list[str]:
    return [command[i + 1] for i, a in enumerate(command) if a == "--filter"]


class StageTests(unittest.TestCase):
    def test_own_then_reaching_units_then_verify_then_reaching_tiers_then_the_rest(self):
        stages = suite().stages("Sources/VectorKernels/Backends/SIMDBackend.swift")
        self.assertEqual([name for name, _, _ in stages], ["own", "dependents", "verify", "tiers", "rest"])
        by_name = {name: commands for name, commands, _ in stages}
        self.assertEqual(filters(by_name["own"][0]), ["^VectorKernelsTests\\."])
        self.assertEqual(filters(by_name["dependents"][0]), ["^BenchmarkingTests\\."])
        self.assertEqual(filters(by_name["rest"][0]), ["^ReportingTests\\."])
        # A tier with a RunsAlone namespace: its other suites, then those one test at a time.
        tiers = by_name["tiers"]
        self.assertEqual(filters(tiers[0]), ["^EndToEndTests\\.", "^StressTests\\."])
        self.assertIn("^EndToEndTests\\.RunsAlone/", tiers[0])
        self.assertEqual(filters(tiers[1]), ["^EndToEndTests\\.RunsAlone/"])
        self.assertIn("--no-parallel", tiers[1])

    def test_a_target_whose_tests_all_run_alone_has_no_parallel_pass(self):
        # The runner exits 69 for a pass that runs no test: it must not be asked to run one.
        found = suite()
        found.alone |= {"VectorKernelsTests"}
        found.tests = {"VectorKernelsTests.RunsAlone/Pool/a()": "a", "BenchmarkingTests.Plan/b()": "b",
                       "EndToEndTests.RunsAlone/Bench/c()": "c", "EndToEndTests.Outcome/d()": "d"}
        own = found.passes(["VectorKernelsTests"])
        self.assertEqual([filters(c) for c in own], [["^VectorKernelsTests\\.RunsAlone/"]])
        both = found.passes(["VectorKernelsTests", "EndToEndTests"])
        self.assertEqual(filters(both[0]), ["^EndToEndTests\\."])
        self.assertEqual(filters(both[1]), ["^VectorKernelsTests\\.RunsAlone/", "^EndToEndTests\\.RunsAlone/"])

    def test_limits_are_four_times_the_unmutated_time_and_at_least_a_minute(self):
        limits = {name: limit for name, _, limit in suite().stages("Sources/VectorKernels/A.swift")}
        self.assertEqual(limits["own"], 60.0)
        self.assertEqual(limits["dependents"], 120.0)
        self.assertEqual(limits["tiers"], 440.0)
        self.assertIsNone(limits["verify"])

    def test_a_module_no_unit_target_reaches_skips_the_dependents(self):
        stages = suite().stages("Sources/Reporting/Report.swift")
        self.assertEqual([name for name, _, _ in stages], ["own", "verify", "tiers", "rest"])
        by_name = {name: commands for name, commands, _ in stages}
        self.assertEqual(filters(by_name["tiers"][0]), ["^EndToEndTests\\."])


if __name__ == "__main__":
    unittest.main()


class KillerTests(unittest.TestCase):
    def test_an_event_streams_failing_tests_without_their_location(self):
        import json
        import tempfile
        events = [
            {"kind": "event", "payload": {"kind": "testStarted", "testID": "A.S/t()/S.swift:3:6"}},
            {"kind": "event", "payload": {"kind": "issueRecorded", "testID": "A.S/t()/S.swift:3:6",
                                          "issue": {"isKnown": False}}},
            {"kind": "event", "payload": {"kind": "issueRecorded", "testID": "A.S/known()/S.swift:9:6",
                                          "issue": {"isKnown": True}}},
            {"kind": "event", "payload": {"kind": "issueRecorded", "testID": "A.S/u(x:)/S.swift:12:6",
                                          "issue": {"isKnown": False}}},
            {"kind": "event", "payload": {"kind": "issueRecorded", "testID": "A.S/t()/S.swift:3:6",
                                          "issue": {"isKnown": False}}},
        ]
        with tempfile.NamedTemporaryFile("w", suffix=".events", delete=False) as handle:
            handle.write("\n".join(json.dumps(e) for e in events) + "\n{truncated")
        try:
            self.assertEqual(mutants.failing_tests(handle.name), ["A.S/t()", "A.S/u(x:)"])
        finally:
            os.remove(handle.name)

    def test_the_previous_stage_runs_only_tests_that_still_exist(self):
        found = suite()
        found.tests = {"VectorKernelsTests.S/a(_:)": "a", "EndToEndTests.RunsAlone.T/b()": "b"}
        self.assertIsNone(found.previous(["Gone.S/x()"]))
        name, commands, limit = found.previous(["VectorKernelsTests.S/a(_:)", "Gone.S/x()"])
        self.assertEqual(filters(commands[0]), ["^VectorKernelsTests\\.S/a\\(_:\\)(/|$)"])
        self.assertEqual(limit, 60.0)
        _, commands, limit = found.previous(["EndToEndTests.RunsAlone.T/b()"])
        self.assertIn("--no-parallel", commands[0])
        self.assertEqual(limit, 400.0)

    def test_a_runner_that_died_names_the_tests_it_was_running(self):
        import json
        import tempfile
        events = [
            {"kind": "event", "payload": {"kind": "testStarted", "testID": "A.S"}},
            {"kind": "event", "payload": {"kind": "testStarted", "testID": "A.S/done()/S.swift:3:6"}},
            {"kind": "event", "payload": {"kind": "testEnded", "testID": "A.S/done()/S.swift:3:6"}},
            {"kind": "event", "payload": {"kind": "testStarted", "testID": "A.S/crashes()/S.swift:8:6"}},
        ]
        with tempfile.NamedTemporaryFile("w", suffix=".events", delete=False) as handle:
            handle.write("\n".join(json.dumps(e) for e in events) + "\n")
        try:
            self.assertEqual(mutants.failing_tests(handle.name), ["A.S/crashes()"])
        finally:
            os.remove(handle.name)


class NamedKillerTests(unittest.TestCase):
    """The run stops at the runner's first failing line, often before the event stream has that
    issue: the line's test name is looked up in the runner's listing, ahead of the tests that were
    merely running beside it."""

    def setUp(self):
        self.saved = dict(mutants.TEST_IDS)
        mutants.TEST_IDS.clear()
        mutants.TEST_IDS.update({"Refused, naming the output": ["E.OutputIsInputTests/refused(_:)"],
                                 "unusable(kind:)": ["E.HistoryCLITests/unusable(kind:)"]})

    def tearDown(self):
        mutants.TEST_IDS.clear()
        mutants.TEST_IDS.update(self.saved)

    def stream(self, events: list[dict]) -> str:
        import json
        import tempfile
        with tempfile.NamedTemporaryFile("w", suffix=".events", delete=False) as handle:
            handle.write("\n".join(json.dumps(e) for e in events) + "\n")
        self.addCleanup(os.remove, handle.name)
        return handle.name

    def test_a_failing_line_beats_the_tests_still_running(self):
        path = self.stream([
            {"kind": "event", "payload": {"kind": "testStarted", "testID": "S.OperandReuseTests/chain()/O.swift:3:6"}},
            {"kind": "event", "payload": {"kind": "testStarted", "testID": "E.OutputIsInputTests/refused(_:)/O.swift:9:6"}},
        ])
        lines = ['✘ Test "Refused, naming the output" recorded an issue with 3 arguments at O.swift:90:9: failed',
                 "✘ Test unusable(kind:) recorded an issue with 1 argument kind → .foreign at H.swift:326:13: x"]
        self.assertEqual(mutants.failing_tests(path, lines),
                         ["E.OutputIsInputTests/refused(_:)", "E.HistoryCLITests/unusable(kind:)"])
        # Without the lines, only what was running is known.
        self.assertEqual(mutants.failing_tests(path), ["S.OperandReuseTests/chain()", "E.OutputIsInputTests/refused(_:)"])

    def test_the_streams_own_issue_comes_first(self):
        path = self.stream([{"kind": "event", "payload": {"kind": "issueRecorded", "testID": "A.S/t()/S.swift:3:6",
                                                          "issue": {"isKnown": False}}}])
        self.assertEqual(mutants.failing_tests(path, ['✘ Test "Refused, naming the output" recorded an issue']),
                         ["A.S/t()"])


class GitRepository:
    """A throwaway git repository with one commit, standing in for the project's tree."""

    def __init__(self, files: dict[str, str]):
        import subprocess
        import tempfile
        self.directory = tempfile.TemporaryDirectory()
        self.root = self.directory.name
        self.run = lambda *args: subprocess.run(["git", *args], cwd=self.root, check=True, capture_output=True,
                                                text=True).stdout.strip()
        self.run("init", "-q")
        self.run("config", "user.email", "t@example.invalid")
        self.run("config", "user.name", "t")
        for path, text in files.items():
            self.write(path, text)
        self.run("add", "-A")
        self.run("commit", "-q", "-m", "first")
        self.first = self.run("rev-parse", "HEAD")

    def write(self, path: str, text: str) -> None:
        full = os.path.join(self.root, path)
        os.makedirs(os.path.dirname(full), exist_ok=True)
        with open(full, "w", encoding="utf-8") as handle:
            handle.write(text)

    def read(self, path: str) -> str:
        with open(os.path.join(self.root, path), encoding="utf-8") as handle:
            return handle.read()


class InTree(unittest.TestCase):
    """Runs with mutants.ROOT pointed at a throwaway repository."""

    def setUp(self):
        self.repository = GitRepository({"Sources/A/a.swift": "let a = 1\n", "Sources/B/b.swift": "let b = 2\n",
                                         "README.md": "r\n"})
        self.saved_root = mutants.ROOT
        mutants.ROOT = self.repository.root
        mutants.SAVED.clear()

    def tearDown(self):
        mutants.ROOT = self.saved_root
        mutants.SAVED.clear()
        self.repository.directory.cleanup()


class InPlaceTests(InTree):
    def test_every_rewritten_file_is_put_back_and_every_new_one_removed(self):
        root = self.repository.root
        mutants.write_file(root, "Sources/A/a.swift", "let a = 100\n")
        mutants.write_file(root, "Sources/A/a.swift", "let a = 200\n")  # the first text is the one kept
        mutants.write_file(root, "Sources/A/_MutantSchema.swift", "helper\n")
        self.assertEqual(self.repository.read("Sources/A/a.swift"), "let a = 200\n")
        mutants.restore_tree(root)
        self.assertEqual(self.repository.read("Sources/A/a.swift"), "let a = 1\n")
        self.assertFalse(os.path.exists(os.path.join(root, "Sources/A/_MutantSchema.swift")))
        self.assertEqual(self.repository.run("status", "--porcelain"), "")
        self.assertEqual(mutants.SAVED, {})

    def test_a_scratch_copy_keeps_no_originals(self):
        import tempfile
        with tempfile.TemporaryDirectory() as scratch:
            os.makedirs(os.path.join(scratch, "Sources/A"))
            mutants.write_file(scratch, "Sources/A/a.swift", "let a = 3\n")
            self.assertEqual(mutants.SAVED, {})
            mutants.restore_tree(scratch)  # synced from the tree again
            with open(os.path.join(scratch, "Sources/A/a.swift"), encoding="utf-8") as handle:
                self.assertEqual(handle.read(), "let a = 1\n")


class LimitTests(unittest.TestCase):
    def test_a_command_that_prints_nothing_is_stopped_at_its_limit(self):
        import tempfile
        with tempfile.TemporaryDirectory() as directory:
            log = os.path.join(directory, "log")
            started = time.monotonic()
            # Silent, with a grandchild holding the pipe open: only the session's end closes it.
            state, seconds, _ = mutants.run_once(["sh", "-c", "sleep 60 & sleep 60"], directory, 1.0, True, log, {})
            self.assertEqual(state, "timeout")
            self.assertLess(time.monotonic() - started, 30)

    def test_a_quick_command_is_not_stopped(self):
        import tempfile
        with tempfile.TemporaryDirectory() as directory:
            state, _, _ = mutants.run_once(["sh", "-c", "echo ok"], directory, 30.0, True,
                                           os.path.join(directory, "log"), {})
            self.assertEqual(state, "pass")


class PristineTests(InTree):
    """A mutant rebuilt on the schema's tree is applied to its file as committed or edited, never
    to the schema's rewrite of it."""

    def test_in_place_the_text_before_the_schema(self):
        root = self.repository.root
        mutants.write_file(root, "Sources/A/a.swift", "let a = (_springbenchMutant(1) ? (5) : (1))\n")
        self.assertEqual(mutants.pristine(root, "Sources/A/a.swift"), "let a = 1\n")
        self.assertEqual(mutants.pristine(root, "Sources/B/b.swift"), "let b = 2\n")
        mutants.restore_tree(root)

    def test_in_a_scratch_copy_the_trees_text(self):
        import tempfile
        with tempfile.TemporaryDirectory() as scratch:
            os.makedirs(os.path.join(scratch, "Sources/A"))
            mutants.write_file(scratch, "Sources/A/a.swift", "let a = (_springbenchMutant(1) ? (5) : (1))\n")
            self.assertEqual(mutants.pristine(scratch, "Sources/A/a.swift"), "let a = 1\n")


class SinceReportTests(InTree):
    def record(self, content) -> str:
        import json
        path = os.path.join(self.repository.root, "mutants.json")
        with open(path, "w", encoding="utf-8") as handle:
            handle.write(content if isinstance(content, str) else json.dumps(content))
        return path

    def exit_status(self, record: str) -> tuple[int, str]:
        import contextlib
        import io
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors), self.assertRaises(SystemExit) as stopped:
            mutants.report_revision(record)
        return stopped.exception.code, errors.getvalue()

    def test_the_changed_files_are_those_since_the_recorded_commit_and_those_it_had_uncommitted(self):
        self.repository.write("Sources/B/b.swift", "let b = 3\n")
        self.repository.run("commit", "-qam", "second")
        self.repository.write("README.md", "changed, not committed\n")
        commit, uncommitted = mutants.report_revision(
            self.record({"commit": self.repository.first, "uncommitted": ["Sources/A/a.swift"]}))
        self.assertEqual(commit, self.repository.first)
        self.assertEqual(mutants.changed_files(commit) | uncommitted,
                         {"Sources/B/b.swift", "README.md", "Sources/A/a.swift"})

    def test_a_record_without_a_usable_commit_is_refused_with_its_json_path(self):
        for content, needle in (({"started": "x"}, "$.commit"), ({"commit": "abc"}, "$.commit"),
                                ("not json", "is not JSON"), ([1, 2], "$.commit"),
                                ({"commit": "a" * 40, "uncommitted": "Sources"}, "$.uncommitted")):
            status, message = self.exit_status(self.record(content))
            self.assertEqual(status, 2, content)
            self.assertIn(needle, message, content)
        status, message = self.exit_status(os.path.join(self.repository.root, "missing.json"))
        self.assertEqual((status, "no missing.json" in message or "missing.json" in message), (2, True))

    def test_the_tree_state_names_the_commit_and_every_changed_or_untracked_file(self):
        self.repository.write("Sources/A/a.swift", "let a = 5\n")
        self.repository.write("Sources/C/new.swift", "let c = 0\n")
        commit, changed = mutants.tree_state()
        self.assertEqual(commit, self.repository.first)
        self.assertEqual(changed, ["Sources/A/a.swift", "Sources/C/new.swift"])


class EvidenceTests(unittest.TestCase):
    def setUp(self):
        import tempfile
        self.logs = tempfile.TemporaryDirectory()
        # Every path the runs use is the test's own (run() ends what it started under the products).
        self.saved = (mutants.LAYOUT.logs, mutants.LAYOUT.scratch)
        mutants.LAYOUT.logs = mutants.LAYOUT.scratch = self.logs.name

    def tearDown(self):
        mutants.LAYOUT.logs, mutants.LAYOUT.scratch = self.saved
        self.logs.cleanup()

    def test_a_catching_command_that_also_fails_unmutated_stops_the_run(self):
        import contextlib
        import io
        passing = mutants.Evidence(["sh", "-c", "exit 0"], {}, 10, "m.one")
        failing = mutants.Evidence(["sh", "-c", 'test "$X" = 1'], {"X": "2"}, 10, "m.two")
        with contextlib.redirect_stdout(io.StringIO()):
            mutants.check_evidence(self.logs.name, [passing, passing])
        errors = io.StringIO()
        with contextlib.redirect_stderr(errors), contextlib.redirect_stdout(io.StringIO()), \
                self.assertRaises(SystemExit) as stopped:
            mutants.check_evidence(self.logs.name, [passing, failing])
        self.assertEqual(stopped.exception.code, 2)
        self.assertIn("m.two", errors.getvalue())

    def test_the_environment_is_part_of_the_command(self):
        import contextlib
        import io
        # With its own variables (a mutant's `env:`) the same command passes.
        with contextlib.redirect_stdout(io.StringIO()) as output:
            mutants.check_evidence(self.logs.name, [mutants.Evidence(["sh", "-c", 'test "$X" = 1'], {"X": "1"}, 10,
                                                                      "m.three")])
        self.assertIn("1 command(s)", output.getvalue())
