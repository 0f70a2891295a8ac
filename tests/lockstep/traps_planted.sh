#!/bin/sh
# Planted trap faults: a target that reports a wrong trap code, or a wrong
# trapping lane (of a trap that names one, and a lane for one that names
# none), is a divergence (exit 7) naming the field; a target that cannot
# name the lane (a core without TRAP_LANE) agrees on the trap (exit 5) with
# the lane left out and the report saying so, and on a trap that names no
# lane nothing is left out. Kernels of tests/lockstep/traps.
#   modelsim: gpu-modelsim --mutate trap-code:C | trap-lane:P | no-trap-lane
#   usbemu:   gpu-usbemu --dut-no-trap-lane: the rv32 image's beat assembler
#             (fw/core/src/beats.c) behind a debug port whose core lacks
#             TRAP_LANE (skipped, 77, where the image cannot run)
# Usage: traps_planted.sh GPUHOST modelsim GPU_MODELSIM TRAP_DIR
#        traps_planted.sh GPUHOST usbemu GPU_USBEMU TRAP_DIR
set -u
gpuhost=$1 mode=$2 server=$3 dir=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
# check NAME WANT_STATUS TEXT [NOT_TEXT]: the last run's outcome ($status, $work/out)
check() {
    if [ "$status" -eq "$2" ] && grep -qF -- "$3" "$work/out" && { [ -z "${4:-}" ] || ! grep -qF -- "$4" "$work/out"; }; then
        pass=$((pass + 1))
        echo "ok   $1: exit $status"
    else
        fail=$((fail + 1))
        echo "FAIL $1: exit $status (wanted $2 and \"$3\"${4:+, never \"$4\"})"
        sed 's/^/    /' "$work/out" | head -n 30
    fi
}
case $mode in
modelsim)
    # mutated KERNEL SPEC: gpuhost against gpu-modelsim --mutate SPEC
    mutated() {
        printf '#!/bin/sh\nexec "%s" "$@" --mutate %s\n' "$server" "$2" > "$work/server"
        chmod +x "$work/server"
        timeout 120 "$gpuhost" --board modelsim run "$dir/$1.s" --server "$work/server" --timeout 20000 \
            > "$work/out" 2>&1
        status=$?
    }
    mutated misaligned_address_ldg trap-code:5
    check "a wrong trap code (MEMORY_RANGE for MISALIGNED_ADDRESS)" 7 \
        "trap: expected misaligned memory address, actual memory address out of range"
    mutated pc_out_of_range trap-code:12
    check "a wrong trap code of a warp's trap" 7 "trap: expected PC outside the kernel's code, actual illegal instruction"
    mutated misaligned_address_ldg trap-lane:1
    check "a wrong trapping lane (lane 4 for lane 5)" 7 "trapping lane: expected lane 5, actual lane 4"
    mutated register_index trap-lane:3
    check "a wrong trapping lane of a register trap (lane 0 for lane 3)" 7 "trapping lane: expected lane 3, actual lane 0"
    mutated illegal_bsync trap-lane:3
    check "a lane named for a trap that names none" 7 "trapping lane: expected no lane, actual lane 3"
    mutated memory_range_ldg no-trap-lane
    check "a lane the target cannot name: left out, and said" 5 "trapping lane: not reported by this target"
    grep -qF "TRAP (the target agrees): warp 0, pc 0x0, lane 6: " "$work/out" ||
        { fail=$((fail + 1)); echo "FAIL   ... the report lost the model's lane 6"; }
    mutated pc_out_of_range no-trap-lane
    check "a target without the lane, on a trap that names none: nothing left out" 5 \
        "TRAP (the target agrees): warp 0, pc 0x1000: PC outside the kernel's code" "not reported"
    ;;
usbemu)
    usbemu=$server
    . "$(dirname "$0")/../usbemu/common.sh"
    usbemu_check
    if [ -z "$image_marker" ]; then
        echo "SKIP: gpu-usbemu cannot run the rv32 image here: the debug port is the image's"
        exit 77
    fi
    wrapped=$(gh_wrapped_board usbemu "$work") # --dut-no-trap-lane is the emulator's: gpuhost under it
    for k in misaligned_address_stg const_out_of_range_operand; do
        timeout 120 "$usbemu" --dut-no-trap-lane -- "$gpuhost" --board "$wrapped" \
            run "$dir/$k.s" --timeout 20000 > "$work/out" 2>&1
        status=$?
        check "$k on a debug port whose core lacks TRAP_LANE (rv32 image)" 5 \
            "trapping lane: not reported by this target"
    done
    timeout 120 "$usbemu" --dut-no-trap-lane -- "$gpuhost" --board "$wrapped" \
        run "$dir/illegal_bsync.s" --timeout 20000 > "$work/out" 2>&1
    status=$?
    check "a trap that names no lane, on that port: nothing left out" 5 "TRAP (the target agrees)" "not reported"
    ;;
*) echo "usage: traps_planted.sh GPUHOST modelsim|usbemu SERVER TRAP_DIR"; exit 2 ;;
esac
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
