#!/bin/sh
# ipc sockets that no one else can take or predict, and servers that end:
# - a server never binds over an existing path: not over an impostor that
#   listens there (S3), not over a live server (S4), not over a stale file;
#   the impostor keeps its socket and gets no traffic; a gpuhost whose server
#   meets one fails with exit 8 and the server's reason;
# - the sockets of servers gpuhost starts are in a private 0700 directory
#   with an unpredictable name, 0600 even under umask 000 (S5), and the
#   directory is gone after the run;
# - --idle-exit and --owner end a server, its socket removed.
# Usage: ipc.sh GPUHOST GPU_MODELSIM
gpuhost=$1 modelsim=$2
. "$(dirname "$0")/common.sh"
k=$work/k.s
write_loop "$k" 10
mode() { stat -c %a "$1" 2>/dev/null; }

# an impostor listens where a server is told to bind
start_server impostor "$modelsim" --endpoint "ipc://$work/s.sock" || bad "the first server did not start"
impostor=$server
expect "a second server on a path where another listens: refused" 1 5 \
    "ipc://$work/s.sock: the path exists (another process listens there): refusing to bind over it" \
    "$modelsim" --endpoint "ipc://$work/s.sock"
expect "the first server still serves its path" 0 20 "PASS: lockstep clean" \
    "$gpuhost" --board modelsim run "$k" --endpoint "ipc://$work/s.sock"
: > "$work/stale.sock"
expect "a stale file at the path: refused, and left alone" 1 5 \
    "the path exists (a file nobody listens on: remove it if it is yours)" \
    "$modelsim" --endpoint "ipc://$work/stale.sock"
[ -f "$work/stale.sock" ] && ok "the stale file is still there" || bad "the refused server removed the file"

# gpuhost's server meets the impostor: a --server wrapper points it at the impostor's path
cat > "$work/misdirected" <<EOS
#!/bin/sh
shift 2 # its --endpoint: bind where the impostor is instead
exec "$modelsim" --endpoint "ipc://$work/s.sock" "\$@"
EOS
chmod +x "$work/misdirected"
expect "gpuhost's server finds the path taken: exit 8 with the server's reason" 8 10 \
    "refusing to bind over it
misdirected exited with status 1" \
    "$gpuhost" --board modelsim run "$k" --server "$work/misdirected"
kill -0 "$impostor" 2>/dev/null && [ -S "$work/s.sock" ] && ok "the impostor kept its socket" ||
    bad "the impostor lost its socket"

# the sockets of the servers gpuhost starts: private, unpredictable, 0600 under umask 000
mkdir -m 700 "$work/run"
cat > "$work/spy" <<EOS
#!/bin/sh
endpoint=\$2
path=\${endpoint#ipc://}
( i=0; while [ ! -S "\$path" ] && [ \$i -lt 100 ]; do sleep 0.05; i=\$((i + 1)); done
  echo "\$path \$(stat -c %a "\$path") \$(stat -c %a "\$(dirname "\$path")")" > "$work/spied" ) &
exec "$modelsim" "\$@"
EOS
chmod +x "$work/spy"
write_loop "$work/long.s" 1000000 # the socket lives long enough to be looked at (about a second)
(umask 000; XDG_RUNTIME_DIR=$work/run "$gpuhost" --board modelsim run "$work/long.s" --server "$work/spy") \
    > "$work/out" 2>&1 && ok "a run under umask 000" || bad "a run under umask 000"
i=0
while [ ! -s "$work/spied" ] && [ $i -lt 100 ]; do sleep 0.05; i=$((i + 1)); done
path="" sock_mode="" dir_mode=""
[ -s "$work/spied" ] && read -r path sock_mode dir_mode < "$work/spied"
case $path in
"$work"/run/gpuhost-??????/spy.sock) ok "the socket is in a private directory: ${path#"$work"/run/}" ;;
*) bad "the socket path is $path" ;;
esac
[ "$sock_mode" = 600 ] && ok "the socket is 0600 under umask 000" || bad "the socket mode is $sock_mode"
[ "$dir_mode" = 700 ] && ok "its directory is 0700" || bad "its directory's mode is $dir_mode"
[ -z "$(ls -A "$work/run")" ] && ok "nothing left in \$XDG_RUNTIME_DIR after the run" ||
    bad "left behind: $(ls -A "$work/run")"
(umask 000; timeout 10 "$modelsim" --endpoint "ipc://$work/u.sock" --idle-exit 2 2>/dev/null &
 i=0; while [ ! -S "$work/u.sock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
 stat -c %a "$work/u.sock" > "$work/u.mode"; wait)
[ "$(cat "$work/u.mode")" = 600 ] && ok "a server started by hand: 0600 under umask 000" ||
    bad "a server started by hand: mode $(cat "$work/u.mode")"

# servers that end: --idle-exit, --owner
start=$(now_ms)
timeout 10 "$modelsim" --endpoint "ipc://$work/idle.sock" --idle-exit 1 2> "$work/out"
status=$? ms=$(( $(now_ms) - start ))
if [ $status -eq 0 ] && [ $ms -lt 4000 ] && [ ! -e "$work/idle.sock" ] && grep -q "idle-exit" "$work/out"; then
    ok "--idle-exit 1: exits after ${ms} ms, socket removed"
else
    bad "--idle-exit 1 (exit $status after $ms ms)"
fi
sleep 30 & owner=$!
"$modelsim" --endpoint "ipc://$work/owned.sock" --owner $owner 2> "$work/owned.err" & owned=$!
servers="$servers $owned"
i=0; while [ ! -S "$work/owned.sock" ] && [ $i -lt 50 ]; do sleep 0.1; i=$((i + 1)); done
kill -9 $owner
if wait_gone 3 $owned && [ ! -e "$work/owned.sock" ]; then
    ok "--owner: the server ends with its owner, socket removed"
else
    bad "--owner: the server outlived its owner"
fi
expect "--owner of a process that has ended: refused at once" 1 2 "that process has ended" \
    "$modelsim" --endpoint "ipc://$work/o2.sock" --owner $owner
summary
