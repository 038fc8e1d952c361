# SpringBench: two commands do everything on a fresh machine.
#   make report   build in release, verify, benchmark, and write Reports/ (about 8.5 min here:
#                 builds 150 s + 57 s for the sampler, the bench 273-281 s; README.md says why)
#   make test     build and run the unit tier (every <Module>Tests target)
#   make check    every test target at full depth, with PostgreSQL (what CI runs)
# Both install libopenblas-dev and pkg-config first when they are missing.
#
# The main job's binary is built for the widest target this CPU runs:
#   - with AVX-512 (F, BW, DQ, VL): the CPU's own name, as LLVM's host
#     detection reads it (clang -march=native; znver4 on an EPYC Zen 4),
#     skylake-avx512 when clang cannot say. Measured on a Zen 4 VM against the
#     haswell build (../shared/SPEC.md §8): add at 256 points 0.037 vs 0.068
#     ns/element, scale at 4 Ki 0.028 vs 0.042.
#   - with AVX2 and FMA: haswell (every AVX2+FMA x86-64 CPU runs it): small-N
#     loops 1.4–2.6x faster than SwiftPM's baseline x86-64 (SSE2).
#   - otherwise (or off x86-64, where arm64's baseline has NEON): SwiftPM's default.
# Opt out with `make report TARGET_CPU=`, or choose one with TARGET_CPU=znver3.
# The name is compiled into the binary and recorded in every result
# (machine.targetCPU). Tests build for the baseline.
#
# With a target CPU, `make report` also builds SwiftPM's default release build
# (what a package depending on SpringBench gets) of the small springbench-sampler
# product only (kernels, backends, the sampler protocol: no CLI, reports or
# GRDB), and `bench --other-build` samples its kernels in the same rounds as
# the target-CPU build's, so backend-choice.md answers for both builds from one run.
#
# Beside the backends, `make report` samples the yardsticks outside SpringBench
# in the same rounds (Yardsticks/options.sh builds them and prints the options):
# gcc -O3 -march=native loops (Yardsticks/gcc/loops.c, a shared library under
# .build-yardsticks/, loaded with --loops-library) when gcc exists, and numpy
# (Yardsticks/numpy/sampler.py, a sampler process, --reference-sampler) when
# python3 can import it (pip installs it when missing). Without either, the
# script says so and the run goes on without that row.

