# SpringBench: two commands do everything on a fresh machine.
#   make report   build in release, verify, benchmark, and write Reports/ (about 6 minutes)
#   make test     build and run the test suite
# Both install libopenblas-dev and pkg-config first when they are missing.
#
# The main job's binary is built for the vector extensions of this CPU when it
# has AVX2 and FMA (-target-cpu haswell, which every AVX2+FMA x86-64 CPU runs):
# measured on this machine, that makes small-N loops 1.4–2.6x faster, and
# SwiftPM's default (baseline x86-64, SSE2) leaves the pure-Swift backends
# behind OpenBLAS's hand-written AVX2 kernels. Opt out with `make report
# TARGET_CPU=`, or choose another with TARGET_CPU=znver3. Every result records
# the target CPU it was built for. Tests build for the baseline.
#
# With a target CPU, `make report` also builds SwiftPM's default release build
# (what a package depending on SpringBench gets) and `bench --other-build`
# samples its kernels in the same rounds as the target-CPU build's, so
# backend-choice.md answers for both builds from one run.

SWIFT ?= swift
TARGET_CPU ?= $(shell grep -qw avx2 /proc/cpuinfo 2>/dev/null && grep -qw fma /proc/cpuinfo 2>/dev/null && echo haswell)

ifeq ($(strip $(TARGET_CPU)),)
CPU_FLAGS :=
SCRATCH := .build
else
TARGET_CPU_DEFINE := $(if $(filter haswell znver3 native,$(TARGET_CPU)),$(shell echo $(TARGET_CPU) | tr a-z A-Z),CUSTOM)
CPU_FLAGS := -Xswiftc -target-cpu -Xswiftc $(TARGET_CPU) -Xswiftc -DSPRINGBENCH_TARGET_CPU_$(TARGET_CPU_DEFINE)
SCRATCH := .build-$(TARGET_CPU)
endif

RELEASE := $(SWIFT) build -c release --scratch-path $(SCRATCH) $(CPU_FLAGS)
BIN = $(shell $(RELEASE) --show-bin-path 2>/dev/null)/springbench
DEFAULT_RELEASE := $(SWIFT) build -c release
DEFAULT_BIN = $(shell $(DEFAULT_RELEASE) --show-bin-path 2>/dev/null)/springbench
OTHER_BUILD := $(if $(strip $(CPU_FLAGS)),--other-build $(DEFAULT_BIN),)

.PHONY: all deps build release test report bench mutants clean

all: test

deps:
	@bash .ci/ensure-deps

build: deps
	$(SWIFT) build

release: deps
	$(RELEASE) --product springbench
ifneq ($(strip $(CPU_FLAGS)),)
	$(DEFAULT_RELEASE) --product springbench
endif

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

bench: release
	$(BIN) bench $(OTHER_BUILD)

# The main job: verify (exit 1 stops it), benchmark, then write every report.
report: release
	$(BIN) backends
	$(BIN) verify
	$(BIN) bench $(OTHER_BUILD)
	$(BIN) report

# The project's own mutation check (about an hour; not part of CI): every
# mutant of Mutants/mutants.txt in a scratch copy, caught or survived, written
# to Reports/mutants.md. Exit 1 when one survives.
mutants: deps
	python3 Scripts/mutants.py --report Reports/mutants.md

clean:
	rm -rf .build .build-*
