#!/bin/sh
# wire_conformance against a server gpuhost ships: started on a private ipc
# socket, checked, stopped. Usage: conformance.sh CLIENT SERVER
set -u
client=$1 server=$2
[ -x "$server" ] || { echo "SKIP: $server is not built"; exit 77; }
work=$(mktemp -d)
"$server" --endpoint "ipc://$work/s.sock" &
pid=$!
trap 'kill $pid 2>/dev/null; wait $pid 2>/dev/null; rm -rf "$work"' EXIT
timeout 120 "$client" "ipc://$work/s.sock"
