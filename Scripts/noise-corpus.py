#!/usr/bin/env python3
"""The real noise corpus (issue 38): A/A runs of one springbench binary on
this machine, under a named load, kept as a compact CSV fixture.

  python3 Scripts/noise-corpus.py record --condition quiet --runs 20 --out DIR
  python3 Scripts/noise-corpus.py record --condition bursty --runs 20 --out DIR
  python3 Scripts/noise-corpus.py record --condition compile --runs 20 --out DIR \
      --load-command "swift build -c release --scratch-path /tmp/scratch"
  python3 Scripts/noise-corpus.py compact DIR > Tests/Fixtures/noise-corpus/CONDITION.csv

record runs `springbench bench --quick` (or --bench-args) RUNS times, one after
the other, writing DIR/runNN.json and DIR/index.csv (start, end, load
average). The load beside it:
  quiet    nothing started (the machine as it is);
  bursty   a seeded sequence of epochs, each 1-20 s: idle, one or two spinning
           cores, a 256 MiB memory-streaming copy, or a spin and a copy;
  compile  --load-command run again and again until the runs end.

compact writes one row per run and cell: the run's index and start time, the
cell, its median nanoseconds per call and the median of its per-round ratios
to the C yardstick of the same kernel and size (empty without a yardstick).
Lines starting with # carry the machine, the binary's build and the command.
"""
import argparse
import glob
import json
import os
import random
import shlex
import signal
import statistics
import subprocess
import sys
import time

SPIN = "while True: pass"
STREAM = "b = bytearray(256 << 20)\nwhile True: c = bytes(b)"


def bursty(seed):
    """Runs the bursty load until SIGTERM."""
    rng = random.Random(seed)
    procs = []

    def stop(*_):
        for p in procs:
            p.kill()
        sys.exit(0)

    signal.signal(signal.SIGTERM, stop)
    while True:
        state = rng.choice(["idle", "spin1", "spin2", "stream", "spin1+stream"])
        codes = {"idle": [], "spin1": [SPIN], "spin2": [SPIN, SPIN], "stream": [STREAM],
                 "spin1+stream": [SPIN, STREAM]}[state]
        procs[:] = [subprocess.Popen([sys.executable, "-c", c]) for c in codes]
        time.sleep(rng.uniform(1, 20))
        for p in procs:
            p.kill()
        for p in procs:
            p.wait()
        procs[:] = []


def record(args):
    os.makedirs(args.out, exist_ok=True)
    load = None
    if args.condition == "bursty":
        load = subprocess.Popen([sys.executable, __file__, "_bursty", str(args.seed)])
    elif args.condition == "compile":
        if not args.load_command:
            sys.exit("noise-corpus: --load-command is required for --condition compile")
        loop = f"while true; do {args.load_command} >/dev/null 2>&1; done"
        load = subprocess.Popen(["bash", "-c", loop], start_new_session=True)
    try:
        with open(os.path.join(args.out, "index.csv"), "a") as index:
            for run in range(1, args.runs + 1):
                before = os.getloadavg()[0]
                start = time.time()
                out = os.path.join(args.out, f"run{run:02d}.json")
                command = [args.springbench, "bench", *shlex.split(args.bench_args), "--output", out]
                subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
                index.write(f"{run},{start:.0f},{time.time():.0f},{before:.2f},{os.getloadavg()[0]:.2f}\n")
                index.flush()
    finally:
        if load is not None:
            if args.condition == "compile":
                os.killpg(load.pid, signal.SIGKILL)
            else:
                load.terminate()
            load.wait()


def compact(args):
    files = sorted(glob.glob(os.path.join(args.directory, "run*.json")))
    if not files:
        sys.exit(f"noise-corpus: no run*.json in {args.directory}")
    starts = {}
    index = os.path.join(args.directory, "index.csv")
    if os.path.exists(index):
        for line in open(index):
            parts = line.strip().split(",")
            if len(parts) >= 2:
                starts[int(parts[0])] = int(parts[1])
    first = json.load(open(files[0]))
    machine = first["machine"]
    print(f"# springbench noise corpus: {len(files)} A/A runs of one binary, condition {args.condition}")
    print(f"# cpu {machine.get('cpuModel')}; build {machine.get('buildConfiguration')} "
          f"target {machine.get('targetCPU')}; {machine.get('swiftCompiler')}")
    print(f"# recorded with Scripts/noise-corpus.py record --condition {args.condition}")
    print("run,start,kernel,backend,size,median_ns,relative")
    base = None
    for path in files:
        run = int(os.path.basename(path)[3:-5])
        results = json.load(open(path))
        start = starts.get(run, 0)
        base = start if base is None else base
        references = {(m["kernel"], m["size"]): m["samples"]
                      for m in (results.get("yardstick") or {}).get("measurements", [])}
        for m in results["measurements"]:
            reference = references.get((m["kernel"], m["size"]))
            relative = ""
            if reference and len(reference) == len(m["samples"]):
                relative = "%.6g" % statistics.median(a / b for a, b in zip(m["samples"], reference))
            print(f"{run},{start - base},{m['kernel']},{m['backend']},{m['size']},"
                  f"{m['summary']['median']:.6g},{relative}")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "_bursty":
        return bursty(int(sys.argv[2]))
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record")
    r.add_argument("--condition", choices=["quiet", "bursty", "compile"], required=True)
    r.add_argument("--runs", type=int, default=20)
    r.add_argument("--out", required=True)
    r.add_argument("--springbench", default=".build/release/springbench")
    r.add_argument("--bench-args", default="--quick")
    r.add_argument("--load-command")
    r.add_argument("--seed", type=int, default=38)
    c = sub.add_parser("compact")
    c.add_argument("directory")
    c.add_argument("--condition", required=True)
    args = parser.parse_args()
    record(args) if args.command == "record" else compact(args)


if __name__ == "__main__":
    main()
