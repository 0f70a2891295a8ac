#!/bin/sh
# --wave on the gateware simulated whole: gpuhost --board usbsim run K --wave
# F.fst writes a readable FST of the whole SoC (the soft core, the bus, the
# GPU core) from power-on to the second warp-instruction (--wave-window 2 at
# 0, as for rtl; after a divergence gpuhost re-runs with the window on it); and
# gpu-usbemu --firmware gateware --wave-window N --wave-at I records only the
# cycles of those warp-instructions (fewer clock edges than the whole run).
# Usage: wave.sh GPUHOST GPU_USBEMU FST_CHECK KERNEL
set -u
gpuhost=$1 usbemu=$2 check=$3 kernel=$4
. "$(dirname "$0")/common.sh"
usbsim_check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
rises() { sed -n 's/.*clk_rises \([0-9]*\).*/\1/p'; }
# (a waveform slows the simulation several times: the final state read needs a longer timeout)
if ! "$gpuhost" --board usbsim run "$kernel" --wave "$work/all.fst" --wave-window 2 --timeout 300000 > "$work/out" 2>&1; then
    fail=1; echo "FAIL: the run with --wave"; sed 's/^/    /' "$work/out" | head -20
fi
all=$("$check" "$work/all.fst" 2>&1) || { fail=1; echo "FAIL: $work/all.fst is not a readable FST: $all"; }
echo "whole run: $all"
sed '/^emulator/d' "$(dirname "$0")/../../boards/usbsim.ini" > "$work/usbsim.ini"
if ! "$usbemu" --firmware gateware --wave "$work/window.fst" --wave-at 4 --wave-window 1 -- \
    "$gpuhost" --board "$work/usbsim.ini" run "$kernel" > "$work/out" 2>&1; then
    fail=1; echo "FAIL: the run with --wave-window"; sed 's/^/    /' "$work/out" | head -20
fi
window=$("$check" "$work/window.fst" 2>&1) || { fail=1; echo "FAIL: $work/window.fst is not a readable FST: $window"; }
echo "warp-instructions 3..5: $window"
a=$(echo "$all" | rises) w=$(echo "$window" | rises)
if [ -z "$a" ] || [ -z "$w" ] || [ "$w" -le 0 ] || [ "$w" -ge "$a" ]; then
    fail=1; echo "FAIL: the window's clock edges ($w) are not fewer than the whole run's ($a), and more than none"
fi
if "$gpuhost" --board usbemu run "$kernel" --wave "$work/no.fst" > "$work/out" 2>&1; then
    fail=1; echo "FAIL: --wave was accepted by usbemu (the emulator records no waveform)"
fi
[ $fail -eq 0 ] && echo "PASS"
[ $fail -eq 0 ]
