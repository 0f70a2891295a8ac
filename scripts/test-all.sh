#!/bin/sh
# The whole test suite through CTest, in tiers:
#   sh scripts/test-all.sh [--long] [--budget MINUTES]
#   sh scripts/test-all.sh --fuzz-only [--budget MINUTES]
#   sh scripts/test-all.sh --bitstream
#   sh scripts/test-all.sh --slow
# quick (the default, the README's test command): set up, build twice
#   (build: warnings as errors; build-asan: ASan+UBSan) and run the quick tier
#   in both (benchmarks in the first only). It covers every component: each
#   board, each server, the firmware image, HDL lint and conformance, the
#   sanitizer build. It does not fuzz: the libfuzzer_X tests show as skipped
#   (tests/fuzz: they need clang), the fuzz_X smoke tests run.
# --long (CI: .ci/run) adds the long tier (CTest label `long`: the
#   gateware simulated whole, cocotb under Verilator, the board's
#   elaboration, long random lockstep streams, the HIL pool) in the first
#   build only (it reads the HDL, or repeats what the quick tier runs under
#   the sanitizers), and the fuzz pass: build-fuzz
#   built with clang and libFuzzer (scripts/fuzz.sh --build) and every fuzz
#   target fuzzed for GPUHOST_FUZZ_SECONDS (30 s unless set; CTest label
#   `fuzz`), about 3.5 minutes with its build on 2 processors; a finding
#   (crash, leak, timeout, failed property) fails the run.
# --fuzz-only: the fuzz pass alone (what is missing installed, no other build).
# --bitstream: set up, build, and run board_bitstream alone (CTest label
#   `bitstream`): the gh-ref bitstream for the ECPIX-5, placed, routed and
#   judged (tests/bitstream); more than an hour on one processor, so no other
#   pass runs it.
# --slow: set up, build, and run the slow tier alone (CTest label `slow`):
#   what CI's 45 minutes cannot hold beside the rest: whole-core synthesis
#   (synth_core_coarse, synth_core_ecp5), the exhaustive binary16 sweeps,
#   the conformance bench under Verilator and cocotb's checks under
#   Verilator (Icarus runs both in CI); about 10 minutes on 2 processors.
# --budget fails the run, saying so, once it has taken MINUTES (CI: .ci/run),
# before an outer limit can cut it off unexplained.
# Every run ends with its ten slowest tests and the time of each pass.
set -eu
cd "$(dirname "$0")/.."
usage() { sed -n '2,35s/^# \{0,1\}//p' "$0"; }
long=0 fuzz=0 others=1 budget=0 alone=""
while [ $# -gt 0 ]; do
    case $1 in
    --long) long=1 fuzz=1 ;;
    --fuzz-only) fuzz=1 others=0 ;;
    --bitstream) alone=bitstream others=0 ;;
    --slow) alone=slow others=0 ;;
    --budget) [ $# -ge 2 ] || { usage >&2; exit 2; }; budget=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
    shift
done
case $budget in ''|*[!0-9]*) echo "test-all.sh: --budget takes whole minutes" >&2; exit 2 ;; esac
fuzz_seconds=${GPUHOST_FUZZ_SECONDS:-30}
case $fuzz_seconds in ''|*[!0-9]*) echo "test-all.sh: GPUHOST_FUZZ_SECONDS takes whole seconds" >&2; exit 2 ;; esac

start=$(date +%s)
stop_time=""
if [ "$budget" -gt 0 ]; then
    # CTest stops its tests at this time of day (a test still running then fails)
    stop_time=$(date -d "@$((start + budget * 60))" +%H:%M:%S)
fi
ctest_run() { # NAME BUILD_DIR ctest-args...: one pass, its JUnit kept for the summary
    name=$1 dir=$2
    shift 2
    echo "== tests: $name ($dir)"
    if [ "$budget" -gt 0 ] && [ "$(date +%s)" -ge $((start + budget * 60)) ]; then
        echo "BUDGET: the $budget-minute budget was spent before this pass: not run"
        return 1
    fi
    ctest --test-dir "$dir" --output-on-failure -j "$(nproc)" --output-junit "$PWD/$dir/junit-$name.xml" \
        ${stop_time:+--stop-time "$stop_time"} "$@"
}
junits=""
status=0
if [ -n "$alone" ]; then # a tier that no other pass runs
    sh scripts/setup.sh build
    rm -f "build/junit-$alone.xml"
    ctest_run "$alone" build -L "$alone" || status=1
    echo "== total: $(($(date +%s) - start)) s"
    exit $status
fi
if [ $others -eq 1 ]; then
    sh scripts/setup.sh build
    sh scripts/setup.sh build-asan -DGPUHOST_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
else
    sh scripts/setup.sh --packages
fi
rm -f build/junit-*.xml build-asan/junit-*.xml build-fuzz/junit-*.xml
# (with the fuzz pass, the libfuzzer_X tests run there, not as skips here)
nofuzz=""
[ $fuzz -eq 1 ] && nofuzz="|fuzz"
if [ $others -eq 1 ]; then
    if [ $long -eq 1 ]; then
        # one CTest pass over both tiers: its scheduler fills both processors
        ctest_run quick+long build -LE "bitstream|slow$nofuzz" || status=1
        junits="quick+long=build/junit-quick+long.xml"
    else
        ctest_run quick build -LE "long|bitstream|slow" || status=1
        junits="quick=build/junit-quick.xml"
    fi
    # (label hdl: tests that read only the HDL, not this build's binaries)
    UBSAN_OPTIONS=print_stacktrace=1 ctest_run asan build-asan -LE "bench|long|hdl|bitstream|slow$nofuzz" || status=1
    junits="$junits asan=build-asan/junit-asan.xml"
fi
if [ $fuzz -eq 1 ]; then
    # the fuzz pass: its build first (clang; the budget is checked before it),
    # then the libfuzzer_X tests, two at a time on two processors
    junits="$junits fuzz=build-fuzz/junit-fuzz.xml"
    fuzz_start=$(date +%s)
    if [ "$budget" -gt 0 ] && [ "$fuzz_start" -ge $((start + budget * 60)) ]; then
        echo "== tests: fuzz (build-fuzz)"
        echo "BUDGET: the $budget-minute budget was spent before this pass: not run"
        status=1
    elif ! sh scripts/fuzz.sh --build "$fuzz_seconds"; then
        echo "== tests: fuzz (build-fuzz)"
        echo "fuzz: build-fuzz did not build (clang and libclang-rt-14-dev: scripts/setup.sh): the fuzz pass fails"
        status=1
    else
        ctest_run fuzz build-fuzz -L fuzz || status=1
        echo "== fuzz pass: $(($(date +%s) - fuzz_start)) s (its build, and $fuzz_seconds s of fuzzing a target)"
    fi
fi

elapsed=$(($(date +%s) - start))
# shellcheck disable=SC2086
python3 scripts/slowest-tests.py $junits || true
echo "== total: $((elapsed / 60)) min $((elapsed % 60)) s (setup, the builds and every pass)"
if [ "$budget" -gt 0 ] && [ "$elapsed" -ge $((budget * 60)) ]; then
    echo "BUDGET: this run took $((elapsed / 60)) min, past its budget of $budget min: make the slowest" \
         "tests above faster, or move them to the slow tier (label slow, out of CI's run), before" \
         "CI's hard limit drops a submission"
    status=1
fi
exit $status
