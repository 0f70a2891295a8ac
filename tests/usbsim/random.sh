#!/bin/sh
# Random instruction streams in lockstep on the gh-ref gateware simulated
# whole (tests/lockstep/random_streams.sh on the board usbsim), once the
# simulated gateware is known to run here (tests/usbsim/common.sh).
# Usage: random.sh GPUHOST GPU_USBEMU COUNT SEED...
set -u
gpuhost=$1 usbemu=$2
shift 2
. "$(dirname "$0")/common.sh"
usbsim_check
exec sh "$(dirname "$0")/../lockstep/random_streams.sh" "$gpuhost" usbsim "$@"
