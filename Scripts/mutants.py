#!/usr/bin/env python3
"""SpringBench's own mutation check.

Applies each mutation listed in Mutants/mutants.txt, one at a time, to a scratch
copy of the working tree, and asks whether the project notices: first the test
suite (`swift test`), then, if every test passes, `springbench verify`. A mutant
is *caught* when either fails (or a build of the tests fails to compile, which
the list forbids: every mutant must compile, so that counts as an error of the
list), and *survived* when both pass. Mutants the list marks `equivalent:` are
expected to survive, with the reason given there.

    make mutants                       # every mutant, Reports/mutants.md
    python3 Scripts/mutants.py --only kernels.simd-tail    # some, by id prefix
    python3 Scripts/mutants.py --full  # run failing suites to their end too
    python3 Scripts/mutants.py --only ID --report Reports/mutants.md --merge
                                       # run ID again (after a new test) and replace its row
    python3 Scripts/mutants.py --changed origin/main
                                       # only the mutants of files changed since a revision
                                       # (committed or not): what a change may have weakened

With SPRINGBENCH_POSTGRES_URL set (a server: `eval "$(bash .ci/postgres-start)"`), the copy is
built and tested with the trait PostgreSQL, so the PostgreSQL store's mutants are judged by its
tests; without it they are named and left out, neither caught nor survived. A mutant with `env:`
runs its tests with those variables (the portable fallbacks).

One build serves (almost) every mutant: Scripts/mutant_schemata.py writes each
mutant's function body beside the original, behind SPRINGBENCH_MUTANT=<number>
(a mutant schema), and the copy is built once; the unmutated suite runs first on
that build (every test target, each one's time kept), then each mutant runs the
tests that caught it in the last recorded run (Reports/mutants.json's `killers`,
read from Swift Testing's event stream; only an order), its module's own test
target, the unit targets that reach its module, and only if it
survived those the rest of the suite (the end-to-end and stress tiers) and
`springbench verify`. Each stage stops at its first failing test and has a time
limit of four times its targets' unmutated time (at least 60 s: a mutant that
loops is caught by the limit). A mutant of a stored value's operand is chosen
the same way, in the value itself. The mutants the schema cannot hold (a type,
an enum case, a C macro's body, a script: `--check` counts them) and any whose
schema does not compile are built one at a time afterwards, each on the schema's
tree with its own file as the list mutates it (no variable set: every other
choice is the original), as `--rebuild` builds every mutant on the unmutated
tree; the report says which and why.

The scratch copy lives in .build-mutants/ (ignored by git) and keeps its build
directory between runs. A failing suite is stopped at its first failure unless
--full is given; --full measures how long a failing suite takes to end, which
must be about as long as a passing one.

Exit status: 0 when every mutant not marked equivalent is caught, 1 when some
survived, 2 for a bad list, a baseline that fails, or a bad option.
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import filecmp
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import mutant_schemata  # noqa: E402

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# A Swift Testing failure, or an XCTest one.
FAILURE = re.compile(r"(✘ Test .*(recorded an issue|failed))|(error: -\[)|(Fatal error)|(Test run .* failed)")
# A test's display name may itself contain quotes: it ends where " recorded",
# " failed" or " with" follows the closing quote.
FAILING_TEST = re.compile(r"✘ Test (\".*?\"(?= (?:recorded|failed|with) )|\S+)")


@dataclass
class Mutant:
    ident: str
    path: str
    find: str
    replace: str
    why: str
    occurrence: int = 1
    explicit_occurrence: bool = False
    equivalent: str | None = None
    line: int = 0
    env: dict[str, str] | None = None


@dataclass
class Outcome:
    mutant: Mutant
    status: str  # caught, survived, equivalent, equivalent-but-caught, invalid
    by: str = ""
    seconds: float = 0.0
    detail: list[str] = field(default_factory=list)
    # The tests that failed first (Swift Testing IDs without their source location): the next
    # run tries them first.
    killers: list[str] = field(default_factory=list)


@dataclass
class Layout:
    """Where mutants are built and run: the source tree (the scratch copy, or with --in-place this
    tree itself), the build directory and its configuration, and the logs."""
    tree: str
    scratch: str
    configuration: str = "debug"
    logs: str = ""

    @property
    def products(self) -> str:
        return os.path.join(self.scratch, self.configuration)

    def flags(self) -> list[str]:
        return ["-c", self.configuration, "--scratch-path", self.scratch, *TRAIT_FLAGS]


LAYOUT = Layout(os.path.join(ROOT, ".build-mutants"), os.path.join(ROOT, ".build-mutants", ".build"),
                logs=os.path.join(ROOT, ".build-mutants", ".build-mutants-logs"))


def fail(message: str) -> None:
    print(f"error: {message}", file=sys.stderr)
    sys.exit(2)


def parse_list(path: str) -> list[Mutant]:
    """Blocks separated by blank lines; `key: value` lines; `#` comments."""
    mutants: list[Mutant] = []
    fields: dict[str, str] = {}
    start = 0

    def flush() -> None:
        nonlocal fields
        if not fields:
            return
        for key in ("id", "file", "find", "replace", "why"):
            if key not in fields:
                fail(f"{path}:{start}: mutant without '{key}:'")
        mutant = Mutant(
            ident=fields["id"], path=fields["file"],
            find=fields["find"].replace("\\n", "\n"), replace=fields["replace"].replace("\\n", "\n"),
            why=fields["why"], occurrence=int(fields.get("occurrence", "1")), explicit_occurrence="occurrence" in fields,
            equivalent=fields.get("equivalent"), line=start,
            env=dict(item.split("=", 1) for item in fields["env"].split()) if "env" in fields else None)
        mutants.append(mutant)
        fields = {}

    with open(path, encoding="utf-8") as handle:
        for number, raw in enumerate(handle, start=1):
            line = raw.rstrip("\n")
            if line.startswith("#"):
                continue
            if not line.strip():
                flush()
                continue
            key, separator, value = line.partition(": ")
            if not separator:
                if line.endswith(":") and line[:-1] in ("replace",):
                    key, value = line[:-1], ""
                else:
                    fail(f"{path}:{number}: expected 'key: value', got {line!r}")
            if not fields:
                start = number
            if key not in ("id", "file", "find", "replace", "why", "occurrence", "equivalent", "env"):
                fail(f"{path}:{number}: unknown key {key!r}")
            fields[key] = value
        flush()
    seen: set[str] = set()
    for mutant in mutants:
        if mutant.ident in seen:
            fail(f"{path}:{mutant.line}: duplicate id {mutant.ident}")
        seen.add(mutant.ident)
    return mutants


def apply(mutant: Mutant, source: str) -> str:
    """The mutated text; the `occurrence`-th match of `find` is replaced."""
    index = -1
    for _ in range(mutant.occurrence):
        index = source.find(mutant.find, index + 1)
        if index < 0:
            raise ValueError(f"'{mutant.find}' occurs fewer than {mutant.occurrence} time(s) in {mutant.path}")
    if not mutant.explicit_occurrence and source.count(mutant.find) > 1:
        raise ValueError(f"'{mutant.find}' occurs {source.count(mutant.find)} times in {mutant.path}: add 'occurrence:'")
    return source[:index] + mutant.replace + source[index + len(mutant.find):]


# With --in-place, each file this run has rewritten in the tree, and its text before (None: the
# file was new), so that restore_tree puts every one back, on any exit (SIGTERM and SIGINT included).
SAVED: dict[str, str | None] = {}


def write_file(work: str, path: str, text: str) -> None:
    """Writes `path` (relative) in the tree the mutants are built from, keeping its text first when
    that is this tree itself."""
    full = os.path.join(work, path)
    if work == ROOT and path not in SAVED:
        SAVED[path] = None
        if os.path.exists(full):
            with open(full, encoding="utf-8") as handle:
                SAVED[path] = handle.read()
    with open(full, "w", encoding="utf-8") as handle:
        handle.write(text)


def pristine(work: str, path: str) -> str:
    """`path`'s text in this tree as committed or edited, before this run rewrote anything."""
    if work == ROOT and SAVED.get(path) is not None:
        return SAVED[path]  # type: ignore[return-value]
    with open(os.path.join(ROOT, path), encoding="utf-8") as handle:
        return handle.read()


