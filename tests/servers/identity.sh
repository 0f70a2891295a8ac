#!/bin/sh
# The host checks the target's identity (S4): an rtl run answered by the
# functional model, a modelsim run answered by the RTL, a target whose name
# differs from its descriptor's, a board speaking another protocol version:
# each refused with exit 8, both sides named (the last where gpu-usbemu runs;
# where GPUHOST_REQUIRE names usbemu, it must). A descriptor's implements
# only narrows what runs: a kernel outside it exits 9, never a refusal.
# Usage: identity.sh GPUHOST GPU_MODELSIM GPU_RTLSIM GPU_USBEMU BOARDS_DIR
gpuhost=$1 modelsim=$2 rtlsim=$3 usbemu=$4 boards=$5
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/../require.sh"
k=$work/k.s
write_loop "$k" 10

expect "an rtl run served by the functional model (--server): refused" 8 10 \
    "board rtl: $boards/rtl.ini asks for the target \"gpu_core RTL (Verilator)\", but \"functional model\" answered" \
    "$gpuhost" --board rtl run "$k" --server "$modelsim"
start_server model "$modelsim" --endpoint "ipc://$work/model.sock" || bad "gpu-modelsim did not start"
expect "an rtl run at an endpoint where the functional model answers: refused" 8 10 \
    "asks for the target \"gpu_core RTL (Verilator)\", but \"functional model\" answered: not the board asked for" \
    "$gpuhost" --board rtl run "$k" --endpoint "ipc://$work/model.sock"
expect "the same endpoint as modelsim: served" 0 20 "PASS: lockstep clean" \
    "$gpuhost" --board modelsim run "$k" --endpoint "ipc://$work/model.sock"
if [ -x "$rtlsim" ]; then
    expect "a modelsim run served by the RTL: refused" 8 20 \
        "asks for the target \"functional model\", but \"gpu_core RTL (Verilator)\" answered" \
        "$gpuhost" --board modelsim run "$k" --server "$rtlsim"
else
    echo "(gpu-rtlsim is not built: its cases are left out)"
fi

# descriptors that do not describe the target
mkdir "$work/boards"
sed 's/^target = .*/target = some other core/' "$boards/modelsim.ini" > "$work/boards/modelsim.ini"
expect "a target whose CAPS name is not the descriptor's: refused" 8 10 \
    "asks for the target \"some other core\", but \"functional model\" answered" \
    env GPUHOST_BOARDS_DIR="$work/boards" "$gpuhost" --board modelsim run "$k"
sed -e '/^target = /d' -e 's/^implements = .*/implements = IALU XU SYNCOp EXT_CTRL EXT_MEM/' "$boards/modelsim.ini" \
    > "$work/boards/modelsim.ini"
expect "a descriptor listing fewer groups than the target implements narrows, never refuses" 0 10 \
    "PASS: lockstep clean" env GPUHOST_BOARDS_DIR="$work/boards" "$gpuhost" --board modelsim run "$k"
sed -e '/^target = /d' -e 's/^implements = .*/implements = XU EXT_CTRL/' "$boards/modelsim.ini" \
    > "$work/boards/modelsim.ini"
expect "... and a kernel using a group it leaves out is not run (exit 9, why named)" 9 10 \
    "board modelsim runs no IADD: the target (functional model) implements it, but $work/boards/modelsim.ini lists only XU EXT_CTRL in implements (group IALU is not)" \
    env GPUHOST_BOARDS_DIR="$work/boards" "$gpuhost" --board modelsim run "$k"
sed -e '/^target = /d' -e 's/^warps = .*/warps = 4/' "$boards/modelsim.ini" > "$work/boards/modelsim.ini"
expect "warps differing: only a warning" 0 20 \
    "warning: board modelsim: $work/boards/modelsim.ini says warps = 4
PASS: lockstep clean" \
    env GPUHOST_BOARDS_DIR="$work/boards" "$gpuhost" --board modelsim run "$k"

# another protocol version (the emulated board's version fault)
if [ -x "$usbemu" ] && timeout 30 "$usbemu" --boards 0 -- true > /dev/null 2>&1; then
    expect "a board speaking the next protocol version: refused, both versions named" 8 30 \
        "protocol version mismatch: its frames say wire protocol version 5, this gpuhost speaks 4" \
        timeout 60 "$gpuhost" --board usbemu run "$k" --fault-usb version --timeout 5000
elif gh_required usbemu; then # (../require.sh: CI)
    { [ -x "$usbemu" ] && timeout 30 "$usbemu" --boards 0 -- true || echo "$usbemu is not built"; } > "$work/out" 2>&1
    bad "a board speaking the next protocol version: gpu-usbemu cannot run here, and GPUHOST_REQUIRE names usbemu"
else
    echo "(gpu-usbemu cannot run here: the version case is left out)"
fi
summary
