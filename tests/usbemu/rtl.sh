#!/bin/sh
# The emulated USB board with the Verilated core (cosim/rtl's rtl_dut) as its
# DUT: the unmodified libusb gpuhost runs under
#   gpu-usbemu --dut rtl -- CLIENT --board usbemu-rtl run K.s
# The integer kernels PASS in lockstep; a kernel with an FP instruction the
# core lacks is refused before it runs (exit 9, UNSUPPORTED); a DUT fault is
# struck in the RTL (through its fault registers) and caught where it struck;
# GH_USBEMU_DUT=rtl selects the RTL as --dut rtl does. (verdict sets $name:
# the loop uses $kernel.)
# Usage: rtl.sh GPU_USBEMU CLIENT KERNEL_DIR
set -u
usbemu=$1 client=$2 kernels=$3
. "$(dirname "$0")/common.sh"
usbemu_check
out=$(mktemp)
trap 'rm -f "$out"' EXIT
# The board's CAPS name is the firmware's (the rv32 image); the DUT behind the
# debug port is named by gpu-usbemu's verbose start-up line (GH_USBEMU_VERBOSE).
rtl_marker="DUT: the Verilated core"

export GH_USBEMU_VERBOSE=1
for kernel in bitmanip divergent dot_idp4a reduce_redux reduce_shfl; do
    for batch in 1 64; do
        start=$(date +%s)
        GPUHOST_EMULATED_BOARD=usbemu-rtl timeout 120 "$usbemu" --dut rtl -- "$client" --board usbemu-rtl run "$kernels/$kernel.s" \
            --batch "$batch" --timeout 10000 > "$out" 2>&1
        status=$?
        verdict "$kernel --batch $batch" 0 120 "$out" $status $(($(date +%s) - start)) \
            "PASS: lockstep clean" "$rtl_marker" "$image_marker"
    done
done
start=$(date +%s)
GPUHOST_EMULATED_BOARD=usbemu-rtl timeout 120 "$usbemu" --dut rtl -- "$client" --board usbemu-rtl run "$kernels/haxpy_fp16.s" --timeout 10000 > "$out" 2>&1
status=$?
verdict "haxpy_fp16 refused" 9 120 "$out" $status $(($(date +%s) - start)) \
    "UNSUPPORTED: the target" "does not implement" "$image_marker" "HFMA2" "$rtl_marker"
start=$(date +%s)
GPUHOST_EMULATED_BOARD=usbemu-rtl timeout 120 "$usbemu" --dut rtl --fault 2:5:3 -- "$client" --board usbemu-rtl run "$kernels/divergent.s" \
    --timeout 10000 > "$out" 2>&1
status=$?
verdict "RTL fault through the USB path" 7 120 "$out" $status $(($(date +%s) - start)) \
    "DIVERGENCE at instruction 5" "$rtl_marker" "$image_marker"
start=$(date +%s)
GH_USBEMU_DUT=rtl GPUHOST_EMULATED_BOARD=usbemu-rtl timeout 120 "$usbemu" -- "$client" --board usbemu-rtl run "$kernels/bitmanip.s" \
    --timeout 10000 > "$out" 2>&1
status=$?
verdict "GH_USBEMU_DUT=rtl" 0 120 "$out" $status $(($(date +%s) - start)) "PASS: lockstep clean" "$rtl_marker" "$image_marker"
# The board descriptor: gpuhost --board usbemu-rtl runs under gpu-usbemu --dut rtl
start=$(date +%s)
timeout 120 "$client" --board usbemu-rtl run "$kernels/reduce_shfl.s" --timeout 10000 > "$out" 2>&1
status=$?
verdict "gpuhost --board usbemu-rtl" 0 120 "$out" $status $(($(date +%s) - start)) "PASS: lockstep clean" "$rtl_marker" "$image_marker"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