def restore_tree(work: str) -> None:
    """The unmutated tree again: the scratch copy synced from this tree, or (--in-place) every file
    this run rewrote put back as it was."""
    if work != ROOT:
        sync_tree(work)
        return
    for path, text in list(SAVED.items()):
        full = os.path.join(ROOT, path)
        if text is None:
            if os.path.exists(full):
                os.remove(full)
        else:
            with open(full, "w", encoding="utf-8") as handle:
                handle.write(text)
        del SAVED[path]


def sync_tree(work: str) -> None:
    """Copies the working tree's tracked and unignored files into `work`,
    touching only files whose content changed (so builds stay incremental)."""
    assert work != ROOT, "the scratch copy is not the tree itself"
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=ROOT, check=True, capture_output=True).stdout.decode().split("\0")
    wanted = {name for name in listed if name and os.path.isfile(os.path.join(ROOT, name))}
    for name in sorted(wanted):
        source, target = os.path.join(ROOT, name), os.path.join(work, name)
        if os.path.exists(target) and filecmp.cmp(source, target, shallow=False):
            continue
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copy2(source, target)
    # Files deleted from the tree leave the copy too (its build directories stay).
    for directory, subdirectories, files in os.walk(work):
        relative = os.path.relpath(directory, work)
        subdirectories[:] = [d for d in subdirectories
                             if not (relative == "." and (d.startswith(".build") or d == ".swiftpm"))
                             and not d.startswith(".build")]
        for name in files:
            path = os.path.normpath(os.path.join(relative, name))
            if path not in wanted and not path.startswith("verify-output"):
                os.remove(os.path.join(directory, name))


def run(command: list[str], cwd: str, timeout: float, stop_at_failure: bool, log: str,
        extra_env: dict[str, str] | None = None) -> tuple[str, float, list[str]]:
    try:
        return run_once(command, cwd, timeout, stop_at_failure, log, extra_env or {})
    finally:
        # Whatever the scratch build started (test bundles, springbench) ends
        # with the run: only this script runs binaries from there.
        subprocess.run(["pkill", "-KILL", "-f", LAYOUT.products + "/"], capture_output=True)


def run_once(command: list[str], cwd: str, timeout: float, stop_at_failure: bool, log: str,
             extra_env: dict[str, str]) -> tuple[str, float, list[str]]:
    """Runs `command`; returns ("pass" | "fail" | "timeout", seconds, failing lines)."""
    start = time.monotonic()
    failures: list[str] = []
    # NO_COLOR: Swift Testing's lines plain, so FAILURE sees the first failing test and stops there.
    env = dict(os.environ, SWIFT_BACKTRACE="enable=no", NO_COLOR="1", **extra_env)
    with open(log, "w", encoding="utf-8") as output:
        process = subprocess.Popen(command, cwd=cwd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                   env=env, start_new_session=True, text=True, errors="replace")
        assert process.stdout is not None
        deadline = start + timeout
        timed_out = False
        # The limit holds while the command prints nothing too (a hung pool, a deadlock): a timer
        # ends its session, which closes the pipe this loop reads.
        expired = threading.Event()

        def expire() -> None:
            expired.set()
            kill_session(process.pid)

        watchdog = threading.Timer(timeout, expire)
        watchdog.daemon = True
        watchdog.start()
        try:
            os.set_blocking(process.stdout.fileno(), True)
            for line in process.stdout:
                output.write(line)
                if FAILURE.search(line):
                    failures.append(line.strip())
                    if stop_at_failure:
                        break
        finally:
            watchdog.cancel()
        timed_out = expired.is_set()
        if process.poll() is None:
            if failures or timed_out:
                kill_session(process.pid)
            try:
                process.wait(timeout=max(1.0, deadline - time.monotonic()))
            except subprocess.TimeoutExpired:
                timed_out = True
                kill_session(process.pid)
                process.wait()
        # `swift test` starts the test bundle in a session of its own making
        # or leaves it behind when killed: nothing of the run may outlive it.
        kill_session(process.pid)
    seconds = time.monotonic() - start
    if timed_out:
        return "timeout", seconds, failures
    if failures or process.returncode != 0:
        return "fail", seconds, failures
    return "pass", seconds, failures


def all_passed(log: str) -> bool:
    """Whether the log's Swift Testing summary says every test passed."""
    with open(log, encoding="utf-8", errors="replace") as handle:
        return any(re.search(r"Test run with \d+ tests? .*passed", line) for line in handle)


def kill_session(session: int) -> None:
    """Kills every process of `session` (the runner's child started it), and
    the test bundles and tools the child started in new groups."""
    try:
        os.killpg(session, signal.SIGKILL)
    except ProcessLookupError:
        pass
    subprocess.run(["pkill", "-KILL", "-s", str(session)], capture_output=True)


# With a PostgreSQL server (SPRINGBENCH_POSTGRES_URL, `eval "$(bash .ci/postgres-start)"`), the
# scratch copy builds and tests with the trait PostgreSQL, so mutants of the PostgreSQL store are
# judged by its tests against that server; without one, those mutants are left out of the run
# (named, neither caught nor survived) instead of "surviving" a build that does not compile them.
POSTGRES_PATHS = ("Sources/ResultsHistoryPostgreSQL/", "Sources/CLibPQ/", "Tests/PostgreSQLTests/",
                  "Tests/_PostgreSQLTestSupport/")
TRAIT_FLAGS = ["--traits", "PostgreSQL"] if os.environ.get("SPRINGBENCH_POSTGRES_URL") else []


