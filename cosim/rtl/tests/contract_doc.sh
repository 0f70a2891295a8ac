#!/bin/sh
# The contract (hdl_stubs/README.md) states the trap codes and the warp limit
# the HDL is generated with (gpu_contract.vh, from the model's GM_TRAPS and
# ISA_KERNEL_MAX_WARPS), and the beat kinds, END statuses and backdoor spaces
# of fw/core/include/fw/port.h (gpu_port.vh): the document, the model and the
# port lists cannot drift apart.
# Usage: contract_doc.sh README GPU_CONTRACT_VH GPU_PORT_VH
set -u
readme=$1 vh=$2 port=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail=0
# table MARKER PREFIX: the README's "| N | NAME |" rows between <!-- MARKER and
# <!-- /MARKER against the "localparam [..] PREFIX_NAME = W'dN;" lines of VH
compare() {
    marker=$1 prefix=$2 file=$3 what=$4
    sed -n "/<!-- $marker/,/<!-- \/$marker/p" "$readme" |
        sed -n 's/^| \([0-9][0-9]*\) | \([A-Z_]*\) |.*/\2 \1/p' | sort > "$work/doc"
    sed -n "s/^localparam \[[0-9]*:0\] ${prefix}_\([A-Z_]*\) = [0-9]*'d\([0-9]*\);.*/\1 \2/p" "$file" |
        grep -v -e '^NONE ' -e '^UNIMPLEMENTED ' -e '^MAX ' | sort > "$work/src"
    if [ "$prefix" != TRAP ]; then # only TRAP_ leaves NONE, UNIMPLEMENTED and MAX out
        sed -n "s/^localparam \[[0-9]*:0\] ${prefix}_\([A-Z_]*\) = [0-9]*'d\([0-9]*\);.*/\1 \2/p" "$file" | sort > "$work/src"
    fi
    if [ ! -s "$work/doc" ] || ! diff -u "$work/src" "$work/doc"; then
        echo "FAIL: the $marker table of $readme differs from $what (- source, + document)"
        fail=1
    else
        echo "ok   $marker: $(wc -l < "$work/doc") rows match $what"
    fi
}
compare trap-codes TRAP "$vh" "GM_TRAPS"
compare beat-kinds BEAT "$port" "FW_PORT_BEATS of fw/port.h"
compare end-statuses STATUS "$port" "FW_PORT_STATUSES of fw/port.h"
compare bd-spaces BD "$port" "FW_PORT_SPACES of fw/port.h"
max=$(sed -n 's/^localparam integer CONTRACT_MAX_WARPS = \([0-9]*\);.*/\1/p' "$vh")
if ! grep -q "\`CAP_WARPS\` is 1\.\.$max " "$readme"; then
    echo "FAIL: $readme does not say \"\`CAP_WARPS\` is 1..$max\" (ISA_KERNEL_MAX_WARPS)"
    fail=1
fi
[ $fail -eq 0 ] && echo "contract_doc: PASS (CAP_WARPS 1..$max)"
exit $fail
