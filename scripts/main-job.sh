#!/bin/sh
# The main job: set up, build, then take an example kernel through the whole
# stack: assemble it into the ELF container, disassemble it, run it on the
# functional model, and run it in lockstep on the default board: rtl, the
# Verilated stand-in core behind the firmware core over ZeroMQ (gpu-rtlsim),
# compared with the model after every instruction; then again over the
# emulated USB board (the firmware core behind umockdev's USB device).
# GPUHOST_BOARD picks one board instead.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh build
kernel=tests/kernels/bitmanip.s
board=${GPUHOST_BOARD:-rtl}
mkdir -p build/out
build/host/gpuhost asm "$kernel" -o build/out/bitmanip.bin
echo "== gpuhost disasm --addresses build/out/bitmanip.bin"
build/host/gpuhost disasm --addresses build/out/bitmanip.bin
echo "== gpuhost run build/out/bitmanip.bin (functional model)"
build/host/gpuhost run build/out/bitmanip.bin
echo "== gpuhost --board $board run build/out/bitmanip.bin (lockstep)"
build/host/gpuhost --board "$board" run build/out/bitmanip.bin
if [ -z "${GPUHOST_BOARD:-}" ]; then
    echo "== gpuhost --board usbemu run build/out/bitmanip.bin (lockstep over the emulated USB board)"
    build/host/gpuhost --board usbemu run build/out/bitmanip.bin
fi