def build(work: str, log: str) -> bool:
    with open(log, "w", encoding="utf-8") as output:
        result = subprocess.run(["swift", "build", "--build-tests", *LAYOUT.flags()], cwd=work, stdout=output,
                                stderr=subprocess.STDOUT)
    return result.returncode == 0


# Sources/<module>/ → the test target that tests it first: `<module>Tests`
# (every module has one, Scripts/check-manifest.py checks); C targets and the
# executable are tested through the Swift module that wraps them.
OWN_TESTS = {"CMachineFacts": "MachineFactsTests", "springbench": "EndToEndTests", "springbench-sampler": "EndToEndTests",
             "CVectorKernels": "VectorKernelsTests", "CWorkerPool": "ParallelKernelsTests",
             "CPortableFallbacks": "ParallelKernelsTests", "CCPUAffinity": "MachineFactsTests",
             "CVectorLoops": "BenchmarkingTests", "CChildProcess": "SpringBenchSupportTests",
             "CSignalRelay": "SpringBenchFilesTests", "CAllocationCounting": "BenchmarkingTests"}


def own_tests(path: str | None) -> str | None:
    """The test target to run first for a mutant of `path`, if any."""
    if not path:
        return None
    parts = path.split("/")
    if len(parts) < 2 or parts[0] != "Sources":
        return None
    target = OWN_TESTS.get(parts[1], parts[1] + "Tests")
    return target if os.path.isdir(os.path.join(ROOT, "Tests", target)) else None


VERIFY = "verify"


def event_stream(command: list[str], log: str) -> tuple[list[str], str | None]:
    """The command with Swift Testing's event stream written beside `log`, when it runs a test
    bundle (its path, else None)."""
    if not command or not command[0].endswith(".xctest"):
        return command, None
    path = log + ".events"
    return command + ["--event-stream-output-path", path, "--event-stream-version", "0"], path


# Every test's display name (or function name, as the runner prints it) -> its IDs: the runner's
# listing (Suite.list_tests), to name the tests of a failing line the event stream has not yet seen.
TEST_IDS: dict[str, list[str]] = {}


