#!/bin/sh
# INJECT and WRITE_REG over USB through the rv32 image: usbemu_inject (a
# libusb client of its own: gpuhost sends neither) under gpu-usbemu. Skipped
# (77) where umockdev cannot run, like the other usbemu tests (common.sh).
# Usage: inject.sh GPU_USBEMU USBEMU_INJECT
set -u
usbemu=$1 inject=$2
. "$(dirname "$0")/common.sh"
usbemu_check
timeout 60 "$usbemu" -- "$inject"
