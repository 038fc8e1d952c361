#!/usr/bin/env python3
"""Runs SpringBench's test targets and shows what each cost.

    python3 Scripts/run-tests.py              # the unit tier (`make test`)
    python3 Scripts/run-tests.py --tiers      # the slow tiers only
    python3 Scripts/run-tests.py --all        # every test target (`make check`)

Which targets run is read from the manifest, never from a list kept here: a
test target named `<Module>Tests` for a module under Sources/ is a unit
target; every other test target (PlatformOracleTests, EndToEndTests,
PostgreSQLTests) is a tier of its own, run by `--all`. The tests must already
be built (`swift build --build-tests`); pass the same build flags after `--`.

Each target runs as its own process of the built test runner (what `swift test`
starts: `<bin>/SpringBenchPackageTests.xctest --testing-library swift-testing
--filter '^<target>\\.'`), its tests in parallel, two targets at a time (`--jobs`).
A tier target runs in two passes: its suites outside the namespace `RunsAlone`
with the others, then those inside it (`<target>.RunsAlone/`, Tests/EndToEndTests/RunsAlone.swift)
one test at a time with nothing beside them (`--no-parallel`), after every other
pass: those time real runs, build packages or load every core, and beside each
other on 2 cores they slowed one another (bisect 913 s beside the rest of
EndToEndTests, 199 s alone) and adaptive timing runs took more epochs. A target's
seconds are its passes' own, each beside at most one other process. At the end: a table of every target's tests and
seconds, and the ten slowest tests as the runner reported them (Swift Testing's
"passed after"; inside a unit target tests run in parallel, so a test's figure
includes any wait for a free thread). Exit 1 when a test fails or when a
selected target ran no test at all (a target that silently stopped running is
a failure, not a pass). With GITHUB_STEP_SUMMARY set, the tables are appended
to it too.
"""
import argparse
from concurrent.futures import ThreadPoolExecutor, as_completed
import json
import os
import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RUN_LINE = re.compile(r"Test run with (\d+) tests? in (\d+) suites? (passed|failed) after ([\d.]+) seconds")
TEST_LINE = re.compile(r"^[✔✘] Test (.+?)(?: with \d+ test cases?)? (passed|failed)(?: with \d+ issues?)? after ([\d.]+) seconds")


def manifest() -> dict:
    output = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True,
                            text=True).stdout
    return json.loads(output)


def test_targets(package: dict) -> tuple[list[str], list[str]]:
    """(unit targets, tier targets), each sorted."""
    modules = {t["name"] for t in package["targets"] if t["type"] in ("regular", "executable")
               and (t.get("path") or "Sources/" + t["name"]).startswith("Sources/")}
    tests = sorted(t["name"] for t in package["targets"] if t["type"] == "test")
    unit = [name for name in tests if name.endswith("Tests") and name[: -len("Tests")] in modules]
    return unit, [name for name in tests if name not in unit]


def test_bundle(build_flags: list[str]) -> Path:
    """The built test runner (what `swift test` starts), found once: starting it directly
    costs 0.1 s a target where `swift test` costs about 1 s of planning each time."""
    flags = [flag for flag in build_flags if flag != "--skip-build"]
    directory = subprocess.run(["swift", "build", "--show-bin-path", *flags], cwd=ROOT, check=True,
                               capture_output=True, text=True).stdout.strip()
    bundles = sorted(Path(directory).glob("*PackageTests.xctest"))
    if not bundles:
        sys.exit(f"run-tests: no test bundle in {directory}; build the tests first (swift build --build-tests)")
    return bundles[0]


