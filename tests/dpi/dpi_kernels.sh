#!/bin/sh
# Every example kernel PASSes with the DPI scoreboard watching the stand-in
# core (dpi_tb: every retire beat checked against the model), run back to
# back; one also stepped an instruction at a time. The stand-in implements
# every instruction type: none is left out (servers/rtlsim/tests/rtl_kernels.sh).
# Usage: dpi_kernels.sh DPI_TB KERNEL_DIR
set -u
tb=$1 dir=$2
pass=0 fail=0
run_one() { # kernel, extra plusargs
    out=$("$tb" "+kernel=$1" $2 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS: scoreboard clean, [1-9][0-9]* instructions checked"; then
        pass=$((pass + 1))
        echo "ok   $(basename "$1") $2: $(echo "$out" | grep '^dpi_tb: PASS')"
    else
        fail=$((fail + 1))
        echo "FAIL $(basename "$1") $2 (exit $status)"
        echo "$out" | sed 's/^/    /'
    fi
}
for k in "$dir"/*.s; do
    run_one "$k" ""
done
run_one "$dir/divergent.s" "+step"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 1 ]
