# tests/bench/bench_common.sh: sourced by bench_fw.sh and bench_lockstep.sh
# (POSIX sh). Their kernels' shared loop, and one run of gpuhost with the
# emulated board's firmware figures read from its output.

# bench_kernel FILE COUNT PROLOGUE BODY: a 4-warp kernel of about COUNT
# warp-instructions that ends by itself (so success is exit 0): PROLOGUE
# (.init lines and instructions before the loop, R9 excepted), then BODY (4
# instructions) in a loop of 7 with R9 counting the iterations down.
bench_kernel() {
    bench_iterations=$((($2 / 4 - 2) / 7))
    [ "$bench_iterations" -ge 1 ] || bench_iterations=1
    cat > "$1" <<EOS
.warps 4
.init R9 $bench_iterations
$3
loop:
$4
    IADD R9, R9, -0x1 ;
    ISETP.NE.AND P0, R9, RZ, PT ;
@P0 BRA loop ;
    EXIT ;
.expect R9 0
EOS
}

# bench_alu_kernel FILE COUNT: the integer kernel (bench_fw's ALU mix,
# bench_lockstep's kernel).
bench_alu_kernel() {
    bench_kernel "$1" "$2" "    S2R R0, SR_LANEID ;" "    IADD R1, R0, R1 ;
    LOP3.POR R2, R1, R0, R2, 0x96, !PT ;
    SHF.L.HI R3, R1, 0x5, R2 ;
    IMAD R4, R1, R3, R4 ;"
}

# bench_run OUT GPUHOST ARGS...: runs GPUHOST ARGS... with its output in
# OUT; sets bench_status to its exit status and returns 0 when the run
# succeeded (exit 0, or 10 at a free run's end), else 1.
bench_run() {
    bench_out=$1
    shift 1
    "$@" > "$bench_out" 2>&1
    bench_status=$?
    [ $bench_status -eq 0 ] || { [ $bench_status -eq 10 ] && grep -q "^FREE RUN: finished" "$bench_out"; }
}

# bench_fw_lines OUT: the emulated board's firmware cost lines in OUT
# (GH_USBEMU_FW_STATS=1: per warp-instruction and per URB).
bench_fw_lines() {
    grep "gpu-usbemu: board .*rv32 instructions per \(warp-instruction (DMA\|URB\)" "$1"
}

# bench_fw_figures OUT: sets fw_per (rv32 instructions, the cycles elapsed,
# per warp-instruction), fw_dma and fw_waited (the DMA engine's cycles per
# warp-instruction, and those the core waited for), fw_rate (projected
# warp-instructions/s), fw_emulated (measured here) and fw_urb (rv32
# instructions per URB) from OUT; a figure missing is empty.
# shellcheck disable=SC2034 # the sourcing script reads them
bench_fw_figures() {
    bench_line=$(grep "rv32 instructions per warp-instruction" "$1" | head -n 1)
    fw_per=$(echo "$bench_line" | sed -n 's/.*: \([0-9]*\) rv32 instructions per warp-instruction.*/\1/p')
    fw_dma=$(echo "$bench_line" | sed -n 's/.*(DMA: \([0-9]*\) cycles beside the core, .*/\1/p')
    fw_waited=$(echo "$bench_line" | sed -n 's/.*(DMA: .*, \([0-9]*\) waited for).*/\1/p')
    fw_rate=$(echo "$bench_line" | sed -n 's/.*: \([0-9]*\) warp-instructions\/s firmware-bound.*/\1/p')
    fw_emulated=$(echo "$bench_line" | sed -n 's/.*(emulated here: \([0-9]*\)\/s).*/\1/p')
    fw_urb=$(sed -n 's/.*: \([0-9]*\) rv32 instructions per URB.*/\1/p' "$1" | head -n 1)
}
