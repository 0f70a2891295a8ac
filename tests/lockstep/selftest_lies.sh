#!/bin/sh
# gpuhost selftest names the first failing step (issue 23, point 4): against
# gpu-modelsim told to lie or mutated (docs/lying-targets.md), each row's
# step, exit status and reason; a partial core (--lack) and a small one
# (--max-code, --max-warps) pass, running only what they declare.
# Usage: selftest_lies.sh GPUHOST GPU_MODELSIM
set -u
gpuhost=$1 modelsim=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0 n=0
# gpu-modelsim options | exit | the failing step, as said | the reason, as said
cat > "$work/rows" <<'ROWS'
--lie state-gpr|7|FAIL reset: every warp (64) after RESET|warp 0 R1 lane 0: expected 0x00000000, actual 0x00000001
--lie pages-unaligned|11|FAIL backdoor: global memory|malformed PAGES reply: page 0x1004 is not page-aligned
--lie state-upred|7|FAIL reset: every warp|uniform predicates: expected
--lie rec-gpr-value|7|FAIL code load|DIVERGENCE at instruction 0 (warp 0, pc 0x0): IADD R1, R1, 0x1
--lie batch-replay|11|FAIL code load|batch 0 arrived where batch 1 was due
--mutate hang:3|11|FAIL code load|the DUT stopped retiring after 3 instructions (watchdog)
--mutate mufu-ulp:2:0|7|FAIL step MUFU (MUFU_R)|ulp
--lie rec-upred-value|7|FAIL step VOTEU|uniform predicates: expected
--lie caps-lanes|8|FAIL selftest of board modelsim: TARGET REFUSED|its warps have 16 lanes
--lie mem-bytes|11|FAIL backdoor: global memory|the target contradicts itself: its digest of page 0x
--mutate lane-regs-ignored|7|FAIL backdoor: lane PCs and status (WRITE_REG kinds 4-6)|lane 1 PC: expected
--max-warps 1|8|FAIL descriptor: the target's warps are its board descriptor's|says warps = 64, the target (functional model) has 1
ROWS
while IFS='|' read -r told want step text; do
    n=$((n + 1))
    printf '#!/bin/sh\nexec "%s" "$@" %s\n' "$modelsim" "$told" > "$work/server$n"
    chmod +x "$work/server$n"
    out=$(timeout 120 "$gpuhost" --board modelsim selftest --server "$work/server$n" --timeout 2000 2>&1)
    status=$?
    if [ "$status" -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$step" &&
        printf '%s\n' "$out" | grep -qF -- "$text" && ! printf '%s\n' "$out" | grep -q '^PASS'; then
        pass=$((pass + 1)); echo "ok   $told: exit $status, $step"
    else
        fail=$((fail + 1)); echo "FAIL $told: exit $status (wanted $want, '$step' and '$text')"
        printf '%s\n' "$out" | grep -v '^ok' | sed 's/^/    /'
    fi
done < "$work/rows"

# what a target declares is all it is asked: a partial core, a small one
printf '#!/bin/sh\nexec "%s" "$@" --lack IADD_RC,IADD_RU\n' "$modelsim" > "$work/partial"
printf '#!/bin/sh\nexec "%s" "$@" --max-code 300 --max-warps 1\n' "$modelsim" > "$work/small"
chmod +x "$work/partial" "$work/small"
# the small core's own descriptor: its warps are 1 (another count fails the selftest)
sed 's/^warps = .*/warps = 1/' "$(dirname "$0")/../../boards/modelsim.ini" > "$work/small.ini"
out=$(timeout 120 "$gpuhost" --board modelsim selftest --variants --server "$work/partial" 2>&1)
status=$?
if [ $status -eq 0 ] && printf '%s\n' "$out" | grep -qF "ok   step IADD (IADD_RR)" &&
    ! printf '%s\n' "$out" | grep -qF "(IADD_RC)" && ! printf '%s\n' "$out" | grep -qF "(IADD_RU)"; then
    pass=$((pass + 1)); echo "ok   a partial core: PASS, its lacking variants never stepped"
else
    fail=$((fail + 1)); echo "FAIL a partial core (--lack IADD_RC,IADD_RU): exit $status"
    printf '%s\n' "$out" | grep -v '^ok' | sed 's/^/    /'
fi
out=$(timeout 120 "$gpuhost" --board "$work/small.ini" selftest --server "$work/small" 2>&1)
status=$?
if [ $status -eq 0 ] && printf '%s\n' "$out" | grep -qF "ok   reset: every warp (1)" &&
    printf '%s\n' "$out" | grep -qF "ok   code load: 300 distinct words"; then
    pass=$((pass + 1)); echo "ok   a core of 300 code words and 1 warp: PASS within them"
else
    fail=$((fail + 1)); echo "FAIL a small core (--max-code 300 --max-warps 1): exit $status"
    printf '%s\n' "$out" | grep -v '^ok' | sed 's/^/    /'
fi

# code memories too small for some steps: those are skipped, saying so, and
# the rest pass; a core implementing no instruction gen can fill is exit 9
# gpu-modelsim options | exit | a line the output must hold
all=$(sed -n 's/^__DefOpcode \([A-Z0-9_]*\).*/\1/p' "$(dirname "$0")/../../isa/spec/"*.isa |
    grep -vE '^(BSSY|BSYNC|EXIT)_' | paste -sd, -)
cat > "$work/small_rows" <<ROWS
--max-code 1|0|skip run: a random stream
--max-code 1|0|ok   code load: 1 distinct words
--max-code 8|0|its kernel has 11 instructions, the target's code memory holds 8
--max-code 8|0|PASS: 
--lack $all|9|UNSUPPORTED: the first failing step
ROWS
while IFS='|' read -r told want text; do
    n=$((n + 1))
    printf '#!/bin/sh\nexec "%s" "$@" %s\n' "$modelsim" "$told" > "$work/server$n"
    chmod +x "$work/server$n"
    out=$(timeout 120 "$gpuhost" --board modelsim selftest --server "$work/server$n" --timeout 2000 2>&1)
    status=$?
    if [ "$status" -eq "$want" ] && printf '%s\n' "$out" | grep -qF -- "$text"; then
        pass=$((pass + 1)); echo "ok   $(printf '%.40s' "$told"): exit $status, $text"
    else
        fail=$((fail + 1)); echo "FAIL $(printf '%.40s' "$told"): exit $status (wanted $want and '$text')"
        printf '%s\n' "$out" | grep -v '^ok' | sed 's/^/    /'
    fi
done < "$work/small_rows"

# the model is no target to test: compared with itself it proves nothing
for board in "" "--board model"; do
    # shellcheck disable=SC2086 # no board, or the option and its value
    out=$("$gpuhost" $board selftest 2>&1)
    status=$?
    if [ $status -eq 2 ] && printf '%s\n' "$out" | grep -qF "is the functional model itself"; then
        pass=$((pass + 1)); echo "ok   selftest ${board:-without --board}: refused, exit 2"
    else
        fail=$((fail + 1)); echo "FAIL selftest ${board:-without --board}: exit $status (wanted 2, refused)"
        printf '%s\n' "$out" | sed 's/^/    /'
    fi
done
# --brief leaves out the very steps --variants multiplies: both is a usage error
out=$("$gpuhost" --board modelsim selftest --brief --variants 2>&1)
status=$?
if [ $status -eq 2 ] && printf '%s\n' "$out" | grep -qF -- "--brief leaves out the steps --variants multiplies"; then
    pass=$((pass + 1)); echo "ok   selftest --brief --variants: refused, exit 2"
else
    fail=$((fail + 1)); echo "FAIL selftest --brief --variants: exit $status (wanted 2, refused)"
    printf '%s\n' "$out" | sed 's/^/    /'
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
