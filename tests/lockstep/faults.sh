#!/bin/sh
# Each fault kind injected into the DUT is reported at exactly the instruction
# where it struck, with the right register, lane or address; without a fault
# the run is clean.
# Usage: faults.sh GPUHOST DIR
set -u
gpuhost=$1 dir=$2
kernel=$dir/faults.s
pass=0 fail=0
. "$dir/check_fault.sh"
check() { # name, fault spec ("" for none), expected exit, text...
    check_fault "$gpuhost" modelsim "$kernel" 4 "$@"
}
check "no fault" "" 0 "PASS: lockstep clean"
check "flipped bit" "2:1:4" 7 "DIVERGENCE at instruction 1 (warp 0, pc 0x10): IADD R1, R0, 0x100 ;" \
    "R1 lane 0: expected 0x00000100 (256), actual 0x00000110 (272)" "last 1 instruction before it (model):"
check "wrong lane" "1:1" 7 "DIVERGENCE at instruction 1 " \
    "R1 lane 0: expected a write of 0x00000100 (256), the target wrote nothing" \
    "R1 lane 1: expected 0x00000101 (257), actual 0x00000100 (256)"
check "stray write" "4:1:7" 7 "DIVERGENCE at instruction 1 " \
    "R8 lane 0: the target wrote 0x00000100 (256), expected no write"
check "dropped predicate" "3:2" 7 "DIVERGENCE at instruction 2 (warp 0, pc 0x20): ISETP.GE.AND P1, R0, 0x10, PT ;" \
    "P1: expected lanes 0xffffffff = 0xffff0000, actual lanes 0x00000000 = 0x00000000"
check "wrong branch target" "5:5" 7 "DIVERGENCE at instruction 5 (warp 0, pc 0x50): BRA 0x60 ;" \
    "branch target: expected 0x60, actual 0x70"
check "wrong store address" "6:4" 7 "DIVERGENCE at instruction 4 (warp 0, pc 0x40): STG [R[2:3]], R1 ;" \
    "store lane 0: expected address 0x1000, actual 0x1010"
# kinds only a full-state check can see: caught at the first check after them
check_every() { check_state_fault "$gpuhost" modelsim "$kernel" "$@"; }
check_every "7 hidden register write, check every 2" "7:1:7" 2 \
    "DIVERGENCE in the full state at the check after instruction 1: it happened in instructions #0..#1" \
    "warp 0 R8 lane 0: expected 0x00000000, actual 0x00000100"
check_every "7 hidden register write, checked at the end" "7:1:7" 1000 \
    "DIVERGENCE in the full state at the end, after instruction 6: it happened in instructions #0..#6"
check_every "8 hidden store, check every 1" "8:4:8" 1 \
    "DIVERGENCE in the full state at the check after instruction 4: it happened in instructions #4..#4" \
    "memory 0x1080: expected 0x00000000, actual 0x00000100"
check_every "9 wrong lane PC, check every 1" "9:1" 1 \
    "DIVERGENCE in the full state at the check after instruction 1: it happened in instructions #1..#1" \
    "warp 0 lane 0 PC: expected 0x20, actual 0x30"
# a fault armed where nothing can strike is an error, never PASS
check "armed, never struck" "1:99" 8 "the fault 1:99 was armed in the DUT but never showed"
check "history in the report" "1:3" 7 "last 3 instructions before it" "#2        warp 0  pc 0x0020"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
