#!/bin/sh
# One session per server (S2): while a gpuhost runs on a server, a second
# gpuhost is refused at once (exit 8, a clear message) and the first finishes
# with the right verdict (it used to report a false DIVERGENCE with --window
# 16); the session ends with its client, so the next run is served, also
# after a client was killed (its connection closed) or stopped (silent for
# the session timeout). No check depends on the target's speed: a run is
# held mid-run by a trace reader that stops reading until told to go on.
# Usage: sessions.sh GPUHOST BOARD SERVER ITERATIONS
gpuhost=$1 board=$2 program=$3 iterations=$4
. "$(dirname "$0")/common.sh"
[ -x "$program" ] || { echo "SKIP: $program is not built"; exit 77; }
k=$work/long.s
write_loop "$k" "$iterations"
short=$work/short.s
write_loop "$short" 10
start_server s "$program" --endpoint "ipc://$work/s.sock" --session-timeout 2 || {
    echo "FAIL the server did not start: $(cat "$work/s.err")"; exit 1; }
endpoint=$(cat "$work/s.ep")

# run_in_background NAME [ENDPOINT]: a run on the server that stays in its
# session, however fast the target, until $work/NAME.go exists (or 60 s):
# its --trace goes to a FIFO whose reader takes one byte, then nothing until
# then, so gpuhost blocks on the full pipe mid-run. Returns once it streams;
# $run is its pid.
run_in_background() {
    rm -f "$work/$1.fifo" "$work/$1.ready" "$work/$1.go"
    mkfifo "$work/$1.fifo"
    { head -c 1 > "$work/$1.ready"
      i=0; while [ ! -e "$work/$1.go" ] && [ -d "$work" ] && [ $i -lt 1200 ]; do sleep 0.05; i=$((i + 1)); done
      cat > /dev/null; } < "$work/$1.fifo" &
    "$gpuhost" --board "$board" run "$k" --endpoint "${2:-$endpoint}" --batch 16 --window 16 \
        --trace "$work/$1.fifo" > "$work/$1.out" 2>&1 &
    run=$!
    i=0
    while [ ! -s "$work/$1.ready" ] && [ $i -lt 300 ] && kill -0 $run 2>/dev/null; do
        sleep 0.05
        i=$((i + 1))
    done
    [ -s "$work/$1.ready" ]
}

# 1. two clients at once (on a server of its own: the first run is held in
# its session, silent, for as long as the checks take, whatever the speed)
start_server s1 "$program" --endpoint "ipc://$work/s1.sock" || {
    echo "FAIL the server did not start: $(cat "$work/s1.err")"; exit 1; }
endpoint1=$(cat "$work/s1.ep")
if run_in_background first "$endpoint1"; then
    first=$run
    expect "a second gpuhost during the run: refused" 8 5 \
        "refused: the server is serving another client (one session at a time" \
        "$gpuhost" --board "$board" run "$short" --endpoint "$endpoint1" --window 16
    expect "gpuhost info during the run: refused" 8 5 "the server is serving another client" \
        "$gpuhost" --board "$board" info --endpoint "$endpoint1"
    if kill -0 $first 2>/dev/null; then ok "the first run was still running"; else bad "the first run ended too soon"; fi
    touch "$work/first.go"
    wait $first
    status=$?
    cp "$work/first.out" "$work/out"
    if [ $status -eq 0 ] && grep -q "PASS: lockstep clean" "$work/out"; then
        ok "the first run: PASS, undisturbed"
    else
        bad "the first run: exit $status"
    fi
else
    bad "the first run did not start"
fi
expect "the next run, after the first: served" 0 20 "PASS: lockstep clean" \
    "$gpuhost" --board "$board" run "$short" --endpoint "$endpoint1"

# 2. a client killed mid-run, 3. a client stopped mid-run: the next is served
for how in KILL STOP; do
    if run_in_background "victim$how"; then
        victim=$run
        kill -$how $victim
        start=$(now_ms) served=0
        while [ $(( $(now_ms) - start )) -lt 10000 ]; do
            if "$gpuhost" --board "$board" run "$short" --endpoint "$endpoint" > "$work/out" 2>&1; then
                served=1
                break
            fi
            grep -q "serving another client" "$work/out" || break
            sleep 0.2
        done
        ms=$(( $(now_ms) - start ))
        limit=$([ $how = KILL ] && echo 5000 || echo 8000)
        if [ $served -eq 1 ] && [ $ms -le $limit ]; then
            ok "a client stopped by SIG$how: the next run is served after $ms ms"
        else
            bad "a client stopped by SIG$how: the next run not served within $limit ms ($ms ms)"
        fi
        kill -9 $victim 2>/dev/null
        kill -CONT $victim 2>/dev/null
        touch "$work/victim$how.go"
        wait $victim 2>/dev/null
    else
        bad "the run to stop by SIG$how did not start"
    fi
done
grep -q "the session ended: its client was silent for the session timeout" "$work/s.err" &&
    ok "the server said why the stopped client's session ended" || bad "no word of the session timeout"
kill -0 "$server" 2>/dev/null && ok "the server served on throughout" || bad "the server died"
summary
