#!/bin/sh
# Each fault kind of the stand-in core that a record shows (fw/faults.h 1..6
# and the floating-point 10..13), armed by the testbench through the fault
# registers as gpu-rtlsim arms it, is caught by the DPI scoreboard at the
# instruction it struck, and the DIVERGENCE block (the instruction, every
# difference, the last instructions) is the one `gpuhost --board rtl run
# --fault` prints for the same fault, line for line. Kinds 7..9 leave every
# record right (only a full-state check sees them): not a scoreboard's.
# Usage: dpi_faults.sh DPI_TB GPUHOST GPU_RTLSIM RTL_TEST_DIR
set -u
tb=$1 gpuhost=$2 rtlsim=$3 dir=$4
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
block() { # the DIVERGENCE block of a report: its first line and the indented lines after it
    awk '/^DIVERGENCE/ { on = 1; print; next } on && /^  / { print; next } { on = 0 }' "$1"
}
check() { # name, kernel, fault, text the block must hold
    name=$1 kernel=$2 fault=$3 text=$4
    "$tb" "+kernel=$kernel" "+fault=$fault" > "$work/tb.out" 2>&1
    tb_status=$?
    "$gpuhost" --board rtl run "$kernel" --batch 1 --fault "$fault" --server "$rtlsim" > "$work/gh.out" 2>&1
    gh_status=$?
    block "$work/tb.out" > "$work/tb.block"
    block "$work/gh.out" > "$work/gh.block"
    if [ $tb_status -ne 0 ] && [ $gh_status -eq 7 ] && grep -qF -- "$text" "$work/tb.block" &&
        grep -q "scoreboard DIVERGED" "$work/tb.out" && cmp -s "$work/tb.block" "$work/gh.block"; then
        pass=$((pass + 1))
        echo "ok   $name ($fault): $(head -1 "$work/tb.block")"
    else
        fail=$((fail + 1))
        echo "FAIL $name ($fault): testbench exit $tb_status, gpuhost exit $gh_status (wanted 7), wanted: $text"
        echo "  the testbench's output:"
        sed 's/^/    /' "$work/tb.out"
        echo "  gpuhost's output:"
        sed 's/^/    /' "$work/gh.out"
        echo "  the blocks, testbench then gpuhost:"
        diff "$work/tb.block" "$work/gh.block" | sed 's/^/    /'
    fi
}
k=$dir/faults_rtl.s
check "1 wrong lane" "$k" 1:1 "R1 lane 0: expected a write of 0x00000100 (256), the target wrote nothing"
check "2 flipped bit" "$k" 2:1:4 "R1 lane 0: expected 0x00000100 (256), actual 0x00000110 (272)"
check "2 flipped bit, armed before its chance" "$k" 2:2:0 "DIVERGENCE at instruction 3 (warp 0, pc 0x30)"
check "3 dropped predicate" "$k" 3:2 "P1: expected lanes 0xffffffff = 0xffff0000, actual lanes 0x00000000 = 0x00000000"
check "4 stray write" "$k" 4:1:7 "R8 lane 0: the target wrote 0x00000100 (256), expected no write"
check "5 wrong branch target" "$k" 5:5 "branch target: expected 0x80, actual 0x90"
check "6 wrong store address" "$k" 6:4 "store lane 0: expected address 0x1000, actual 0x1010"
k=$dir/faults_fp.s
check "10 wrong rounding" "$k" 10:0 "R10 lane 0: expected 0x3f800001 (1.00000012), actual 0x3f800000 (1)"
check "11 NaN payload bit dropped" "$k" 11:0:3 "R12 lane 0: expected 0x7fffffff (nan), actual 0x7ffffff7 (nan)"
check "12 FTZ ignored" "$k" 12:0 "R11 lane 0: expected 0x00000000 (0), actual 0x00400000 (5.87747175e-39)"
check "13 MUFU beyond its declared bound" "$k" 13:0 "(2 ulp, beyond the 1 ulp the target declares for MUFU.EX2.F32)"
# without a fault both kernels pass, the core's RCP within its declared bound
for k in "$dir/faults_rtl.s" "$dir/faults_fp.s"; do
    if out=$("$tb" "+kernel=$k" 2>&1) && echo "$out" | grep -q "^PASS: scoreboard clean"; then
        pass=$((pass + 1))
        echo "ok   no fault: $(basename "$k") passes"
    else
        fail=$((fail + 1))
        echo "FAIL no fault: $(basename "$k")"
        echo "$out" | sed 's/^/    /'
    fi
done
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
