#!/bin/sh
# Finding the board: several boards need --serial (and are listed), a wrong
# serial or no board says what was found, a claimed board is reported busy.
# Usage: discovery.sh GPU_USBEMU CLIENT
set -u
usbemu=$1 client=$2
. "$(dirname "$0")/common.sh"
usbemu_check
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
write_loop_kernel "$work/short.s" 3
write_loop_kernel "$work/long.s" 1000000

# case NAME WANT BOARDS -- CLIENT_ARGS -- TEXTS...
# --boards is the emulator's: gpuhost runs under it (wrap mode), the board already on the bus
board=$(gh_wrapped_board usbemu "$work")
case_() {
    name=$1 want=$2 boards=$3
    shift 3
    args=
    while [ "$1" != "--" ]; do args="$args $1"; shift; done
    shift
    start=$(date +%s)
    # shellcheck disable=SC2086
    timeout 60 "$usbemu" --boards "$boards" -- "$client" --board "$board" run "$work/short.s" $args > "$work/out" 2>&1
    status=$?
    verdict "$name" "$want" 20 "$work/out" $status $(($(date +%s) - start)) "$@"
}

case_ "one board" 0 1 -- "PASS: lockstep clean"
case_ "two boards, no --serial" nonzero 2 -- \
    "choose one with --serial" "serial EMU0001" "serial EMU0002"
case_ "two boards, --serial EMU0002" 0 2 --serial EMU0002 -- "PASS: lockstep clean"
case_ "wrong serial" nonzero 2 --serial NOPE -- "no board 1209:6770 with serial NOPE" "serial EMU0001"
case_ "no board" nonzero 0 -- "no board 1209:6770 found"

# busy: a second program while the first holds the interface
start=$(date +%s)
timeout 60 "$usbemu" -- sh -c '
    "$1" --board "$5" run "$2" --batch 1 --max-insns 1000000 > /dev/null 2>&1 &
    first=$!
    i=0
    while [ $i -lt 20 ]; do
        sleep 0.25
        "$1" --board "$5" run "$3" > "$4" 2>&1
        grep -q busy "$4" && break
        i=$((i + 1))
    done
    kill $first 2> /dev/null
    wait $first 2> /dev/null
    exit 0' sh "$client" "$work/long.s" "$work/short.s" "$work/out" "$board" > /dev/null 2>&1
verdict "busy board" 0 30 "$work/out" 0 $(($(date +%s) - start)) "is busy: interface 0 is claimed by another program"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
