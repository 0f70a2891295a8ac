#!/bin/sh
# A board held as a labgrid place, for real on loopback: a labgrid coordinator,
# an exporter exporting the emulated reference board (gpu-usbemu, seen through
# umockdev) and clients A and B. Part "held": A reserves and acquires the place;
# gpuhost-labgrid as A runs a kernel on its board (PASS); B can neither acquire
# it, release it without --kick, nor run on it, and A still holds it after.
# Part "unplug": the board is unplugged mid-run (gpu-usbemu --fault-usb); the
# exporter sees udev's remove, the coordinator marks the resource unavailable,
# and gpuhost-labgrid reports a target error naming the place and the board.
# Untested here: USB between hosts (the board is local to exporter and client).
# Usage: labgrid.sh BUILD_DIR SOURCE_DIR [held|unplug|all]
set -u
build=$(cd "$1" && pwd) src=$(cd "$2" && pwd) part=${3:-all}
t0=$(date +%s.%N)
venv=$src/.venv/bin
gpuhost=$build/host/gpuhost usbemu=$build/servers/usbemu/gpu-usbemu
tool=$src/host/farm/gpuhost-labgrid
config=$src/tests/farm/labgrid-exporter.yaml
place=gh-ref-1 preload=libumockdev-preload.so.0
work=$(mktemp -d)
groups=""   # the process groups this test started (each under setsid)
cleanup() {
    # (dash's kill takes no "--": -SIG then -PGID)
    for g in $groups; do kill -TERM "-$g" 2>/dev/null; done
    for g in $groups; do
        n=0; while kill -0 "-$g" 2>/dev/null && [ $n -lt 50 ]; do sleep 0.1; n=$((n + 1)); done
        kill -KILL "-$g" 2>/dev/null
    done
    rm -rf "$work"
}
trap cleanup EXIT
# the emulated board as a board already on the bus: boards/usbemu.ini (its USB
# identity, endpoints and target) without its emulator line (the test starts
# gpu-usbemu; the exporter exports its board)
board=$work/labgrid-usbemu.ini
sed -e 's/^name = usbemu$/name = labgrid-usbemu/' -e '/^emulator = /d' "$src/boards/usbemu.ini" > "$board"
trap 'exit 1' INT TERM
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }
finish() {
    [ $fail -eq 0 ] || for f in "$work"/*.log; do echo "--- $f"; tail -n 8 "$f"; done
    echo "labgrid: $(echo "$(date +%s.%N) - $t0" | bc) s"; echo "$pass passed, $fail failed"
    [ $fail -eq 0 ]; exit
}
missing() {
    # under CI the farm must run: a missing piece is a failure, not a skip
    if [ "${CI:-}" = true ]; then echo "FAIL: $1 (CI=true: the farm tests must run)"; exit 1; fi
    echo "SKIP: $1"; exit 77
}
for p in labgrid-coordinator labgrid-exporter labgrid-client python3; do
    [ -x "$venv/$p" ] || missing "$venv/$p is missing (scripts/setup.sh installs labgrid into .venv)"
done
"$venv/python3" -c 'import labgrid.remote.client, pyudev' 2>/dev/null || missing "labgrid or pyudev does not import in .venv"
ldconfig -p | grep -q "$preload" || missing "umockdev's $preload is missing"
[ -x "$usbemu" ] || missing "gpu-usbemu is not built (umockdev or Unicorn missing)"
[ -x "$gpuhost" ] || missing "$gpuhost is not built"

# wait_for SECONDS COMMAND...: poll until COMMAND succeeds, for at most SECONDS
wait_for() {
    end=$(($(date +%s) + $1)); shift
    until "$@" > /dev/null 2>&1; do
        [ "$(date +%s)" -ge $end ] && return 1; sleep 0.1
    done
}
# lg USER ARGS...: labgrid-client as client USER (labgrid's identity is LG_HOSTNAME/LG_USERNAME)
lg() { u=$1; shift; LG_USERNAME=$u LG_HOSTNAME=bench-$u timeout 30 "$venv/labgrid-client" -x "$coord" "$@"; }
port=$("$venv/python3" -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
coord=127.0.0.1:$port

# start_board NAME [USBEMU-ARGS...]: gpu-usbemu in serve mode (stdin a FIFO held
# open here: closing it ends the emulator), then the exporter exp1 on its
# umockdev testbed, seeing the board through the preload as udev shows it.
# gpu-usbemu runs under the preload too: only then is its unplug udev's
# "remove" event for the exporter's monitor (gpu-usbemu --help).
start_board() {
    name=$1; shift
    mkfifo "$work/$name.in"
    LD_PRELOAD=$preload setsid "$usbemu" "$@" --ready-fd 3 3> "$work/$name.ready" < "$work/$name.in" > "$work/$name.log" 2>&1 &
    groups="$groups $!" emu=$!
    exec 8> "$work/$name.in"
    wait_for 30 grep -q '^ready ' "$work/$name.ready" || { cat "$work/$name.log"; bad "$name: gpu-usbemu never ready"; finish; }
    testbed=$(sed -n 's/^ready //p' "$work/$name.ready")
    # labgrid's USB exports read ID_VENDOR_ID/ID_MODEL_ID, which real udev's usb_id sets on every device
    grep -q '^ID_VENDOR_ID=1209' "$testbed"/sys/bus/usb/devices/*/uevent \
        || { bad "$name: the emulated board has no udev ID_VENDOR_ID/ID_MODEL_ID (real udev's usb_id sets them; labgrid's exporter fails on int(None, 16) without them)"; finish; }
    LD_PRELOAD=$preload UMOCKDEV_DIR=$testbed setsid "$venv/labgrid-exporter" -c "$coord" -n exp1 "$config" > "$work/$name.exporter.log" 2>&1 &
    groups="$groups $!" exporter=$!
    wait_for 30 sh -c "$(command -v timeout) 10 '$venv/labgrid-client' -x '$coord' -v resources | grep -q \"'avail': True\"" \
        || { cat "$work/$name.exporter.log"; bad "$name: the exporter never exported an available board"; finish; }
    ok "$name: gpu-usbemu $* on $testbed, exported by exp1 as exp1/gh-ref/NetworkUSBFlashableDevice, available"
}
gone() { ! kill -0 "-$1" 2>/dev/null; }
stop_board() {
    kill -TERM "-$exporter" "-$emu" 2>/dev/null
    exec 8>&-
    { wait_for 10 gone "$exporter" && wait_for 10 gone "$emu"; } || kill -KILL "-$exporter" "-$emu" 2>/dev/null
    # the coordinator drops exp1's resources once it sees the exporter's stream end
    wait_for 20 sh -c "! $(command -v timeout) 10 '$venv/labgrid-client' -x '$coord' -v -v resources | grep -q exp1" \
        || bad "the coordinator still lists exp1 after its exporter stopped"
}
# run_as USER ARGS...: gpuhost-labgrid as client USER, in the testbed's view of USB
run_as() {
    u=$1; shift
    LG_USERNAME=$u LG_HOSTNAME=bench-$u LD_PRELOAD=$preload UMOCKDEV_DIR=$testbed timeout 120 \
        "$venv/python3" "$tool" --coordinator "$coord" --place "$place" --gpuhost "$gpuhost" --board "$board" "$@"
}
owner() { lg alice -p "$place" show 2>/dev/null | sed -n "s/^ *acquired: //p"; }

