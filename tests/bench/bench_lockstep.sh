#!/bin/sh
# Benchmark: lockstep speed at several batch sizes beside the model alone,
# in one run, on the same integer kernel. Prints figures and ratios (the
# target free-running against the model alone too); asserts nothing about
# speed, but every run must succeed (exit 0): a failed run fails the
# benchmark, after the figures. With SERVER (a zmq board's server, e.g.
# gpu-rtlsim) the runs use it with --stats, and the cycles per
# warp-instruction of the free run are printed.
# Usage: bench_lockstep.sh GPUHOST BOARD [INSTRUCTIONS [SERVER]]
set -u
gpuhost=$1 board=$2 count=${3:-200000} server=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The kernel ends by itself after about INSTRUCTIONS warp-instructions
# (4 warps, 7 per iteration, 2 outside the loop), so success is exit 0.
iterations=$(((count / 4 - 2) / 7))
[ "$iterations" -ge 1 ] || iterations=1
cat > "$work/loop.s" <<EOS
.warps 4
.init R9 $iterations
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
.expect R9 0
EOS
rate() { sed -n 's/.*(\([0-9]*\) instructions\/s).*/\1/p' "$work/out" | head -1; }
srv=""
if [ -n "$server" ]; then
    printf '#!/bin/sh\nexec "%s" "$@" --stats 2>> "%s"\n' "$server" "$work/stats" > "$work/server"
    chmod +x "$work/server"
    srv="--server $work/server"
fi
failed=0
run() { # LABEL GPUHOST-ARGS...: output in $work/out; a non-zero exit is a failure
    label=$1
    shift
    "$gpuhost" "$@" > "$work/out" 2>&1
    status=$?
    if [ $status -ne 0 ]; then
        failed=$((failed + 1))
        echo "FAIL: $label: gpuhost exited $status:"
        sed 's/^/    /' "$work/out"
    fi
}
run "model alone" run "$work/loop.s"
model=$(rate)
rm -f "$work/stats"
# shellcheck disable=SC2086
run "$board free-running" --board "$board" run "$work/loop.s" --free-run --timeout 60000 $srv
free=$(rate)
echo "model alone:            ${model} instructions/s"
echo "$board free-running (no model, batch 1024): ${free:-?} instructions/s"
if [ -n "$free" ] && [ -n "$model" ] && [ "$model" -gt 0 ]; then
    echo "$board free-running / model alone: $(awk -v a="$free" -v b="$model" 'BEGIN { printf "%.3f", a / b }')"
fi
if [ -n "$server" ]; then
    cycles=$(sed -n 's/.*(\([0-9.]*\) cycles each).*/\1/p' "$work/stats" 2>/dev/null | head -1)
    echo "$board cycles per warp-instruction (free-running, $(basename "$server") --stats): ${cycles:-?}"
    [ -n "$cycles" ] || { echo "FAIL: no cycle count from $(basename "$server") --stats"; failed=$((failed + 1)); }
fi
for batch in 1 64 1024; do
    # shellcheck disable=SC2086
    run "lockstep $board batch $batch" --board "$board" run "$work/loop.s" --batch "$batch" --timeout 60000 $srv
    r=$(rate)
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
if [ $failed -ne 0 ]; then
    echo "FAIL: $failed of the runs failed"
    exit 1
fi
