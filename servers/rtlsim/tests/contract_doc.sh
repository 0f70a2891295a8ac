#!/bin/sh
# The contract (docs/port-contract.md, with the stand-in's hdl_stubs/README.md
# for its checker and parameters) states the trap codes, which of them
# name a lane, and the warp limit the HDL is generated with (gpu_contract.vh,
# from GM_TRAPS of cosim/common/include/trap_codes.h and
# ISA_KERNEL_MAX_WARPS), and the beat kinds, END statuses and backdoor spaces
# of fw/core/include/fw/port.h (gpu_port.vh), the capability words and
# FEATURES bits (port.h too), the server wrapper's ports (gpuhost_rtl_top.sv.in),
# and the contract checker's
# parameters and ports (contract/gpu_port_checker.v, whose inputs must be
# gpu_core.v's ports), the DUT's ports (every table marked dut-ports, clk
# and rst_n included, against gpu_core.v) and the core's parameters and
# their defaults (gpu_core.v; CAP_WARPS's also boards/rtl.ini's warps): the
# document, the model and the port lists cannot drift apart.
# Usage: contract_doc.sh HDL_README CONTRACT_DOC GPU_CONTRACT_VH GPU_PORT_VH
set -u
hdl_readme=$1 contract=$2 vh=$3 port=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# the two documents read as one: each table lives in one of them
readme=$work/documents.md
cat "$contract" "$hdl_readme" > "$readme"
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
# ... and its last column, whether a code names a lane, against TRAP_LANE_CODES (bit c: code c does)
mask=$(sed -n "s/^localparam \[31:0\] TRAP_LANE_CODES = 32'h\([0-9a-fA-F]*\);.*/\1/p" "$vh")
sed -n "/<!-- trap-codes/,/<!-- \/trap-codes/p" "$readme" |
    sed -n 's/^| \([0-9][0-9]*\) | [A-Z_]* | [^|]* | \([a-z]*\) |$/\1 \2/p' > "$work/lanes"
lane_fail=0
[ -n "$mask" ] && [ -s "$work/lanes" ] || lane_fail=1
while read -r code lane; do
    want=none
    [ $(((0x$mask >> code) & 1)) -eq 1 ] && want=lane
    if [ "$lane" != "$want" ]; then
        echo "FAIL: the trap-codes table of $readme says code $code names $lane, TRAP_LANE_CODES (GM_TRAPS) says $want"
        lane_fail=1
    fi
done < "$work/lanes"
if [ $lane_fail -eq 0 ]; then
    echo "ok   trap-codes: the trapping lane of $(wc -l < "$work/lanes") codes matches TRAP_LANE_CODES (0x$mask)"
else
    [ -n "$mask" ] && [ -s "$work/lanes" ] || echo "FAIL: no TRAP_LANE_CODES in $vh, or no lane column in $readme"
    fail=1
fi
compare beat-kinds BEAT "$port" "FW_PORT_BEATS of fw/port.h"
compare end-statuses STATUS "$port" "FW_PORT_STATUSES of fw/port.h"
compare bd-spaces BD "$port" "FW_PORT_SPACES of fw/port.h"
compare cap-words CAPW "$port" "FW_PORT_CAPS of fw/port.h"
compare cap-features FEAT "$port" "FW_PORT_FEATURES of fw/port.h"
max=$(sed -n 's/^localparam integer CONTRACT_MAX_WARPS = \([0-9]*\);.*/\1/p' "$vh")
if ! grep -q "\`CAP_WARPS\` is 1\.\.$max " "$readme"; then
    echo "FAIL: $readme does not say \"\`CAP_WARPS\` is 1..$max\" (ISA_KERNEL_MAX_WARPS)"
    fail=1
fi

