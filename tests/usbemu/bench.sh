#!/bin/sh
# Benchmark of the emulated USB path (asserts nothing): HELLO round trips
# (one bulk OUT + one bulk IN transfer each) and lockstep speed at batch 64
# and 1024 on a long integer loop, beside the model alone.
# Usage: bench.sh GPU_USBEMU CLIENT [GPUHOST] [INSTRUCTIONS]
set -u
usbemu=$1 client=$2 gpuhost=${3:-} count=${4:-200000}
. "$(dirname "$0")/common.sh"
usbemu_check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
write_loop_kernel "$work/loop.s" 1000000000
sed -i 's/^\.warps 1/.warps 4/' "$work/loop.s"
rate() { sed -n 's/.*(\([0-9]*\) instructions\/s).*/\1/p' | head -1; }
if [ -n "$gpuhost" ]; then
    echo "model alone:          $("$gpuhost" run "$work/loop.s" --max-insns "$count" | rate) instructions/s"
fi
"$usbemu" -- "$client" ping 3000 | sed 's/^/usbemu /'
for batch in 64 1024; do
    r=$("$client" --board usbemu run "$work/loop.s" --max-insns "$count" --batch "$batch" \
        --timeout 60000 | rate)
    echo "lockstep usbemu batch $batch: ${r:-?} instructions/s"
done
