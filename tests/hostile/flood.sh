#!/bin/sh
# A busy server's memory stays flat under a flood (issue 24): while a run
# keeps gpu-modelsim busy (a kernel that loops until gpuhost is stopped),
# another connection sends FRAMES garbage frames and never reads. The
# server's peak RSS (VmHWM) may grow by at most LIMIT_KB over what it had
# with the run going; it used to queue every frame (100k frames: +43 MB).
# The run is stopped once the flood is over, so no speed matters.
# Usage: flood.sh GPUHOST GPU_MODELSIM HOSTILE_FLOOD FRAMES LIMIT_KB
set -u
gpuhost=$1 modelsim=$2 flood=$3 frames=$4 limit=$5
work=$(mktemp -d)
server="" run=""
cleanup() {
    [ -n "$run" ] && kill -9 $run 2>/dev/null
    [ -n "$server" ] && kill $server 2>/dev/null
    wait 2>/dev/null
    rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "FAIL: $*"; [ -f "$work/s.err" ] && head -c 500 "$work/s.err"; exit 1; }
hwm() { sed -n 's/^VmHWM:[[:space:]]*\([0-9]*\) kB/\1/p' "/proc/$server/status"; }

"$modelsim" --endpoint "ipc://$work/s.sock" --endpoint-file "$work/ep" 2> "$work/s.err" &
server=$!
i=0
while [ ! -s "$work/ep" ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
[ -s "$work/ep" ] || fail "the server did not start"
# a loop that outlasts any flood: stopped by us, never by its end
printf '.warps 1\nloop:\n    IADD R1, R1, 0x1 ;\n    BRA loop ;\n    EXIT ;\n' > "$work/forever.s"
"$gpuhost" --board modelsim run "$work/forever.s" --endpoint "ipc://$work/s.sock" --max-insns 1000000000000 \
    --batch 1024 > "$work/run.out" 2>&1 &
run=$!
i=0 # until it runs: the server's CPU time grows
while [ $i -lt 100 ] && [ "$(cut -d' ' -f14 "/proc/$server/stat")" -lt 20 ]; do sleep 0.05; i=$((i + 1)); done
kill -0 $run 2>/dev/null || fail "the run did not start: $(cat "$work/run.out")"
sleep 0.3
before=$(hwm)
start=$(date +%s%N)
timeout 60 "$flood" "ipc://$work/s.sock" "$frames" 64 20 || fail "the flood failed"
ms=$(( ($(date +%s%N) - start) / 1000000 ))
after=$(hwm)
kill -0 $run 2>/dev/null || fail "the run ended during the flood: $(cat "$work/run.out")"
kill -0 $server 2>/dev/null || fail "the server died"
grow=$((after - before))
echo "flood: $frames frames of 64 bytes in $ms ms to a busy server: peak RSS ${before} kB -> ${after} kB (+${grow} kB)"
[ $grow -le "$limit" ] || fail "the server's peak RSS grew by $grow kB (limit $limit kB)"
echo "flood: 1 passed, 0 failed"
