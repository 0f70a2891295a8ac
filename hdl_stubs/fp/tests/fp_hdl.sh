#!/bin/sh
# hdl_stubs/fp: one static check of one FP unit with one tool.
#   fp_hdl.sh verilator|icarus|yosys TOOL FP_DIR INCLUDE_DIR TOP FILE...
# verilator: --lint-only -Wall; icarus: -g2005 -Wall elaboration; yosys:
# generic synthesis, `check -assert`, no latch, then the cell and flip-flop
# counts. Exits 77 (skipped) when TOOL is not installed.
set -eu
kind=$1 tool=$2 dir=$3 inc=$4 top=$5
shift 5
if ! command -v "$tool" >/dev/null 2>&1; then
    echo "SKIP: $tool not installed (scripts/setup.sh installs it)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
case $kind in
verilator)
    "$tool" --lint-only -Wall -I"$dir" -I"$inc" --top-module "$top" "$@"
    echo "$top: verilator --lint-only -Wall clean" ;;
icarus)
    "$tool" -g2005 -Wall -I"$dir" -I"$inc" -s "$top" -o "$tmp/sim" "$@" 2>"$tmp/log" || { cat "$tmp/log"; exit 1; }
    if [ -s "$tmp/log" ]; then cat "$tmp/log"; echo "$top: iverilog warnings"; exit 1; fi
    echo "$top: iverilog -g2005 -Wall clean" ;;
yosys)
    "$tool" -q -l "$tmp/log" -p "read_verilog -I$dir -I$inc $*; synth -top $top; check -assert;
        select -assert-none t:\$dlatch t:\$adlatch t:\$dlatchsr t:\$_DLATCH_* t:\$_DLATCHSR_*;
        tee -o $tmp/stat stat" >/dev/null
    # the whole design's figures (the hierarchy total when there are submodules)
    if grep -q "design hierarchy" "$tmp/stat"; then sed -n '/design hierarchy/,$p' "$tmp/stat" >"$tmp/total"
    else cp "$tmp/stat" "$tmp/total"; fi
    grep -E "Number of cells|Number of memor|DFF" "$tmp/total" | sed "s/^ */$top: /"
    echo "$top: yosys synth: check -assert passed, no latches" ;;
*)
    echo "fp_hdl.sh: unknown check '$kind'" >&2
    exit 2 ;;
esac
