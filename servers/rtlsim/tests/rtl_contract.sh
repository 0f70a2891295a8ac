#!/bin/sh
# Builds and runs one contract testbench of hdl_stubs/contract under one
# simulator and checks its verdict line:
#   conformance_tb     the stand-in core, CAP_WARPS 1..64, with the checker
#                      (each size under one simulator at least)
#   checker_mutant_tb  the checker flags one planted violation of each kind
# Exit 77 (skipped) when the simulator is missing.
# Usage: rtl_contract.sh verilator|icarus TOOL HDL_DIR GENERATED_DIR WORK_DIR TOP
set -u
sim=$1 tool=$2 hdl=$3 gen=$4 work=$5 top=$6
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool not found (apt-get install iverilog, or scripts/setup.sh)"
    exit 77
fi
sizes="" # conformance_tb: the CAP_WARPS it must report passed
case $top in
conformance_tb) sources="$(echo "$hdl"/*.v "$hdl"/fp/*.v) $gen/gpu_legal.v $hdl/contract/gpu_port_checker.v $hdl/contract/conformance_tb.v"
                verdict="conformance: PASS"
                # Verilator compiles a core a size (7 took 3.5 CPU-minutes): the
                # smallest, the rtl board's and the largest; Icarus the six up
                # to 32 (64, half of its run, is Verilator's): each size by one
                if [ "$sim" = verilator ]; then sizes="1 4 64" params="-GSIZES=7'b1000101"
                else sizes="1 2 4 8 16 32" params="-Pconformance_tb.SIZES=7'b0111111"; fi ;;
checker_mutant_tb) sources="$hdl/contract/gpu_port_checker.v $hdl/contract/checker_mutant_tb.v"
                   verdict="checker mutants: PASS" ;;
*) echo "unknown testbench $top"; exit 2 ;;
esac
rm -rf "$work"
mkdir -p "$work"
if [ "$sim" = verilator ]; then
    # -O0: the compile is what costs (the simulation takes seconds even so)
    # shellcheck disable=SC2086
    if ! "$tool" --binary --timing -Wno-fatal -Wno-lint -Wno-style -I"$gen" -I"$hdl" -I"$hdl/fp" --top-module "$top" \
            -Mdir "$work" --build-jobs 2 -MAKEFLAGS "OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0" \
            ${params:-} $sources > "$work/build.log" 2>&1; then
        echo "FAIL: verilator build of $top"; tail -30 "$work/build.log"; exit 1
    fi
    run="$work/V$top"
else
    # shellcheck disable=SC2086
    if ! "$tool" -g2005 -Wno-timescale -I"$gen" -I"$hdl" -I"$hdl/fp" ${params:-} -s "$top" -o "$work/$top.vvp" $sources > "$work/build.log" 2>&1; then
        echo "FAIL: iverilog build of $top"; cat "$work/build.log"; exit 1
    fi
    run="vvp -n $work/$top.vvp"
fi
$run > "$work/run.log" 2>&1
status=$?
cat "$work/run.log"
# (a checker report fails the run even if the testbench missed it)
if [ $status -ne 0 ] || ! grep -qx "$verdict" "$work/run.log" ||
   { [ $top = conformance_tb ] && grep -q "^gpu_port_checker" "$work/run.log"; }; then
    echo "FAIL: $top under $sim (exit $status, no \"$verdict\")"
    exit 1
fi
for n in $sizes; do
    grep -qx "conformance CAP_WARPS=$n: PASS.*" "$work/run.log" ||
        { echo "FAIL: $top under $sim: no \"conformance CAP_WARPS=$n: PASS\""; exit 1; }
done
exit 0
