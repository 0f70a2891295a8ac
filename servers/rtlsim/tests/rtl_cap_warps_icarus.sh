#!/bin/sh
# The core elaborates under Icarus Verilog (-g2005, every warning but the
# informational "@* is sensitive to all words in array") for CAP_WARPS 1..64,
# and without the optional fault-injection registers (FAULT_REGS 0).
# Exit 77 (skipped) when iverilog is missing.
# Usage: rtl_cap_warps_icarus.sh IVERILOG HDL_DIR GENERATED_DIR
set -u
iverilog=$1 hdl=$2 gen=$3
if ! command -v "$iverilog" >/dev/null 2>&1; then
    echo "SKIP: $iverilog not found (apt-get install iverilog, or scripts/setup.sh)"
    exit 77
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
for n in 1 2 3 4 5 8 16 32 64 4:FAULT_REGS=0; do
    params="-Pgpu_core.CAP_WARPS=${n%%:*}"
    case $n in *:*) params="$params -Pgpu_core.${n#*:}" ;; esac
    # shellcheck disable=SC2086
    out=$("$iverilog" -g2005 -Wall -Wno-sensitivity-entire-array -I"$gen" -I"$hdl" -I"$hdl/fp" $params \
          -s gpu_core -o "$work/core.vvp" "$hdl"/*.v "$hdl"/fp/*.v "$gen"/gpu_legal.v 2>&1)
    if [ $? -ne 0 ] || [ -n "$out" ]; then
        echo "FAIL CAP_WARPS=$n: iverilog -g2005 -Wall"; echo "$out" | head -20 | sed 's/^/    /'; fail=1
    else
        echo "ok   CAP_WARPS=$n: iverilog -g2005 -Wall clean"
    fi
done
[ $fail -eq 0 ] && echo "rtl_cap_warps_icarus: PASS"
exit $fail
