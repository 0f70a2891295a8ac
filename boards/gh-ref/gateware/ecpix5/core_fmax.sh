#!/bin/sh
# The GPU core's own clock on the ECPIX-5's FPGA, in about 25 minutes
# instead of the whole bitstream's hour and more: the core alone at the
# board configuration, synthesised for the ECP5 (Yosys's synth_ecp5, ABC9:
# the delay-aware LUT mapping) and placed out of context by nextpnr-ecp5
# (no I/O cells: the core's ports stay inside, as they are in the SoC), with
# nextpnr's estimate of the clock's maximum frequency after placement. A
# fast loop for pipelining the core toward the board clock; the bitstream's
# report (build.py, report.py) is the verdict. Prints the utilisation and
# the estimate; exit 0 when the estimate meets --freq, 1 when not.
# Usage: core_fmax.sh YOSYS NEXTPNR_ECP5 HDL_STUBS HDL_GENERATED OUT_DIR MHZ [NAME=VALUE ...]
set -eu
[ $# -ge 6 ] || { echo "usage: core_fmax.sh YOSYS NEXTPNR_ECP5 HDL_STUBS HDL_GENERATED OUT_DIR MHZ [NAME=VALUE ...]" >&2; exit 2; }
yosys=$1 nextpnr=$2 stubs=$3 generated=$4 out=$5 mhz=$6
shift 6
for tool in "$yosys" "$nextpnr"; do
    command -v "$tool" > /dev/null || { echo "SKIP: $tool not found (scripts/setup.sh)"; exit 77; }
done
case $nextpnr in */*) nextpnr=$(cd "$(dirname "$nextpnr")" && pwd)/$(basename "$nextpnr") ;; esac # run from OUT_DIR
mkdir -p "$out"
out=$(cd "$out" && pwd)
params="-set FAULT_REGS 0" # as the board builds it (gh_ref_ecpix5_board.v)
for p in "$@"; do
    case $p in
        *=*) params="$params -set ${p%%=*} ${p#*=}" ;;
        *) echo "core_fmax.sh: $p: NAME=VALUE" >&2; exit 2 ;;
    esac
done
sources="$(ls "$stubs"/*.v "$stubs"/fp/*.v) $generated/gpu_legal.v"
start=$(date +%s)
# shellcheck disable=SC2086 # the lists are words on purpose
"$yosys" -q -l "$out/yosys.log" -p "read_verilog -I $generated -I $stubs -I $stubs/fp $(echo $sources);
    chparam $params gpu_core; synth_ecp5 -top gpu_core -abc9 -json $out/core.json"
synthesised=$(date +%s)
# YoWASP's tools see only their working directory: relative names, in OUT_DIR
(cd "$out" && "$nextpnr" --85k --package CABGA554 --speed 8 --json core.json --out-of-context --no-route \
    --freq "$mhz" --timing-allow-fail --report report.json -l nextpnr.log > /dev/null 2>&1) || {
    tail -20 "$out/nextpnr.log" 2> /dev/null; echo "FAIL: nextpnr-ecp5 stopped: $out/nextpnr.log"; exit 1; }
placed=$(date +%s)
grep -E "TRELLIS_COMB|DP16KD|MULT18X18D|TRELLIS_FF" "$out/nextpnr.log" | tail -4 | sed 's/^Info: *//'
echo "time: synthesis $(( (synthesised - start) / 60 )) min, placement $(( (placed - synthesised) / 60 )) min"
line=$(grep "Max frequency for clock" "$out/nextpnr.log" | tail -1 | sed 's/^Info: *//')
[ -n "$line" ] || { echo "FAIL: nextpnr named no clock: $out/nextpnr.log"; exit 1; }
echo "gpu_core alone, after placement: $line"
case $line in *FAIL*) exit 1 ;; esac
exit 0
