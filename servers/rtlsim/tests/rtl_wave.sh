#!/bin/sh
# gpu-rtlsim --wave writes a complete FST when gpuhost starts it and stops it
# with SIGTERM; --wave-window keeps only the cycles around one retire index
# (--wave-at, or the --fault's AT). Read back with rtl_fst_check.
# Usage: rtl_wave.sh GPUHOST GPU_RTLSIM FST_CHECK DIR
set -u
gpuhost=$1 rtlsim=$2 fstcheck=$3 dir=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
server() { # name, extra gpu-rtlsim options...: a wrapper gpuhost can start with --server
    name=$1
    shift
    printf '#!/bin/sh\nexec "%s" "$@" %s\n' "$rtlsim" "$*" > "$work/$name"
    chmod +x "$work/$name"
}
# run NAME EXPECTED_EXIT GPUHOST_ARGS...: runs faults_rtl.s; FST stats in $stats
run() {
    name=$1 want=$2
    shift 2
    out=$("$gpuhost" --board rtl run "$dir/faults_rtl.s" --server "$work/$name" "$@" 2>&1)
    status=$?
    stats=$("$fstcheck" "$work/$name.fst" 2>&1)
    fstatus=$?
    if [ $status -ne "$want" ] || [ $fstatus -ne 0 ]; then
        echo "FAIL $name: gpuhost exit $status (wanted $want), rtl_fst_check: $stats"
        echo "$out" | sed 's/^/    /'
        return 1
    fi
    return 0
}
field() { echo "$stats" | sed -n "s/.* $1 \([0-9]*\).*/\1/p"; }
verdict() { # name, condition result
    if [ "$2" -eq 0 ]; then pass=$((pass + 1)); echo "ok   $1: $stats"; else fail=$((fail + 1)); echo "FAIL $1: $stats"; fi
}

server full --wave "$work/full.fst"
if run full 0; then
    # the whole life: reset sweep, loads, 7 instructions, final state read
    [ "$(field first)" -le 2 ] && [ "$(field clk_rises)" -gt 5000 ]
    verdict "whole run" $?
else fail=$((fail + 1)); fi

server window --wave "$work/window.fst" --wave-window 1 --wave-at 5
if run window 0; then
    # retires 4..6 only: a few hundred cycles, not from the start
    [ "$(field first)" -gt 1000 ] && [ "$(field clk_rises)" -gt 100 ] && [ "$(field clk_rises)" -lt 2000 ]
    verdict "window of retires 4..6" $?
else fail=$((fail + 1)); fi

server fault --wave "$work/fault.fst" --wave-window 0
if run fault 7 --fault 2:1:4; then
    # centred on the fault's retire: the one instruction (an IADD: its step and 6 cycles)
    [ "$(field first)" -gt 1000 ] && [ "$(field clk_rises)" -ge 6 ] && [ "$(field clk_rises)" -lt 1000 ]
    verdict "window on the fault's retire" $?
else fail=$((fail + 1)); fi

# gpuhost --wave: after a divergence, gpuhost re-runs on a fresh gpu-rtlsim
# recording the retires around it, and the report names the file
out=$("$gpuhost" --board rtl run "$dir/faults_rtl.s" --fault 2:3:4 --wave "$work/div.fst" --wave-window 2 2>&1)
status=$?
stats=$("$fstcheck" "$work/div.fst" 2>&1)
[ $status -eq 7 ] && echo "$out" | grep -qF "waveform: $work/div.fst (retires 1..5)" && \
    [ "$(field first)" -gt 1000 ] && [ "$(field clk_rises)" -gt 10 ]
verdict "gpuhost --wave after a divergence" $?

# under stress the re-run is the same run, cycle for cycle: its window is
# the one the diverging run's own server recorded (the same first cycle and
# the same number of edges)
server stressed --wave "$work/stressed.fst" --wave-window 2 --wave-at 3
run stressed 7 --fault 2:3:4 --stress 9:heavy
orig_first=$(field first) orig_rises=$(field clk_rises)
out=$("$gpuhost" --board rtl run "$dir/faults_rtl.s" --fault 2:3:4 --stress 9:heavy --wave "$work/sdiv.fst" --wave-window 2 2>&1)
status=$?
stats=$("$fstcheck" "$work/sdiv.fst" 2>&1)
[ $status -eq 7 ] && echo "$out" | grep -qF "stress 9:heavy: the same setting reruns the same cycles" &&
    [ -n "$orig_first" ] && [ "$(field first)" = "$orig_first" ] && [ "$(field clk_rises)" = "$orig_rises" ]
verdict "gpuhost --wave --stress 9:heavy: the re-run's window is the run's (first $orig_first, $orig_rises edges)" $?

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