def passes(target: str, bundle: Path, tier: bool) -> list[tuple[list[str], str]]:
    """A target's passes as (runner arguments, log suffix): a unit target's one parallel pass; a
    tier target's suites outside the `RunsAlone` namespace in parallel, then, when it declares the
    namespace, those inside it one test at a time (Tests/EndToEndTests/RunsAlone.swift)."""
    runner = [str(bundle), "--testing-library", "swift-testing"]
    alone = f"^{target}\\.RunsAlone/"
    # Only a target that declares the namespace gets the second pass (a run that matches no test
    # exits non-zero).
    declares = tier and any("enum RunsAlone" in f.read_text() for f in (ROOT / "Tests" / target).rglob("*.swift"))
    if not declares:
        return [(runner + ["--filter", f"^{target}\\."], "")]
    return [(runner + ["--filter", f"^{target}\\.", "--skip", alone], ""),
            (runner + ["--filter", alone, "--no-parallel"], "-alone")]


def run_pass(arguments: list[str], log: Path) -> tuple[int, str, float]:
    """One pass as its own process of the test runner: (status, output, seconds)."""
    started = time.monotonic()
    with open(log, "w") as handle:
        status = subprocess.run(arguments, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT).returncode
    return status, log.read_text(errors="replace"), time.monotonic() - started


