#!/bin/sh
# Benchmark: lockstep speed at several batch sizes beside the model alone,
# in one run, on the same long-running integer kernel. Prints figures and
# ratios; asserts nothing about speed.
# Usage: bench_lockstep.sh GPUHOST BOARD [INSTRUCTIONS]
set -u
gpuhost=$1 board=$2 count=${3:-200000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat > "$work/loop.s" <<'EOS'
.warps 4
.init R9 1000000000
    S2R R0, SR_LANEID ;
loop:
    IADD R1, R0, R1 ;
    LOP3.POR R2, R1, R0, R2, 0x96, !PT ;
    SHF.L.HI R3, R1, 0x5, R2 ;
    IMAD R4, R1, R3, R4 ;
    IADD R9, R9, -0x1 ;
    ISETP.NE.AND P0, R9, RZ, PT ;
@P0 BRA loop ;
    EXIT ;
EOS
rate() { sed -n 's/.*(\([0-9]*\) instructions\/s).*/\1/p' | head -1; }
model=$("$gpuhost" run "$work/loop.s" --max-insns "$count" | rate)
free=$("$gpuhost" --board "$board" run "$work/loop.s" --max-insns "$count" --free-run --timeout 60000 | rate)
echo "model alone:            ${model} instructions/s"
echo "$board free-running (no model, batch 1024): ${free} instructions/s"
for batch in 1 64 1024; do
    r=$("$gpuhost" --board "$board" run "$work/loop.s" --max-insns "$count" --batch "$batch" --timeout 60000 | rate)
    if [ -n "$r" ] && [ -n "$model" ] && [ "$model" -gt 0 ]; then
        ratio=$(awk -v a="$r" -v b="$model" 'BEGIN { printf "%.3f", a / b }')
    else
        ratio="n/a"
    fi
    if [ -n "$r" ] && [ -n "$free" ] && [ "$free" -gt 0 ]; then
        fratio=$(awk -v a="$r" -v b="$free" 'BEGIN { printf "%.3f", a / b }')
    else
        fratio="n/a"
    fi
    echo "lockstep $board batch $batch: ${r:-?} instructions/s (ratio to free-running: $fratio, to the model alone: $ratio)"
done
