#!/bin/sh
# Kernels in lockstep on the gh-ref gateware simulated whole (--board usbsim):
# each listed kernel PASSes; each listed KERNEL:MNEMONIC is refused before it
# runs (exit 9, UNSUPPORTED naming that instruction: the board configuration
# of the core has no FP16/FP32 slots), never a pass, and PASSes with
# --emulate-unimplemented, that instruction among those the host emulated.
# Usage: kernels.sh GPUHOST GPU_USBEMU KERNEL_DIR "K.s ..." "K.s:MNEMONIC ..."
set -u
gpuhost=$1 usbemu=$2 dir=$3 passing=$4 refused=$5
. "$(dirname "$0")/common.sh"
usbsim_check
pass=0 fail=0
for k in $passing; do
    start=$(date +%s)
    out=$(timeout 600 "$gpuhost" --board usbsim run "$dir/$k" --timeout 60000 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q '^PASS: lockstep clean' &&
        echo "$out" | grep -qF '(gh-ref: rv32 image on the simulated gateware (gpu-usbemu))'; then
        pass=$((pass + 1))
        echo "ok   $k ($(($(date +%s) - start)) s): $(echo "$out" | grep '^board' | sed 's/.*: //')"
    else
        fail=$((fail + 1))
        echo "FAIL $k (exit $status)"
        echo "$out" | head -n 30 | sed 's/^/    /'
    fi
done
for entry in $refused; do
    k=${entry%%:*} mnemonic=${entry#*:}
    out=$(timeout 600 "$gpuhost" --board usbsim run "$dir/$k" --timeout 60000 2>&1)
    status=$?
    emulated=$(timeout 600 "$gpuhost" --board usbsim run "$dir/$k" --emulate-unimplemented --timeout 60000 2>&1)
    emulated_status=$?
    if [ $status -eq 9 ] && echo "$out" | grep -q "^UNSUPPORTED: .*$mnemonic" && [ $emulated_status -eq 0 ] &&
        echo "$emulated" | grep -q '^PASS: ' && echo "$emulated" | grep -q "emulated.*$mnemonic"; then
        pass=$((pass + 1))
        echo "ok   $k refused (exit 9, $mnemonic); PASS with --emulate-unimplemented"
    else
        fail=$((fail + 1))
        echo "FAIL $k: wanted exit 9 naming $mnemonic, got exit $status; --emulate-unimplemented: exit $emulated_status"
        printf '%s\n%s\n' "$out" "$emulated" | head -n 30 | sed 's/^/    /'
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