def failing_tests(path: str | None, lines: list[str] | tuple[str, ...] = ()) -> list[str]:
    """The tests that recorded an issue (not a known one) in an event stream, in order, each as its
    ID without the source location (`Module.Suite/test(arg:)`). When none did: the tests the
    runner's own failing `lines` name (the run is stopped at the first such line, often before the
    stream has its issue), looked up in TEST_IDS; when those name none either (the runner crashed,
    or was stopped at its time limit), the tests that had started and not ended."""
    named: list[str] = []
    for line in lines:
        match = FAILING_TEST.search(line)
        name = match.group(1).strip('"') if match else ""
        for test in TEST_IDS.get(name, []):
            if test not in named:
                named.append(test)
    found: list[str] = []
    running: list[str] = []
    if not path or not os.path.exists(path):
        return found
    with open(path, encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                record = json.loads(line)
            except ValueError:
                continue
            payload = record.get("payload") or {}
            if record.get("kind") != "event":
                continue
            test = strip_location(payload.get("testID") or "")
            kind = payload.get("kind")
            if kind == "testStarted" and test:
                running.append(test)
            elif kind == "testEnded" and test in running:
                running.remove(test)
            elif kind == "issueRecorded" and test and not (payload.get("issue") or {}).get("isKnown"):
                if test not in found:
                    found.append(test)
    # Suites start and end around their tests: only the innermost (a test, not its suite) counts.
    unfinished = [t for t in running if not any(other.startswith(t + "/") for other in running)]
    return found or named or unfinished


def strip_location(test_id: str) -> str:
    """`Module.Suite/test()/File.swift:12:6` without `/File.swift:12:6` (it moves with every edit)."""
    return re.sub(r"/[^/]+\.swift:\d+:\d+$", "", test_id)


@dataclass
class Evidence:
    """The command that caught a mutant, to be run once with no mutant chosen: a verdict counts
    only if the unmutated tree passes the same command (within the same time limit)."""
    command: list[str]
    env: dict[str, str]
    limit: float
    label: str

    def key(self) -> tuple:
        return (tuple(self.command), tuple(sorted(self.env.items())), self.limit)


def judge(work: str, args: argparse.Namespace, label: str,
          stages: list[tuple[str, list[list[str]], float | None]],
          env: dict[str, str] | None = None, killers: list[str] | None = None,
          evidence: list[Evidence] | None = None) -> tuple[str, str, float, list[str]]:
    """Runs the suite's stages (each a list of runner commands, and its own time limit or None for
    --timeout) and `springbench verify` (where a stage named VERIFY stands, or last):
    ("caught" | "passed", by whom, seconds, lines). The command that caught it goes to `evidence`."""
    logs = LAYOUT.logs
    os.makedirs(logs, exist_ok=True)
    plain_env = {key: value for key, value in (env or {}).items() if key != mutant_schemata.VARIABLE}
    seconds = 0.0
    if not any(stage == VERIFY for stage, _, _ in stages):
        stages = stages + [(VERIFY, [], None)]
    for stage, commands, limit in stages:
        if stage == VERIFY:
            binary = os.path.join(LAYOUT.products, "springbench")
            output = os.path.join(logs, "verify-output")
            shutil.rmtree(output, ignore_errors=True)
            log = os.path.join(logs, f"{label}.verify.log")
            command = [binary, "verify", "--output-directory", output]
            state, more, _ = run(command, work, args.timeout, False, log, env)
            seconds += more
            if state != "pass":
                if evidence is not None:
                    evidence.append(Evidence(command, plain_env, args.timeout, label))
                with open(log, encoding="utf-8", errors="replace") as handle:
                    failed = [line.strip() for line in handle if "FAIL" in line or "✗" in line][:3]
                return ("caught", "springbench verify" + (f": {failed[0]}" if failed else f" ({state})"), seconds,
                        failed)
            continue
        state, failures = "pass", []
        for index, command in enumerate(commands):
            log = os.path.join(logs, f"{label}.test-{stage}{'-' + str(index) if index else ''}.log")
            for attempt in range(2):
                streamed, events = event_stream(command, log)
                state, more, failures = run(streamed, work, min(args.timeout, limit or args.timeout),
                                            not args.full, log, env)
                seconds += more
                if killers is not None and state != "pass":
                    killers[:] = failing_tests(events, failures)[:3]
                # A non-zero exit after every test passed names no test: the
                # machine, not the mutant (a shared machine's stray signal). Run
                # the stage once more before counting it.
                if state == "fail" and not failures and all_passed(log):
                    with open(log, encoding="utf-8", errors="replace") as handle:
                        if re.search(r"Test run with 0 tests", handle.read()):
                            # The runner's exit for a pass with no test (69): the stages are wrong,
                            # and counting it would call the mutant caught by nothing.
                            fail(f"{label}: the {stage} stage selected no test ({' '.join(command[3:])}); "
                                 f"see {os.path.relpath(log)}")
                    print(f"  {label}: {stage} exited non-zero after every test passed; running it again", flush=True)
                    continue
                break
            if state != "pass":
                if evidence is not None:
                    evidence.append(Evidence(command, plain_env, min(args.timeout, limit or args.timeout), label))
                break
        if state != "pass":
            names = [m.group(1) for m in map(FAILING_TEST.search, failures) if m]
            by = "swift test: " + (", ".join(dict.fromkeys(names[:3])) if names else state)
            return "caught", by, seconds, failures[:5]
    return "passed", "", seconds, []


@dataclass
class Suite:
    """The schema build's test runner and what each test target reaches (from the manifest)."""
    bundle: str
    targets: list[str]  # the unit targets, then the tiers
    reaches: dict[str, set[str]]  # test target -> every target it depends on, directly or not
    alone: set[str]  # targets with a `RunsAlone` namespace (run one test at a time)
    unit: set[str]  # the `<Module>Tests` targets (the others are the slow tiers)
    seconds: dict[str, float] = field(default_factory=dict)  # the unmutated run's time per target

    @staticmethod
    def load(work: str) -> "Suite":
        package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=work, check=True,
                                            capture_output=True, text=True).stdout)
        depends: dict[str, set[str]] = {}
        for target in package["targets"]:
            names = set()
            for dependency in target.get("dependencies", []):
                for value in dependency.values():
                    names.add(value[0] if isinstance(value, list) else value)
            depends[target["name"]] = names
        reaches: dict[str, set[str]] = {}
        for target in package["targets"]:
            if target["type"] != "test":
                continue
            seen, todo = set(), [target["name"]]
            while todo:
                for name in depends.get(todo.pop(), ()):
                    if name not in seen:
                        seen.add(name)
                        todo.append(name)
            reaches[target["name"]] = seen
        modules = {t["name"] for t in package["targets"] if t["type"] in ("regular", "executable")}
        unit = sorted(t for t in reaches if t.endswith("Tests") and t[:-len("Tests")] in modules)
        tiers = sorted(t for t in reaches if t not in unit)
        alone = {t for t in reaches
                 if any("enum RunsAlone" in path.read_text() for path in Path(work, "Tests", t).rglob("*.swift"))}
        bundles = sorted(Path(LAYOUT.products).glob("*PackageTests.xctest"))
        if not bundles:
            fail(f"no test bundle in {os.path.relpath(LAYOUT.products)}")
        return Suite(str(bundles[0]), unit + tiers, reaches, alone, set(unit))

    tests: dict[str, str] = field(default_factory=dict)  # test ID without location -> display name

    def list_tests(self, work: str) -> None:
        """Every test's ID and display name, from the runner's own listing (its event stream)."""
        path = os.path.join(LAYOUT.logs, "tests.events")
        subprocess.run([self.bundle, "--testing-library", "swift-testing", "--list-tests", "--event-stream-output-path",
                        path, "--event-stream-version", "0"], cwd=work, capture_output=True)
        with open(path, encoding="utf-8", errors="replace") as handle:
            for line in handle:
                record = json.loads(line)
                payload = record.get("payload") or {}
                if record.get("kind") == "test" and payload.get("kind") == "function":
                    test = strip_location(payload["id"])
                    self.tests[test] = payload.get("displayName") or payload.get("name", "")
                    for name in {self.tests[test], payload.get("name", "")} - {""}:
                        TEST_IDS.setdefault(name, []).append(test)

    def previous(self, killers: list[str]) -> tuple[str, list[list[str]], float | None] | None:
        """A first stage of the tests that caught the mutant last time (those that still exist)."""
        known = [k for k in killers if k in self.tests]
        if not known:
            return None
        command = [self.bundle, "--testing-library", "swift-testing"]
        command += [a for k in known for a in ("--filter", "^" + re.escape(k) + "(/|$)")]
        if any(".RunsAlone/" in k or ".RunsAlone." in k for k in known):
            command.append("--no-parallel")
        targets = {k.split(".", 1)[0] for k in known}
        limit = max(60.0, 4 * sum(self.seconds.get(t, 60.0) for t in targets))
        return ("previous", [command], limit)

    def passes(self, targets: list[str]) -> list[list[str]]:
        """Runner commands for `targets`: their tests in parallel, then the `RunsAlone` suites one
        test at a time (as Scripts/run-tests.py runs them)."""
        runner = [self.bundle, "--testing-library", "swift-testing"]
        # Once the tests are listed, a pass only for targets with tests in it: the runner exits 69
        # for a pass that runs no test (a target whose every test is in `RunsAlone`, or one this
        # build leaves empty, PostgreSQL's without the trait), which would read as a failure.
        def has(target: str, alone: bool) -> bool:
            return not self.tests or any(
                test.startswith(target + ".") and test.startswith(target + ".RunsAlone/") == alone
                for test in self.tests)

        together = [t for t in targets if has(t, False)]
        commands = []
        if together:
            first = runner + [a for t in together for a in ("--filter", f"^{t}\\.")]
            first += [a for t in together if t in self.alone for a in ("--skip", f"^{t}\\.RunsAlone/")]
            commands.append(first)
        lonely = [t for t in targets if t in self.alone and has(t, True)]
        if lonely:
            commands.append(runner + [a for t in lonely for a in ("--filter", f"^{t}\\.RunsAlone/")] + ["--no-parallel"])
        return commands

    def stages(self, mutant_path: str) -> list[tuple[str, list[list[str]], float | None]]:
        """A mutant's stages: its module's own target, the unit targets that reach the module,
        `springbench verify`, the tiers that reach it (end-to-end runs, stress: minutes), then every
        other target (a spawned tool may still reach it). Each stage's
        time limit is four times its targets' unmutated time, at least 60 s (a mutant that loops)."""
        parts = mutant_path.split("/")
        module = parts[1] if len(parts) > 1 and parts[0] == "Sources" else None
        own = own_tests(mutant_path)
        # The unit targets that reach the module; the tiers (end-to-end runs, stress: minutes) only
        # for a mutant that survived every unit target.
        dependents = [t for t in self.targets if t != own and module in self.reaches[t] and t in self.unit]
        rest = [t for t in self.targets if t != own and t not in dependents]
        tiers = [t for t in rest if t not in self.unit and module in self.reaches[t]]
        rest = [t for t in rest if t not in tiers]
        stages: list[tuple[str, list[list[str]], float | None]] = []
        for name, targets in (("own", [own] if own else []), ("dependents", dependents), (VERIFY, []),
                              ("tiers", tiers), ("rest", rest)):
            if name == VERIFY:
                # Seconds in debug, where a tier takes minutes: it goes first.
                stages.append((VERIFY, [], None))
            elif targets:
                limit = max(60.0, 4 * sum(self.seconds.get(t, 60.0) for t in targets))
                stages.append((name, self.passes(targets), limit))
        return stages


