#!/bin/sh
# kill -9 of gpuhost mid-run leaves nothing behind: the server it started
# (gpu-modelsim, gpu-rtlsim) ends and removes its socket and private
# directory; for an emulated USB board, gpuhost has become gpu-usbemu: the
# gpuhost it runs ends, and the testbed's private directory is removed.
# Round 3 kills gpuhost's whole process group at once (the server with it):
# the files still go.
# Usage: kill9.sh GPUHOST BOARD PROGRAM (the server, or gpu-usbemu)
gpuhost=$1 board=$2 program=$3
. "$(dirname "$0")/common.sh"
. "$(dirname "$0")/../require.sh"
# skipped (77) without the program, or umockdev for usbemu; where
# GPUHOST_REQUIRE names usbemu (../require.sh: CI), a failure for usbemu
if [ "$board" = usbemu ]; then
    [ -x "$program" ] || gh_unavailable usbemu "$program is not built"
    out=$(timeout 30 "$program" --boards 0 -- true 2>&1) || gh_unavailable usbemu "umockdev cannot run here: $out"
fi
[ -x "$program" ] || { echo "SKIP: $program is not built"; exit 77; }
k=$work/k.s
write_loop "$k" 10000000
mkdir -m 700 "$work/run" "$work/tmp"
for round in 1 2 3; do
    group=""
    [ $round -eq 3 ] && group=setsid # its own process group, led by gpuhost (setsid execs it)
    XDG_RUNTIME_DIR=$work/run TMPDIR=$work/tmp $group "$gpuhost" --board "$board" run "$k" --batch 4 \
        > "$work/out" 2>&1 &
    host=$!
    # until it runs: the server's socket (or the emulated board's testbed) is there, and a while more
    i=0
    while [ $i -lt 200 ] && [ -z "$(find "$work/run" "$work/tmp" -name '*.sock' -o -name 'umockdev.*' 2>/dev/null)" ]; do
        sleep 0.05
        i=$((i + 1))
    done
    sleep 1
    procs=$(children $host)
    for p in $procs; do procs="$procs $(children "$p")"; done
    files=$(find "$work/run" "$work/tmp" -mindepth 1 | wc -l)
    if [ -z "$procs" ] || [ "$files" -eq 0 ] || ! kill -0 $host 2>/dev/null; then
        bad "round $round: the run did not get going (processes: '$procs', files: $files)"
        kill -9 $host $procs 2>/dev/null
        wait $host 2>/dev/null
        continue
    fi
    if [ $round -eq 3 ]; then
        pgid=$(ps -o pgid= -p $host | tr -d ' ')
        kill -9 "-$pgid" || { bad "round 3: no process group $pgid to kill"; kill -9 $host; }
    else
        kill -9 $host
    fi
    wait $host 2>/dev/null
    if wait_gone 5 $procs; then
        ok "round $round: kill -9 of gpuhost ($host${group:+ and its process group}): its processes ($procs) ended"
    else
        bad "round $round: kill -9 of gpuhost: still running: $(for p in $procs; do gone "$p" || cat "/proc/$p/cmdline" | tr '\0' ' '; done)"
        for p in $procs; do kill -9 "$p" 2>/dev/null; done
    fi
    i=0
    while [ $i -lt 50 ] && [ -n "$(find "$work/run" "$work/tmp" -mindepth 1)" ]; do sleep 0.1; i=$((i + 1)); done
    left=$(find "$work/run" "$work/tmp" -mindepth 1)
    [ -z "$left" ] && ok "round $round: no file left (had $files: sockets, directories)" || bad "round $round: left: $left"
done
summary
