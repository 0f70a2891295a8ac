#!/bin/sh
# Random kernels (gpuhost gen) over the instructions BOARD implements run
# lockstep-clean: about COUNT warp-instructions for each seed (a kernel of
# COUNT/2 instructions run by 2 warps; its bounded loops add a few).
# With --coverage, each run writes a coverage record and the merged records
# must show 100% of the variants BOARD implements and of the modifier values
# a syntax form writes, in the table and on the page. With --stress PROFILE
# every second stream runs with the board stressing the core's handshakes
# (hdl_stubs/README.md, "Stress"), its stress seed drawn from the test run
# (GPUHOST_STRESS_SEED, else the clock) and printed.
# Usage: random_streams.sh GPUHOST BOARD COUNT [--coverage] [--stress PROFILE] SEED...
set -u
gpuhost=$1 board=$2 count=$3
shift 3
name=$(basename "$board" .ini) # a descriptor's path: its board's name (the coverage says that)
coverage="" stress=""
[ "${1:-}" = --coverage ] && coverage=yes && shift
[ "${1:-}" = --stress ] && stress=$2 && shift 2
base=${GPUHOST_STRESS_SEED:-$(date +%s)}
[ -n "$stress" ] && echo "stress seed $base (GPUHOST_STRESS_SEED=$base reruns this test's settings): every second stream under $stress"
n=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
for seed in "$@"; do
    "$gpuhost" --board "$board" gen --seed "$seed" --count $((count / 2)) --warps 2 -o "$work/gen.s" || { bad "gen seed $seed"; continue; }
    n=$((n + 1))
    setting=""
    [ -n "$stress" ] && [ $((n % 2)) -eq 0 ] && setting="$((base + seed)):$stress"
    out=$("$gpuhost" --board "$board" run "$work/gen.s" --timeout 60000 --check-every 4096 \
        ${coverage:+--coverage "$work/gen_$seed.cov"} ${setting:+--stress "$setting"} 2>&1)
    status=$?
    if [ $status -eq 0 ] && echo "$out" | grep -q "^PASS: "; then
        ok "seed $seed${setting:+ --stress $setting}: $(echo "$out" | head -1)"
    else
        bad "seed $seed${setting:+ --stress $setting} (exit $status; reproduce: gpuhost --board $board gen --seed $seed --count $((count / 2)) --warps 2; run it${setting:+ with --stress $setting})"
        echo "$out" | head -30 | sed 's/^/    /'
    fi
done
if [ -n "$coverage" ]; then
    if "$gpuhost" coverage merge "$work"/*.cov -o "$work/coverage.txt" --html "$work/coverage.html"; then
        sed -n '1,4p' "$work/coverage.txt" | cut -c1-300
        line=$(grep "^board $name: " "$work/coverage.txt")
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
        grep -q "<h2>board $name: $all of $all implemented variants hit (100.0%)</h2>" "$work/coverage.html" \
            && ok "the coverage page shows board $board at 100.0%" || bad "the coverage page does not show 100.0%"
    else
        bad "gpuhost coverage merge"
    fi
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
