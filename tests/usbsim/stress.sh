#!/bin/sh
# --stress on the gateware simulated whole: the seeded stress of the core's
# handshakes sits between the gateware's debug port and the core
# (boards/gh-ref/gateware/sim/gh_ref_sim_stress.v). Each kernel PASSes under
# it, and each warp-instruction takes more gateware cycles than without it
# (between back-to-back steps: the stress applied, not only accepted). Seeds from GPUHOST_STRESS_SEED, else the clock, printed.
# Usage: stress.sh GPUHOST GPU_USBEMU KERNEL...
set -u
gpuhost=$1 usbemu=$2
shift 2
. "$(dirname "$0")/common.sh"
usbsim_check
seed=${GPUHOST_STRESS_SEED:-$(date +%s)}
echo "stress seed $seed (GPUHOST_STRESS_SEED=$seed reruns this test's settings)"
pass=0 fail=0
cycles() { sed -n 's/.*gateware: \([0-9]*\) cycles per warp-instruction.*/\1/p' | head -1; }
for k in "$@"; do
    seed=$((seed + 1))
    plain=$(GH_USBEMU_FW_STATS=1 timeout 600 "$gpuhost" --board usbsim run "$k" --timeout 60000 2>&1)
    s1=$?
    stressed=$(GH_USBEMU_FW_STATS=1 timeout 600 "$gpuhost" --board usbsim run "$k" --stress "$seed:heavy" \
        --timeout 60000 2>&1)
    s2=$?
    c1=$(echo "$plain" | cycles) c2=$(echo "$stressed" | cycles)
    if [ $s1 -eq 0 ] && [ $s2 -eq 0 ] && echo "$stressed" | grep -q '^PASS: lockstep clean' &&
        [ -n "$c1" ] && [ -n "$c2" ] && [ "$c2" -gt "$c1" ]; then
        pass=$((pass + 1))
        echo "ok   $(basename "$k") --stress $seed:heavy: $c2 gateware cycles per warp-instruction (unstressed $c1)"
    else
        fail=$((fail + 1))
        echo "FAIL $(basename "$k") --stress $seed:heavy (exit $s1 unstressed, $s2 stressed; cycles '$c1', '$c2')"
        echo "$stressed" | grep -v '^gpu-usbemu: board .*: \(profile\|DMA\)' | head -n 20 | sed 's/^/    /'
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
