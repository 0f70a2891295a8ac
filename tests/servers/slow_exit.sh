#!/bin/sh
# A server that outlives SIGTERM is named on gpuhost's stderr after 5 s, so
# that a slow stop never looks like a hang; one that ends in time is not.
# The slow server is gpu-modelsim behind a shell that, on SIGTERM, waits
# 7 s before passing it on (fd 3, the readiness pipe, is inherited).
# Usage: slow_exit.sh GPUHOST MODELSIM
gpuhost=$1 program=$2
. "$(dirname "$0")/common.sh"
[ -x "$program" ] || { echo "SKIP: $program is not built"; exit 77; }
k=$work/k.s
write_loop "$k" 10
slow=$work/slow-server.sh
cat > "$slow" <<SLOW
#!/bin/sh
trap 'sleep 7; kill \$child; wait \$child; exit 0' TERM
"$program" "\$@" &
child=\$!
wait \$child
SLOW
chmod +x "$slow"
expect "a server that ends on SIGTERM: no word" 0 20 "PASS: lockstep clean" \
    "$gpuhost" --board modelsim run "$k" --server "$program"
grep -q "after SIGTERM" "$work/out" && bad "a word about a server that ended in time"
expect "a server 7 s late: named after 5 s" 0 30 "PASS: lockstep clean
gpuhost: server slow-server.sh has not ended 5 s after SIGTERM; SIGKILL at 30 s" \
    "$gpuhost" --board modelsim run "$k" --server "$slow"
grep -q "SIGKILL$" "$work/out" && bad "SIGKILL said for a server that ended by itself"
summary
