#!/bin/sh
# A libFuzzer campaign over every fuzz target (tests/fuzz/README.md): builds
# build-fuzz with clang (-DGPUHOST_FUZZ=ON) if needed, then fuzzes each
# target for SECONDS on its committed corpus, keeping what it finds in
# build-fuzz/campaign/TARGET (corpus) and build-fuzz/campaign/TARGET-crash-*
# (artifacts). Prints each target's executions and what it found.
#   scripts/fuzz.sh [SECONDS [TARGET...]]
set -eu
cd "$(dirname "$0")/.."
seconds=${1:-60}
[ $# -gt 0 ] && shift
targets=${*:-asm decode kernel board isagen wire_fw wire_host usb_frame cli}
command -v clang > /dev/null || { echo "fuzz: clang is missing (apt-get install clang libclang-rt-14-dev)"; exit 77; }
if [ ! -f build-fuzz/CMakeCache.txt ]; then
    cmake -S . -B build-fuzz -DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DGPUHOST_FUZZ=ON \
        -DGPUHOST_WERROR=OFF -DGPUHOST_RTLSIM=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo
fi
for t in $targets; do
    cmake --build build-fuzz -j "$(nproc)" --target "fuzz_$t"
done
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
