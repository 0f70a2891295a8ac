#!/bin/sh
# hdl_stubs/fp: the Verilated units' results on model-checked random vectors,
# replayed under Icarus Verilog (fp_vectors_tb.v): both simulators must agree
# bit for bit.
#   fp_vectors.sh FP_CHECK IVERILOG VVP FP_DIR GENERATED_DIR TOLERANCE BATCHES
# Exits 77 (skipped) when Icarus Verilog is not installed.
set -eu
check=$1 iverilog=$2 vvp=$3 dir=$4 gen=$5 tolerance=$6 batches=$7
if ! command -v "$iverilog" >/dev/null 2>&1 || ! command -v "$vvp" >/dev/null 2>&1; then
    echo "SKIP: Icarus Verilog (iverilog, vvp) not installed (scripts/setup.sh installs it)"
    exit 77
fi
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
"$check" vectors "$tmp/vectors.txt" "$batches" "$tolerance"
"$iverilog" -g2005 -Wall -I"$dir" -I"$gen" -s fp_vectors_tb -o "$tmp/tb" "$dir/tests/fp_vectors_tb.v" \
    "$dir/fp32_unit.v" "$dir/fp_halu2.v" "$dir/fp_halu_fmt.v" "$dir/fp_hadd2_f32.v" "$dir/fp_mufu.v"
"$vvp" -n "$tmp/tb" +vectors="$tmp/vectors.txt" | tee "$tmp/out"
grep -q "vectors, 0 mismatches" "$tmp/out" && ! grep -q "^fp_vectors_tb: 0 vectors" "$tmp/out"
