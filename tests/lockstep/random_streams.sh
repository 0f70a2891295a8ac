#!/bin/sh
# Random legal instruction streams (gpuhost gen) over the instructions BOARD
# implements run lockstep-clean: about COUNT warp-instructions for each seed (a
# kernel of COUNT/2 instructions run by 2 warps; its bounded loops add a few).
# Usage: random_streams.sh GPUHOST BOARD COUNT SEED...
set -u
gpuhost=$1 board=$2 count=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
for seed in "$@"; do
    "$gpuhost" --board "$board" gen --seed "$seed" --count $((count / 2)) --warps 2 -o "$work/gen.s" || { fail=$((fail + 1)); continue; }
    out=$("$gpuhost" --board "$board" run "$work/gen.s" --timeout 60000 --check-every 4096 2>&1)
    status=$?
    if [ $status -eq 0 ]; then
        pass=$((pass + 1))
        echo "ok   seed $seed: $(echo "$out" | head -1)"
    else
        fail=$((fail + 1))
        echo "FAIL seed $seed (exit $status; reproduce: gpuhost --board $board gen --seed $seed --count $((count / 2)) --warps 2)"
        echo "$out" | head -30 | sed 's/^/    /'
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
