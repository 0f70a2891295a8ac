#!/bin/sh
# Every example kernel runs on the RTL board (gpu-rtlsim, the Verilated
# hdl_stubs core) in lockstep with the model and PASSes, at several batch
# sizes, with and without periodic full-state checks; a kernel using an
# instruction the core lacks is refused before it runs: exit 9, UNSUPPORTED.
# Usage: rtl_kernels.sh GPUHOST KERNEL_DIR
set -u
gpuhost=$1 dir=$2
pass=0 fail=0 refused=0
for k in "$dir"/*.s; do
    name=$(basename "$k")
    for opts in "--batch 1 --window 1" "--batch 64" "--batch 1024 --check-every 100"; do
        # shellcheck disable=SC2086
        out=$("$gpuhost" --board rtl run "$k" $opts --timeout 60000 2>&1)
        status=$?
        if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS"; then
            pass=$((pass + 1))
            echo "ok   $name $opts: $(echo "$out" | grep '^board' | sed 's/.*lockstep, //')"
        elif [ $status -eq 9 ] && echo "$out" | grep -q "^UNSUPPORTED: .*does not implement"; then
            pass=$((pass + 1))
            refused=$((refused + 1))
            echo "ok   $name $opts: refused: $(echo "$out" | grep '^UNSUPPORTED' | sed 's/.*does not implement //')"
        else
            fail=$((fail + 1))
            echo "FAIL $name $opts (exit $status)"
            echo "$out" | sed 's/^/    /'
        fi
    done
done
echo "($refused of the runs were refused as UNSUPPORTED)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt $refused ]
