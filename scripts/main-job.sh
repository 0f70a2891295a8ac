#!/bin/sh
# The main job: set up, build, then assemble an example kernel into the ELF
# container and disassemble it again. (Lockstep runs join when the model and
# the targets land.)
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh build
kernel=tests/kernels/bitmanip.s
mkdir -p build/out
build/host/gpuhost asm "$kernel" -o build/out/bitmanip.bin
echo "== gpuhost disasm --addresses build/out/bitmanip.bin"
build/host/gpuhost disasm --addresses build/out/bitmanip.bin
