# SpringBench: two commands do everything on a fresh machine.
#   make report   build in release, then run the main job and write Reports/
#   make test     run the test suite
# Both install libopenblas-dev and pkg-config first when they are missing.

SWIFT ?= swift
RELEASE_FLAGS ?= -c release
BIN = $(shell $(SWIFT) build $(RELEASE_FLAGS) --show-bin-path 2>/dev/null)/springbench

.PHONY: all deps build release test report clean

all: test

deps:
	@bash .ci/ensure-deps

build: deps
	$(SWIFT) build

release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product springbench

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

report: release
	$(BIN) backends

clean:
	rm -rf .build
