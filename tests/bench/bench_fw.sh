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
# a regression check. Issue 25 asks 500 (100k/s at 50 MHz), the default;
# CTest passes it as the guard (the firmware is a little below).
# Skipped (77) when the emulated board cannot run the image.
# Beside each, the gateware's cycles per warp-instruction: projected by the
# emulator (ghemu_cost.c: the instruction-cache fills and the RAM, SDRAM and
# register accesses it counts, at the costs the gateware measured) and, where
# the simulated gateware runs (the board usbsim: the same image on VexRiscv
# in RTL), measured: sys_clk cycles between back-to-back STEPs for the same
# mix (a shorter run: GATEWARE_INSTRUCTIONS);
# the FP mix has no gateware figure (the core's board configuration has no
# FP16/FP32 slots: usbsim refuses it). Not asserted: the table says it.
# Usage: bench_fw.sh GPUHOST [WARP_INSTRUCTIONS [MAX_ALU [GPU_USBEMU [GATEWARE_INSTRUCTIONS]]]]
# shellcheck source-path=SCRIPTDIR
set -u
gpuhost=$1 count=${2:-6000} max_alu=${3:-500} usbemu=${4:-} gw_count=${5:-1200}
# shellcheck source=bench_common.sh
. "$(dirname "$0")/bench_common.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
bench_alu_kernel "$work/alu.s" "$count"
bench_kernel "$work/memory.s" "$count" ".init R4 0x1000
    S2R R0, SR_TID_X ;" "    IMAD.WIDE.U32 R[10:11], R0, 0x4, R[4:5] ;
    STG [R[10:11]], R1 ;
    LDG R2, [R[10:11]] ;
    IADD R1, R1, R2 ;"
bench_kernel "$work/fp.s" "$count" ".init R5 0x3f800000
    S2R R0, SR_LANEID ;
    IADD R6, R0, R5 ;" "    FFMA R6, R6, R5, R5 ;
    FADD R7, R6, R5 ;
    FMUL R8, R7, R6 ;
    FFMA R6, R8, R5, R7 ;"
out=$work/out
GH_USBEMU_FW_STATS=1 timeout 60 "$gpuhost" --board usbemu info > "$out" 2>&1
if ! grep -q "rv32 image on the emulated board" "$out"; then
    echo "SKIP: the emulated board does not run the rv32 image here:"
    sed 's/^/    /' "$out" | head -n 5
    exit 77
fi
gateware=""
if [ -n "$usbemu" ] && timeout 60 "$usbemu" --firmware gateware --boards 0 -- true > /dev/null 2>&1; then
    gateware=yes
    bench_alu_kernel "$work/gw_alu.s" "$gw_count"
    bench_kernel "$work/gw_memory.s" "$gw_count" ".init R4 0x1000
    S2R R0, SR_TID_X ;" "    IMAD.WIDE.U32 R[10:11], R0, 0x4, R[4:5] ;
    STG [R[10:11]], R1 ;
    LDG R2, [R[10:11]] ;
    IADD R1, R1, R2 ;"
fi
# The gateware's measured cycles per warp-instruction for MIX, or "-".
gateware_cycles() {
    [ -n "$gateware" ] && [ -f "$work/gw_$1.s" ] || { echo "-"; return; }
    GH_USBEMU_FW_STATS=1 timeout 900 "$gpuhost" --board usbsim run "$work/gw_$1.s" --batch 64 --timeout 60000 \
        > "$work/gw_out" 2>&1
    sed -n 's/.*gateware: \([0-9]*\) cycles per warp-instruction.*/\1/p' "$work/gw_out" | head -1 | grep . || echo "?"
}
failed=0
printf '%-7s %14s %14s %14s %11s %11s %14s %18s %16s\n' mix "rv32/warp-insn" "gw projected" "gw measured" \
    "DMA cycles" "DMA waited" "rv32/URB" "projected @50MHz" "emulated"
for mix in alu memory fp; do
    bench_run "$out" env GH_USBEMU_FW_STATS=1 timeout 300 "$gpuhost" --board usbemu run "$work/$mix.s" --batch 64 \
        --timeout 60000
    ok=$?
    bench_fw_figures "$out"
    if [ $ok -ne 0 ] || [ -z "$fw_per" ] || [ -z "$fw_dma" ] || [ -z "$fw_waited" ] || [ -z "$fw_urb" ] ||
        [ -z "$fw_rate" ]; then
        echo "FAIL: $mix mix: gpuhost exited $bench_status, or the figures are missing:"
        sed 's/^/    /' "$out" | head -n 30
        failed=$((failed + 1))
        continue
    fi
    gw_projected=$(sed -n 's/.*on the gateware (projected[^)]*): \([0-9]*\) cycles per warp-instruction.*/\1/p' "$out" |
        head -1)
    printf '%-7s %14s %14s %14s %11s %11s %14s %13s w-i/s %12s w-i/s\n' "$mix" "$fw_per" "${gw_projected:-?}" \
        "$(gateware_cycles "$mix")" "$fw_dma" "$fw_waited" "$fw_urb" "$fw_rate" "${fw_emulated:-?}"
    if [ "$mix" = alu ] && [ "$fw_per" -gt 500 ]; then
        echo "    alu: above issue 25's 500 (100,000 warp-instructions/s at 50 MHz)"
    fi
    # where it goes: the per-function profile averages the whole run over its warp-instructions
    # (the final full-state check's read_state included)
    grep "gpu-usbemu: board .*: \(DMA engine\|profile\)" "$out" | sed "s/^gpu-usbemu: board [^:]*: /    $mix: /" | head -n 9
    if [ "$mix" = alu ] && [ "$fw_per" -gt "$max_alu" ]; then
        echo "FAIL: the ALU mix costs $fw_per rv32 instructions per warp-instruction (at most $max_alu)"
        failed=$((failed + 1))
    fi
done
[ $failed -eq 0 ]