def schema_build(work: str, logs: str, mutants: list[Mutant]) -> tuple[mutant_schemata.Schema, Suite | None]:
    """Writes the schema of `mutants` (Scripts/mutant_schemata.py) into the scratch copy and builds
    it once. A compiler error inside a mutant's branch gives that mutant back to a rebuild of its
    own; one in a body's original branch gives back that file's mutants. Up to 8 rounds."""
    sources = {}
    for mutant in mutants:
        if mutant_schemata.language_of(mutant.path) and mutant.path not in sources:
            with open(os.path.join(ROOT, mutant.path), encoding="utf-8") as handle:
                sources[mutant.path] = handle.read()
    excluded: set[str] = set()
    for attempt in range(8):
        schema = mutant_schemata.build_schema(sources, mutants, apply, excluded)
        restore_tree(work)
        if not schema.numbers:
            return schema, None
        for path, text in list(schema.files.items()) + list(schema.helpers.items()):
            write_file(work, path, text)
        log = os.path.join(logs, f"schema.build-{attempt + 1}.log")
        print(f"building the schema of {len(schema.numbers)} mutants in {work} (round {attempt + 1})", flush=True)
        if build(work, log):
            return schema, Suite.load(work)
        with open(log, encoding="utf-8", errors="replace") as handle:
            blamed, stray = mutant_schemata.mutants_in_errors(handle.read(), work, schema)
        blamed &= set(schema.numbers)
        if not blamed:
            fail(f"the schema does not build and its errors name no mutant ({'; '.join(stray[:3])}); see {log}")
        print(f"  {len(blamed)} mutant(s) go back to a rebuild of their own: {', '.join(sorted(blamed))}", flush=True)
        excluded |= blamed
    fail("the schema still does not build after 8 rounds; run with --rebuild")
    raise AssertionError  # unreachable: fail exits


KILLERS = os.path.join(ROOT, "Mutants", "killers.json")


def remember_killers(ident: str, killers: list[str]) -> None:
    """Keeps `killers` as the tests that caught `ident` (Mutants/killers.json, written after every
    mutant, so a run stopped part-way still teaches the next one)."""
    if not killers:
        return
    known = {}
    if os.path.exists(KILLERS):
        with open(KILLERS, encoding="utf-8") as handle:
            known = json.load(handle)
    known[ident] = killers
    staging = KILLERS + ".new"
    with open(staging, "w", encoding="utf-8") as handle:
        json.dump(dict(sorted(known.items())), handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    os.replace(staging, KILLERS)


def previous_killers(args: argparse.Namespace, suite: Suite) -> dict[str, list[str]]:
    """Per mutant, the tests that caught it last time: Mutants/killers.json (kept after every
    mutant), else the last report's record (Reports/mutants.json, or --report's): its `killers`,
    or the display names its "caught by" gives, looked up in the runner's listing. Only an order:
    every stage still runs after them."""
    record = os.path.splitext(args.report or os.path.join(ROOT, "Reports", "mutants.md"))[0] + ".json"
    rows = {}
    if os.path.exists(record):
        with open(record, encoding="utf-8") as handle:
            rows = json.load(handle).get("outcomes", {})
    by_name: dict[str, list[str]] = {}
    for test, name in suite.tests.items():
        by_name.setdefault(name, []).append(test)
    found: dict[str, list[str]] = {}
    for ident, row in rows.items():
        tests = list(row.get("killers") or [])
        if not tests and str(row.get("by", "")).startswith("swift test: "):
            for name in re.findall(r'"(.*?)"(?=, "|$)', row["by"]):
                tests += by_name.get(name, [])
        if tests:
            found[ident] = tests[:3]
    if os.path.exists(KILLERS):
        with open(KILLERS, encoding="utf-8") as handle:
            found.update(json.load(handle))
    return found


def suite_baseline(work: str, args: argparse.Namespace, suite: Suite | None) -> float:
    """Runs every test target of the build with no mutant chosen (each target apart, to
    learn its time: the stages' time limits), then verify; all must pass. Returns the seconds."""
    assert suite is not None
    total = 0.0
    for target in list(suite.targets):
        started = time.monotonic()
        for index, command in enumerate(suite.passes([target])):
            log = os.path.join(LAYOUT.logs, f"baseline.{target}{'-' + str(index) if index else ''}.log")
            state, _, failures = run(command, work, args.timeout, True, log)
            with open(log, encoding="utf-8", errors="replace") as handle:
                empty = re.search(r"Test run with 0 tests", handle.read()) is not None
            if state == "fail" and not failures and empty and index == 0:
                # A target whose tests this build leaves out (PostgreSQL's without the trait).
                print(f"  {target}: no test in this build; left out", flush=True)
                suite.targets.remove(target)
                break
            if state != "pass":
                fail(f"the unmutated tree fails in {target} ({state}); fix it first:\n  " + "\n  ".join(failures[:5]))
        if target in suite.targets:
            suite.seconds[target] = time.monotonic() - started
            total += suite.seconds[target]
            print(f"  unmutated {target}: {suite.seconds[target]:.1f} s", flush=True)
    verdict, by, seconds, lines = judge(work, argparse.Namespace(**{**vars(args), "full": False}), "baseline", [])
    if verdict != "passed":
        fail(f"the unmutated tree fails ({by}); fix it first:\n  " + "\n  ".join(lines))
    print(f"unmutated: {len(suite.targets)} test targets and verify pass in {total + seconds:.0f} s", flush=True)
    return total + seconds


def report(outcomes: list[Outcome], path: str, baseline_seconds: float, started: str,
           merged: list[str] | None = None, pending: list[str] | None = None, how: str = "") -> None:
    caught = [o for o in outcomes if o.status == "caught"]
    survived = [o for o in outcomes if o.status == "survived"]
    equivalent = [o for o in outcomes if o.status.startswith("equivalent")]
    invalid = [o for o in outcomes if o.status == "invalid"]
    by_test = sum(1 for o in caught if o.by.startswith("swift test"))
    lines = ["# Mutation check", ""]
    if pending:
        lines += [f"**Incomplete: {len(pending)} mutant(s) of the list have not been run yet** (a `--merge` run "
                  "still under way or stopped); the counts below are over the other rows.", ""]
    if not survived and not invalid:
        lines.append(f"**All {len(caught)} mutants that change behaviour were caught** "
                     f"({by_test} by `swift test`, {len(caught) - by_test} only by `springbench verify`); "
                     f"{len(equivalent)} listed as equivalent, with the reason.")
    else:
        lines.append(f"**{len(survived)} of {len(outcomes) - len(equivalent)} mutants survived**"
                     + (f", {len(invalid)} could not be applied or compiled" if invalid else "")
                     + f"; {len(caught)} caught.")
    lines += ["",
              "Each mutant is a one-line bug planted in a scratch copy of the tree "
              "(`Mutants/mutants.txt` lists them, with what each one breaks); it is caught when `swift test` "
              "or, after a passing suite, `springbench verify` fails. Run with `make mutants`.", "",
              "| Mutant | Breaks | Result | Caught by | Seconds |", "|:---|:---|:---|:---|---:|"]
    for outcome in outcomes:
        by = outcome.by.replace("|", "\\|")
        why = outcome.mutant.why.replace("|", "\\|")
        if outcome.status.startswith("equivalent"):
            by = f"equivalent: {outcome.mutant.equivalent}" + (f" (yet caught by {by})" if outcome.by else "")
        lines.append(f"| `{outcome.mutant.ident}` | {why} | {outcome.status} | {by} | {outcome.seconds:.0f} |")
    lines += ["", f"Run started {started}; the unmutated suite took {baseline_seconds:.0f} s "
              "(build excluded). A caught mutant's time is up to its first failing test unless `--full` was given."]
    if how:
        lines.append(how)
    if pending:
        lines.append("Not yet run: " + ", ".join(f"`{m}`" for m in pending) + ".")
    if merged:
        lines.append(f"Rows of {len(merged)} mutant(s) were run again with `--merge` "
                     f"(after a fix or a new test): {', '.join(f'`{m}`' for m in merged)}.")
    lines += [f"Machine: {platform_line()}.", ""]
    with open(path, "w", encoding="utf-8") as handle:
        handle.write("\n".join(lines))


def platform_line() -> str:
    model = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as handle:
            for line in handle:
                if line.startswith("model name"):
                    model = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True).stdout.splitlines()
    return f"{model}, {os.cpu_count()} CPUs, {swift[0] if swift else 'swift'}"


