#!/bin/sh
# The gh-ref firmware image (boards/gh-ref/fw) executing instruction by instruction:
# gpuhost --board usbemu runs gh-ref-fw.elf on the emulated rv32imac soft
# core (gpu-usbemu, Unicorn). Kernels pass in lockstep through boards/gh-ref/
# hal.c (a taken branch included), `info` names the image, the image's cost
# and function coverage print, the image moves its bulk with the DMA engine
# and a build whose every transfer the engine must refuse still serves,
# and each deliberately broken build of the image ends the run with exit 8
# and a report naming the PC, the function and the cause, promptly. Skipped (77) without the riscv toolchain (no
# image), Unicorn (a gpu-usbemu that cannot run it) or umockdev; failing
# (exit 1) with the reason instead where GPUHOST_REQUIRE names usbemu (CI).
# Usage: image.sh GPU_USBEMU GPUHOST IMAGE_DIR KERNEL_DIR [USBEMU_INJECT]
set -u
usbemu=$1 client=$2 images=$3 kernels=$4 inject=${5:-}
. "$(dirname "$0")/common.sh"
if [ ! -f "$images/gh-ref-fw.elf" ]; then
    gh_unavailable usbemu "no firmware image in $images (install gcc-riscv64-unknown-elf picolibc-riscv64-unknown-elf and reconfigure)"
fi
usbemu_check
if ! out=$(timeout 30 "$usbemu" --firmware image --boards 0 -- true 2>&1); then
    gh_unavailable usbemu "gpu-usbemu cannot run the rv32 image: $out (install libunicorn-dev and reconfigure)"
fi
unset GH_USBEMU_FIRMWARE GH_USBEMU_IMAGE
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
marker="gh-ref: rv32 image on the emulated board (gpu-usbemu)"
write_loop_kernel "$work/loop.s" 40 # a taken branch on every iteration

# timed COMMAND...: its output in $work/out, $status, $secs
timed() {
    start=$(date +%s)
    timeout 60 "$@" > "$work/out" 2>&1
    status=$?
    secs=$(($(date +%s) - start))
}

timed "$client" --board usbemu info
verdict "info names the image" 0 20 "$work/out" $status $secs "target:     $marker"
timed "$client" --board usbemu run "$work/loop.s" --batch 16
verdict "taken branches through hal.c" 0 30 "$work/out" $status $secs "PASS: lockstep clean" "($marker)"
timed "$client" --board usbemu run "$kernels/bitmanip.s"
verdict "bitmanip" 0 30 "$work/out" $status $secs "PASS: lockstep clean" "($marker)"
timed "$client" --board usbemu-host run "$work/loop.s"
verdict "the host-compiled firmware on request" 0 30 "$work/out" $status $secs "PASS: lockstep clean" \
    "(functional model)"
# ... as its own board only: usbemu is the image, and another firmware answering is refused
GH_USBEMU_FIRMWARE=host timed "$client" --board usbemu run "$work/loop.s"
verdict "the host-compiled firmware is not usbemu" 8 30 "$work/out" $status $secs \
    "asks for the target \"$marker\", but \"functional model\" answered: not the board asked for"

# the image's cost, printed for the CTest log
GH_USBEMU_FW_STATS=1 timeout 60 "$client" --board usbemu run "$work/loop.s" --batch 64 > "$work/out" 2>&1
status=$?
verdict "cost figures" 0 30 "$work/out" $status 0 "rv32 instructions per warp-instruction" \
    "rv32 instructions per URB" "firmware functions executed"
grep "gpu-usbemu: board" "$work/out"
# used, never refused: UNIT (as the run's statistics line names it), COUNTED
# (what its first number counts), WHAT (what the image does with it)
used_never_refused() {
    sed -n "s/.*$1: \([0-9]*\) $2,.* \([0-9]*\) refused\$/\1 \2/p" "$work/out" > "$work/used"
    if read -r used refused < "$work/used" && [ "$used" -gt 0 ] && [ "$refused" -eq 0 ]; then
        pass=$((pass + 1))
        echo "ok   the image $3 ($used $2, none refused)"
    else
        fail=$((fail + 1))
        echo "FAIL the image's $1: $(cat "$work/used") (want some $2, none refused)"
    fi
}
# the hot path runs on the DMA engine (boards/gh-ref/README.md), and the image never misuses it
used_never_refused "DMA engine" transfers "moves its bulk with the DMA engine"
# a RUN's batches go through the USB core's IN frame sender, never refused
used_never_refused "IN frame sender" "frames sent" "sends its batches with the IN frame sender"