SWIFT ?= swift
# The report's tool is built without the package trait PostgreSQL (off by
# default): the PostgreSQL history store is for CI runners sharing a history,
# through libpq (Debian's libpq-dev, which `make check` installs).
# `swift build -c release --product springbench --traits PostgreSQL` builds the tool with it.
CPU_FLAG_WORDS := $(shell grep -m1 -w '^flags' /proc/cpuinfo 2>/dev/null)
HAS_AVX512 := $(and $(filter avx512f,$(CPU_FLAG_WORDS)),$(filter avx512bw,$(CPU_FLAG_WORDS)),$(filter avx512dq,$(CPU_FLAG_WORDS)),$(filter avx512vl,$(CPU_FLAG_WORDS)))
HAS_AVX2_FMA := $(and $(filter avx2,$(CPU_FLAG_WORDS)),$(filter fma,$(CPU_FLAG_WORDS)))
HOST_CPU = $(shell clang -\#\#\# -march=native -x c -c /dev/null -o /dev/null 2>&1 | sed -n 's/.*"-target-cpu" "\([^"]*\)".*/\1/p' | head -n1)
TARGET_CPU ?= $(if $(HAS_AVX512),$(or $(HOST_CPU),skylake-avx512),$(if $(HAS_AVX2_FMA),haswell,))

ifeq ($(strip $(TARGET_CPU)),)
CPU_FLAGS :=
SCRATCH := .build
else
TARGET_CPU_DEFINE := $(if $(filter haswell znver3 native,$(TARGET_CPU)),$(shell echo $(TARGET_CPU) | tr a-z A-Z),CUSTOM)
CPU_FLAGS := -Xswiftc -target-cpu -Xswiftc $(TARGET_CPU) -Xswiftc -DSPRINGBENCH_TARGET_CPU_$(TARGET_CPU_DEFINE) \
	-Xcc -DSPRINGBENCH_TARGET_CPU_NAME=$(TARGET_CPU)
SCRATCH := .build-$(TARGET_CPU)
endif

RELEASE := $(SWIFT) build -c release --disable-default-traits --scratch-path $(SCRATCH) $(CPU_FLAGS)
BIN = $(shell $(RELEASE) --show-bin-path 2>/dev/null)/springbench
DEFAULT_RELEASE := $(SWIFT) build -c release --disable-default-traits
# SwiftPM's default build is sampled through the small `springbench-sampler` product
# (the kernels, backends and sampler protocol), not a second copy of the whole tool.
DEFAULT_BIN = $(shell $(DEFAULT_RELEASE) --show-bin-path 2>/dev/null)/springbench-sampler
# Relative to the working directory: reports print the command line, never a machine's own paths.
OTHER_BUILD := $(if $(strip $(CPU_FLAGS)),--other-build $(patsubst $(CURDIR)/%,%,$(DEFAULT_BIN)),)
YARDSTICKS = $$(bash Yardsticks/options.sh .build-yardsticks)

.PHONY: all deps deps-check build release test check portable docs snapshots report bench mutants clean

all: test

deps:
	@bash .ci/ensure-deps

# The trait PostgreSQL's client library (libpq-dev) and Chromium (make check's browser test) as well.
deps-check:
	@bash .ci/ensure-deps postgresql chromium

build: deps
	$(SWIFT) build

release: deps
	$(RELEASE) --product springbench
ifneq ($(strip $(CPU_FLAGS)),)
	$(DEFAULT_RELEASE) --product springbench-sampler
endif

# Tests: the test target is the tier (Scripts/run-tests.py reads them from the manifest).
#   make test    the unit tier: every `<Module>Tests` target, quick slices, no PostgreSQL
#                (the trait is off: nothing needs libpq, and no TLS library compiles)
#   make check   every test target at full depth (SPRINGBENCH_TEST_DEPTH=deep), built with the
#                package trait PostgreSQL: the unit tier and the tiers PlatformOracleTests,
#                EndToEndTests, StressTests and PostgreSQLTests (their RunsAlone suites last, one
#                test at a time), PostgreSQL against the server SPRINGBENCH_POSTGRES_URL names
#                (`eval "$$(bash .ci/postgres-start)"` starts one). CI runs it. A target that
#                runs no test fails it.
# One module's target alone: `swift test --filter '^VectorKernelsTests\.'`.
# `make check` builds in release in .build-check (the trait changes every module's flags, and
# a contributor's .build stays as `make test` left it). Release because CI runs the suite on
# the build it then verifies and gates with (.ci/run): on 2 cores here, from a fresh clone,
# the release build with the tests took 344 s and the deep test phase 216 s (2026-11-28),
# against 363 s and 520 s in debug with postgres-nio before. Tests import modules plainly
# (what they reach is `package`), so no -enable-testing is needed, and the example and the
# ordo suite reuse the build. The whole `bash .ci/run`: 714 s (it was 1187 s); 1079 s on a day the
# host ran the same build 1.36x slower (README.md).
# TEST_CONFIGURATION, TRAITS and TEST_SCRATCH let `make test` run on another build: CI runs it
# on make check's (release, the trait, .build-check) instead of compiling a third time.
TEST_CONFIGURATION ?= debug
TRAITS ?=
TEST_SCRATCH ?= .build
TEST_FLAGS := -c $(TEST_CONFIGURATION) $(if $(strip $(TRAITS)),--traits $(TRAITS),) --scratch-path $(TEST_SCRATCH)

test: deps
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	python3 Scripts/run-tests.py -- $(TEST_FLAGS)

# The portable configuration (Guides/Portability.md): the spring library's test targets and
# those of the pieces with portable fallbacks, run with SPRINGBENCH_PORTABLE_FALLBACKS=1 (a
# condition-variable worker pool, machine facts unknown, posix_memalign buffers): what other
# platforms run, on Linux. Scripts/check-manifest.py names the targets and checks the library
# reaches no Linux-only target or header.
portable: deps
	$(SWIFT) build --build-tests $(TEST_FLAGS)
	SPRINGBENCH_PORTABLE_FALLBACKS=1 python3 Scripts/run-tests.py --only $$(python3 Scripts/check-manifest.py --portable-tests) -- $(TEST_FLAGS)

# The DocC catalogs (Sources/<Module>/<Module>.docc), one per library product, built with the
# swift-docc-plugin, warnings as errors. The products come from the manifest; the archives go to
# <scratch>/plugins/Swift-DocC/outputs/. DOCS_FLAGS lets CI build them on make check's build
# (release, the trait, .build-check) instead of compiling a debug copy.
DOCS_FLAGS ?=
docs: deps
	$(SWIFT) package $(DOCS_FLAGS) generate-documentation --warnings-as-errors \
		$$(swift package dump-package | python3 -c 'import json, sys; print(" ".join("--product " + p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"]))')

# Re-records the snapshot files of generated texts (Tests/Snapshots/): review the diff, then commit.
snapshots: deps
	$(SWIFT) build --build-tests
	SPRINGBENCH_RECORD_SNAPSHOTS=1 python3 Scripts/run-tests.py

CHECK_FLAGS := -c release --traits PostgreSQL --scratch-path .build-check
check: deps-check
	$(SWIFT) build --build-tests $(CHECK_FLAGS)
	SPRINGBENCH_TEST_DEPTH=deep python3 Scripts/run-tests.py --all -- $(CHECK_FLAGS)

bench: release
	$(BIN) bench $(OTHER_BUILD) $(YARDSTICKS)

# The main job: verify (exit 1 stops it), benchmark, then write every report.
report: release
	$(BIN) backends
	$(BIN) verify
	$(BIN) bench $(OTHER_BUILD) $(YARDSTICKS)
	$(BIN) report

# The project's own mutation check (not part of CI): every mutant of
# Mutants/mutants.txt in a scratch copy, on one build of all of them (a mutant
# schema, Guides/RegressionGates.md), caught or survived, written to
# Reports/mutants.md. Exit 1 when one survives.
mutants: deps
	python3 Scripts/mutants.py --report Reports/mutants.md

clean:
	rm -rf .build .build-*