def write_report(args: argparse.Namespace, outcomes: list[Outcome], baseline_seconds: float, started: str,
                 final: bool) -> list[Outcome]:
    """Writes the Markdown report and its JSON record; with --merge, over the
    earlier record's rows (mutants not run yet, in a run still under way, are
    listed as pending). Returns the outcomes the report shows."""
    record = os.path.splitext(args.report)[0] + ".json"
    merged: list[str] = []
    pending: list[str] = []
    if args.merge:
        with open(record, encoding="utf-8") as handle:
            earlier = json.load(handle)
        ran = {o.mutant.ident: o for o in outcomes}
        combined = []
        for ident, mutant in {m.ident: m for m in parse_list(args.list)}.items():
            if ident in ran:
                combined.append(ran[ident])
            elif ident in earlier["outcomes"] and earlier["outcomes"][ident]["status"] != "pending":
                old = earlier["outcomes"][ident]
                combined.append(Outcome(mutant, old["status"], old["by"], old["seconds"], [], old.get("killers", [])))
            else:
                pending.append(ident)
        merged = sorted(set(earlier.get("merged", [])) | set(ran))
        outcomes = combined
        # The rows measured at different commits: the oldest, and every file that differed from it
        # in any run, so that --since-report covers whatever some row did not see.
        if earlier.get("commit"):
            args.uncommitted = sorted(set(earlier.get("uncommitted", [])) | set(args.uncommitted or [])
                                      | (changed_files(earlier["commit"]) if args.commit else set()))
            args.commit = earlier["commit"]
        started, baseline_seconds = earlier["started"], earlier["baselineSeconds"]
    how = ""
    if getattr(args, "elapsed", None) is not None and not args.merge:
        rebuilt = len(outcomes) - args.schema_count
        how = (f"The whole run took {args.elapsed / 60:.1f} min in one process (builds included): "
               f"{args.schema_count} mutants on one schema build (Scripts/mutant_schemata.py: each mutant's "
               f"function body compiled beside the original, chosen by SPRINGBENCH_MUTANT), "
               f"{rebuilt} rebuilt one by one"
               + (" (" + "; ".join(f"`{ident}`: {why}" for ident, why in args.left.items()) + ")" if args.left else "")
               + ". Each mutant runs its module's own test target, then the targets that reach the module, "
               "then the rest of the suite and `springbench verify` only if it survived those.")
    report(outcomes, args.report, baseline_seconds, started, merged, pending, how)
    rows = {o.mutant.ident: {"status": o.status, "by": o.by, "seconds": o.seconds, "killers": o.killers}
            for o in outcomes}
    rows.update({ident: {"status": "pending", "by": "", "seconds": 0} for ident in pending})
    with open(record, "w", encoding="utf-8") as handle:
        json.dump({"started": started, "commit": getattr(args, "commit", None),
                   "uncommitted": getattr(args, "uncommitted", []), "baselineSeconds": baseline_seconds, "merged": merged,
                   "elapsedSeconds": getattr(args, "elapsed", None), "outcomes": rows},
                  handle, indent=1, ensure_ascii=False)
        handle.write("\n")
    if final:
        print(f"wrote {args.report} and {record}" + (f" ({len(pending)} still pending)" if pending else ""))
    return outcomes


def tree_state() -> tuple[str | None, list[str]]:
    """The commit checked out and the files that differ from it (changed or untracked): what a run
    measures. (None, []) outside a git checkout."""
    head = subprocess.run(["git", "rev-parse", "HEAD"], cwd=ROOT, capture_output=True, text=True)
    if head.returncode != 0:
        return None, []
    untracked = subprocess.run(["git", "ls-files", "--others", "--exclude-standard"], cwd=ROOT,
                               capture_output=True, text=True).stdout.split()
    return head.stdout.strip(), sorted(changed_files("HEAD") | set(untracked))


def report_revision(record: str) -> tuple[str, set[str]]:
    """The commit a report's record measured, and the files that differed from it then."""
    if not os.path.isfile(record):
        fail(f"--since-report: no {os.path.relpath(record)}; run the whole list first (make mutants)")
    try:
        with open(record, encoding="utf-8") as handle:
            data = json.load(handle)
    except ValueError as error:
        fail(f"--since-report: {os.path.relpath(record)} is not JSON ({error})")
    commit = data.get("commit") if isinstance(data, dict) else None
    if not isinstance(commit, str) or not re.fullmatch(r"[0-9a-f]{40}", commit):
        fail(f"--since-report: {os.path.relpath(record)}: $.commit must be a 40-digit commit hash (a record "
             "written before 2026-11-29 has none); run the whole list again (make mutants)")
    uncommitted = data.get("uncommitted", [])
    if not isinstance(uncommitted, list) or not all(isinstance(path, str) for path in uncommitted):
        fail(f"--since-report: {os.path.relpath(record)}: $.uncommitted must be a list of paths")
    return commit, set(uncommitted)


