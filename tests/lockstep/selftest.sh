#!/bin/sh
# gpuhost selftest on a board (issue 23, point 4): every step passes, in the
# fixed order, and the run ends PASS with exit 0. Skipped (77) where the
# board's server or emulator is not here (usbemu: tests/usbemu/common.sh).
# Usage: selftest.sh GPUHOST BOARD [GPU_USBEMU]
set -u
gpuhost=$1 board=$2 usbemu=${3:-}
case $board in
usbemu*)
    . "$(dirname "$0")/../usbemu/common.sh"
    usbemu_check ;;
usbsim)
    . "$(dirname "$0")/../usbsim/common.sh"
    usbsim_check ;;
esac
out=$(timeout 900 "$gpuhost" --board "$board" selftest 2>&1)
status=$?
fail=0
want() { # a line, in order after the one before
    rest=$(printf '%s\n' "$out" | sed -n "/$(printf '%s' "$1" | sed 's/[][\/.*^$]/\\&/g')/,\$p")
    if [ -z "$rest" ]; then fail=1; echo "FAIL: no line with '$1' (in order)"; else out=$rest; fi
}
all=$out
for step in "ok   reset: every warp" "ok   backdoor: GPRs" "ok   backdoor: predicates" \
    "ok   backdoor: uniform registers" "ok   backdoor: uniform predicates" "ok   backdoor: global memory" \
    "ok   backdoor: lane PCs and status" \
    "ok   reset: RESET clears" "ok   code load" "ok   step IADD" "ok   run: a random stream" "PASS: "; do
    want "$step"
done
steps=$(printf '%s\n' "$all" | grep -c '^ok   step ')
if [ "$status" -ne 0 ] || [ "$steps" -lt 20 ] || printf '%s\n' "$all" | grep -q '^FAIL'; then
    fail=1
    echo "FAIL: exit $status (wanted 0), $steps instruction steps (wanted at least 20)"
fi
printf '%s\n' "$all" | sed 's/^/    /' | tail -n 3
[ $fail -eq 0 ] && echo "ok   selftest on $board: $steps instruction steps, exit 0"
[ $fail -eq 0 ]