(cd "$work" && exec setsid "$venv/labgrid-coordinator" -l "$coord" > "$work/coordinator.log" 2>&1) &
groups="$groups $!"
wait_for 30 grep -q "Coordinator ready" "$work/coordinator.log" || { cat "$work/coordinator.log"; bad "coordinator"; finish; }
ok "a labgrid coordinator on $coord"

if [ "$part" = unplug ]; then
    start_board board --fault-usb unplug:130
else
    start_board board
fi
lg alice -p "$place" create && lg alice -p "$place" add-match "exp1/gh-ref/NetworkUSBFlashableDevice/USBFlashableDevice" \
    && ok "place $place matches exp1/gh-ref/NetworkUSBFlashableDevice/USBFlashableDevice" || bad "place creation"
token=$(lg alice reserve --wait --shell "name=$place" | sed -n 's/^export LG_TOKEN=//p')
[ -n "$token" ] && lg alice -p "$place" acquire > "$work/acquire.log" 2>&1 \
    && [ "$(owner)" = bench-alice/alice ] && ok "A (bench-alice/alice) reserved ($token) and acquired $place" \
    || { cat "$work/acquire.log"; bad "A's reservation and acquisition ($(owner))"; }

if [ "$part" != unplug ]; then
    out=$(run_as alice -- run "$src/tests/kernels/bitmanip.s" --retries 0 2>&1)
    rc=$?
    [ $rc -eq 0 ] && echo "$out" | grep -q "PASS: lockstep clean" && echo "$out" | grep -q "place $place held by bench-alice/alice: board EMU0001 (1209:6770)" \
        && ok "gpuhost-labgrid as A: bitmanip.s PASS on the place's board" || { echo "$out"; bad "A's run exited $rc"; }
    out=$(lg bob -p "$place" acquire 2>&1)
    [ $? -ne 0 ] && echo "$out" | grep -q "already acquired by bench-alice/alice" \
        && ok "B's acquire is refused: $(echo "$out" | head -1 | cut -c1-90)" || bad "B's acquire: $out"
    out=$(lg bob -p "$place" release 2>&1)
    [ $? -ne 0 ] && echo "$out" | grep -q "acquired by a different user" \
        && ok "B's release without --kick is refused: $(echo "$out" | head -1 | cut -c1-90)" || bad "B's release: $out"
    out=$(run_as bob -- run "$src/tests/kernels/bitmanip.s" 2>&1)
    rc=$?
    [ $rc -eq 2 ] && echo "$out" | grep -q "place $place: .*not acquired by your user" \
        && ok "gpuhost-labgrid as B is refused (exit 2): $(echo "$out" | head -1 | cut -c1-100)" || { echo "$out"; bad "B's run exited $rc"; }
    [ "$(owner)" = bench-alice/alice ] && ok "A still holds $place" || bad "the place's owner is now '$(owner)'"
    # labgrid's lock is cooperative: the coordinator refuses a second acquire, but
    # a release is checked by the client only, and --kick overrides it. A run on
    # a place taken away mid-run is stopped and reported.
    "$gpuhost" --board usbemu gen --seed 1 --count 2000 -o "$work/long.s" > /dev/null
    run_as alice -- run "$work/long.s" --batch 1 --retries 0 > "$work/kicked.log" 2>&1 &
    arun=$!
    wait_for 30 grep -q "held by bench-alice/alice" "$work/kicked.log"
    sleep 0.5
    lg bob -p "$place" release --kick > /dev/null 2>&1
    wait $arun
    rc=$?
    [ $rc -eq 8 ] && grep -q "place $place: board EMU0001 (1209:6770) lost mid-run: the place was released by another client" "$work/kicked.log" \
        && ok "B's release --kick mid-run (the coordinator does not check who releases) stops A's run: exit 8, $(tail -1 "$work/kicked.log" | cut -c1-120)" \
        || { cat "$work/kicked.log"; bad "the kicked run exited $rc"; }
    lg alice -p "$place" acquire > /dev/null 2>&1 && [ "$(owner)" = bench-alice/alice ] && ok "A acquires $place again" \
        || bad "A's second acquire (owner '$(owner)')"
