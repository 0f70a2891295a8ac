#!/bin/sh
# Every kernel of a directory passes in lockstep over the emulated USB board:
#   gpuhost --board usbemu run K.s
# (libgpuhost starts gpu-usbemu for the board: its descriptor names it.)
# Usage: kernels.sh GPU_USBEMU CLIENT KERNEL_DIR [BATCH]
set -u
usbemu=$1 client=$2 kernels=$3 batch=${4:-64}
. "$(dirname "$0")/common.sh"
usbemu_check
out=$(mktemp)
trap 'rm -f "$out"' EXIT
for src in "$kernels"/*.s; do
    [ -e "$src" ] || continue
    name=$(basename "$src" .s)
    start=$(date +%s)
    timeout 120 "$client" --board usbemu run "$src" --batch "$batch" --timeout 10000 > "$out" 2>&1
    status=$?
    verdict "$name" 0 120 "$out" $status $(($(date +%s) - start)) "PASS: lockstep clean" "$image_marker"
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
