#!/bin/sh
# Each USB fault of the emulated board gives its own error, promptly; a stall
# that clears is survived. Every run is bounded by timeout(1).
# Usage: faults.sh GPU_USBEMU CLIENT KERNEL_DIR
set -u
usbemu=$1 client=$2 kernels=$3
. "$(dirname "$0")/common.sh"
usbemu_check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
kernel=$work/loop.s
write_loop_kernel "$kernel" 60 # ~370 instructions: ~5 load frames, ~93 batches of 4

# run NAME WANT MAX_SECONDS EMU_ARGS -- CLIENT_ARGS -- TEXTS...
run() {
    name=$1 want=$2 max=$3
    shift 3
    emu_args=
    while [ "$1" != "--" ]; do emu_args="$emu_args $1"; shift; done
    shift
    start=$(date +%s)
    # shellcheck disable=SC2086
    timeout 60 "$client" --board usbemu run "$kernel" --batch 4 --timeout "${link_ms:-2000}" $emu_args > "$work/out" 2>&1
    status=$?
    verdict "$name" "$want" "$max" "$work/out" $status $(($(date +%s) - start)) "$@"
}

run "no fault" 0 20 -- "PASS: lockstep clean" "$image_marker"
run "unplugged mid-run" 8 10 --fault-usb unplug:40 -- \
    "fault: unplugged instead of sending frame 40" "unplugged or reset mid-run"
run "IN stall, cleared and retried" 0 20 --fault-usb stall:40 -- \
    "fault: the IN endpoint 0x81 stalls" "the host cleared the halt on endpoint 0x81" "PASS: lockstep clean"
run "IN stall, persistent" 8 10 --fault-usb stall-always:40 -- \
    "the host cleared the halt on endpoint 0x81" "stalled again after the halt was cleared"
run "corrupted frame" 8 10 --fault-usb corrupt:40 -- "flipped" "frame CRC mismatch"
run "dropped frame" 8 10 --fault-usb drop:2 -- "dropped" "no answer from the target within 2000 ms"
run "wrong protocol version" 8 10 --fault-usb version -- "protocol version 5" "protocol version mismatch"
# The board's watchdog (10M cycles) counts emulated rv32 instructions here:
# about 0.5 s on an idle machine, seconds on a loaded one. The link's window
# must outlast it, as a team's --timeout outlasts its board's watchdog.
link_ms=20000
run "hung DUT: its failure (11), not the link's" 11 30 --fault-usb hang:50 -- \
    "DUT FAILURE: the DUT stopped retiring after 50 instructions (watchdog)"
link_ms=2000
run "DUT fault through the USB path" 7 20 --fault 2:3:4 -- "DIVERGENCE at instruction 3"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
