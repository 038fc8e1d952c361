#!/usr/bin/env python3
"""Checks that every target's declared dependencies in Package.swift equal the
modules its sources import (issue 25: the manifest had drifted both ways).

    python3 Scripts/check-manifest.py      # exit 0 when they agree, 1 with the differences

System modules (Foundation, Glibc, Testing, …) are not dependencies; a declared
product is matched by the module name it provides. C targets import nothing.
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
    for problem in problems:
        print(problem, file=sys.stderr)
    print(f"check-manifest: {len(targets)} targets, {len(problems)} differences")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
