#!/usr/bin/env python3
"""Checks that every target's declared dependencies in Package.swift equal the
modules its sources import (issue 25: the manifest had drifted both ways).

    python3 Scripts/check-manifest.py      # exit 0 when they agree, 1 with the differences

System modules (Foundation, Glibc, Testing, …) are not dependencies; a declared
product is matched by the module name it provides. C targets import nothing.

It also checks that the tests mirror the sources (issue 37): every Swift library
module under Sources/ has a test target `<Module>Tests`, and no test target
depends on a module above the one it tests (a module that depends on it,
directly or not; test support under Tests/_* excepted) — a module's tests build only what the module builds, plus test
support and independent oracles. C targets are tested through the Swift module
that wraps them; executables through EndToEndTests.

And that the spring library is portable (issue 40, Guides/Portability.md): the
targets an app on any Swift platform imports (PORTABLE) depend only on each other,
never on a Linux-only target (the futex pool, machine facts, OpenBLAS, ...) or
another package; and their sources use a Linux-only header, module, interface
or path (LINUX_ONLY_USES) only inside a guard that names Linux (`#if os(Linux)`,
`canImport(Glibc)`, `defined(__linux__)`; x86 intrinsics inside an x86 guard).

    python3 Scripts/check-manifest.py --portable-tests   # prints the portable configuration's test targets
"""
import json
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SYSTEM = {"Foundation", "FoundationEssentials", "FoundationXML", "Glibc", "Darwin", "Dispatch", "Testing", "XCTest",
          "Synchronization", "ucrt", "_Concurrency", "Swift", "SwiftShims", "CoreFoundation", "PackageDescription", "Musl"}
# Products whose module name differs from the product name.
PRODUCT_MODULES = {"ArgumentParser": "ArgumentParser", "PropertyBased": "PropertyBased", "SystemPackage": "SystemPackage"}
IMPORT = re.compile(r"^\s*(?:@[\w]+(?:\([^)]*\))?\s+)*import\s+(?:(?:struct|class|enum|protocol|func|var|typealias)\s+)?([A-Za-z_]\w*)", re.M)


def main() -> int:
    package = json.loads(subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True,
                                        capture_output=True, text=True).stdout)
    targets = {t["name"]: t for t in package["targets"]}
    problems = []
    for name, target in sorted(targets.items()):
        if target["type"] == "system":
            continue
        path = ROOT / (target.get("path") or ("Tests/" + name if target["type"] == "test" else "Sources/" + name))
        sources = list(path.rglob("*.swift"))
        if not sources:
            continue  # a C target: its includes are its own
        declared = set()
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            declared.add(PRODUCT_MODULES.get(value[0], value[0]))
        imported = set()
        for source in sources:
            imported |= set(IMPORT.findall(source.read_text()))
        imported -= SYSTEM
        imported.discard(name)
        unused = sorted(declared - imported)
        missing = sorted(imported - declared)
        if unused:
            problems.append(f"{name}: declares {', '.join(unused)} but imports none of them")
        if missing:
            problems.append(f"{name}: imports {', '.join(missing)} without declaring them")
    problems += mirror_problems(targets)
    problems += portability_problems(targets)
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-manifest: {len(targets)} targets, {len(problems)} differences")
    if not problems:
        print(f"check-manifest: the spring library ({', '.join(PORTABLE_PRODUCTS)}) reaches only "
              f"{', '.join(sorted(set(PORTABLE) - set(PORTABLE_PRODUCTS)))}: no Linux-only target or header")
    return 1 if problems else 0


