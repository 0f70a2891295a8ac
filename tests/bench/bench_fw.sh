#!/bin/sh
# Benchmark: the gh-ref firmware's cost per warp-instruction, the rv32 image
# running on the emulated board (gpuhost --board usbemu, GH_USBEMU_FW_STATS=1),
# for an ALU mix, a memory mix (a store and a load an iteration) and an FP
# mix. Prints per mix: rv32 instructions per warp-instruction (the cycles
# elapsed: the core's polling of a BUSY DMA engine is among them; exact,
# deterministic counts: the figure), the DMA engine's cycles (running beside
# the core) and those the core waited for, rv32 instructions per URB, the
# rate they project at the board's 50 MHz, and the emulated board's measured
# throughput (wall clock: noisy, never asserted). Fails when a run fails,
# when the figures are missing, or when the ALU mix costs more than MAX_ALU
# rv32 instructions (cycles) per warp-instruction: a deterministic count, so
# a regression check. Issue 25 asks 500 (100k/s at 50 MHz); with the DMA
# engine's time counted the firmware is not there yet, and CTest passes the
# current cost plus a margin.
# Skipped (77) when the emulated board cannot run the image.
# Usage: bench_fw.sh GPUHOST [WARP_INSTRUCTIONS [MAX_ALU]]
set -u
gpuhost=$1 count=${2:-6000} max_alu=${3:-500}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# 4 warps, 7 instructions an iteration, 2 outside the loop
iterations=$(((count / 4 - 2) / 7))
[ "$iterations" -ge 1 ] || iterations=1
cat > "$work/alu.s" <<EOS
.warps 4
.init R9 $iterations
    S2R R0, SR_LANEID ;
loop:
    IADD R1, R0, R1 ;
    LOP3.POR R2, R1, R0, R2, 0x96, !PT ;
    SHF.L.HI R3, R1, 0x5, R2 ;
    IMAD R4, R1, R3, R4 ;
    IADD R9, R9, -0x1 ;
    ISETP.NE.AND P0, R9, RZ, PT ;
@P0 BRA loop ;
    EXIT ;
.expect R9 0
EOS
cat > "$work/memory.s" <<EOS
.warps 4
.init R9 $iterations
.init R4 0x1000
    S2R R0, SR_TID_X ;
loop:
    IMAD.WIDE.U32 R[10:11], R0, 0x4, R[4:5] ;
    STG [R[10:11]], R1 ;
    LDG R2, [R[10:11]] ;
    IADD R1, R1, R2 ;
    IADD R9, R9, -0x1 ;
    ISETP.NE.AND P0, R9, RZ, PT ;
@P0 BRA loop ;
    EXIT ;
.expect R9 0
EOS
cat > "$work/fp.s" <<EOS
.warps 4
.init R9 $iterations
.init R5 0x3f800000
    S2R R0, SR_LANEID ;
    IADD R6, R0, R5 ;
loop:
    FFMA R6, R6, R5, R5 ;
    FADD R7, R6, R5 ;
    FMUL R8, R7, R6 ;
    FFMA R6, R8, R5, R7 ;
    IADD R9, R9, -0x1 ;
    ISETP.NE.AND P0, R9, RZ, PT ;
@P0 BRA loop ;
    EXIT ;
.expect R9 0
EOS
out=$work/out
GH_USBEMU_FW_STATS=1 timeout 60 "$gpuhost" --board usbemu info > "$out" 2>&1
if ! grep -q "rv32 image on the emulated board" "$out"; then
    echo "SKIP: the emulated board does not run the rv32 image here:"
    sed 's/^/    /' "$out" | head -n 5
    exit 77
fi
failed=0
printf '%-7s %14s %11s %11s %14s %18s %16s\n' mix "rv32/warp-insn" "DMA cycles" "DMA waited" "rv32/URB" \
    "projected @50MHz" "emulated"
for mix in alu memory fp; do
    GH_USBEMU_FW_STATS=1 timeout 300 "$gpuhost" --board usbemu run "$work/$mix.s" --batch 64 --timeout 60000 \
        > "$out" 2>&1
    status=$?
    line=$(grep "rv32 instructions per warp-instruction" "$out" | head -n 1)
    per=$(echo "$line" | sed -n 's/.*: \([0-9]*\) rv32 instructions per warp-instruction.*/\1/p')
    dma=$(echo "$line" | sed -n 's/.*(DMA: \([0-9]*\) cycles beside the core, .*/\1/p')
    waited=$(echo "$line" | sed -n 's/.*(DMA: .*, \([0-9]*\) waited for).*/\1/p')
    rate=$(echo "$line" | sed -n 's/.*: \([0-9]*\) warp-instructions\/s firmware-bound.*/\1/p')
    emu=$(echo "$line" | sed -n 's/.*(emulated here: \([0-9]*\)\/s).*/\1/p')
    urb=$(sed -n 's/.*: \([0-9]*\) rv32 instructions per URB.*/\1/p' "$out" | head -n 1)
    if [ $status -ne 0 ] || [ -z "$per" ] || [ -z "$dma" ] || [ -z "$waited" ] || [ -z "$urb" ] || [ -z "$rate" ]; then
        echo "FAIL: $mix mix: gpuhost exited $status, or the figures are missing:"
        sed 's/^/    /' "$out" | head -n 30
        failed=$((failed + 1))
        continue
    fi
    printf '%-7s %14s %11s %11s %14s %13s w-i/s %12s w-i/s\n' "$mix" "$per" "$dma" "$waited" "$urb" "$rate" "${emu:-?}"
    if [ "$mix" = alu ] && [ "$per" -gt 500 ]; then
        echo "    alu: above issue 25's 500 (100,000 warp-instructions/s at 50 MHz)"
    fi
    # where it goes: the per-function profile averages the whole run over its warp-instructions
    # (the final full-state check's read_state included)
    grep "gpu-usbemu: board .*: \(DMA engine\|profile\)" "$out" | sed "s/^gpu-usbemu: board [^:]*: /    $mix: /" | head -n 9
    if [ "$mix" = alu ] && [ "$per" -gt "$max_alu" ]; then
        echo "FAIL: the ALU mix costs $per rv32 instructions per warp-instruction (at most $max_alu)"
        failed=$((failed + 1))
    fi
done
[ $failed -eq 0 ]
