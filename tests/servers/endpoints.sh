#!/bin/sh
# Bad endpoints fail at once (exit 2, the reason named), in gpuhost and in the
# servers, instead of after the 10 s timeout; tcp:// binds loopback unless an
# address is given; every interface only when asked for, with a warning.
# Usage: endpoints.sh GPUHOST GPU_MODELSIM
gpuhost=$1 modelsim=$2
. "$(dirname "$0")/common.sh"
k=$work/k.s
write_loop "$k" 10

for case in "tcp://127.0.0.1:99999|port '99999': expected 1..65535" \
            "tcp://127.0.0.1:0|port '0': expected 1..65535" \
            "tcp://127.0.0.1:-5|port '-5'" \
            "inproc://x|inproc:// exists only inside one process" \
            "pgm://eth0;239.192.1.1:5555|only ipc://PATH and tcp://HOST:PORT" \
            "localhost:5555|not an endpoint" \
            "tcp://host-without-port|tcp:// needs HOST:PORT" \
            "tcp://*:5555|a client connects to one host" \
            "tcp://bad host:5555|the host is not a name" \
            "ipc://|ipc:// needs the socket file's path" \
            "ipc://$work/$(printf '%0120d' 0)|at most 107 fit a unix socket"; do
    endpoint=${case%%|*} reason=${case#*|}
    expect "run --endpoint $endpoint" 2 2 "option --endpoint: endpoint '$endpoint': 
$reason" \
        "$gpuhost" --board modelsim run "$k" --endpoint "$endpoint" --timeout 10000
done
expect "info --endpoint inproc://x" 2 2 "inproc:// exists only inside one process" \
    "$gpuhost" --board modelsim info --endpoint inproc://x --timeout 10000
expect "gpu-modelsim --endpoint tcp://127.0.0.1:99999" 2 2 "port '99999': expected 1..65535 or *" \
    "$modelsim" --endpoint tcp://127.0.0.1:99999
expect "gpu-modelsim --endpoint inproc://x" 2 2 "inproc:// exists only inside one process" \
    "$modelsim" --endpoint inproc://x
expect "gpu-modelsim without --endpoint" 2 2 "--endpoint is required" "$modelsim"

# tcp://:PORT listens on loopback only, and says nothing
if start_server lo "$modelsim" --endpoint 'tcp://:*' --idle-exit 30; then
    bound=$(cat "$work/lo.ep")
    case $bound in
    tcp://127.0.0.1:*) ok "tcp://:* binds loopback ($bound)" ;;
    *) bad "tcp://:* bound $bound" ;;
    esac
    if grep -q warning "$work/lo.err"; then bad "a loopback server warns"; else ok "a loopback server does not warn"; fi
    expect "a run on it" 0 20 "PASS: lockstep clean" "$gpuhost" --board modelsim run "$k" --endpoint "$bound"
else
    bad "gpu-modelsim --endpoint tcp://:* did not start: $(cat "$work/lo.err")"
fi
# every interface: only when asked for, and warned about
if start_server all "$modelsim" --endpoint 'tcp://*:*' --idle-exit 30; then
    if grep -q "warning: $(cat "$work/all.ep") listens on every network interface WITHOUT authentication" \
        "$work/all.err"; then
        ok "tcp://*:* warns: every interface, no authentication"
    else
        bad "tcp://*:* did not warn: $(cat "$work/all.err")"
    fi
else
    bad "gpu-modelsim --endpoint tcp://*:* did not start: $(cat "$work/all.err")"
fi
summary
