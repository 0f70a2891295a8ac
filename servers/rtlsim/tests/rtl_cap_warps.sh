#!/bin/sh
# CAP_WARPS is a real parameter: the core lints clean with every warning on
# for 1..64 warps (1, 2, 3, 4, 5 and 64: the edge cases of the warp index, a
# power of two at each end and two odd counts; 8, 16 and 32 repeated the shape
# of 4 and 64, a power of two, for 40 s of CI), and without its optional
# fault-injection registers (FAULT_REGS 0), the contract checker and
# the testbenches lint clean, and no module-scope `integer` is shared as a loop
# variable by several always blocks (Yosys infers latches on one).
# Usage: rtl_cap_warps.sh VERILATOR HDL_DIR GENERATED_DIR
set -u
verilator=$1 hdl=$2 gen=$3
fail=0
for n in 1 2 3 4 5 64 4:FAULT_REGS=0; do
    params="-GCAP_WARPS=${n%%:*}"
    case $n in *:*) params="$params -G${n#*:}" ;; esac
    # shellcheck disable=SC2086
    out=$("$verilator" --lint-only -Wall -I"$gen" -I"$hdl" -I"$hdl/fp" $params --top-module gpu_core "$hdl"/*.v "$hdl"/fp/*.v "$gen"/gpu_legal.v 2>&1)
    if [ $? -ne 0 ] || [ -n "$out" ]; then
        echo "FAIL CAP_WARPS=$n: verilator --lint-only -Wall"
        echo "$out" | head -20 | sed 's/^/    /'
        fail=1
    else
        echo "ok   CAP_WARPS=$n: verilator --lint-only -Wall clean"
    fi
done
out=$("$verilator" --lint-only -Wall -I"$gen" --top-module gpu_port_checker "$hdl"/contract/gpu_port_checker.v 2>&1)
if [ $? -ne 0 ] || [ -n "$out" ]; then
    echo "FAIL gpu_port_checker: verilator --lint-only -Wall"; echo "$out" | head -20 | sed 's/^/    /'; fail=1
else
    echo "ok   gpu_port_checker: verilator --lint-only -Wall clean"
fi
for top in conformance_tb checker_mutant_tb; do
    sources="$hdl/contract/gpu_port_checker.v $hdl/contract/$top.v" sizes=""
    # (the testbench around its smallest and largest core: every size's core is linted above)
    [ $top = conformance_tb ] && sources="$hdl/*.v $hdl/fp/*.v $gen/gpu_legal.v $sources" sizes="-GSIZES=7'b1000001"
    # shellcheck disable=SC2086
    out=$("$verilator" --lint-only --timing -Wno-fatal -I"$gen" -I"$hdl" -I"$hdl/fp" $sizes --top-module $top $sources 2>&1)
    if [ $? -ne 0 ] || [ -n "$out" ]; then
        echo "FAIL $top: verilator --lint-only"; echo "$out" | head -20 | sed 's/^/    /'; fail=1
    else
        echo "ok   $top: verilator --lint-only clean"
    fi
done
# module-scope declarations are indented 4; a loop variable belongs to its block (8 or more)
shared=$(grep -n '^    integer ' "$hdl"/*.v "$hdl"/contract/gpu_port_checker.v)
if [ -n "$shared" ]; then
    echo "FAIL module-scope integer (give each always block its own loop variable):"
    echo "$shared" | sed 's/^/    /'
    fail=1
fi
[ $fail -eq 0 ] && echo "rtl_cap_warps: PASS"
exit $fail
