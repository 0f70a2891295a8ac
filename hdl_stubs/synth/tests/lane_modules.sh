#!/bin/sh
# lane_modules_tb.v under Icarus: the execution stage with LANE_MODULES 0
# (simulated) and 1 (synthesized) agree at every cycle.
#   lane_modules.sh IVERILOG HDL_DIR GENERATED_DIR WORK_DIR
set -u
iverilog=$1 hdl=$2 gen=$3 work=$4
if ! command -v "$iverilog" >/dev/null 2>&1; then
    echo "SKIP: $iverilog not found (apt-get install iverilog, or scripts/setup.sh)"
    exit 77
fi
mkdir -p "$work"
if ! "$iverilog" -g2005 -Wno-timescale -I"$gen" -I"$hdl" -I"$hdl/fp" -s lane_modules_tb -o "$work/lane_modules.vvp" \
        "$hdl"/*.v "$hdl"/fp/*.v "$gen/gpu_legal.v" "$hdl/synth/tests/lane_modules_tb.v" > "$work/build.log" 2>&1; then
    echo "FAIL: iverilog build of lane_modules_tb"; cat "$work/build.log"; exit 1
fi
vvp -n "$work/lane_modules.vvp" > "$work/run.log" 2>&1
status=$?
cat "$work/run.log"
[ $status -eq 0 ] && grep -q "^lane_modules: PASS" "$work/run.log" && exit 0
echo "FAIL: lane_modules_tb (exit $status)"
exit 1
