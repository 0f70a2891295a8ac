#!/bin/sh
# Random kernels from `gpuhost gen` reach every variant BOARD implements, and
# every modifier value a syntax form writes: a kernel of COUNT instructions
# per seed, generated for BOARD and run on it in lockstep with a coverage
# record; the merged records must show 100% of the implemented variants and
# modifier values, and each run must be lockstep-clean.
# Usage: gen_coverage.sh GPUHOST BOARD COUNT SEED...
set -u
gpuhost=$1 board=$2 count=$3
shift 3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
for seed in "$@"; do
    warps=$((seed % 4 + 1))
    if ! "$gpuhost" --board "$board" gen --seed "$seed" --count "$count" --warps $warps -o "$work/gen_$seed.s"; then
        bad "gen seed $seed"
        continue
    fi
    out=$("$gpuhost" --board "$board" run "$work/gen_$seed.s" --timeout 60000 --check-every 4096 \
        --coverage "$work/gen_$seed.cov" 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q "PASS: lockstep clean"; then
        ok "seed $seed, $warps warps: $(echo "$out" | head -1 | sed 's/.*\.s: //')"
    else
        bad "seed $seed (exit $status; reproduce: gpuhost --board $board gen --seed $seed --count $count --warps $warps)"
        echo "$out" | head -30 | sed 's/^/    /'
    fi
done
if "$gpuhost" coverage merge "$work"/*.cov -o "$work/coverage.txt" --html "$work/coverage.html"; then
    sed -n '1,4p' "$work/coverage.txt" | cut -c1-300
    line=$(grep "^board $board: " "$work/coverage.txt")
    hit=$(echo "$line" | sed -n 's/.*: \([0-9]*\) of \([0-9]*\) implemented variants.*/\1/p')
    all=$(echo "$line" | sed -n 's/.*: \([0-9]*\) of \([0-9]*\) implemented variants.*/\2/p')
    never=$(sed -n 's/^  never hit://p' "$work/coverage.txt" | head -1)
    if [ -n "$all" ] && [ "$all" -gt 0 ] && [ "$hit" = "$all" ] && [ -z "$never" ]; then
        ok "board $board: $hit of $all implemented variants hit"
    else
        bad "board $board: variants hit: '${hit:-?}' of '${all:-?}'; never hit:$never"
    fi
    mods=$(sed -n 's/^  modifier values (.*): \([0-9]*\) of \([0-9]*\) hit.*/\1 \2/p' "$work/coverage.txt" | head -1)
    missing=$(sed -n 's/^  modifier values never hit://p' "$work/coverage.txt" | head -1)
    set -- $mods
    if [ $# -eq 2 ] && [ "$2" -gt 0 ] && [ "$1" = "$2" ] && [ -z "$missing" ]; then
        ok "board $board: $1 of $2 modifier values hit"
    else
        bad "board $board: modifier values hit: '$mods'; never hit:$missing"
    fi
    grep -q "<h2>board $board: $all of $all implemented variants hit (100.0%)</h2>" "$work/coverage.html" \
        && ok "the coverage page shows board $board at 100.0%" || bad "the coverage page does not show 100.0%"
else
    bad "gpuhost coverage merge"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
