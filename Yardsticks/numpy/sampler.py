#!/usr/bin/env python3
"""SpringBench's numpy yardstick: a sampler speaking the JSON-lines sampler
protocol of `springbench bench --other-build` (Sources/RegressionGate/Paired/
SamplerProtocol.swift, version 2), with one backend, `numpy`.

numpy cannot be loaded into the Swift process, so it runs here, in a child
process that times only when asked: `springbench bench --reference-sampler
Yardsticks/numpy/sampler.py` sends each numpy cell's requests in the same
rounds, between the same Swift cells, as it samples the backends, so numpy's
figures meet the same drift and pair round by round with theirs
(Guides/MachineFacts.md, "The yardsticks").

Each kernel is what a numpy user writes:
  add               np.add(a, b, out=c)
  subtract          np.subtract(a, b, out=c)
  add-inplace       a += b
  subtract-inplace  a -= b
  add-alloc         c = a + b               (a new array per call)
  scale             a *= s
  axpy              np.multiply(x, alpha, out=t); y += t
                    (the best numpy offers: numpy has no axpy, and the form
                    users write, y += alpha * x, allocates a temporary of N
                    doubles per call; here t is allocated once)
  magnitudeSquared  np.dot(a, a)            (BLAS ddot)
Each call pays Python's interpreter loop and numpy's dispatch (about a
microsecond): that is numpy as it is used, and it dominates at small N.
BLAS inside numpy is held to one thread (the environment below, set before
numpy loads), so the thread-CPU clock sees all of its work.

Run as `sampler.py sampler` (how a sampler is started); the hello's machine
record is this process's own reading of the machine, with numpy's version.
"""
import json
import os
import platform
import socket
import sys
import time

for variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS", "BLIS_NUM_THREADS"):
    os.environ[variable] = "1"

import numpy as np  # noqa: E402

PROTOCOL_VERSION = 2
WARMING_CALLS = 8  # CacheState.warmingCalls
MAXIMUM_ITERATIONS = 1 << 40
BACKEND = "numpy"


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown"


def details():
    blas = "unknown BLAS"
    try:
        config = np.show_config(mode="dicts")
        info = config.get("Build Dependencies", {}).get("blas", {})
        blas = f"{info.get('name', 'BLAS')} {info.get('version', '')}".strip()
    except Exception:  # numpy < 1.25 has no dict mode
        pass
    return {
        "name": BACKEND,
        "displayName": "numpy",
        "summary": "numpy ufuncs with out=, in-place operators and np.dot, called from Python "
        "(axpy: multiply into a preallocated temporary, then add in place)",
        "simdWidth": None,
        "library": f"numpy {np.__version__} (Python {platform.python_version()}, {blas}, 1 thread)",
        "core": None,
        "threads": 1,
        "fusedAXPY": False,
    }


def machine():
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError):
        memory = 0
    return {
        "cpuModel": cpu_model(),
        "logicalCores": max(1, os.cpu_count() or 1),
        "caches": [],
        "lastLevelCacheBytes": 0,
        "memoryBytes": max(0, memory),
        "cpuFeatures": [],
        "operatingSystem": platform.platform(),
        "kernelRelease": platform.release(),
        "swiftCompiler": "none (a Python sampler)",
        "buildConfiguration": "python",
        "targetCPU": f"numpy {np.__version__}",
        "backends": [details()],
        "date": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "commandLine": " ".join(sys.argv),
        "hostname": socket.gethostname(),
    }


class Operands:
    """One set of operands per size and seed, shared by the kernels, as in a sweep:
    values uniform in [-1, 1] (numpy's generator seeded with the sweep's seed)."""

    def __init__(self, size, seed):
        rng = np.random.default_rng(seed)
        self.size, self.seed = size, seed
        self.a = rng.uniform(-1.0, 1.0, size)
        self.b = rng.uniform(-1.0, 1.0, size)
        self.c = np.zeros(size)
        self.t = np.zeros(size)
        self.result = None
        self.sink = 0.0

    def operation(self, kernel):
        a, b, c, t = self.a, self.b, self.c, self.t
        add, subtract, multiply, dot = np.add, np.subtract, np.multiply, np.dot

        def run_add(n):
            for _ in range(n):
                add(a, b, out=c)

        def run_subtract(n):
            for _ in range(n):
                subtract(a, b, out=c)

        def run_add_inplace(n):
            x = a
            for _ in range(n):
                x += b

        def run_subtract_inplace(n):
            x = a
            for _ in range(n):
                x -= b

        def run_add_alloc(n):
            result = self.result
            for _ in range(n):
                result = a + b
            self.result = result

        factors = (1.0000001, 1 / 1.0000001)

        def run_scale(n):
            x = a
            for i in range(n):
                x *= factors[i & 1]

        alphas = (1e-3, -1e-3)

        def run_axpy(n):
            y = a
            for i in range(n):
                multiply(b, alphas[i & 1], out=t)
                y += t

        def run_magnitude_squared(n):
            total = 0.0
            for _ in range(n):
                total += dot(a, a)
            self.sink += total

        return {
            "add": run_add,
            "subtract": run_subtract,
            "add-inplace": run_add_inplace,
            "subtract-inplace": run_subtract_inplace,
            "add-alloc": run_add_alloc,
            "scale": run_scale,
            "axpy": run_axpy,
            "magnitudeSquared": run_magnitude_squared,
        }.get(kernel)