fi

if [ "$part" = all ]; then
    # the unplugging board replaces the first under the same exporter name: A keeps the place,
    # the coordinator gives it the returning resource
    stop_board
    start_board unplug --fault-usb unplug:130
    wait_for 15 sh -c "LG_USERNAME=alice LG_HOSTNAME=bench-alice timeout 10 '$venv/labgrid-client' -x '$coord' -p '$place' show | grep -q \"Acquired resource\"" \
        && ok "A still holds $place across the exporter's restart" || bad "the place lost its resource: $(lg alice -p "$place" show 2>&1 | tr '\n' ' ')"
fi
if [ "$part" != held ]; then
    # divergent.s one record a frame: frame 130 comes mid-run (after about 67 of 164 instructions)
    s0=$(date +%s.%N)
    out=$(run_as alice -- run "$src/tests/kernels/divergent.s" --batch 1 --window 2 --retries 0 2>&1)
    rc=$?
    echo "$out" | grep -E "TARGET ERROR|gpuhost-labgrid"
    [ $rc -eq 8 ] && echo "$out" | grep -q "place $place: board EMU0001 (1209:6770) vanished mid-run: target error" \
        && echo "$out" | grep -q "TARGET ERROR: target error after [1-9][0-9]* instructions" \
        && ok "unplugged mid-run: exit 8, the target error names the place and the board ($(echo "$(date +%s.%N) - $s0" | bc) s)" \
        || { echo "$out"; bad "the unplug run exited $rc"; }
    lg alice -v -v resources > "$work/resources" 2>&1
    grep -q "'avail': False" "$work/resources" && ok "the coordinator shows the resource unavailable" \
        || { cat "$work/resources"; bad "the resource is still available"; }
    out=$(run_as alice -- run "$src/tests/kernels/bitmanip.s" 2>&1)
    rc=$?
    [ $rc -eq 8 ] && echo "$out" | grep -q "place $place: its board .* is not available" \
        && ok "a run on the unplugged place is a target error before it starts: $(echo "$out" | cut -c1-100)" || { echo "$out"; bad "run on the unplugged place exited $rc"; }
fi
finish
