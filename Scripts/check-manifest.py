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
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-manifest: {len(targets)} targets, {len(problems)} differences")
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


if __name__ == "__main__":
    sys.exit(main())
