#!/bin/sh
# Every example kernel runs in lockstep on BOARD and PASSes, at several batch
# sizes, with and without periodic full-state checks.
# Usage: lockstep_kernels.sh GPUHOST BOARD KERNEL_DIR
set -u
gpuhost=$1 board=$2 dir=$3
pass=0 fail=0
for k in "$dir"/*.s; do
    for opts in "--batch 1 --window 1" "--batch 64" "--batch 1024 --check-every 100"; do
        # shellcheck disable=SC2086
        out=$("$gpuhost" --board "$board" run "$k" $opts --timeout 20000 2>&1)
        status=$?
        if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS"; then
            pass=$((pass + 1))
        else
            fail=$((fail + 1))
            echo "FAIL: $(basename "$k") $opts (exit $status)"
            echo "$out" | sed 's/^/    /'
        fi
    done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
