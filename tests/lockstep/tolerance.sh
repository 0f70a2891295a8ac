#!/bin/sh
# A target's declared MUFU tolerance (CAPS): values within it pass and are
# counted, the model takes them so what follows still compares, and a value
# beyond it is a divergence that names the distance and the bound. The
# target is gpu-modelsim --mutate mufu-ulp:D:T (every MUFU result D ulps off,
# T declared).
# Usage: tolerance.sh GPUHOST
set -u
gpuhost=$1
modelsim=$(dirname "$gpuhost")/../servers/modelsim/gpu-modelsim
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expect() { # name, wanted exit, command..., then "--", texts...
    name=$1 want=$2
    shift 2
    cmd=""
    while [ "$1" != "--" ]; do cmd="$cmd '$1'"; shift; done
    shift
    out=$(eval "\"$gpuhost\" $cmd" 2>&1)
    status=$?
    ok=1
    [ $status -eq "$want" ] || ok=0
    for text in "$@"; do echo "$out" | grep -qF -- "$text" || { ok=0; echo "  missing: $text"; }; done
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); echo "ok   $name"; else
        fail=$((fail + 1)); echo "FAIL $name (exit $status, wanted $want)"; echo "$out" | sed 's/^/    /'; fi
}
# tolerances are the user's: a board allows at most its descriptor's max_ulp
# (modelsim's: 0, exact), so these runs use a copy of the boards whose
# modelsim allows 1 ulp
mkdir "$work/boards"
descriptor=$("$gpuhost" boards modelsim | sed -n 's/^  descriptor  //p')
[ -f "$descriptor" ] || { echo "FAIL: gpuhost boards modelsim names no descriptor"; exit 1; }
cp "$(dirname "$descriptor")"/*.ini "$work/boards/"
printf 'max_ulp = 1\n' >> "$work/boards/modelsim.ini"
server() { # name, D:T
    printf '#!/bin/sh\nexec "%s" "$@" --mutate mufu-ulp:%s\n' "$modelsim" "$2" > "$work/$1"
    chmod +x "$work/$1"
}
# MUFU results feed later instructions: they compare only if the model took the target's values
cat > "$work/k.s" <<'K'
.init R1 0x3f000000
MUFU.EX2.F32 R0, R1 ;
FADD R2, R0, R0 ;
MUFU.EX2.F16_V2 R3, R1 ;
HADD2 R4, R3, R3 ;
MUFU.RCP.F64 R5, R1 ;
EXIT ;
K
server within 1:1
server beyond 2:1
server exact 1:0
server none 0:0
expect "a target that declares more than its board allows is refused" 8 --board modelsim run "$work/k.s" \
    --server "$work/within" -- "declares 1 ulp for MUFU.*.*, beyond the 0 ulp" "(max_ulp)"
server lax 255:255
expect "... however much it declares (255 ulp)" 8 --board modelsim run "$work/k.s" \
    --server "$work/lax" -- "declares 255 ulp for MUFU.*.*, beyond the 0 ulp"
out=$("$gpuhost" --board modelsim run "$work/k.s" --server "$work/lax" --retries 2 2>&1)
if echo "$out" | grep -q "TARGET REFUSED" && ! echo "$out" | grep -q RETRY; then
    pass=$((pass + 1)); echo "ok   a refusal is never retried"
else
    fail=$((fail + 1)); echo "FAIL a refusal is never retried"; echo "$out" | sed 's/^/    /'
fi
export GPUHOST_BOARDS_DIR="$work/boards"
expect "... and beyond the max_ulp of a board that allows some" 8 --board modelsim run "$work/k.s" \
    --server "$work/lax" -- "declares 255 ulp for MUFU.*.*, beyond the 1 ulp"
expect "the tolerance is in CAPS" 0 --board modelsim info --server "$work/within" -- "tolerance:  MUFU.*.* within 1 ulp"
expect "the model declares none" 0 --board modelsim info -- "tolerance:  none: every result must match"
expect "within the bound: PASS, counted, later instructions and full state compare" 0 --board modelsim run \
    "$work/k.s" --server "$work/within" --check-every 1 -- "PASS: lockstep clean" "7 full-state checks" \
    "tolerance: 96 register values of approximate instructions differed" "largest distance 1 ulp" \
    "tolerance bounds: MUFU.*.* 1 ulp (declared by the target, each within max_ulp = 1 of $work/boards/modelsim.ini)"
# a bound per function and format: a target's MUFU.*.* 1 is beyond EX2.F32's 0
mkdir "$work/strict"
cp "$work/boards/"*.ini "$work/strict/"
sed -i 's/^max_ulp = 1$/max_ulp = 1 EX2.F32:0/' "$work/strict/modelsim.ini"
GPUHOST_BOARDS_DIR="$work/strict" expect "a bound per function and format: beyond it for one is refused" 8 \
    --board modelsim run "$work/k.s" --server "$work/within" -- \
    "declares 1 ulp for MUFU.*.*, beyond the 0 ulp $work/strict/modelsim.ini allows (max_ulp) for MUFU.EX2.F32"
"$gpuhost" --board modelsim run "$work/k.s" --server "$work/within" -q --junit "$work/t.xml" > /dev/null 2>&1
if grep -qF '<property name="tolerance" value="MUFU.*.* 1 ulp (declared by the target' "$work/t.xml"; then
    pass=$((pass + 1)); echo "ok   JUnit names the bound and where it came from"
else
    fail=$((fail + 1)); echo "FAIL JUnit names the bound and where it came from"; sed 's/^/    /' "$work/t.xml"
fi
expect "beyond the bound: a divergence naming distance and bound" 7 --board modelsim run "$work/k.s" \
    --server "$work/beyond" -- "DIVERGENCE at instruction 0" \
    "R0 lane 0: expected 0x3fb504f3 (1.41421354), actual 0x3fb504f5 (1.41421378) (2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.F32)"
expect "an exact target: one ulp is a divergence" 7 --board modelsim run "$work/k.s" --server "$work/exact" -- \
    "(1 ulp, beyond the 0 ulp the target declares for MUFU.EX2.F32)"
expect "no difference, nothing counted" 0 --board modelsim run "$work/k.s" --server "$work/none" -- "PASS"
out=$("$gpuhost" --board modelsim run "$work/k.s" --server "$work/none" 2>&1)
if echo "$out" | grep -q "^tolerance:"; then fail=$((fail + 1)); echo "FAIL an exact run mentions a tolerance"
else pass=$((pass + 1)); echo "ok   an exact run says nothing of tolerance"; fi
# packed halves: each half on its own terms
cat > "$work/h.s" <<'K'
.init R1 0x3c003800
MUFU.EX2.F16_V2 R0, R1 ;
EXIT ;
K
expect "packed halves beyond the bound" 7 --board modelsim run "$work/h.s" --server "$work/beyond" -- \
    "(2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.F16_V2)"
# a packed BF16 pair is shown as the pair, never as one F32
cat > "$work/b.s" <<'K'
.init R1 0x3f803f80
MUFU.EX2.BF16_V2 R0, R1 ;
EXIT ;
K
expect "a packed BF16 pair beyond the bound, shown as the pair" 7 --board modelsim run "$work/b.s" \
    --server "$work/beyond" -- "R0 lane 0: expected 0x40004000 (bf16 hi 2, lo 2), actual 0x40024002 (bf16 hi 2.03125, lo 2.03125) (2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.BF16_V2)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
