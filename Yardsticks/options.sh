#!/usr/bin/env bash
# Builds the yardsticks outside SpringBench that this machine can run and
# prints the `springbench bench` options that add them (make report passes
# them); says on standard error what it built and what is absent, and never
# fails: a missing gcc or numpy leaves its row out of the report.
#   Yardsticks/options.sh [SCRATCH]   (default .build-yardsticks)
set -uo pipefail
cd "$(dirname "$0")/.."
scratch=${1:-.build-yardsticks}
options=()

# gcc -O3 -march=native loops, loaded in process with dlopen.
GCC=${GCC:-gcc}
if command -v "$GCC" >/dev/null 2>&1; then
    flags="-O3 -march=native"
    version=$("$GCC" --version | head -n1)
    target=$("$GCC" -march=native -Q --help=target 2>/dev/null)
    march=$(awk '$1 == "-march=" { print $2; exit }' <<<"$target")
    # The widest vector instructions -march=native turned on (gcc may not know a new CPU's name).
    widest=$(awk '$2 == "[enabled]" && ($1 == "-mavx512f" || $1 == "-mavx2") { print substr($1, 3) }' <<<"$target" |
        sort | tail -n1)
    description="$version, $flags (-march=native is ${march:-unknown}, ${widest:-no AVX2}) -shared -fPIC"
    mkdir -p "$scratch"
    library="$scratch/libspringbench-loops.so"
    # shellcheck disable=SC2086 # the flags are words
    if "$GCC" $flags -shared -fPIC -DSPRINGBENCH_LOOPS_DESCRIPTION="\"$description\"" \
        -o "$library" Yardsticks/gcc/loops.c; then
        echo "yardsticks: built $library ($description)" >&2
        options+=(--loops-library "$library")
    else
        echo "yardsticks: $GCC failed to build Yardsticks/gcc/loops.c; the gcc row is left out" >&2
    fi
else
    echo "yardsticks: gcc is absent; the gcc -march=native row is left out" >&2
fi

# numpy, in a sampler process speaking the sampler protocol.
if ! python3 -c 'import numpy' >/dev/null 2>&1; then
    echo "yardsticks: numpy is absent; trying pip install numpy" >&2
    python3 -m pip install --quiet numpy >&2 || true
fi
if python3 -c 'import numpy' >/dev/null 2>&1; then
    echo "yardsticks: numpy $(python3 -c 'import numpy; print(numpy.__version__)')" >&2
    options+=(--reference-sampler Yardsticks/numpy/sampler.py)
else
    echo "yardsticks: numpy is absent (python3 cannot import it); the numpy row is left out" >&2
fi
echo "${options[@]}"
