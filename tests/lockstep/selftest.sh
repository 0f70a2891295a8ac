#!/bin/sh
# gpuhost selftest on a board (issue 23, point 4): every step passes, in the
# fixed order, and the run ends PASS with exit 0. Skipped (77) where the
# board's server or emulator is not here (usbemu: tests/usbemu/common.sh).
# With --brief (after GPU_USBEMU, which may be ""): the steps of one
# instruction are left out, said so, and none runs.
# Usage: selftest.sh GPUHOST BOARD [GPU_USBEMU [--brief]]
set -u
gpuhost=$1 board=$2 usbemu=${3:-} brief=${4:-}
case $brief in ''|--brief) ;; *) echo "usage: selftest.sh GPUHOST BOARD [GPU_USBEMU [--brief]]" >&2; exit 2 ;; esac
case $board in
usbemu*)
    . "$(dirname "$0")/../usbemu/common.sh"
    usbemu_check ;;
usbsim)
    . "$(dirname "$0")/../usbsim/common.sh"
    usbsim_check ;;
esac
# shellcheck disable=SC2086
out=$(timeout 900 "$gpuhost" --board "$board" selftest $brief 2>&1)
status=$?
fail=0
want() { # a line, in order after the one before
    rest=$(printf '%s\n' "$out" | sed -n "/$(printf '%s' "$1" | sed 's/[][\/.*^$]/\\&/g')/,\$p")
    if [ -z "$rest" ]; then fail=1; echo "FAIL: no line with '$1' (in order)"; else out=$rest; fi
}
all=$out
step_line="ok   step IADD" min_steps=20 max_steps=1000
[ -z "$brief" ] || step_line="skip steps: one instruction per optype: left out (--brief)" min_steps=0 max_steps=0
for step in "ok   reset: every warp" "ok   backdoor: GPRs" "ok   backdoor: predicates" \
    "ok   backdoor: uniform registers" "ok   backdoor: uniform predicates" "ok   backdoor: global memory" \
    "ok   backdoor: lane PCs and status" \
    "ok   reset: RESET clears" "ok   code load" "$step_line" "ok   run: a random stream" "PASS: "; do
    want "$step"
done
steps=$(printf '%s\n' "$all" | grep -c '^ok   step ')
if [ "$status" -ne 0 ] || [ "$steps" -lt $min_steps ] || [ "$steps" -gt $max_steps ] ||
    printf '%s\n' "$all" | grep -q '^FAIL'; then
    fail=1
    echo "FAIL: exit $status (wanted 0), $steps instruction steps (wanted $min_steps to $max_steps)"
fi
printf '%s\n' "$all" | sed 's/^/    /' | tail -n 3
[ $fail -eq 0 ] && echo "ok   selftest on $board: $steps instruction steps, exit 0"
[ $fail -eq 0 ]