# function coverage of the image over every example kernel and the INJECT
# client (each run appends
# "run|not-run FUNCTION SIZE INSTRUCTIONS" lines): the share of functions
# that executed, and every HAL function that did not, with the reason
export GH_USBEMU_COVERAGE="$work/cov"
for src in "$kernels"/*.s; do
    timeout 60 "$client" --board usbemu run "$src" --timeout 10000 > /dev/null 2>&1
done
[ -n "$inject" ] && timeout 60 "$usbemu" -- "$inject" > /dev/null 2>&1
unset GH_USBEMU_COVERAGE
awk '{ seen[$2] = 1; if ($1 == "run") ran[$2] = 1 }
     END { n = 0; r = 0; for (f in seen) { n++; if (f in ran) r++ }
           printf "firmware function coverage over tests/kernels and usbemu_inject: %d of %d functions (%.1f%%)\n", r, n, 100 * r / n }' \
    "$work/cov" | tee "$work/covsum"
verdict "function coverage computed" 0 0 "$work/covsum" 0 0 "firmware function coverage over tests/kernels and usbemu_inject"
why() {
    case $1 in
    inject) echo "INJECT: gpuhost sends none (usbemu_inject does, where libusb is built)" ;;
    gh_ref_link_reset) echo "only after a link loss (bus reset, SET_CONFIGURATION, a send the host never reads)" ;;
    gh_ref_trap) echo "the trap handler: the broken images below reach it only as a crash report" ;;
    write_reg | bd_write) echo "WRITE_REG: gpuhost sends none (usbemu_inject does, where libusb is built)" ;;
    fill_packet) echo "the DMA engine fills every IN packet; the core only what the engine refuses (the dma-misuse image below)" ;;
    read_mem) echo "READ_MEM: gpuhost sent none in these runs (memory is compared on the model's side)" ;;
    *) echo "not reached by these kernels" ;;
    esac
}
echo "HAL functions (boards/gh-ref/hal.c) that did not execute:"
hal_funcs=$(sed -n 's/^\(static \)\{0,1\}\(inline \)\{0,1\}[a-z_0-9]* \**\([a-z_0-9]*\)(.*/\3/p' \
    "$(dirname "$0")/../../boards/gh-ref/hal.c" | sort -u)
for f in $hal_funcs; do
    if grep -q " $f " "$work/cov" && ! grep -q "^run $f " "$work/cov"; then
        echo "  $f: $(why "$f")"
    fi
done

# an image whose every DMA transfer and frame SEND asks for a byte past the
# maximum (gh-ref-fw-dma-misuse.elf): the engine and the IN frame sender must
# refuse each one as the contract says (nothing moved or sent, CAUSE length),
# and the firmware still serves, its core moving the bytes: the CRC fed by
# registers, the IN packets, the rows, each batch sealed and sent by the core
for src in "$work/loop.s" "$kernels/saxpy.s"; do
    GH_USBEMU_IMAGE="$images/gh-ref-fw-dma-misuse.elf" GH_USBEMU_FW_STATS=1 timed "$client" --board usbemu run "$src"
    sed -n 's/.*DMA engine: \([0-9]*\) transfers, .* \([0-9]*\) refused$/\1 \2/p' "$work/out" > "$work/dma"
    read -r transfers refused < "$work/dma" || transfers=x refused=0
    [ "$transfers" = 0 ] && [ "$refused" -gt 0 ] && echo "every DMA transfer refused" >> "$work/out"
    sed -n 's/.*IN frame sender: \([0-9]*\) frames sent, \([0-9]*\) refused$/\1 \2/p' "$work/out" > "$work/frames"
    read -r frames refused < "$work/frames" || frames=x refused=0
    [ "$frames" = 0 ] && [ "$refused" -gt 0 ] && echo "every frame SEND refused" >> "$work/out"
    verdict "DMA and frame-sender misuse refused, the core does the work: $(basename "$src")" 0 30 "$work/out" \
        $status $secs "PASS: lockstep clean" "every DMA transfer refused" "every frame SEND refused"
done

# deliberately broken images: exit 8, PC, symbol, cause
for case in "illegal broken_recv illegal instruction" "spin broken_recv spinning: no register access" \
    "stack broken_deep stack overflow" "unmapped broken_recv load from unmapped address 0x50000000" \
    "misaligned broken_recv load address misaligned: 0x80000002"; do
    set -- $case
    variant=$1 symbol=$2
    shift 2
    # spinning is caught after 20M rv32 instructions: 1.4 s here, 6.5 s under the sanitizers, past
    # 10 s on a loaded machine; the link's window must outlast it
    link_ms=10000 max=20
    [ "$variant" = spin ] && link_ms=45000 max=60
    export GH_USBEMU_IMAGE="$images/gh-ref-fw-broken-$variant.elf"
    timed "$client" --board usbemu run "$work/loop.s" --timeout $link_ms
    unset GH_USBEMU_IMAGE
    verdict "broken image: $variant" 8 $max "$work/out" $status $secs \
        "firmware crashed at pc 0x" "($symbol+0x" "$*" "unplugged or reset mid-run"
done
# the emulator's own instruction limit ends a run that goes on too long (200k: mid-RUN, which
# spans about 120k..235k of the image's instructions on this kernel)
timed "$usbemu" --fw-max-insns 200000 -- "$client" --board "$(gh_wrapped_board usbemu "$work")" run "$work/loop.s" \
    --timeout 10000
verdict "the emulator's instruction limit" 8 20 "$work/out" $status $secs "firmware crashed at pc 0x" \
    "the emulator's instruction limit (200000) was reached" "unplugged or reset mid-run"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ] && [ $pass -gt 0 ]
