#!/bin/sh
# Planted faults on the gateware simulated whole: each fault kind 1..9 armed
# in the GPU core behind the gateware's debug port (gpu-usbemu --fault, after
# every reset of the core, as gpu-rtlsim arms its own) is reported at exactly
# the instruction where it struck (servers/rtlsim/tests/rtl_faults.sh on the
# board usbsim), once the simulated gateware is known to run here.
# Usage: faults.sh GPUHOST GPU_USBEMU RTL_TESTS_DIR
set -u
gpuhost=$1 usbemu=$2 dir=$3
. "$(dirname "$0")/common.sh"
usbsim_check
exec sh "$dir/rtl_faults.sh" "$gpuhost" "$usbemu" "$dir" usbsim
