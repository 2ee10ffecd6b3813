# Front door: every target installs missing Debian packages first (scripts/install-deps.sh).
BUILD ?= build
BUILD_SANITIZE ?= build-sanitize
BUILD_FUZZ ?= build-fuzz
FUZZ_SECONDS ?= 60
PREFIX ?= /usr/local
JOBS ?= $(shell nproc)
CMAKE_FLAGS ?=

.PHONY: all deps configure demo test test-sanitize fuzz bench install clean

all: configure
	cmake --build $(BUILD) -j $(JOBS)

deps:
	@bash scripts/install-deps.sh

configure: deps
	@test -f $(BUILD)/CMakeCache.txt || cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release $(CMAKE_FLAGS)

demo: all
	$(BUILD)/examples/ember_demo

test: all
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS)

test-sanitize: deps
	@test -f $(BUILD_SANITIZE)/CMakeCache.txt || cmake -S . -B $(BUILD_SANITIZE) \
	  -DCMAKE_BUILD_TYPE=Debug -DEMBER_SANITIZE=ON -DEMBER_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build $(BUILD_SANITIZE) -j $(JOBS)
	cd $(BUILD_SANITIZE) && ASAN_OPTIONS=detect_leaks=1:allocator_may_return_null=1 ctest --output-on-failure -j $(JOBS)

# libFuzzer targets (fuzz/README.md), built with clang in their own tree, FUZZ_SECONDS each.
fuzz:
	@bash scripts/install-deps.sh --with-fuzz
	@test -f $(BUILD_FUZZ)/CMakeCache.txt || CC=clang CXX=clang++ cmake -S . -B $(BUILD_FUZZ) \
	  -DCMAKE_BUILD_TYPE=Debug -DEMBER_FUZZ=ON -DBUILD_TESTING=OFF -DEMBER_BENCH=OFF $(CMAKE_FLAGS)
	cmake --build $(BUILD_FUZZ) -j $(JOBS) --target fuzz_targets
	bash fuzz/run.sh $(BUILD_FUZZ) $(FUZZ_SECONDS)

bench: all
	@for b in $(BUILD)/bench/bench_*; do echo "== $$b"; $$b --benchmark_min_time=0.2; done

install: all
	cmake --install $(BUILD) --prefix $(PREFIX)

clean:
	rm -rf $(BUILD) $(BUILD_SANITIZE) $(BUILD_FUZZ)
