#!/bin/sh
# Each fault kind, injected into the Verilated core through its fault
# registers (gpu-rtlsim --fault KIND:AT[:PARAM], passed on by gpuhost), is
# reported at exactly the instruction where it struck with the right
# register, lane or address; without a fault the run is clean.
# Kind 5 (wrong branch target) is reported at the branch itself: commit
# records carry the lanes a branch sent and where. Kinds 10..13 (floating
# point) on faults_fp.s.
# Usage: rtl_faults.sh GPUHOST GPU_RTLSIM DIR [BOARD]
# BOARD (default rtl): another form of the core, e.g. the board
# configuration's rtl-board.ini: kinds 1..9 only (the FP kinds need the
# FP32 slot, the watchdog case the 32-lane server).
set -u
gpuhost=$1 rtlsim=$2 dir=$3 board=${4:-rtl}
kernel=$dir/faults_rtl.s
pass=0 fail=0
. "$(dirname "$0")/../../../tests/lockstep/check_fault.sh"
check() { # name, fault spec ("" for none), batch, expected exit, text...
    cf_n=$1 cf_f=$2 cf_b=$3
    shift 3
    check_fault "$gpuhost" "$board" "$kernel" "$cf_b" "$cf_n" "$cf_f" "$@"
}
for batch in 1 4; do
    check "no fault" "" $batch 0 "PASS: lockstep clean"
    check "1 wrong lane" "1:1" $batch 7 "DIVERGENCE at instruction 1 (warp 0, pc 0x10): IADD R1, R0, 0x100 ;" \
        "R1 lane 0: expected a write of 0x00000100 (256), the target wrote nothing"
    check "2 flipped bit" "2:1:4" $batch 7 "DIVERGENCE at instruction 1 (warp 0, pc 0x10): IADD R1, R0, 0x100 ;" \
        "R1 lane 0: expected 0x00000100 (256), actual 0x00000110 (272)"
    check "3 dropped predicate" "3:2" $batch 7 \
        "DIVERGENCE at instruction 2 (warp 0, pc 0x20): ISETP.GE.AND P1, R0, 0x10, PT ;" \
        "P1: expected lanes 0xffffffff = 0xffff0000, actual lanes 0x00000000 = 0x00000000"
    check "4 stray write" "4:1:7" $batch 7 "DIVERGENCE at instruction 1 (warp 0, pc 0x10): IADD R1, R0, 0x100 ;" \
        "R8 lane 0: the target wrote 0x00000100 (256), expected no write"
    check "5 wrong branch target" "5:5" $batch 7 "DIVERGENCE at instruction 5 (warp 0, pc 0x50): BRA 0x80 ;" \
        "branch target: expected 0x80, actual 0x90" "#4        warp 0  pc 0x0040 exec 0xffffffff  STG [R[2:3]], R1 ;"
    check "6 wrong store address" "6:4" $batch 7 "DIVERGENCE at instruction 4 (warp 0, pc 0x40): STG [R[2:3]], R1 ;" \
        "store lane 0: expected address 0x1000, actual 0x1010"
done
# kinds only a full-state check sees, caught at the check after them
state_fault() { check_state_fault "$gpuhost" "$board" "$kernel" "$@"; }
state_fault "7 hidden register write" "7:1:7" 2 \
    "DIVERGENCE in the full state at the check after instruction 1: it happened in instructions #0..#1" \
    "warp 0 R8 lane 0: expected 0x00000000, actual 0x00000100"
state_fault "8 hidden store" "8:4:8" 1 \
    "DIVERGENCE in the full state at the check after instruction 4: it happened in instructions #4..#4" \
    "memory 0x1080: expected 0x00000000, actual 0x00000100"
state_fault "9 wrong lane PC" "9:1" 1 \
    "DIVERGENCE in the full state at the check after instruction 1: it happened in instructions #1..#1" \
    "warp 0 lane 0 PC: expected 0x20, actual 0x30"
