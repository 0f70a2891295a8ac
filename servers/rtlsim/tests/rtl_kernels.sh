#!/bin/sh
# Every example kernel runs on the RTL board (gpu-rtlsim, the Verilated
# hdl_stubs core) in lockstep with the model and PASSes, at several batch
# sizes, with and without periodic full-state checks. The kernels the core
# cannot run yet are listed below: each must be refused before it runs (exit 9,
# UNSUPPORTED naming the instruction). A refusal is never a pass: a kernel
# refused but not listed, or listed but not refused, fails the test. The
# third pass runs with the board stressing the core's handshakes
# (hdl_stubs/README.md, "Stress"), a seed per kernel from the test run
# (GPUHOST_STRESS_SEED, else the clock), printed.
# BOARD (default rtl) and REFUSALS (the list below) are for another form of
# the core: the board configuration (gpu-rtlsim-board) lacks the FP units.
# A refused kernel must also PASS with --emulate-unimplemented, its listed
# instruction among those the host emulated.
# Usage: rtl_kernels.sh GPUHOST KERNEL_DIR [BOARD [REFUSALS]]
set -u
gpuhost=$1 dir=$2 board=${3:-rtl}
seed=${GPUHOST_STRESS_SEED:-$(date +%s)}
echo "stress seed $seed (GPUHOST_STRESS_SEED=$seed reruns this test's settings)"

# KERNEL:MNEMONIC of the first instruction the stand-in core lacks. None
# today: the core implements every instruction type of the spec.
expected_refusals=""
[ $# -ge 4 ] && expected_refusals=$4

pass=0 refused=0 fail=0
expected_mnemonic() { # KERNEL -> its listed mnemonic, or nothing
    for entry in $expected_refusals; do
        [ "${entry%%:*}" = "$1" ] && echo "${entry#*:}"
    done
}
for entry in $expected_refusals; do
    if [ ! -f "$dir/${entry%%:*}" ]; then
        fail=$((fail + 1))
        echo "FAIL ${entry%%:*} is listed as refused but is not in $dir"
    fi
done
for k in "$dir"/*.s; do
    name=$(basename "$k")
    mnemonic=$(expected_mnemonic "$name")
    seed=$((seed + 1))
    for opts in "--batch 1 --window 1" "--batch 64" "--batch 1024 --check-every 100 --stress $seed:light"; do
        # shellcheck disable=SC2086
        out=$("$gpuhost" --board "$board" run "$k" $opts --timeout 60000 2>&1)
        status=$?
        unsupported=$(echo "$out" | grep '^UNSUPPORTED: .*does not implement')
        if [ -z "$mnemonic" ] && [ $status -eq 0 ] && echo "$out" | grep -q "^PASS"; then
            pass=$((pass + 1))
            echo "ok   $name $opts: $(echo "$out" | grep '^board' | sed 's/.*lockstep, //')"
        elif [ -n "$mnemonic" ] && [ $status -eq 9 ] &&
            echo "$unsupported" | grep -Eq ": ${mnemonic}[ .]"; then
            refused=$((refused + 1))
            echo "ok   $name $opts: refused as expected: ${unsupported#*does not implement }"
        else
            fail=$((fail + 1))
            if [ -n "$mnemonic" ] && [ $status -eq 0 ]; then
                echo "FAIL $name $opts (exit 0): listed in expected_refusals but ran: update the list"
            elif [ -n "$mnemonic" ]; then
                echo "FAIL $name $opts (exit $status): expected exit 9, UNSUPPORTED naming $mnemonic"
            elif [ $status -eq 9 ]; then
                echo "FAIL $name $opts (exit 9): refused, and not listed in expected_refusals"
            else
                echo "FAIL $name $opts (exit $status): expected exit 0 and PASS"
            fi
            echo "$out" | sed 's/^/    /'
        fi
    done
    # a refused kernel runs with the lacking instructions emulated by the host
    [ -n "$mnemonic" ] || continue
    out=$("$gpuhost" --board "$board" run "$k" --emulate-unimplemented --timeout 60000 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS: .* instructions emulated" &&
        echo "$out" | grep -Eq "^emulated: .*${mnemonic}_"; then
        pass=$((pass + 1))
        echo "ok   $name --emulate-unimplemented: $(echo "$out" | grep '^emulated' | sed 's/.*(--emulate-unimplemented): //')"
    else
        fail=$((fail + 1))
        echo "FAIL $name --emulate-unimplemented (exit $status): expected PASS with $mnemonic emulated"
        echo "$out" | sed 's/^/    /'
    fi
done
echo "$pass passed, $refused refused as expected, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