# ports FILE: "name dir width" of each port of a module (one a line, as the HDL declares them)
ports() {
    sed -n 's/^ *\(input\|output\) *\(wire\|reg\)* *\(\[\([0-9]*\):0\]\)\? *\([a-z_0-9]*\).*/\5 \1 \4/p' "$1" |
        awk '{ print $1, ($2 == "input" ? "in" : "out"), ($3 == "" ? 1 : $3 + 1) }' | sort
}
# rows MARKER: the README's "| `a`, `b` | x | y |" rows between the markers as "a x y", "b x y"
rows() {
    sed -n "/<!-- $1/,/<!-- \/$1/p" "$readme" | grep '^| `' |
        awk -F'|' '{ n = split($2, names, ","); for (i = 1; i <= n; i++) { gsub(/[` ]/, "", names[i]);
                     d = $3; w = $4; gsub(/ /, "", d); gsub(/ /, "", w); print names[i], d, w } }' | sort
}
hdl=$(dirname "$hdl_readme")
checker=$hdl/contract/gpu_port_checker.v
# same_lists WHAT: $work/src against $work/doc
same_lists() {
    if [ ! -s "$work/doc" ] || ! diff -u "$work/src" "$work/doc"; then
        echo "FAIL: $1 (- source, + document)"
        fail=1
    else
        echo "ok   $1: $(wc -l < "$work/doc") rows"
    fi
}
ports "$checker" > "$work/src"
rows checker-ports > "$work/doc"
same_lists "the checker-ports table of $readme against $checker"
sed -n 's/^ *parameter integer \([A-Z_]*\) *= *\([0-9]*\).*/\1 \2/p' "$checker" | sort > "$work/src"
rows checker-parameters | awk '{ print $1, $2 }' > "$work/doc"
same_lists "the checker-parameters table of $readme against $checker"
ports "$hdl/gpu_core.v" | awk '{ print $1, $3 }' > "$work/src"
ports "$checker" | awk '$2 == "in" { print $1, $3 }' > "$work/doc"
same_lists "the checker's inputs ($checker) against the DUT's ports (gpu_core.v)"
ports "$hdl/gpu_core.v" > "$work/src"
ports "$hdl/../servers/rtlsim/gpuhost_rtl_top.sv.in" | grep -v '^chk_' > "$work/doc"
same_lists "the server wrapper's ports (servers/rtlsim/gpuhost_rtl_top.sv.in, but chk_*) against gpu_core.v"
rows dut-ports > "$work/doc"
same_lists "the dut-ports tables of $readme (name, direction, width) against gpu_core.v"
sed -n 's/^ *parameter integer \([A-Z_]*\) *= *\([0-9]*\).*/\1 \2/p' "$hdl/gpu_core.v" | sort > "$work/src"
rows core-parameters | awk '{ print $1, $2 }' > "$work/doc"
same_lists "the core-parameters table of $readme (names, defaults) against gpu_core.v"
# the warp count gpuhost sees from the rtl board (CAPS: capability word 0) is CAP_WARPS's default
warps=$(sed -n 's/^warps *= *\([0-9]*\).*/\1/p' "$hdl/../boards/rtl.ini")
default=$(awk '$1 == "CAP_WARPS" { print $2 }' "$work/doc")
if [ -n "$default" ] && [ "$warps" = "$default" ]; then
    echo "ok   CAP_WARPS's default ($default) is boards/rtl.ini's warps"
else
    echo "FAIL: CAP_WARPS's default in $readme ($default) is not boards/rtl.ini's warps ($warps)"
    fail=1
fi
# the stand-in's reset sweep: the README's formula is the one conformance_tb holds the core to
sweep='256 × 2^max(1, ⌈log2 CAP_WARPS⌉) cycles'
tb=$hdl/contract/conformance_tb.v
if grep -q "$sweep" "$readme" && grep -q 'localparam integer NWP = (CAP_WARPS > 1) ? (1 << $clog2(CAP_WARPS)) : 2;' "$tb" &&
   grep -q 'localparam integer SWEEP = 256 \* NWP;' "$tb"; then
    echo "ok   the reset sweep: $sweep, as conformance_tb checks"
else
    echo "FAIL: $readme does not say \"$sweep\", or $tb no longer checks that (SWEEP = 256 * NWP)"
    fail=1
fi
# the checker's kinds and their rules: the README's table against the checker's
# own V_* lines (gpu_checker_kinds.h, generated from them, as servers report them)
kinds_h=$(dirname "$vh")/gpu_checker_kinds.h
sed -n 's/^ *X(\([0-9]*\), "\([a-z-]*\)", "\([T0-9 ]*\)".*/\1 \2 \3/p' "$kinds_h" | sort > "$work/src"
sed -n 's/^| \([0-9][0-9]*\) | \([a-z-]*\) | \(T[0-9]*\(, T[0-9]*\)*\).*/\1 \2 \3/p' "$readme" | tr -d , | sort > "$work/doc"
same_lists "the checker's kinds and rules in $readme against the checker's V_* lines ($kinds_h)"
[ $fail -eq 0 ] && echo "contract_doc: PASS (CAP_WARPS 1..$max)"
exit $fail