CLOCKS = {"wall": time.monotonic_ns, "thread-cpu": time.thread_time_ns}


def sample(run, iterations, now):
    start = now()
    run(iterations)
    return max(now() - start, 1) / iterations


def calibrate(run, warmup_ns, minimum_ns):
    """As Stopwatch.calibration: warm up, then grow the batch until it lasts the minimum."""
    end = time.monotonic_ns() + int(warmup_ns)
    run(1)
    while time.monotonic_ns() < end:
        run(1)
    iterations = 1
    while True:
        per_call = sample(run, iterations, time.monotonic_ns)
        if per_call * iterations >= minimum_ns or iterations >= MAXIMUM_ITERATIONS:
            return iterations
        needed = minimum_ns * 1.2 / max(per_call, 0.01)
        iterations = min(max(iterations * 2, int(needed) + 1), iterations * 100)


class Session:
    def __init__(self):
        self.operands = None
        self.prepared = set()

    def operation(self, cell):
        if cell is None or self.operands is None:
            return None
        if cell.get("backend") != BACKEND or cell.get("size") != self.operands.size:
            return None
        return self.operands.operation(cell.get("kernel"))

    def respond(self, request):
        if request == "hello" or "hello" in request:
            return {"hello": {"protocolVersion": PROTOCOL_VERSION, "machine": machine()}}
        if "quit" in request:
            return {"bye": {}}
        if "probe" in request:
            return failure("probe: a reference sampler does not measure bandwidth")
        if "prepare" in request:
            r = request["prepare"]
            if r.get("ceiling") is not None:
                return failure("prepare: numpy has no ceiling loops")
            if r.get("backend") != BACKEND:
                return failure(f'prepare: unknown backend "{r.get("backend")}"; this sampler has {BACKEND}')
            size, seed = int(r["size"]), int(r["seed"])
            if size < 1:
                return failure("prepare: size must be ≥ 1")
            if self.operands is None or (self.operands.size, self.operands.seed) != (size, seed):
                self.operands = None  # free the old operands first
                self.operands = Operands(size, seed)
                self.prepared = set()
            run = self.operands.operation(r["kernel"])
            if run is None:
                return failure(f'prepare: numpy has no kernel "{r["kernel"]}"')
            iterations = calibrate(run, r["warmupNanoseconds"], r["minimumSampleNanoseconds"])
            self.prepared.add(r["kernel"])
            return {"prepared": {"iterations": iterations}}
        if "sample" in request:
            r = request["sample"]
            if r.get("ceiling") is not None:
                return failure("sample: numpy has no ceiling loops")
            run = self.operation(r.get("cell"))
            if run is None or r["cell"]["kernel"] not in self.prepared:
                return failure(f"sample: {r.get('cell')} was not prepared at the current size")
            iterations = int(r["iterations"])
            if iterations < 1:
                return failure("sample: iterations must be ≥ 1")
            if r.get("warm"):
                run(WARMING_CALLS)
            now = CLOCKS.get(r.get("clock"), time.monotonic_ns)
            return {"sample": {"nanoseconds": sample(run, iterations, now)}}
        if "allocations" in request:
            return {"allocations": {}}  # not counted: Python's allocator is not SpringBench's
        return failure(f"unknown request {json.dumps(request)[:80]}")


def failure(message):
    return {"failure": {"_0": message}}


def main():
    if sys.argv[1:2] != ["sampler"]:
        print("usage: sampler.py sampler  (spoken to by springbench bench --reference-sampler)", file=sys.stderr)
        return 2
    session = Session()
    for line in sys.stdin:
        line = line.strip()
        if not line:
            continue
        try:
            request = json.loads(line)
            response = session.respond(request)
        except Exception as error:  # answer, never die silently
            response = failure(f"{type(error).__name__}: {error}")
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()
        if "bye" in response:
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
