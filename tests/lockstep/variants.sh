#!/bin/sh
# A partial core is a first-class target (issue 28): a core may implement an
# optype but not every opcode variant of it, and says which it lacks (port
# CAP words VARIANTS/LACKING, wire VARIANTS). gpu-modelsim --lack declares
# such variants; gpuhost never runs them: a kernel that uses one exits 9
# naming the variant, before anything runs; the others pass; info lists
# them; gen never emits them; a map made for another ISA is refused.
# Usage: variants.sh GPUHOST GPU_MODELSIM
set -u
gpuhost=$1 modelsim=$2
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
check() { # name, wanted exit, output, texts...
    name=$1 want=$2 status=$3 out=$4
    shift 4
    ok=1
    [ "$status" -eq "$want" ] || ok=0
    for text in "$@"; do printf '%s\n' "$out" | grep -qF -- "$text" || { ok=0; echo "  missing: $text"; }; done
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); echo "ok   $name"; else
        fail=$((fail + 1)); echo "FAIL $name (exit $status, wanted $want)"; printf '%s\n' "$out" | sed 's/^/    /'; fi
}
printf '#!/bin/sh\nexec "%s" "$@" --lack IADD_RC,IADD_RU\n' "$modelsim" > "$work/partial"
chmod +x "$work/partial"
printf '.const 0 0x0 0x7\nS2R R1, SR_LANEID ;\nIADD R2, R1, 0x5 ;\nIADD R2, R1, c[0x0][0x0] ;\nEXIT ;\n' > "$work/rc.s"
printf 'S2R R1, SR_LANEID ;\nIADD R2, R1, 0x5 ;\nIADD R3, R1, R2 ;\nEXIT ;\n' > "$work/ok.s"

out=$("$gpuhost" --board modelsim run "$work/rc.s" --server "$work/partial" 2>&1)
check "a kernel using a variant the target lacks: exit 9, before anything runs" 9 $? "$out" \
    "UNSUPPORTED: the target (functional model) implements IADD but not its variant IADD_RC (it says so in its capabilities), at pc 0x20" \
    "0 instructions in lockstep"
out=$("$gpuhost" --board modelsim run "$work/ok.s" --server "$work/partial" 2>&1)
check "the variants it has: PASS" 0 $? "$out" "PASS: lockstep clean"
out=$("$gpuhost" --board modelsim info --server "$work/partial" 2>&1)
check "info lists what it lacks" 0 $? "$out" "lacks:      IADD_RU IADD_RC" "(2 opcode variants of those types"
out=$("$gpuhost" --board modelsim info 2>&1)
if printf '%s\n' "$out" | grep -q "^lacks:"; then
    fail=$((fail + 1)); echo "FAIL a whole core lists no lacking variant"
else
    pass=$((pass + 1)); echo "ok   a whole core lists no lacking variant"
fi
out=$("$modelsim" --lack NO_SUCH_VARIANT --endpoint "ipc://$work/x.sock" 2>&1)
check "gpu-modelsim --lack of a name no variant has: refused" 2 $? "$out" "no opcode variant 'NO_SUCH_VARIANT'"

# gen for a board whose target lacks them never emits them
mkdir "$work/boards"
descriptor=$("$gpuhost" boards modelsim | sed -n 's/^  descriptor  //p')
cp "$(dirname "$descriptor")"/*.ini "$work/boards/"
sed -i "s|^server = .*|server = $work/partial|" "$work/boards/modelsim.ini"
GPUHOST_BOARDS_DIR="$work/boards" "$gpuhost" --board modelsim gen --seed 7 --count 3000 -o "$work/gen.s" 2> "$work/gen.err"
status=$?
n=$(grep -c "IADD R[0-9]*, R[0-9]*, c\[\|IADD R[0-9]*, R[0-9]*, UR" "$work/gen.s")
m=$(grep -c "IADD " "$work/gen.s")
if [ $status -eq 0 ] && [ "$n" -eq 0 ] && [ "$m" -gt 0 ]; then
    pass=$((pass + 1)); echo "ok   gen emits IADD ($m), never IADD_RC or IADD_RU"
else
    fail=$((fail + 1)); echo "FAIL gen: exit $status, $n IADD_RC/IADD_RU, $m IADD"; sed 's/^/    /' "$work/gen.err"
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