def changed_files(revision: str) -> set[str]:
    """Paths (relative to the repository) that differ between `revision` and the work tree."""
    result = subprocess.run(["git", "diff", "--name-only", revision, "--"], cwd=ROOT, capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"--changed {revision}: git diff failed: {result.stderr.strip()}")
    return {line.strip() for line in result.stdout.splitlines() if line.strip()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", default=os.path.join(ROOT, "Mutants", "mutants.txt"))
    parser.add_argument("--only", nargs="*", default=[], help="id prefixes to run")
    parser.add_argument("--work", default=os.path.join(ROOT, ".build-mutants"))
    parser.add_argument("--report", default=None, help="Markdown report path (default: none)")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds per test or verify run")
    parser.add_argument("--full", action="store_true", help="run failing suites to their end")
    parser.add_argument("--check", action="store_true", help="only check that every mutant applies")
    parser.add_argument("--changed", metavar="REV", default=None,
                        help="only the mutants whose file changed since REV (git diff REV, the work tree included)")
    parser.add_argument("--since-report", action="store_true",
                        help="only the mutants whose file changed since the commit the report's record "
                             "(Reports/mutants.json, or --report's) measured: what the last whole run does not cover")
    parser.add_argument("--in-place", action="store_true",
                        help="mutate this tree itself (every file put back at the end) and build in --scratch-path: "
                             "for CI's throwaway clone, which reuses its own build")
    parser.add_argument("--scratch-path", default=None,
                        help="the build directory (default: .build of the scratch copy, or of this tree with --in-place)")
    parser.add_argument("-c", "--configuration", choices=("debug", "release"), default="debug")
    parser.add_argument("--rebuild", action="store_true",
                        help="build every mutant on its own (no schema): slower; for a schema in doubt")
    parser.add_argument("--merge", action="store_true",
                        help="with --report and --only, --changed or --since-report: replace these mutants' rows "
                             "in the last report")
    args = parser.parse_args()
    if args.timeout <= 0:
        fail(f"--timeout must be > 0, got {args.timeout}")
    if args.merge and not (args.report and (args.only or args.changed is not None or args.since_report)):
        fail("--merge needs --report and the mutants to run again (--only, --changed or --since-report)")
    if args.report and not args.merge and (args.only or args.changed is not None or args.since_report):
        fail("--report with part of the list (--only, --changed, --since-report) needs --merge: a report of "
             "the whole list comes from one run of it")

    mutants = parse_list(args.list)
    if args.only:
        mutants = [m for m in mutants if any(m.ident.startswith(prefix) for prefix in args.only)]
        # In the order the prefixes are given (the list's order within one prefix).
        mutants.sort(key=lambda m: next(i for i, prefix in enumerate(args.only) if m.ident.startswith(prefix)))
        if not mutants:
            fail(f"--only {' '.join(args.only)} matches no mutant in {args.list}")
    if args.changed is not None and args.since_report:
        fail("--changed and --since-report both choose the revision: give one")
    if args.since_report:
        record = os.path.splitext(args.report or os.path.join(ROOT, "Reports", "mutants.md"))[0] + ".json"
        base, earlier_uncommitted = report_revision(record)
        changed = changed_files(base) | earlier_uncommitted
        mutants = [m for m in mutants if m.path in changed]
        print(f"--since-report: {len(changed)} files changed since {base[:12]} (the commit "
              f"{os.path.relpath(record)} measured), {len(mutants)} mutants in them", flush=True)
        if not mutants:
            return
    if args.changed is not None:
        changed = changed_files(args.changed)
        mutants = [m for m in mutants if m.path in changed]
        print(f"--changed {args.changed}: {len(changed)} files changed, {len(mutants)} mutants in them", flush=True)
        if not mutants:
            return
    for mutant in mutants:
        path = os.path.join(ROOT, mutant.path)
        if not os.path.isfile(path):
            fail(f"{args.list}:{mutant.line}: {mutant.ident}: no file {mutant.path}")
        try:
            with open(path, encoding="utf-8") as handle:
                apply(mutant, handle.read())
        except ValueError as error:
            fail(f"{args.list}:{mutant.line}: {mutant.ident}: {error}")
    if args.check:
        # The schema's scanner reads every file it would rewrite (an unbalanced brace stops it).
        sources = {m.path: open(os.path.join(ROOT, m.path), encoding="utf-8").read()
                   for m in mutants if mutant_schemata.language_of(m.path)}
        schema = mutant_schemata.build_schema(sources, mutants, apply)
        print(f"{len(mutants)} mutants apply; {len(schema.numbers)} go into the schema, "
              f"{len(schema.left)} are rebuilt one by one")
        return
    if not TRAIT_FLAGS:
        left_out = [m.ident for m in mutants if m.path.startswith(POSTGRES_PATHS)]
        if left_out:
            print(f"left out, no PostgreSQL server (SPRINGBENCH_POSTGRES_URL unset; "
                  f"eval \"$(bash .ci/postgres-start)\" starts one): {', '.join(left_out)}", flush=True)
            mutants = [m for m in mutants if not m.path.startswith(POSTGRES_PATHS)]
            if not mutants:
                return
    if args.merge:
        # Checked before anything runs: a merge that cannot be completed must
        # not cost a baseline and every mutant first, then discard them.
        record = os.path.splitext(args.report)[0] + ".json"
        if not os.path.isfile(record):
            fail(f"--merge needs {record} from an earlier run with --report")
        with open(record, encoding="utf-8") as handle:
            recorded = json.load(handle)["outcomes"]
        chosen = {m.ident for m in mutants}
        missing = [m.ident for m in parse_list(args.list)
                   if (m.ident not in recorded or recorded[m.ident]["status"] == "pending") and m.ident not in chosen]
        if missing:
            fail("--merge: never run, so add them to --only: " + " ".join(missing))

    started = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")
    args.commit, args.uncommitted = tree_state()
    if args.in_place:
        work = ROOT
        scratch = os.path.abspath(args.scratch_path or os.path.join(ROOT, ".build"))
        logs = os.path.join(scratch, "mutants-logs")
    else:
        work = os.path.abspath(args.work)
        scratch = os.path.abspath(args.scratch_path or os.path.join(work, ".build"))
        logs = os.path.join(work, ".build-mutants-logs")
    LAYOUT.tree, LAYOUT.scratch, LAYOUT.configuration, LAYOUT.logs = work, scratch, args.configuration, logs
    os.makedirs(logs, exist_ok=True)
    # One run per build at a time: a second one would rewrite the tree under the first and end its
    # test runs (run() stops whatever runs from the build's products), so both verdicts are noise.
    lock = open(os.path.join(logs, "run.lock"), "w")
    try:
        fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        fail(f"another Scripts/mutants.py run is using {os.path.relpath(logs)}; wait for it to end")
    if not args.in_place:
        sync_tree(work)
    if args.in_place:
        # The tree is put back on any exit: SIGTERM (CI's stop) becomes an exit that runs `finally`.
        signal.signal(signal.SIGTERM, lambda number, frame: sys.exit(128 + number))
    try:
        outcomes = run_mutants(args, mutants, work, started)
    finally:
        restore_tree(work)
    survived = [o for o in outcomes if o.status in ("survived", "invalid")]
    caught = sum(1 for o in outcomes if o.status == "caught")
    print(f"{caught} caught, {len(survived)} survived or invalid, "
          f"{sum(1 for o in outcomes if o.status.startswith('equivalent'))} equivalent")
    sys.exit(1 if survived else 0)


def check_evidence(work: str, evidence: list[Evidence]) -> None:
    """Runs each command that caught a mutant once more with no mutant chosen; it must pass (else
    the verdict was the tree's, not the mutant's: exit 2). A run of part of the list does this
    instead of running the whole suite unmutated first."""
    seen: set[tuple] = set()
    for item in evidence:
        if item.key() in seen:
            continue
        seen.add(item.key())
        log = os.path.join(LAYOUT.logs, f"{item.label}.unmutated.log")
        state, _, failures = run(item.command, work, item.limit, True, log, item.env)
        if state != "pass":
            shown = " ".join(os.path.relpath(part) if os.path.isabs(part) else part for part in item.command)
            fail(f"{item.label}: the command that caught it fails without the mutant too ({state}), so its verdict "
                 f"says nothing; fix the tree first: {shown}\n  " + "\n  ".join(failures[:5]))
    if seen:
        print(f"unmutated: the {len(seen)} command(s) that caught mutants pass without them", flush=True)


def run_mutants(args: argparse.Namespace, mutants: list[Mutant], work: str, started: str) -> list[Outcome]:
    """Every mutant of `mutants`: the schema's on one build, then the rest one build each. Returns
    the outcomes in the list's order (and writes the report when asked)."""
    run_started = time.monotonic()
    logs = LAYOUT.logs
    outcomes: list[Outcome] = []
    order = {m.ident: index for index, m in enumerate(mutants)}
    baseline_seconds = 0.0
    rebuilt = mutants
    left: dict[str, str] = {}
    counter = [0]
    # The whole list runs the whole suite unmutated first (each target's time: the stages' limits,
    # and the report's baseline); part of it checks only the commands that caught its mutants.
    partial = bool(args.only or args.changed is not None or args.since_report)
    evidence: list[Evidence] | None = [] if partial else None

    def record(outcome: Outcome, total: float) -> None:
        outcomes.append(outcome)
        if outcome.status in ("caught", "equivalent-but-caught"):
            remember_killers(outcome.mutant.ident, outcome.killers)
        counter[0] += 1
        if args.report and args.merge:
            # Written after every mutant: a run stopped part-way keeps what it measured.
            write_report(args, outcomes, baseline_seconds, started, final=False)
        print(f"[{counter[0]}/{len(mutants)}] {outcome.mutant.ident}: {outcome.status}"
              + (f" — {outcome.by}" if outcome.by else "") + f" ({total:.0f} s)", flush=True)

    def verdict_status(mutant: Mutant, verdict: str) -> str:
        if mutant.equivalent:
            return "equivalent-but-caught" if verdict == "caught" else "equivalent"
        return "caught" if verdict == "caught" else "survived"

    def stages_of(mutant: Mutant) -> list[tuple[str, list[list[str]], float | None]]:
        first = suite.previous(hints.get(mutant.ident, []))
        return ([first] if first else []) + suite.stages(mutant.path)

    suite: Suite | None = None
    hints: dict[str, list[str]] = {}
    if not args.rebuild:
        schema, suite = schema_build(work, logs, mutants)
        left = schema.left
        rebuilt = [m for m in mutants if m.ident not in schema.numbers]
        if schema.numbers:
            assert suite is not None
            # The tests first: which targets' tests are all in `RunsAlone` decides their passes.
            suite.list_tests(work)
            if not partial:
                baseline_seconds = suite_baseline(work, args, suite)
            hints = previous_killers(args, suite)
            print(f"{len(hints)} mutants start with the tests that caught them last time", flush=True)
            for mutant in mutants:
                if mutant.ident not in schema.numbers:
                    continue
                start = time.monotonic()
                env = dict(mutant.env or {}, **{mutant_schemata.VARIABLE: str(schema.numbers[mutant.ident])})
                killers: list[str] = []
                verdict, by, seconds, lines = judge(work, args, mutant.ident, stages_of(mutant), env, killers,
                                                    evidence)
                record(Outcome(mutant, verdict_status(mutant, verdict), by, seconds, lines, killers),
                       time.monotonic() - start)
            if evidence:
                check_evidence(work, evidence)
                evidence.clear()
        else:
            restore_tree(work)
    # The rest are built one by one: each from the schema's tree when there is one (with no
    # variable set, every choice there is the original, so the mutant's file written as the list
    # says makes the mutant's own program, and only its module and what depends on it rebuild),
    # else from the unmutated tree.
    if rebuilt:
        if left:
            print(f"{len(rebuilt)} mutant(s) rebuilt one by one: "
                  + "; ".join(f"{ident} ({why})" for ident, why in left.items()), flush=True)
        if suite is None:
            print(f"building the unmutated tree in {os.path.relpath(work)}", flush=True)
            if not build(work, os.path.join(logs, "baseline.build.log")):
                fail(f"the unmutated tree does not build; see {os.path.relpath(logs)}/baseline.build.log")
            suite = Suite.load(work)
            suite.list_tests(work)
            if not partial:
                baseline_seconds = suite_baseline(work, args, suite)
            hints = previous_killers(args, suite)
    # Mutants of files no compiler reads first: built after a compiled mutant, each would pay for
    # putting that mutant's module back.
    for mutant in sorted(rebuilt, key=lambda m: mutant_schemata.language_of(m.path) is not None):
        with open(os.path.join(work, mutant.path), encoding="utf-8") as handle:
            current = handle.read()
        start = time.monotonic()
        try:
            write_file(work, mutant.path, apply(mutant, pristine(work, mutant.path)))
            if not build(work, os.path.join(logs, f"{mutant.ident}.build.log")):
                outcome = Outcome(mutant, "invalid", "does not compile (fix the list)")
            else:
                killers = []
                verdict, by, seconds, lines = judge(work, args, mutant.ident, stages_of(mutant), mutant.env,
                                                    killers, evidence)
                outcome = Outcome(mutant, verdict_status(mutant, verdict), by, seconds, lines, killers)
        finally:
            write_file(work, mutant.path, current)
        record(outcome, time.monotonic() - start)
    if evidence:
        # The commands that caught the rebuilt mutants, on the unmutated (or the schema's) build.
        if not build(work, os.path.join(logs, "baseline.build.log")):
            fail(f"the unmutated tree does not build; see {os.path.relpath(logs)}/baseline.build.log")
        check_evidence(work, evidence)
    outcomes.sort(key=lambda o: order[o.mutant.ident])
    args.elapsed = time.monotonic() - run_started
    args.schema_count = len(mutants) - len(rebuilt)
    args.left = left
    if args.report:
        outcomes = write_report(args, outcomes, baseline_seconds, started, final=True)
    return outcomes

if __name__ == "__main__":
    main()
