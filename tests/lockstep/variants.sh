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
# shellcheck source=check_outcome.sh
. "$(dirname "$0")/check_outcome.sh"
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

# --emulate-unimplemented: the target retires what it lacks as UNIMPLEMENTED,
# the host applies the model's record through the backdoor and goes on;
# --check=full compares the whole state after each, emulated ones included
printf '.const 0 0x0 0x7\nS2R R1, SR_LANEID ;\nIADD R2, R1, c[0x0][0x0] ;\nIADD R3, R2, c[0x0][0x0] ;\nIMAD R4, R1, 0x4, RZ ;\nMOV R5, 0x0 ;\nSTG [R[4:5]], R3 ;\nBRA 0x80 ;\nMOV R3, 0x0 ;\nISETP.EQ.U32.AND P0, R1, 0x3, PT ;\n.expect R3 0xe 0xf 0x10 0x11 0x12 0x13 0x14 0x15 0x16 0x17 0x18 0x19 0x1a 0x1b 0x1c 0x1d 0x1e 0x1f 0x20 0x21 0x22 0x23 0x24 0x25 0x26 0x27 0x28 0x29 0x2a 0x2b 0x2c 0x2d\nEXIT ;\n' > "$work/emulate.s"
printf '#!/bin/sh\nexec "%s" "$@" --lack IADD_RC,BRA_I,ISETP_RI\n' "$modelsim" > "$work/partial_bra"
chmod +x "$work/partial_bra"
out=$("$gpuhost" --board modelsim run "$work/emulate.s" --server "$work/partial_bra" 2>&1)
check "without --emulate-unimplemented: exit 9 naming the first" 9 $? "$out" "variant IADD_RC"
# a PASS only within what the board's descriptor lets its target lack (`lacks`, issue 40): a copy of
# modelsim.ini with lacks, and the bound the target exceeds (a regression), refused when it opens
descriptor=$("$gpuhost" boards modelsim | sed -n 's/^  descriptor  //p')
sed "s|^name = .*|name = partial|; s|^server = .*|server = $work/partial_bra|" "$descriptor" > "$work/partial.ini"
cp "$work/partial.ini" "$work/bounded.ini"
printf 'lacks = IADD_RC BRA ISETP_RI\n' >> "$work/bounded.ini"
cp "$work/partial.ini" "$work/tight.ini"
printf 'lacks = IADD_RC\n' >> "$work/tight.ini"
out=$("$gpuhost" --board "$work/bounded.ini" run "$work/emulate.s" --emulate-unimplemented \
      --check=full --trace "$work/emulate.jsonl" --junit "$work/emulate.xml" 2>&1)
check "--emulate-unimplemented within the board's lacks: PASS, counted per variant" 0 $? "$out" \
    "PASS: lockstep clean; 1 expectation holds on the target and the model; 4 of 9 instructions emulated by the host, not checked on the target (what $work/bounded.ini lets board partial lack)" \
    "emulated: 4 of 9 instructions were applied by the host from the model, not checked on the target (--emulate-unimplemented): IADD_RC x2, ISETP_RI x1, BRA_I x1" \
    "10 full-state checks"
n=$(grep -c '"source":"emulated"' "$work/emulate.jsonl")
if [ "$n" -eq 4 ] && grep -q '<property name="emulated" value="4 of 9 instructions' "$work/emulate.xml" &&
    ! grep -q "<failure" "$work/emulate.xml"; then
    pass=$((pass + 1)); echo "ok   the trace marks the 4 emulated records, JUnit has the count"
else
    fail=$((fail + 1)); echo "FAIL trace: $n emulated records (4 wanted), or no JUnit property"
fi
out=$("$gpuhost" --board "$work/partial.ini" run "$work/emulate.s" --emulate-unimplemented --junit "$work/e.xml" 2>&1)
check "emulated without a bound (no lacks): EMULATED, exit 12, never PASS" 12 $? "$out" \
    "EMULATED: lockstep clean on what the target ran, but the host emulated 4 of 9 instructions (3 variants: IADD_RC ISETP_RI BRA_I) that board partial's descriptor ($work/partial.ini) does not let its target lack"
grep -q '<failure message="EMULATED: ' "$work/e.xml" && { pass=$((pass + 1)); echo "ok   EMULATED is a JUnit failure"; } ||
    { fail=$((fail + 1)); echo "FAIL EMULATED is no JUnit failure"; }
out=$("$gpuhost" --board "$work/tight.ini" run "$work/ok.s" --emulate-unimplemented --retries 2 2>&1)
check "a target lacking more than its board's lacks: TARGET REFUSED (exit 8), never retried" 8 $? "$out" \
    "the target (functional model) lacks 2 opcode variants or modifier values beyond what $work/tight.ini lets it lack (lacks = IADD_RC): ISETP_RI BRA_I"
if printf '%s\n' "$out" | grep -q "^RETRY"; then fail=$((fail + 1)); echo "FAIL the refusal was retried"; fi
printf 'lacks = IADD_RC NO_SUCH\n' >> "$work/partial.ini"
out=$("$gpuhost" --board "$work/partial.ini" run "$work/ok.s" 2>&1)
check "lacks naming no group, type or variant: the descriptor refused, its line named" 2 $? "$out" \
    "partial.ini:" "lacks: 'NO_SUCH' is no instruction group, type or opcode variant"
printf '#!/bin/sh\nexec "%s" "$@" --lack IADD_RC,EXIT_X\n' "$modelsim" > "$work/partial_exit"
chmod +x "$work/partial_exit"
out=$("$gpuhost" --board modelsim run "$work/emulate.s" --server "$work/partial_exit" --emulate-unimplemented 2>&1)
check "EXIT reaches the convergence stack: never emulated, exit 9" 9 $? "$out" \
    "does not implement EXIT_X, and the host cannot emulate it (its effect reaches the convergence stack"
printf 'MOV R4, 0x2 ;\nMOV R5, 0x0 ;\nLDG R1, [R[4:5]] ;\nEXIT ;\n' > "$work/misaligned.s"
printf '#!/bin/sh\nexec "%s" "$@" --lack LDG_R\n' "$modelsim" > "$work/partial_ldg"
chmod +x "$work/partial_ldg"
out=$("$gpuhost" --board modelsim run "$work/misaligned.s" --server "$work/partial_ldg" --emulate-unimplemented 2>&1)
check "an emulated instruction that traps in the model: TRAP, said to be the model's" 5 $? "$out" \
    "TRAP (the model's, at an instruction the target does not implement and the host emulated): warp 0, pc 0x20, lane 0"
out=$("$gpuhost" --board model run "$work/emulate.s" --emulate-unimplemented 2>&1)
check "the model board (no lockstep) refuses the option" 2 $? "$out" "--emulate-unimplemented"

# gen for a board whose target lacks them never emits them
mkdir "$work/boards"
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