def target_result(target: str, runs: list[tuple[int, str, float]], log: Path, alone_pass: bool) -> dict:
    """A target's outcome from its passes' runs, in pass order."""
    status = next((s for s, _, _ in runs if s), 0)
    texts = [text for _, text, _ in runs]
    seconds = sum(seconds for _, _, seconds in runs)
    tests, passed = 0, status == 0
    for match in RUN_LINE.finditer("\n".join(texts)):
        tests += int(match.group(1))
        passed = passed and match.group(3) == "passed"
    # A target that declares the namespace must run tests in the second pass: if the
    # identifiers' form changed, the timing suites would otherwise run in parallel unseen.
    if alone_pass and not any(int(m.group(1)) for m in RUN_LINE.finditer(texts[-1])):
        passed = False
        texts[-1] += f"\n✘ run-tests: no test matched ^{target}\\.RunsAlone/: the RunsAlone suites ran in no pass of their own"
    text = "\n".join(texts)
    slow = [(float(m.group(3)), target, m.group(1)) for m in map(TEST_LINE.match, text.splitlines())
            if m and not m.group(1).startswith("run with")]
    failures = [line for line in text.splitlines() if line.startswith("✘")]
    return {"target": target, "status": status, "tests": tests, "passed": passed, "seconds": seconds,
            "slow": slow, "failures": failures, "log": log, "text": text}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--all", action="store_true", help="every test target, not only the unit tier")
    parser.add_argument("--tiers", action="store_true", help="only the slow tiers (every target not a module's own)")
    parser.add_argument("build_flags", nargs="*",
                        help="after --: the flags the tests were built with (--traits, --scratch-path)")
    parser.add_argument("--only", nargs="*", default=[], help="run just these test targets")
    parser.add_argument("--jobs", type=int, default=2, help="test processes at once (default 2; RunsAlone passes run alone)")
    args = parser.parse_args()

    unit, tiers = test_targets(manifest())
    selected = args.only or (unit + tiers if args.all else tiers if args.tiers else unit)
    unknown = sorted(set(selected) - set(unit + tiers))
    if unknown:
        print(f"run-tests: no test target named {', '.join(unknown)}", file=sys.stderr)
        return 2
    depth = os.environ.get("SPRINGBENCH_TEST_DEPTH", "quick") or "quick"
    print(f"run-tests: {len(selected)} test targets ({'chosen' if args.only else 'every target' if args.all else 'the slow tiers' if args.tiers else 'the unit tier'}), "
          f"depth {depth}, built with {' '.join(args.build_flags) or 'the defaults'}", flush=True)
    bundle = test_bundle(args.build_flags)
    log_directory = ROOT / ".tmp" / "tests"
    log_directory.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    results = []

    def show(result: dict) -> None:
        results.append(result)
        mark = "ok" if result["passed"] and result["tests"] > 0 else "FAILED"
        print(f"  {result['target']:<32} {result['tests']:>4} tests {result['seconds']:7.1f} s  {mark}", flush=True)
        if not result["passed"]:
            for line in result["failures"][:40]:
                print("    " + line)
            if not result["failures"]:
                print("\n".join("    " + line for line in result["text"].splitlines()[-40:]))
            print(f"    (whole output: {result['log'].relative_to(ROOT)})")

    # Targets run `--jobs` at a time (each is a process using every core; a second one fills
    # the cores while the first waits on its longest test, or on the processes it runs).
    # Longest first by the last run's times on this machine (.tmp/tests/times.json), so that no
    # long target starts last; without them, largest test sources first (a fresh clone: 61.8 s
    # in manifest order, where the last run's order gives 57-60 s).
    times_file = log_directory / "times.json"
    try:
        last = json.loads(times_file.read_text())
    except (OSError, ValueError):
        last = {}
    def size(target: str) -> int:  # without a last run: the target's test sources, in bytes
        return sum(f.stat().st_size for f in (ROOT / "Tests" / target).rglob("*.swift"))

    # Every parallel pass (each unit target's, and each tier target's suites outside `RunsAlone`)
    # shares one pool of `--jobs` processes, longest first; then the `RunsAlone` passes, one at a
    # time with nothing beside them. A target is shown once all its passes ran.
    plans = {target: passes(target, bundle, target in tiers) for target in selected}
    runs: dict[str, list] = {target: [None] * len(plans[target]) for target in selected}

    def finish(target: str) -> None:
        if all(runs[target]):
            show(target_result(target, runs[target], log_directory / f"{target}.log", len(plans[target]) == 2))

    def first_pass(target: str) -> tuple[str, tuple[int, str, float]]:
        arguments, suffix = plans[target][0]
        return target, run_pass(arguments, log_directory / f"{target}{suffix}.log")

    order = sorted(selected, key=lambda t: (-float(last.get(t, 0)), -size(t)))
    with ThreadPoolExecutor(max_workers=max(1, args.jobs)) as pool:
        for future in as_completed([pool.submit(first_pass, target) for target in order]):
            target, run = future.result()
            runs[target][0] = run
            finish(target)
    for target in [t for t in selected if len(plans[t]) == 2]:
        arguments, suffix = plans[target][1]
        runs[target][1] = run_pass(arguments, log_directory / f"{target}{suffix}.log")
        finish(target)
    results.sort(key=lambda r: selected.index(r["target"]))
    times_file.write_text(json.dumps({**last, **{r["target"]: round(r["seconds"], 2) for r in results}}, indent=1))
    total = time.monotonic() - started

    lines = ["| test target | tests | seconds |", "|---|--:|--:|"]
    lines += [f"| {r['target']} | {r['tests']} | {r['seconds']:.1f} |" for r in results]
    lines.append(f"| **all {len(results)}** | **{sum(r['tests'] for r in results)}** | **{total:.1f}** |")
    slowest = sorted((s for r in results for s in r["slow"]), reverse=True)[:10]
    lines += ["", "Ten slowest tests (the runner's own figure, waits for a thread included):", "",
              "| seconds | target | test |", "|--:|---|---|"]
    lines += [f"| {seconds:.2f} | {target} | {name.replace('|', '/')} |" for seconds, target, name in slowest]
    print("\n".join(lines), flush=True)
    summary = os.environ.get("GITHUB_STEP_SUMMARY")
    if summary:
        with open(summary, "a") as handle:
            handle.write(f"### Tests ({'every target' if args.all else 'slow tiers' if args.tiers else 'unit tier'}, depth {depth})\n\n")
            handle.write("\n".join(lines) + "\n\n")

    empty = [r["target"] for r in results if r["tests"] == 0]
    failed = [r["target"] for r in results if not r["passed"]]
    if empty:
        print(f"run-tests: {', '.join(empty)} ran no test (a target that runs nothing is a failure; "
              "built without its trait?)", file=sys.stderr)
    if failed:
        # Repeated last, so that the tail of a CI log (often all that is kept) names each failure.
        for r in results:
            for line in (r["failures"] if not r["passed"] else [])[:20]:
                print(f"  {r['target']}: {line[:300]}", file=sys.stderr)
        print(f"run-tests: failures in {', '.join(failed)}", file=sys.stderr)
    return 1 if failed or empty else 0


if __name__ == "__main__":
    sys.exit(main())
