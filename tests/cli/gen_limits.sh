#!/bin/sh
# gpuhost gen fits what the target declares (issue 23, point 6): a target with
# a small code memory and one warp (gpu-modelsim --max-code/--max-warps) gets
# a kernel it holds, whose long stream comes from a loop, deterministic and
# PASSing in lockstep on that target; a --warps beyond the target's is exit 2
# and a code memory too small for any kernel exit 9, each saying why; on the
# rtl board (65,536 code words) the README's 100,000-instruction example fits.
# Usage: gen_limits.sh GPUHOST GPU_MODELSIM [GPU_RTLSIM]
set -u
gpuhost=$1 modelsim=$2 rtlsim=${3:-}
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -f "$work/out" ] && sed 's/^/    /' "$work/out"; }
server() { # name, gpu-modelsim options
    printf '#!/bin/sh\nexec "%s" "$@" %s\n' "$modelsim" "$2" > "$work/$1"
    chmod +x "$work/$1"
}
insns() { grep -c ' ;$' "$1"; }
server small "--max-code 300 --max-warps 1"
server tiny "--max-code 8"

"$gpuhost" --board modelsim gen --server "$work/small" --seed 3 --count 20000 -o "$work/a.s" > "$work/out" 2>&1
status=$?
n=$(insns "$work/a.s" 2>/dev/null || echo 0)
if [ $status -eq 0 ] && [ "$n" -le 300 ] && [ "$n" -ge 250 ] && grep -q '^\.warps 1$' "$work/a.s" &&
    grep -q "holds 300 instructions: a body of .* repeated .* times" "$work/out"; then
    ok "gen fits 300 code words and 1 warp ($n instructions, a loop)"
else
    bad "gen for the small target: exit $status, $n instructions (wanted 250..300, .warps 1, the loop said)"
fi
"$gpuhost" --board modelsim gen --server "$work/small" --seed 3 --count 20000 -o "$work/b.s" > "$work/out" 2>&1
if cmp -s "$work/a.s" "$work/b.s"; then ok "the same seed gives the same kernel"; else bad "gen is not deterministic"; fi

"$gpuhost" --board modelsim run "$work/a.s" --server "$work/small" > "$work/out" 2>&1
status=$?
ran=$(sed -n 's/.*: \([0-9]*\) instructions in lockstep.*/\1/p' "$work/out")
if [ $status -eq 0 ] && [ "${ran:-0}" -ge 15000 ] && grep -q "^PASS" "$work/out"; then
    ok "it PASSes in lockstep on that target, running $ran instructions from $n"
else
    bad "run on the small target: exit $status, ${ran:-no} instructions (wanted PASS and at least 15000)"
fi

"$gpuhost" --board modelsim gen --server "$work/small" --warps 2 -o "$work/c.s" > "$work/out" 2>&1
status=$?
if [ $status -eq 2 ] && grep -qF -- "--warps 2: board modelsim's target (functional model) has 1 warp" "$work/out" &&
    [ ! -e "$work/c.s" ]; then
    ok "--warps beyond the target's: exit 2, saying so"
else
    bad "--warps 2 on a 1-warp target: exit $status"
fi

"$gpuhost" --board modelsim gen --server "$work/tiny" -o "$work/d.s" > "$work/out" 2>&1
status=$?
if [ $status -eq 9 ] && grep -qF "code memory holds 8 instructions; the smallest kernel gen writes needs" "$work/out" &&
    [ ! -e "$work/d.s" ]; then
    ok "a code memory too small for any kernel: exit 9, saying so, no file"
else
    bad "gen for an 8-word code memory: exit $status"
fi

# a target lacking EXIT, or lacking every variant gen could fill with, gets
# no kernel: exit 9, saying why, no file
server no_exit "--lack EXIT_X"
all=$(sed -n 's/^__DefOpcode \([A-Z0-9_]*\).*/\1/p' "$(dirname "$0")/../../isa/spec/"*.isa |
    grep -vE '^(BSSY|BSYNC|EXIT)_' | paste -sd, -)
server control_only "--lack $all"
for row in "no_exit|does not implement EXIT, which every kernel ends with" \
    "control_only|the target implements only control flow gen cannot fill"; do
    name=${row%%|*} text=${row#*|}
    rm -f "$work/$name.s"
    "$gpuhost" --board modelsim gen --server "$work/$name" -o "$work/$name.s" > "$work/out" 2>&1
    status=$?
    if [ $status -eq 9 ] && grep -qF "$text" "$work/out" && [ ! -e "$work/$name.s" ]; then
        ok "gen for a target $name: exit 9, saying so, no file"
    else
        bad "gen for a target $name: exit $status (wanted 9 and: $text)"
    fi
done

# a target with room gets the straight-line kernel, as before
"$gpuhost" --board modelsim gen --seed 3 --count 2000 -o "$work/e.s" > "$work/out" 2>&1
status=$?
n=$(insns "$work/e.s" 2>/dev/null || echo 0)
if [ $status -eq 0 ] && [ "$n" -gt 2000 ] && ! grep -q "repeated" "$work/out"; then
    ok "where the code memory holds it, the kernel is straight-line ($n instructions)"
else
    bad "gen for the full model: exit $status, $n instructions"
fi

if [ -n "$rtlsim" ] && [ -x "$rtlsim" ]; then
    "$gpuhost" --board rtl gen --seed 7 --count 100000 -o "$work/g.s" > "$work/out" 2>&1
    status=$?
    n=$(insns "$work/g.s" 2>/dev/null || echo 0)
    if [ $status -eq 0 ] && [ "$n" -le 65536 ]; then
        ok "README's rtl example fits the rtl board's 65536 code words ($n instructions)"
    else
        bad "gen --board rtl --count 100000: exit $status, $n instructions"
    fi
else
    echo "note: gpu-rtlsim is not built: the rtl example is not checked"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
