#!/bin/sh
# A target server that dies or goes silent mid-run is reported promptly with
# a target error (exit 8), never a hang; a slow start is waited for; a server
# that refuses its options before it is ready is a usage error (exit 2).
# Usage: server_death.sh GPUHOST MODELSIM DIR
set -u
gpuhost=$1 modelsim=$2 dir=$3
work=$(mktemp -d)
trap 'kill $server 2>/dev/null; rm -rf "$work"' EXIT
printf 'loop: BRA loop ;\n' > "$work/forever.s"
fail=0

# 1. a server started elsewhere, killed while the run streams
"$modelsim" --endpoint "ipc://$work/s1" & server=$!
sleep 0.3
( sleep 1; kill -9 $server ) &
start=$(date +%s)
out=$("$gpuhost" --board modelsim run "$work/forever.s" --endpoint "ipc://$work/s1" --timeout 2000 2>&1)
status=$?
took=$(( $(date +%s) - start ))
if [ $status -eq 8 ] && echo "$out" | grep -q "no answer from the target within 2000 ms" && [ $took -le 10 ]; then
    echo "ok   killed external server: exit 8 after ${took}s"
else
    echo "FAIL killed external server (exit $status after ${took}s)"; echo "$out" | sed 's/^/    /'; fail=1
fi

# 2. gpuhost's own server dies: its exit status is reported
cat > "$work/dying-server" <<EOS
#!/bin/sh
echo \$\$ > "$work/pid"
exec "$modelsim" "\$@"
EOS
chmod +x "$work/dying-server"
( while [ ! -s "$work/pid" ]; do sleep 0.1; done; sleep 1; kill -9 "$(cat "$work/pid")" ) &
start=$(date +%s)
out=$("$gpuhost" --board modelsim run "$work/forever.s" --server "$work/dying-server" --timeout 5000 2>&1)
status=$?
took=$(( $(date +%s) - start ))
if [ $status -eq 8 ] && echo "$out" | grep -q "was killed by signal 9" && [ $took -le 10 ]; then
    echo "ok   own server killed: exit 8 after ${took}s"
else
    echo "FAIL own server killed (exit $status after ${took}s)"; echo "$out" | sed 's/^/    /'; fail=1
fi

# 3. nothing listens at the endpoint
out=$("$gpuhost" --board modelsim run "$work/forever.s" --endpoint "ipc://$work/nobody" --timeout 1000 2>&1)
status=$?
if [ $status -eq 8 ]; then echo "ok   no server: exit 8"; else echo "FAIL no server (exit $status)"; echo "$out"; fail=1; fi
# 4. Ctrl-C on gpuhost mid-run: the server it started is stopped and reaped
rm -f "$work/pid"
"$gpuhost" --board modelsim run "$work/forever.s" --server "$work/dying-server" --timeout 5000 \
    > "$work/out4.txt" 2>&1 &
host=$!
for i in $(seq 50); do [ -s "$work/pid" ] && break; sleep 0.1; done
sleep 0.5
kill -INT $host
wait $host
status=$?
spid=$(cat "$work/pid" 2>/dev/null)
if [ -n "$spid" ] && ! kill -0 "$spid" 2>/dev/null && [ $status -ne 0 ]; then
    echo "ok   Ctrl-C: gpuhost stopped (status $status) and its server $spid is gone"
else
    echo "FAIL Ctrl-C (status $status, server $spid still there?)"; fail=1
fi

# 5. a slow start is not a silent server: gpuhost waits for the server's
# readiness signal (--ready-fd) before its first request, so a start slower
# than --timeout still runs (a loaded CI machine is no target error)
cat > "$work/slow-server" <<EOS
#!/bin/sh
sleep 3
exec "$modelsim" "\$@"
EOS
chmod +x "$work/slow-server"
out=$("$gpuhost" --board modelsim run "$dir/../kernels/bitmanip.s" --server "$work/slow-server" --timeout 1000 2>&1)
status=$?
if [ $status -eq 0 ]; then echo "ok   slow start (3 s, --timeout 1000): PASS"
else echo "FAIL slow start (exit $status)"; echo "$out" | sed 's/^/    /'; fail=1; fi
# 6. a server that ends before it is ready: exit 8, and how it ended
cat > "$work/broken-server" <<EOS
#!/bin/sh
exit 3
EOS
chmod +x "$work/broken-server"
out=$("$gpuhost" --board modelsim run "$dir/../kernels/bitmanip.s" --server "$work/broken-server" 2>&1)
status=$?
if [ $status -eq 8 ] && echo "$out" | grep -q "broken-server ended before it was ready (broken-server exited with status 3)"
then echo "ok   server ends before ready: exit 8, said"
else echo "FAIL server ends before ready (exit $status)"; echo "$out" | sed 's/^/    /'; fail=1; fi
# 7. a server that refuses its options (exit 2 before it is ready: a --fault
# its core cannot take) is a usage error naming the option and the board,
# exit 2, never a target error: gpu-modelsim has no floating-point datapath
out=$("$gpuhost" --board modelsim run "$dir/../kernels/bitmanip.s" --fault 10:0 2>&1)
status=$?
if [ $status -eq 2 ] &&
   echo "$out" | grep -qF "gpuhost run: option --fault 10:0: board modelsim: gpu-modelsim refused it before it was ready" &&
   echo "$out" | grep -qF "gpu-modelsim: --fault 10 strikes in the stand-in core's floating-point units"
then echo "ok   server refuses --fault: exit 2, the option, the board and the server's reason"
else echo "FAIL server refuses --fault (exit $status)"; echo "$out" | sed 's/^/    /'; fail=1; fi
cat > "$work/no-faults" <<EOS
#!/bin/sh
echo "no-faults: --fault 1: the core has no fault-injection registers" >&2
exit 2
EOS
chmod +x "$work/no-faults"
out=$("$gpuhost" --board modelsim run "$dir/../kernels/bitmanip.s" --server "$work/no-faults" --fault 1:0 --retries 2 2>&1)
status=$?
if [ $status -eq 2 ] && [ "$(echo "$out" | grep -c "refused it before it was ready")" -eq 1 ] &&
   echo "$out" | grep -qF "option --fault 1:0: board modelsim: no-faults refused it"
then echo "ok   a refused option is never retried"
else echo "FAIL refused option retried or not said (exit $status)"; echo "$out" | sed 's/^/    /'; fail=1; fi
[ $fail -eq 0 ] && echo "8 passed, 0 failed"
[ $fail -eq 0 ]
