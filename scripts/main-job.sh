#!/bin/sh
# The main job: set up, build, then take an example kernel through the whole
# stack: assemble it into the ELF container, disassemble it, run it on the
# functional model, and run it in lockstep on the default lockstep board
# (the firmware core serving its DUT over ZeroMQ), comparing every
# instruction with the model.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh build
kernel=tests/kernels/bitmanip.s
board=${GPUHOST_BOARD:-modelsim}
mkdir -p build/out
build/host/gpuhost asm "$kernel" -o build/out/bitmanip.bin
echo "== gpuhost disasm --addresses build/out/bitmanip.bin"
build/host/gpuhost disasm --addresses build/out/bitmanip.bin
echo "== gpuhost run build/out/bitmanip.bin (functional model)"
build/host/gpuhost run build/out/bitmanip.bin
echo "== gpuhost --board $board run build/out/bitmanip.bin (lockstep)"
build/host/gpuhost --board "$board" run build/out/bitmanip.bin
