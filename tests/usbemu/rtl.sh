#!/bin/sh
# The emulated USB board with the Verilated core (servers/rtlsim's rtl_dut) as its
# DUT, started by libgpuhost for
#   CLIENT --board usbemu-rtl run K.s
# (gpu-usbemu --dut rtl, its descriptor's emulator_dut)
# Every example kernel (floating point included) PASSes in lockstep; CAPS,
# built by the rv32 image from the core's capability words, lists all 61
# instruction types and the core's MUFU ulp bounds; DUT faults are struck in
# the RTL (through its fault registers) and caught where they struck, the
# MUFU one as beyond the declared bound; GH_USBEMU_DUT=rtl selects the RTL
# as --dut rtl does. (verdict sets $name: the loop uses $kernel.)
# Usage: rtl.sh GPU_USBEMU CLIENT KERNEL_DIR
set -u
usbemu=$1 client=$2 kernels=$3
. "$(dirname "$0")/common.sh"
usbemu_check
work=$(mktemp -d)
out=$work/out
trap 'rm -rf "$work"' EXIT
# The board's CAPS name is the firmware's (the rv32 image); the DUT behind the
# debug port is named by gpu-usbemu's verbose start-up line (GH_USBEMU_VERBOSE).
rtl_marker="DUT: the Verilated core"

export GH_USBEMU_VERBOSE=1
for kernel in bitmanip divergent dot_idp4a reduce_redux reduce_shfl saxpy haxpy_fp16 lrp_blend; do
    for batch in 1 64; do
        start=$(date +%s)
        timeout 120 "$client" --board usbemu-rtl run "$kernels/$kernel.s" \
            --batch "$batch" --timeout 10000 > "$out" 2>&1
        status=$?
        verdict "$kernel --batch $batch" 0 120 "$out" $status $(($(date +%s) - start)) \
            "PASS: lockstep clean" "$rtl_marker" "$image_marker"
    done
done
start=$(date +%s)
timeout 120 "$client" --board usbemu-rtl info > "$out" 2>&1
status=$?
verdict "CAPS through the image: 61 types, the MUFU bounds" 0 120 "$out" $status $(($(date +%s) - start)) \
    "(61 instruction types)" "tolerance:  MUFU.COS.F32 within 1 ulp" "MUFU.RSQ.F64 within 1 ulp"
start=$(date +%s)
timeout 120 "$client" --board usbemu-rtl run "$(dirname "$0")/../../servers/rtlsim/tests/faults_fp.s" --fault 13:0 \
    --timeout 10000 > "$out" 2>&1
status=$?
verdict "RTL MUFU fault through the USB path: beyond the declared bound" 7 120 "$out" $status \
    $(($(date +%s) - start)) "DIVERGENCE at instruction 3" "(2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.F32)" \
    "$rtl_marker" "$image_marker"
start=$(date +%s)
timeout 120 "$client" --board usbemu-rtl run "$kernels/divergent.s" --fault 2:5:3 --timeout 10000 > "$out" 2>&1
status=$?
verdict "RTL fault through the USB path" 7 120 "$out" $status $(($(date +%s) - start)) \
    "DIVERGENCE at instruction 5" "$rtl_marker" "$image_marker"
start=$(date +%s)
GH_USBEMU_DUT=rtl timeout 120 "$usbemu" -- "$client" --board "$(gh_wrapped_board usbemu-rtl "$work")" \
    run "$kernels/bitmanip.s" --timeout 10000 > "$out" 2>&1
status=$?
verdict "GH_USBEMU_DUT=rtl" 0 120 "$out" $status $(($(date +%s) - start)) "PASS: lockstep clean" "$rtl_marker" "$image_marker"
# --stress reaches the Verilated core behind the firmware (the image then
# drives a core that stalls its handshakes), and is stated in the report;
# the model DUT refuses it (exit 2)
start=$(date +%s)
timeout 120 "$client" --board usbemu-rtl run "$kernels/saxpy.s" --stress 7:heavy --timeout 10000 > "$out" 2>&1
status=$?
verdict "gpuhost --board usbemu-rtl --stress 7:heavy" 0 120 "$out" $status $(($(date +%s) - start)) "PASS: lockstep clean" \
    "$rtl_marker (4 warps), its handshakes stressed: 7:heavy" "board usbemu-rtl: stress 7:heavy: " "$image_marker"
start=$(date +%s)
timeout 120 "$usbemu" --dut model --stress 7 -- true > "$out" 2>&1
status=$?
verdict "gpu-usbemu --dut model --stress: refused" 2 120 "$out" $status $(($(date +%s) - start)) \
    "the model DUT has no port handshakes to stress"
# The board descriptor: gpuhost --board usbemu-rtl starts gpu-usbemu --dut rtl
start=$(date +%s)
timeout 120 "$client" --board usbemu-rtl run "$kernels/reduce_shfl.s" --timeout 10000 > "$out" 2>&1
status=$?
verdict "gpuhost --board usbemu-rtl" 0 120 "$out" $status $(($(date +%s) - start)) "PASS: lockstep clean" "$rtl_marker" "$image_marker"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
