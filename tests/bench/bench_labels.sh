#!/bin/sh
# Benchmark: assembling and disassembling kernels of 10^4, 10^5 and 10^6
# labels (each label on an instruction, each referenced by a branch), side
# by side in one run. Prints seconds and microseconds per label; a linear
# assembler keeps the per-label cost flat as the count grows by 100x (it
# was quadratic: 10^5 labels took 21.6 s, 10^6 more than 300 s). Asserts
# only that each step completes and the labels survive the round trip.
# Usage: bench_labels.sh GPUHOST [MAX_LABELS]
set -u
gpuhost=$1 max=${2:-1000000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
now() { date +%s.%N; }

n=10000
first_asm="" first_dis=""
while [ "$n" -le "$max" ]; do
    awk -v n="$n" 'BEGIN { for (i = 0; i < n; i++) printf "L%d: BRA L%d ;\n", i, (i * 7919) % n; print "EXIT ;" }' \
        > "$work/k.s"
    t0=$(now)
    "$gpuhost" asm "$work/k.s" -o "$work/k.bin" || fail "$n labels: asm failed"
    t1=$(now)
    "$gpuhost" disasm "$work/k.bin" > "$work/k.dis" || fail "$n labels: disasm failed"
    t2=$(now)
    labels=$(grep -c ':$' "$work/k.dis")
    [ "$labels" -eq "$n" ] || fail "$n labels: disasm printed $labels"
    line=$(awk -v n="$n" -v a="$t0" -v b="$t1" -v c="$t2" -v fa="$first_asm" -v fd="$first_dis" 'BEGIN {
        asm = (b - a) / n * 1e6; dis = (c - b) / n * 1e6
        printf "%8d labels: asm %6.2f s (%5.2f us/label), disasm %6.2f s (%5.2f us/label)", n, b - a, asm, c - b, dis
        if (fa != "") printf "; per-label cost vs 10^4: asm x%.2f, disasm x%.2f", asm / fa, dis / fd
        printf "|%f|%f\n", asm, dis }')
    echo "${line%%|*}"
    if [ -z "$first_asm" ]; then
        rest=${line#*|}
        first_asm=${rest%%|*}
        first_dis=${rest#*|}
    fi
    n=$((n * 10))
done
echo "bench_labels: 1 passed, 0 failed"
