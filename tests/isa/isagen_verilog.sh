#!/bin/sh
# isagen --verilog-dir writes gpu_isa.vh and gpu_legal.v from the spec and the
# core's implemented list, and refuses a list naming something the spec lacks
# (exit 1, FILE:LINE: error).
# Usage: isagen_verilog.sh ISAGEN IMPLEMENTED.txt SPEC...
set -u
isagen=$1 implemented=$2
shift 2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
if ! "$isagen" --verilog-dir "$work" --implemented "$implemented" "$@"; then
    echo "FAIL: isagen --verilog-dir on the spec"; exit 1
fi
for f in gpu_isa.vh gpu_legal.v; do
    [ -s "$work/$f" ] || { echo "FAIL: no $f"; exit 1; }
done
grep -q "^localparam \[255:0\] ISA_IMPLEMENTED = 256'h" "$work/gpu_isa.vh" || { echo "FAIL: no ISA_IMPLEMENTED"; exit 1; }
grep -q "^module gpu_legal" "$work/gpu_legal.v" || { echo "FAIL: no module gpu_legal"; exit 1; }
# the per-variant field readers the FP slots decode with
for f in "\[1:0\] isa_fv_ra_hsel2" "\[2:0\] isa_fv_mufuop" "isa_fv_ftz" "\[1:0\] isa_b_hsel2" "isa_b_hsel" "\[1:0\] isa_c_hsel2"; do
    grep -q "^function automatic $f(input \[127:0\] w);" "$work/gpu_isa.vh" || { echo "FAIL: no function $f"; exit 1; }
done
printf 'IALU\nNOT_A_GROUP\n' > "$work/bad.txt"
out=$("$isagen" --verilog-dir "$work" --implemented "$work/bad.txt" "$@" 2>&1)
status=$?
echo "$out"
[ $status -eq 1 ] || { echo "FAIL: a bad list: exit $status, expected 1"; exit 1; }
echo "$out" | grep -q "bad.txt:2: error: 'NOT_A_GROUP' is neither a group nor an optype" ||
    { echo "FAIL: the error does not name bad.txt:2"; exit 1; }
echo "PASS"
