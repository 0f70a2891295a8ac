#!/bin/sh
# A libFuzzer campaign over every fuzz target (tests/fuzz/README.md): builds
# build-fuzz with clang (-DGPUHOST_FUZZ=ON) if needed, then fuzzes each
# target for SECONDS on its committed corpus, keeping what it finds in
# build-fuzz/campaign/TARGET (corpus) and build-fuzz/campaign/TARGET-crash-*
# (artifacts). Prints each target's executions and what it found.
#   scripts/fuzz.sh [SECONDS [TARGET...]]
#   scripts/fuzz.sh --build [TEST_SECONDS]
# --build only configures build-fuzz (its libfuzzer_X CTest tests fuzzing
# TEST_SECONDS each, GPUHOST_FUZZ_SECONDS, when given) and builds every
# target: the fuzz pass of scripts/test-all.sh, which then runs
# `ctest -L fuzz`. Without clang it fails (exit 1) where a campaign skips (77).
set -eu
cd "$(dirname "$0")/.."
build_only=0 test_seconds=""
if [ "${1:-}" = --build ]; then
    build_only=1 test_seconds=${2:-}
    case $test_seconds in *[!0-9]*) echo "fuzz: --build takes whole seconds" >&2; exit 2 ;; esac
    set --
fi
seconds=${1:-60}
[ $# -gt 0 ] && shift
# every target there is: tests/fuzz/fuzz_X.c (the list CMake registers too)
all=$(for f in tests/fuzz/fuzz_*.c; do t=${f#tests/fuzz/fuzz_}; printf '%s ' "${t%.c}"; done)
targets=${*:-$all}
if ! command -v clang > /dev/null; then
    echo "fuzz: clang is missing (apt-get install clang libclang-rt-14-dev, or scripts/setup.sh --packages)"
    [ $build_only -eq 1 ] && exit 1
    exit 77
fi
# configured once; again when the libfuzzer_X tests are asked for another length
if [ ! -f build-fuzz/CMakeCache.txt ] || { [ -n "$test_seconds" ] &&
    ! grep -qx "GPUHOST_FUZZ_SECONDS:STRING=$test_seconds" build-fuzz/CMakeCache.txt; }; then
    cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DGPUHOST_FUZZ=ON \
        -DGPUHOST_WERROR=OFF -DGPUHOST_RTLSIM=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo \
        ${test_seconds:+-DGPUHOST_FUZZ_SECONDS="$test_seconds"}
fi
build_targets=""
for t in $targets; do build_targets="$build_targets fuzz_$t"; done
# shellcheck disable=SC2086
cmake --build build-fuzz -j "$(nproc)" --target $build_targets
[ $build_only -eq 1 ] && exit 0
status=0
for t in $targets; do
    out=build-fuzz/campaign/$t
    mkdir -p "$out"
    log=build-fuzz/campaign/$t.log
    if build-fuzz/tests/fuzz/fuzz_$t -max_total_time="$seconds" -print_final_stats=1 -timeout=20 \
        -rss_limit_mb=2048 -artifact_prefix="build-fuzz/campaign/$t-" "$out" "tests/fuzz/corpus/$t" \
        > "$log" 2>&1; then
        found="nothing"
    else
        found="a failure: $(grep -m1 -E 'ERROR|SUMMARY|property failed|timeout|leak' "$log" || echo see "$log")"
        status=1
    fi
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -1)
    echo "fuzz_$t: ${runs:-?} executions in ${seconds} s, $cov, corpus $(ls "$out" | wc -l) inputs; found $found"
done
exit $status
