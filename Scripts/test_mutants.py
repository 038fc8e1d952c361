"""Tests of Scripts/mutants.py's choices that need no build: the order of a mutant's stages and
their time limits. `python3 -m unittest discover -s Scripts -p 'test_*.py'`."""

import importlib.util
import os
import sys
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
