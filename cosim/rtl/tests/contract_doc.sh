#!/bin/sh
# The contract (hdl_stubs/README.md) states the trap codes and the warp limit
# the HDL is generated with (gpu_contract.vh, from the model's GM_TRAPS and
# ISA_KERNEL_MAX_WARPS): the document and the model cannot drift apart.
# Usage: contract_doc.sh README GPU_CONTRACT_VH
set -u
readme=$1 vh=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# "| 2 | ILLEGAL_ENCODING | ..." rows between the trap-codes markers
sed -n '/<!-- trap-codes/,/<!-- \/trap-codes/p' "$readme" |
    sed -n 's/^| \([0-9][0-9]*\) | \([A-Z_]*\) |.*/\2 \1/p' | sort > "$work/doc"
# every TRAP_ but NONE, UNIMPLEMENTED (END status 2) and MAX
sed -n "s/^localparam \[7:0\] TRAP_\([A-Z_]*\) = 8'd\([0-9]*\);.*/\1 \2/p" "$vh" |
    grep -v -e '^NONE ' -e '^UNIMPLEMENTED ' -e '^MAX ' | sort > "$work/model"
fail=0
if [ ! -s "$work/doc" ] || ! diff -u "$work/model" "$work/doc"; then
    echo "FAIL: the trap-code table of $readme differs from GM_TRAPS (- model, + document)"
    fail=1
fi
max=$(sed -n 's/^localparam integer CONTRACT_MAX_WARPS = \([0-9]*\);.*/\1/p' "$vh")
if ! grep -q "\`CAP_WARPS\` is 1\.\.$max " "$readme"; then
    echo "FAIL: $readme does not say \"\`CAP_WARPS\` is 1..$max\" (ISA_KERNEL_MAX_WARPS)"
    fail=1
fi
[ $fail -eq 0 ] && echo "contract_doc: PASS ($(wc -l < "$work/doc") trap codes, CAP_WARPS 1..$max)"
exit $fail
