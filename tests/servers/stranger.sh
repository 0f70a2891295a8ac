#!/bin/sh
# A client that sends without reading gets a bounded number of ERROR SESSION
# answers per connection (the server's queue to it cannot grow without end),
# and the server still serves the next real client.
# Usage: stranger.sh GPUHOST SERVER STRANGER
gpuhost=$1 program=$2 stranger=$3
. "$(dirname "$0")/common.sh"
[ -x "$program" ] || { echo "SKIP: $program is not built"; exit 77; }
k=$work/k.s
write_loop "$k" 10
start_server s "$program" --endpoint "ipc://$work/s.sock" || {
    echo "FAIL the server did not start: $(cat "$work/s.err")"; exit 1; }
endpoint=$(cat "$work/s.ep")
if "$stranger" "$endpoint" 20000 8 > "$work/out" 2>&1; then
    ok "a stranger's 20000 unread frames: $(grep -c '^ok' "$work/out") connections answered at most 8 times"
else
    bad "the stranger"
fi
expect "the next client: served" 0 20 "PASS: lockstep clean" "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint"
kill -0 "$server" 2>/dev/null && ok "the server served on throughout" || bad "the server died"
summary
