#!/bin/sh
# Random kernels over everything the RTL board implements (gpuhost --board
# rtl gen: control flow, memory, special registers, kept trap-free) PASS with
# the DPI scoreboard watching the stand-in core.
# Usage: dpi_random.sh DPI_TB GPUHOST
set -u
tb=$1 gpuhost=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
for seed in 1 2 3 4 5 6 7 8; do
    k=$work/gen$seed.s
    if ! "$gpuhost" --board rtl gen --seed $seed --count 150 -o "$k" > "$work/gen.log" 2>&1; then
        fail=$((fail + 1))
        echo "FAIL gpuhost gen --seed $seed"
        sed 's/^/    /' "$work/gen.log"
        continue
    fi
    out=$("$tb" "+kernel=$k" 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS: scoreboard clean"; then
        pass=$((pass + 1))
        echo "ok   seed $seed: $(echo "$out" | grep '^dpi_tb: PASS')"
    else
        fail=$((fail + 1))
        echo "FAIL seed $seed (exit $status)"
        echo "$out" | sed 's/^/    /'
        cp "$k" "${TMPDIR:-/tmp}/dpi_random_seed$seed.s" && echo "    kernel kept: ${TMPDIR:-/tmp}/dpi_random_seed$seed.s"
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