def mirror_problems(targets: dict) -> list[str]:
    """Every Swift library module has `<Module>Tests`; no `<Module>Tests` reaches above its module."""
    def path(t: dict) -> Path:
        return ROOT / (t.get("path") or ("Tests/" + t["name"] if t["type"] == "test" else "Sources/" + t["name"]))

    def local(t: dict) -> list[str]:
        names = []
        for dependency in t["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if value[0] in targets and kind in ("byName", "target"):
                names.append(value[0])
        return names

    closure: dict[str, set[str]] = {}

    def below(name: str) -> set[str]:
        if name not in closure:
            closure[name] = set()
            for dependency in local(targets[name]):
                closure[name] |= {dependency} | below(dependency)
        return closure[name]

    problems = []
    modules = [t for t in targets.values() if t["type"] == "regular" and str(path(t)).startswith(str(ROOT / "Sources"))
               and list(path(t).rglob("*.swift"))]
    for module in sorted(modules, key=lambda t: t["name"]):
        test = module["name"] + "Tests"
        if test not in targets or targets[test]["type"] != "test":
            problems.append(f"{module['name']}: no test target {test} (every module under Sources/ has one)")
            continue
        for dependency in local(targets[test]):
            if dependency.startswith("_"):
                continue  # test support (Tests/_*): helpers shared by several targets
            if module["name"] in below(dependency):
                problems.append(f"{test}: depends on {dependency}, which is built on {module['name']} "
                                f"(a module's tests do not reach above it; move the test where {dependency} is tested)")
    executables = [t["name"] for t in targets.values() if t["type"] == "executable"]
    if executables and "EndToEndTests" not in targets:
        problems.append(f"{', '.join(executables)}: no EndToEndTests target runs the executables")
    return problems


# The spring library: what an app imports, and what those build on. Nothing else may enter.
PORTABLE_PRODUCTS = ["VectorKernels", "SpringModel", "SpringPlatforms", "ODEReference"]
PORTABLE = PORTABLE_PRODUCTS + ["CVectorKernels", "CPortableFallbacks", "DocumentValues"]
# The test targets the portable configuration runs with SPRINGBENCH_PORTABLE_FALLBACKS=1: the
# library's own, and those of the Linux-only pieces whose fallbacks it forces.
PORTABLE_TESTS = [name + "Tests" for name in PORTABLE_PRODUCTS + ["DocumentValues", "MachineFacts", "ParallelKernels"]]
# A use that exists on Linux only, and the guard words that make it allowed.
LINUX_GUARDS = ("os(Linux)", "canImport(Glibc)", "canImport(Musl)", "__linux__")
X86_GUARDS = ("__x86_64__", "__i386__", "arch(x86_64)")
LINUX_ONLY_USES = [
    (re.compile(r"#\s*include\s*<(linux/[^>]+|sys/syscall\.h|sys/sysinfo\.h|malloc\.h)>"), LINUX_GUARDS),
    (re.compile(r"\bimport\s+(Glibc|Musl)\b"), LINUX_GUARDS),
    (re.compile(r"\b(SYS_futex|FUTEX_\w+|MADV_HUGEPAGE|_SC_LEVEL\w+|sched_setaffinity|sched_getaffinity|"
                r"sched_getcpu|CPU_SET|malloc_usable_size|mallinfo2?)\b"), LINUX_GUARDS),
    (re.compile(r"[\"'](/proc/|/sys/)"), LINUX_GUARDS),
    (re.compile(r"#\s*include\s*<(cpuid\.h|immintrin\.h|x86intrin\.h)>|__get_cpuid|__cpuid"), X86_GUARDS),
]
CONDITION = re.compile(r"^\s*#\s*(if|ifdef|ifndef|elif|elseif|else|endif)\b(.*)$")


def unguarded_uses(text: str) -> list[tuple[int, str]]:
    """(line number, line) of each Linux-only use outside a guard that allows it."""
    found = []
    frames: list[str] = []  # the condition of the branch each open #if is in ("" in an #else)
    for number, line in enumerate(text.splitlines(), 1):
        condition = CONDITION.match(line)
        if condition:
            word, rest = condition.group(1), condition.group(2)
            if word in ("if", "ifdef", "ifndef"):
                frames.append("" if word == "ifndef" else rest)
            elif word in ("elif", "elseif") and frames:
                frames[-1] = rest
            elif word == "else" and frames:
                frames[-1] = ""
            elif word == "endif" and frames:
                frames.pop()
            continue
        code = line.split("//")[0] if not line.lstrip().startswith("#") else line
        for pattern, guards in LINUX_ONLY_USES:
            if pattern.search(code) and not any(g in frame for frame in frames for g in guards):
                found.append((number, line.strip()))
    return found


def portability_problems(targets: dict) -> list[str]:
    problems = []
    for name in PORTABLE:
        target = targets.get(name)
        if target is None:
            problems.append(f"{name}: a portable target of Scripts/check-manifest.py is not in Package.swift")
            continue
        for dependency in target["dependencies"]:
            kind, value = next(iter(dependency.items()))
            if value[0] not in PORTABLE:
                what = "another package's product" if kind == "product" else "a target that is not portable"
                problems.append(f"{name}: depends on {value[0]}, {what}: the spring library ({', '.join(PORTABLE)}) "
                                f"builds on every Swift platform and reaches nothing else (Guides/Portability.md)")
        path = ROOT / (target.get("path") or "Sources/" + name)
        for source in sorted(p for p in path.rglob("*") if p.suffix in (".swift", ".c", ".h")):
            for number, line in unguarded_uses(source.read_text()):
                problems.append(f"{source.relative_to(ROOT)}:{number}: Linux-only outside a Linux guard: {line}")
    return problems


if __name__ == "__main__":
    if sys.argv[1:] == ["--portable-tests"]:
        print(" ".join(PORTABLE_TESTS))
        sys.exit(0)
    sys.exit(main())