check "armed, never struck" "1:99" 4 8 "the fault 1:99 was armed in the DUT but never showed"
# a fault set for an instruction that does not write what it corrupts strikes
# at the next one that does; this one flips a bit of R[2:3]'s first write (#3)
check "2 flipped bit, armed at #2" "2:2:0" 4 7 "DIVERGENCE at instruction 3 (warp 0, pc 0x30)"
check "history in the report" "1:3" 4 7 "last 3 instructions before it" "#2        warp 0  pc 0x0020"
if [ "$board" != rtl ]; then
    echo "$pass passed, $fail failed (board $board: kinds 1..9)"
    [ $fail -eq 0 ]
    exit
fi
# The floating-point kinds (10..13), struck in the core's FP units, on their
# own kernel: each reported at the instruction it struck, the MUFU one as
# beyond the declared bound with its distance.
fp=$dir/faults_fp.s
for batch in 1 4; do
    check_fault "$gpuhost" rtl "$fp" $batch "FP no fault (the core's RCP 1 ulp off: within its bound, counted)" "" 0 \
        "PASS: lockstep clean" "tolerance: 32 register values of approximate instructions differed" \
        "(largest distance 1 ulp)"
    check_fault "$gpuhost" rtl "$fp" $batch "10 wrong rounding" "10:0" 7 \
        "DIVERGENCE at instruction 0 (warp 0, pc 0x0): FADD R10, R1, R2 ;" \
        "R10 lane 0: expected 0x3f800001 (1.00000012), actual 0x3f800000 (1)"
    check_fault "$gpuhost" rtl "$fp" $batch "12 FTZ ignored (armed at #0, struck at the first .FTZ)" "12:0" 7 \
        "DIVERGENCE at instruction 1 (warp 0, pc 0x10): FMUL.FTZ R11, R3, R4 ;" \
        "R11 lane 0: expected 0x00000000 (0), actual 0x00400000 (5.87747175e-39)"
    check_fault "$gpuhost" rtl "$fp" $batch "11 NaN payload bit dropped" "11:0:3" 7 \
        "DIVERGENCE at instruction 2 (warp 0, pc 0x20): FADD R12, R5, R1 ;" \
        "R12 lane 0: expected 0x7fffffff (nan), actual 0x7ffffff7 (nan)"
    check_fault "$gpuhost" rtl "$fp" $batch "13 MUFU one ulp beyond its bound" "13:0" 7 \
        "DIVERGENCE at instruction 3 (warp 0, pc 0x30): MUFU.EX2.F32 R13, R4 ;" \
        "R13 lane 0: expected 0x3fb504f3 (1.41421354), actual 0x3fb504f5 (1.41421378) (2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.F32)"
done
# a MUFU result moved within the bound is no divergence: the run passes, the fault never shows
check_fault "$gpuhost" rtl "$fp" 4 "13 MUFU one ulp off: within the bound" "13:3:1" 8 \
    "the fault 13:3:1 was armed in the DUT but never showed" \
    "tolerance: 33 register values of approximate instructions differed" "(largest distance 1 ulp)"
# a fault set for an instruction it cannot change strikes at the next it can:
# wrong rounding armed at the .FTZ FMUL (#1, RN too) strikes there, where
# 2^-127 flushes to +0 either way: it never shows
check_fault "$gpuhost" rtl "$fp" 4 "10 wrong rounding with nothing to round" "10:1" 8 "armed in the DUT but never showed"
# the model DUT has no FP datapath: refused before anything runs, a usage error
check_fault "$gpuhost" modelsim "$fp" 4 "10 refused by the model DUT" "10:0" 2 \
    "option --fault 10:0: board modelsim: gpu-modelsim refused it before it was ready"
# a core that stops retiring: a watchdog shorter than any instruction (6 cycles and more)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
printf '#!/bin/sh\nexec "%s" "$@" --watchdog 3\n' "$rtlsim" > "$work/hung"
chmod +x "$work/hung"
out=$("$gpuhost" --board rtl run "$kernel" --server "$work/hung" 2>&1)
status=$?
if [ $status -eq 11 ] && echo "$out" | grep -qF "DUT FAILURE: the DUT stopped retiring after 0 instructions (watchdog)"; then
    pass=$((pass + 1))
    echo "ok   watchdog: a step longer than --watchdog ends the run as the DUT's failure (exit 11)"
else
    fail=$((fail + 1))
    echo "FAIL watchdog (exit $status, wanted 11)"
    echo "$out" | sed 's/^/    /'
fi
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
