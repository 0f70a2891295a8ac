#!/bin/sh
# The whole test suite: set up, build twice (warnings as errors; ASan+UBSan),
# and run the tests through CTest in both builds.
#   sh scripts/test-all.sh [--long] [--budget MINUTES]
# The quick tier (the default) covers every component: each board, each
# server, the firmware image, HDL lint and conformance, the sanitizer build.
# --long adds the long tier (CTest label `long`: whole-core synthesis, the
# exhaustive FP sweeps, long random lockstep streams, the HIL pool), in the
# first build only (it reads the HDL, or repeats what the quick tier runs
# under the sanitizers). --budget fails the run, saying so, once it has taken
# MINUTES (CI: .ci/run), before an outer limit can cut it off unexplained.
# Every run ends with its ten slowest tests and the time of each pass.
set -eu
cd "$(dirname "$0")/.."
usage() { sed -n '2,14s/^# \{0,1\}//p' "$0"; }
long=0 budget=0
while [ $# -gt 0 ]; do
    case $1 in
    --long) long=1 ;;
    --budget) [ $# -ge 2 ] || { usage >&2; exit 2; }; budget=$2; shift ;;
    -h|--help) usage; exit 0 ;;
    *) usage >&2; exit 2 ;;
    esac
    shift
done
case $budget in ''|*[!0-9]*) echo "test-all.sh: --budget takes whole minutes" >&2; exit 2 ;; esac

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
sh scripts/setup.sh build
sh scripts/setup.sh build-asan -DGPUHOST_SANITIZE=ON -DCMAKE_BUILD_TYPE=Debug
rm -f build/junit-*.xml build-asan/junit-*.xml
if [ $long -eq 1 ]; then
    # one CTest pass over both tiers: its scheduler fills both processors
    ctest_run quick+long build || status=1
    junits="quick+long=build/junit-quick+long.xml"
else
    ctest_run quick build -LE long || status=1
    junits="quick=build/junit-quick.xml"
fi
# (label hdl: tests that read only the HDL, not this build's binaries)
UBSAN_OPTIONS=print_stacktrace=1 ctest_run asan build-asan -LE "bench|long|hdl" || status=1
junits="$junits asan=build-asan/junit-asan.xml"

elapsed=$(($(date +%s) - start))
# shellcheck disable=SC2086
python3 scripts/slowest-tests.py $junits || true
echo "== total: $((elapsed / 60)) min $((elapsed % 60)) s (setup, both builds and every pass)"
if [ "$budget" -gt 0 ] && [ "$elapsed" -ge $((budget * 60)) ]; then
    echo "BUDGET: this run took $((elapsed / 60)) min, past its budget of $budget min: make the slowest" \
         "tests above faster, or move them to the long tier, before CI's hard limit drops a submission"
    status=1
fi
exit $status
