#!/bin/sh
# loop.s (10028 warp-instructions over 4 warps) in lockstep on the RTL board
# at batch 1, 64 and 1024 (and with a full-state check every 1000
# instructions): each must PASS; prints instructions/s for each.
# Usage: rtl_speed.sh GPUHOST DIR
set -u
gpuhost=$1 dir=$2
pass=0 fail=0
for opts in "--batch 1 --window 1" "--batch 64" "--batch 1024" "--batch 1024 --check-every 1000"; do
    # shellcheck disable=SC2086
    out=$("$gpuhost" --board rtl run "$dir/loop.s" $opts --timeout 60000 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS"; then
        pass=$((pass + 1))
        echo "ok   loop.s $opts: $(echo "$out" | grep '^board' | sed 's/.*lockstep, //')"
    else
        fail=$((fail + 1))
        echo "FAIL loop.s $opts (exit $status)"
        echo "$out" | sed 's/^/    /'
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
