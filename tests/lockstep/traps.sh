#!/bin/sh
# The trap matrix (traps agree on every board): each kernel of
# tests/lockstep/traps raises one trap, which its "// trap: NAME lane N" (or
# "// trap: NAME none") line states; run on BOARD (in lockstep with the
# model, but for the board model itself) it must end with exit 5, the target
# agreeing, and the report naming that trap and that lane (or none). The
# line is checked first against GM_TRAPS (cosim/common/include/trap_codes.h):
# the name is a trap code, and "lane" or "none" is what the code names. A
# kernel no assembly line writes has a "// patch: INDEX FIELD [VALUE]" line:
# trap_patch writes its container.
# Usage: traps.sh GPUHOST BOARD TRAP_DIR TRAP_PATCH TRAP_CODES_H [GPU_USBEMU]
#   BOARD: model, modelsim, rtl, or (with GPU_USBEMU; skipped, 77, where it
#   cannot run, tests/usbemu/common.sh, tests/usbsim/common.sh) usbemu,
#   usbemu-host, usbemu-rtl, usbsim
set -u
gpuhost=$1 board=$2 dir=$3 patcher=$4 codes=$5 usbemu=${6:-}
case $board in
usbemu*)
    . "$(dirname "$0")/../usbemu/common.sh"
    usbemu_check
    case $board in
    usbemu | usbemu-host | usbemu-rtl) on_board() { timeout 120 "$gpuhost" --board "$board" "$@"; } ;;
    *) echo "unknown board $board"; exit 2 ;;
    esac ;;
usbsim)
    . "$(dirname "$0")/../usbsim/common.sh"
    usbsim_check
    on_board() { timeout 600 "$gpuhost" --board "$board" "$@"; } ;;
*) on_board() { timeout 120 "$gpuhost" --board "$board" "$@"; } ;;
esac
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# GM_TRAPS as "NAME LANE|WARP text" lines
sed -n 's/^ *X(\([A-Z_]*\), [0-9]*, \([A-Z]*\), "\([^"]*\)").*/\1 \2 \3/p' "$codes" > "$work/codes"
if [ "$(wc -l < "$work/codes")" -lt 13 ]; then
    echo "FAIL: no GM_TRAPS list in $codes"
    exit 1
fi
pass=0 fail=0 seen=""
for src in "$dir"/*.s; do
    name=$(basename "$src" .s)
    set -- $(sed -n 's|^// trap: ||p' "$src")
    code=${1:-} want=${2:-} lane=${3:-}
    entry=$(grep "^$code " "$work/codes")
    attr=$(echo "$entry" | cut -d' ' -f2)
    text=$(echo "$entry" | cut -d' ' -f3-)
    if [ -z "$code" ] || [ -z "$entry" ] || { [ "$want" = lane ] && [ "$attr" != LANE ]; } ||
       { [ "$want" = none ] && [ "$attr" != WARP ]; } || { [ "$want" != lane ] && [ "$want" != none ]; }; then
        fail=$((fail + 1))
        echo "FAIL $name: its \"// trap:\" line ($code $want $lane) is not a trap of GM_TRAPS as $codes says it ($attr)"
        continue
    fi
    kernel=$src
    patch=$(sed -n 's|^// patch: ||p' "$src")
    if [ -n "$patch" ]; then
        kernel=$work/$name.bin
        # shellcheck disable=SC2086 # INDEX FIELD [VALUE] are words
        if ! "$patcher" "$src" "$kernel" $patch > "$work/out" 2>&1; then
            fail=$((fail + 1))
            echo "FAIL $name: trap_patch $patch"; sed 's/^/    /' "$work/out"
            continue
        fi
    fi
    if [ "$board" = model ]; then
        on_board run "$kernel" > "$work/out" 2>&1
    else
        on_board run "$kernel" --timeout 20000 > "$work/out" 2>&1
    fi
    status=$?
    agrees="TRAP (the target agrees): "
    [ "$board" = model ] && agrees="TRAP: "
    if [ "$want" = lane ]; then
        where="pc 0x[0-9a-f]*, lane $lane: "
    else
        where="pc 0x[0-9a-f]*: "
    fi
    if [ $status -eq 5 ] && grep -q "^TRAP[^:]*: warp [0-9]*, $where.*$text" "$work/out" &&
       grep -qF "$agrees" "$work/out" && ! grep -q "not reported" "$work/out"; then
        pass=$((pass + 1))
        echo "ok   $name: $code, $([ "$want" = lane ] && echo "lane $lane" || echo "no lane")"
        seen="$seen $code"
    else
        fail=$((fail + 1))
        echo "FAIL $name: exit $status, wanted 5 and \"${agrees}warp ..., $where... $text\""
        sed 's/^/    /' "$work/out" | head -n 30
    fi
done
# every code a kernel can raise has a kernel: all of GM_TRAPS but NONE, UNIMPLEMENTED (an
# instruction the target lacks, not a trap of the kernel) and CONVERGENCE_DEADLOCK (traps/README.md)
for code in $(cut -d' ' -f1 "$work/codes"); do
    case $code in NONE | UNIMPLEMENTED | CONVERGENCE_DEADLOCK) continue ;; esac
    case " $seen " in
    *" $code "*) ;;
    *) fail=$((fail + 1)); echo "FAIL no kernel of $dir raised $code on $board" ;;
    esac
done
echo "board $board: $pass traps agree, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
