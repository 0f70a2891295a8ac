#!/bin/sh
# No process of the USB path changes its environment's shape while another
# of its threads lives (env_guard.c, preloaded): gpu-usbemu in wrap and serve
# mode, with the rv32 image and the host-compiled firmware, and gpuhost
# starting it for --board usbemu. The guard first proves it fires.
# Usage: env_guard.sh GPU_USBEMU GPUHOST GUARD_LIBRARY KERNELS_DIR
set -u
usbemu=$1 client=$2 guard=$3 kernels=$4
. "$(dirname "$0")/common.sh"
usbemu_check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# a sanitizer build accepts a preload ahead of its runtime
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}verify_asan_link_order=0"
export ASAN_OPTIONS

guarded() { # OUTPUT_FILE COMMAND...: its status
    out=$1
    shift
    start=$(date +%s)
    LD_PRELOAD="$guard${LD_PRELOAD:+:$LD_PRELOAD}" timeout 60 "$@" < /dev/null > "$out" 2>&1
    status=$?
    secs=$(($(date +%s) - start))
}

if ! command -v python3 > /dev/null; then
    echo "SKIP: python3 (the guard's own check) is not installed"
    exit 77
fi
guarded "$work/probe" python3 -c 'import os, threading
done = threading.Event(); t = threading.Thread(target=done.wait); t.start()
try: os.environ["GH_ENV_GUARD_PROBE"] = "1"
finally: done.set()'
verdict "the guard stops an added variable while a thread lives" nonzero 60 "$work/probe" $status $secs \
    'env_guard: setenv("GH_ENV_GUARD_PROBE")'

for firmware in image host; do
    guarded "$work/wrap" "$usbemu" --firmware "$firmware" --boards 2 -- true
    verdict "gpu-usbemu --firmware $firmware, wrap mode" 0 60 "$work/wrap" $status $secs
    guarded "$work/serve" "$usbemu" --firmware "$firmware" --ready-fd 3 3> "$work/ready"
    verdict "gpu-usbemu --firmware $firmware, serve mode" 0 60 "$work/serve" $status $secs
    grep -q "^ready " "$work/ready" || { fail=$((fail + 1)); echo "FAIL serve mode said no ready line"; }
done
guarded "$work/run" "$client" --board usbemu run "$kernels/bitmanip.s"
verdict "gpuhost --board usbemu run (gpuhost and the gpu-usbemu it starts)" 0 60 "$work/run" $status $secs \
    "PASS: lockstep clean"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
