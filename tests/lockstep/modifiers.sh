#!/bin/sh
# Capabilities below the variant (issue 41): a core that has a variant at
# some values of a modifier only (MOV_R at .32, not .64) says so in its
# MODIFIERS words; gpu-modelsim --lack MOV_R.64 declares that. gpuhost
# refuses a kernel that needs such a value (exit 9, naming variant and
# value) before anything runs, runs the rest, lists it in info, never emits
# it from gen or selftest, and applies it under --emulate-unimplemented
# within a descriptor's lacks. A core of an older contract (no CONTRACT
# word: --contract 0) is said to be one, and its UNIMPLEMENTED while running
# is taken at its word (exit 9), not read as a divergence.
# Usage: modifiers.sh GPUHOST GPU_MODELSIM
set -u
gpuhost=$1 modelsim=$2
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=check_outcome.sh
. "$(dirname "$0")/check_outcome.sh"
printf '#!/bin/sh\nexec "%s" "$@" --lack MOV_R.64,LDG_R.dtype=128\n' "$modelsim" > "$work/partial"
printf '#!/bin/sh\nexec "%s" "$@" --lack IADD_RC --contract 0\n' "$modelsim" > "$work/old"
chmod +x "$work/partial" "$work/old"
printf 'S2R R1, SR_LANEID ;\nMOV R2, R1 ;\nMOV.64 R[4:5], R[2:3] ;\nEXIT ;\n' > "$work/wide.s"
printf 'S2R R1, SR_LANEID ;\nMOV R2, R1 ;\nMOV.64 R[4:5], UR[2:3] ;\n.expect R2 %s\nEXIT ;\n' \
    "$(i=0; while [ $i -lt 32 ]; do printf '0x%x ' $i; i=$((i + 1)); done)" > "$work/narrow.s"

out=$("$gpuhost" --board modelsim run "$work/wide.s" --server "$work/partial" 2>&1)
check "a modifier value the target lacks: exit 9 before anything runs, variant and value named" 9 $? "$out" \
    "UNSUPPORTED: the target (functional model) implements MOV_R but not with that modifier value: it lacks MOV_R.64" \
    "at pc 0x20: MOV.64 R[4:5], R[2:3] ;" "0 instructions in lockstep"
out=$("$gpuhost" --board modelsim run "$work/narrow.s" --server "$work/partial" 2>&1)
check "the values it has (and .64 of another variant): PASS" 0 $? "$out" "PASS: lockstep clean; 1 expectation holds"
out=$("$gpuhost" --board modelsim info --server "$work/partial" 2>&1)
check "info lists the values it lacks and the words it presents" 0 $? "$out" "lacks:      MOV_R.64 LDG_R.128" \
    "(2 modifier values of variants it implements otherwise)" "CONTRACT VARIANTS LACKING MODIFIERS (contract revision 3)"

# gen and selftest honour it: no MOV_R.64 or LDG_R.128 in what they make, and the kernels pass
found=0 passed=0
for seed in 1 2 3; do
    "$gpuhost" --board modelsim gen --seed $seed --count 3000 --server "$work/partial" -o "$work/g$seed.s" 2> /dev/null
    grep -qE 'MOV\.64 R[^,]*, R|LDG\.128' "$work/g$seed.s" && found=$((found + 1))
    "$gpuhost" --board modelsim run "$work/g$seed.s" --server "$work/partial" > /dev/null 2>&1 && passed=$((passed + 1))
done
"$gpuhost" --board modelsim gen --seed 1 --count 3000 -o "$work/whole.s" 2> /dev/null
if [ $found -eq 0 ] && [ $passed -eq 3 ] && grep -qE 'MOV\.64 R[^,]*, R|LDG\.128' "$work/whole.s"; then
    pass=$((pass + 1)); echo "ok   gen: 3 kernels without the lacking values PASS (the whole core's kernel has them)"
else
    fail=$((fail + 1)); echo "FAIL gen: $found kernels with a lacking value, $passed of 3 PASS"
fi
out=$("$gpuhost" --board modelsim selftest --server "$work/partial" 2>&1)
check "selftest never steps a lacking value" 0 $? "$out" "step MOV (MOV_R)" "PASS:"

# --emulate-unimplemented, bounded by the descriptor's lacks (a modifier value is a name there too)
descriptor=$("$gpuhost" boards modelsim | sed -n 's/^  descriptor  //p')
sed "s|^name = .*|name = partial|; s|^server = .*|server = $work/partial|" "$descriptor" > "$work/bounded.ini"
cp "$work/bounded.ini" "$work/tight.ini"
printf 'lacks = MOV_R.64 LDG_R.128\n' >> "$work/bounded.ini"
printf 'lacks = MOV_R.64\n' >> "$work/tight.ini"
out=$("$gpuhost" --board "$work/bounded.ini" run "$work/wide.s" --emulate-unimplemented --check=full 2>&1)
check "emulated within lacks = MOV_R.64 ...: PASS, counted" 0 $? "$out" \
    "1 of 4 instructions emulated by the host" "MOV_R x1"
out=$("$gpuhost" --board "$work/tight.ini" run "$work/wide.s" 2>&1)
check "a target lacking a value its descriptor does not allow: refused when it opens" 8 $? "$out" \
    "lacks 1 opcode variant or modifier value beyond what $work/tight.ini lets it lack (lacks = MOV_R.64): LDG_R.128"

# names: refused with what the variant has
out=$("$modelsim" --lack MOV_R.99 --endpoint "ipc://$work/x.sock" 2>&1)
check "gpu-modelsim --lack of a value the variant has not: refused, its modifiers listed" 2 $? "$out" \
    "no modifier of MOV_R has a value 99; its modifiers: width: 32 64;"
out=$("$gpuhost" variants --modifiers MOV_R 2>&1)
check "gpuhost variants --modifiers lists modifiers and values" 0 $? "$out" "MOV_R" "  width: 32* 64"
out=$("$gpuhost" caps-words MOV_R.64 IADD_RC --format list 2>&1)
check "caps-words: CONTRACT, VARIANTS, LACKING and MODIFIERS of a list" 0 $? "$out" "11 0x00000003" "80 0x8"
out=$("$gpuhost" caps-words MOV_R MOV_U MOV_I MOV_C 2>&1)
check "caps-words: every variant of an optype lacking is a warning" 0 $? "$out" \
    "warning: every variant of MOV is lacking" "function [31:0] gpuhost_lacks_word"
out=$("$gpuhost" caps-words IADD 2>&1)
check "caps-words: an optype is not a variant" 2 $? "$out" "'IADD' is an instruction type or group"

# an older core: no CONTRACT word
printf '.const 0 0x0 0x7\nS2R R1, SR_LANEID ;\nIADD R2, R1, 0x5 ;\nIADD R2, R1, c[0x0][0x0] ;\nEXIT ;\n' > "$work/rc.s"
out=$("$gpuhost" --board modelsim info --server "$work/old" 2>&1)
check "info says a core presents no CONTRACT" 0 $? "$out" \
    "contract:   capability words WARPS LANES OPTYPES FEATURES TOLERANCES, no CONTRACT"
out=$("$gpuhost" --board modelsim run "$work/rc.s" --server "$work/old" 2>&1)
check "an older core's UNIMPLEMENTED: exit 9 naming why, and a warning, not a divergence" 9 $? "$out" \
    "gpuhost: warning: the target (functional model) presents capability words" \
    "(variant IADD_RC; its core presents an older port contract (capability word CONTRACT 0), which could not declare it lacking)"

echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
