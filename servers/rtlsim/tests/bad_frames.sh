#!/bin/sh
# Starts gpu-rtlsim and points rtl_bad_frames at it: malformed frames get
# ERROR frames, the server stays up, a trapping instruction retires as a
# trap record.
# Usage: bad_frames.sh CLIENT GPU_RTLSIM
set -u
client=$1 rtlsim=$2
work=$(mktemp -d)
server=
trap '[ -n "$server" ] && kill "$server" 2>/dev/null; rm -rf "$work"' EXIT
"$rtlsim" --endpoint "ipc://$work/s" & server=$!
i=0
while [ ! -S "$work/s" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
"$client" "ipc://$work/s"
status=$?
if ! kill -0 "$server" 2>/dev/null; then
    echo "FAIL gpu-rtlsim died"
    status=1
fi
kill "$server" 2>/dev/null
wait "$server"
server=
exit $status
