#!/bin/sh
# Planted handshake defects (gpu_core_hs_mutant.v, the stand-in behind a
# wrapper, gpu-rtlsim-hs-mutant): each PASSes every kernel below without
# stress, as the harness that takes every beat at once never sees it, and
# is caught under --stress: the run ends as a DUT failure (exit 11) at the
# instruction where the core broke the rule, the server naming the rule
# (T9 retire-hold, T10 mem-hold), the field and the cycle.
# Usage: rtl_stress_mutants.sh GPUHOST MUTANT_SERVER KERNEL_DIR
set -u
gpuhost=$1 mutant=$2 dir=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
seed=${GPUHOST_STRESS_SEED:-$(date +%s)}
echo "stress seed $seed (GPUHOST_STRESS_SEED=$seed reruns this test's settings)"
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

# MODE NAME RULE FIELD: the wrapper's defect (its mode register: backdoor space 15, index 0)
for defect in "1 mem-hold T10 mem_addr changed" "2 rt-data T9 rt_data changed" "3 rt-valid T9 rt_valid fell"; do
    set -- $defect
    mode=$1 name=$2 rule=$3 field="$4 $5"
    printf '#!/bin/sh\nexec "%s" "$@" --bd-write 15:0:%s\n' "$mutant" "$mode" > "$work/server$mode"
    chmod +x "$work/server$mode"
    for k in saxpy.s reduce_shfl.s; do
        out=$("$gpuhost" --board rtl run "$dir/$k" --server "$work/server$mode" --timeout 60000 2>&1)
        status=$?
        if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS"; then
            ok "$name $k: passes without stress"
        else
            bad "$name $k without stress: exit $status, wanted a PASS (the defect must hide)"
            echo "$out" | head -20 | sed 's/^/    /'
        fi
        s=$((seed + mode))
        out=$("$gpuhost" --board rtl run "$dir/$k" --server "$work/server$mode" --stress "$s:heavy" --timeout 60000 2>&1)
        status=$?
        line=$(echo "$out" | grep "DUT port contract $rule (.*) broken at cycle" | head -1)
        at=$(echo "$line" | sed -n 's/.*, instruction \([0-9]*\) (retire index).*/\1/p')
        after=$(echo "$out" | sed -n 's/.*broke the port contract after \([0-9]*\) instructions.*/\1/p')
        if [ $status -eq 11 ] && echo "$line" | grep -q "$field" && [ -n "$at" ] && [ "$at" = "$after" ]; then
            ok "$name $k --stress $s:heavy: caught at instruction $at: $line"
        else
            bad "$name $k --stress $s:heavy: exit $status, wanted 11 and '$rule ... $field' at the instruction the run ended"
            echo "$out" | head -20 | sed 's/^/    /'
        fi
    done
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
