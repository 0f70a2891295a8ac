#!/bin/sh
# Benchmark: lockstep speed at several batch sizes beside the model alone,
# in one run, on the same integer kernel, each beside free-running at batch
# 1024 and at its own batch (what lockstep costs, apart from what a smaller
# batch costs the target and transport), the latter run in turn with it. Prints figures and ratios; asserts
# nothing about speed, but every run must succeed (exit 0): a failed run
# fails the benchmark, after the figures.
#
# The model's share of a lockstep run's time, two ways: timed in the run
# (gpuhost times 1 step of the host-side model in 64 and reports "host-side
# model S s (P% of the run)"), and estimated beside it: the model alone on
# the same kernel in process (bench_model --kernel, wall clock, just before)
# for the run's instructions, over the run's wall-clock time, which is the
# lockstep rate over the model-alone rate (on a loaded machine the model
# alone is slowed more than the lockstep run: this estimate is the high one).
#
# The host's own work per record (bench_host beside bench_model: a recorded
# stream decoded, checked, stepped and compared, per CPU second) is printed
# with them. The target free-running is printed as a ratio to the model alone too. With
# SERVER (a zmq board's server, e.g. gpu-rtlsim) the target's runs use it
# with --stats, and the free run's cycles per warp-instruction are printed.
# With BARE_SERVER too (the same server built without the port checker,
# gpu-rtlsim-nochk), three free runs of each, in turn, give each one's
# simulated cycles per second of its own CPU time (the best of the three:
# a shared machine only slows a run) and the checker's share of the server.
# Beside each lockstep ratio, what bounds it on this machine: the CPU time
# of gpuhost and its server per instruction, free-running and in lockstep,
# and the ratio that lockstep's CPU time spread over every processor allows
# (a bound of 1.000 with a lower ratio: the time lost is waiting, not work;
# on two processors free-running modelsim keeps 1.5 to 1.7 of them busy).
# With bench_cpu too: a run of one instruction, start to stop, the fastest
# and the slowest of 5 (what each short kernel costs).
# With BENCH_TRIES=N in the environment every gpuhost run above is the
# fastest of N (a shared machine only slows a run; ratios of single runs
# here swung by a third).
# Usage: bench_lockstep.sh GPUHOST BOARD [INSTRUCTIONS [BENCH_MODEL [SERVER [BARE_SERVER]]]]
# shellcheck source-path=SCRIPTDIR
set -u
gpuhost=$1 board=$2 count=${3:-200000} bench_model=${4:-} server=${5:-} bare_server=${6:-}
# shellcheck source=bench_common.sh
. "$(dirname "$0")/bench_common.sh"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The kernel ends by itself after about INSTRUCTIONS warp-instructions, so success is exit 0.
bench_alu_kernel "$work/loop.s" "$count"
rate_of() { sed -n 's/.*(\([0-9]*\) instructions\/s).*/\1/p' "$1" | head -1; }
rate() { rate_of "$work/out"; }
timed_share() { sed -n 's/.*host-side model [0-9.]* s (\([0-9.]*%\) of the run).*/\1/p' "$work/out" | head -1; }
wrap_server() { # SERVER WRAPPER STATS: WRAPPER runs SERVER with --stats, its report appended to STATS
    printf '#!/bin/sh\nexec "%s" "$@" --stats 2>> "%s"\n' "$1" "$3" > "$2"
    chmod +x "$2"
}
srv=""
if [ -n "$server" ]; then
    wrap_server "$server" "$work/server" "$work/stats"
    srv="--server $work/server"
fi
failed=0
tries=${BENCH_TRIES:-1}
# Each run's CPU seconds (user and system: gpuhost's and its server's, which
# gpuhost waits for) and wall-clock seconds, from bench_cpu beside bench_model
# (wait4, to the microsecond: the shell's `times` counts 10 ms ticks, as
# coarse as a whole run here); without it, the CPU figures are n/a.
cpu_tool=""
if [ -n "$bench_model" ] && [ -x "$(dirname "$bench_model")/bench_cpu" ]; then
    cpu_tool="$(dirname "$bench_model")/bench_cpu"
fi
try_once() { # SLOT LABEL GPUHOST-ARGS...: one run; a slot keeps its fastest run's output in $work/SLOT.out, its rate, CPU and wall-clock seconds in SLOT_rate, SLOT_cpu, SLOT_wall; a failure unless the exit is 0 (10: a free run's end)
    slot=$1 label=$2
    shift 2
    rm -f "$work/cpu"
    if [ -n "$cpu_tool" ]; then
        set -- "$cpu_tool" "$work/cpu" "$gpuhost" "$@"
    else
        set -- "$gpuhost" "$@"
    fi
    if ! bench_run "$work/try" "$@"; then
        failed=$((failed + 1))
        echo "FAIL: $label: gpuhost exited $bench_status:"
        sed 's/^/    /' "$work/try"
        cp "$work/try" "$work/$slot.out"
        return 1
    fi
    r=$(rate_of "$work/try")
    eval "fastest=\${${slot}_rate:--1}"
    if [ "${r:-0}" -gt "$fastest" ]; then
        cp "$work/try" "$work/$slot.out"
        eval "${slot}_rate=${r:-0}"
        eval "${slot}_cpu=$(awk '{ print $1 }' "$work/cpu" 2> /dev/null)"
        eval "${slot}_wall=$(awk '{ print $2 }' "$work/cpu" 2> /dev/null)"
    fi
}
slot_reset() { # SLOT...
    for slot in "$@"; do
        eval "${slot}_rate=-1 ${slot}_cpu='' ${slot}_wall=''"
        rm -f "$work/$slot.out"
    done
}
run() { # LABEL GPUHOST-ARGS...: the fastest of $tries runs' output in $work/out, its CPU and wall-clock seconds in run_cpu and run_wall
    label=$1
    slot_reset one
    try=0
    while [ $try -lt "$tries" ]; do
        try=$((try + 1))
        try_once one "$@" || break
    done
    cp "$work/one.out" "$work/out"
    run_cpu=$one_cpu run_wall=$one_wall
    # the emulated board's firmware cost (GH_USBEMU_FW_STATS=1), which gpu-usbemu prints into the run's output
    bench_fw_lines "$work/out" | sed "s/^/    $label: /"
}
# run_in_turn LABEL-A ARGS-A LABEL-B ARGS-B (ARGS: one word-split string):
# $tries runs of each, A and B in turn, so that a shared machine's slow spell
# slows both alike (run after run, a ratio of the two swung by half); A's
# fastest in slot a, B's in slot b and $work/out
run_in_turn() {
    slot_reset a b
    try=0
    while [ $try -lt "$tries" ]; do
        try=$((try + 1))
        # shellcheck disable=SC2086
        try_once a "$1" $2 || break
        # shellcheck disable=SC2086
        try_once b "$3" $4 || break
    done
    cp "$work/b.out" "$work/out" 2> /dev/null || : > "$work/out"
    bench_fw_lines "$work/a.out" 2> /dev/null | sed "s/^/    $1: /"
    bench_fw_lines "$work/out" | sed "s/^/    $3: /"
}
run "model alone" run "$work/loop.s"
model=$(rate)
alone=""
if [ -n "$bench_model" ]; then
    if "$bench_model" --kernel "$work/loop.s" 1 > "$work/alone" 2>&1; then
        alone=$(sed -n 's/^model alone: \([0-9]*\) .*/\1/p' "$work/alone")
    else
        failed=$((failed + 1))
        echo "FAIL: bench_model --kernel:"
        sed 's/^/    /' "$work/alone"
    fi
fi
rm -f "$work/stats"
# shellcheck disable=SC2086
run "$board free-running" --board "$board" run "$work/loop.s" --free-run --timeout 60000 $srv
free=$(rate) free_cpu=$run_cpu free_wall=$run_wall
echo "model board (gpuhost run, the engine with the model alone): ${model} instructions/s"
[ -n "$bench_model" ] && echo "model alone in process (bench_model --kernel, gm_step only): ${alone:-?} instructions/s"
echo "$board free-running (no model, batch 1024): ${free:-?} instructions/s"
ratio_of() { # A B: A / B to 3 places, or n/a
    if [ -n "$1" ] && [ -n "$2" ] && [ "$2" -gt 0 ]; then awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; else echo n/a; fi
}
# the host's own work per record, beside them (bench_host, next to bench_model): what lockstep costs
# the host whatever the target, decode to compare, per second of CPU time
host_rate=""
if [ -n "$bench_model" ] && [ -x "$(dirname "$bench_model")/bench_host" ]; then
    if "$(dirname "$bench_model")/bench_host" "$work/loop.s" 100000 0.5 > "$work/host" 2>&1; then
        host_rate=$(sed -n 's/^host-side checked records: \([0-9]*\)\/s/\1/p' "$work/host")
        echo "host-side checked records (bench_host: decode, checks, model step, compare; CPU time): ${host_rate:-?}/s"
    else
        failed=$((failed + 1))
        echo "FAIL: bench_host:"
        sed 's/^/    /' "$work/host"
    fi
fi
# A run of one instruction in lockstep, start to stop (the server's start,
# the load, one record, a full-state check, the server's stop): what each
# short kernel costs; the slowest of 5 shows a start or stop that waits out
# a timer (a server's stop did, 200 ms in half the runs). Exit 6: the
# --max-insns limit, the run's expected end.
if [ -n "$cpu_tool" ]; then
    : > "$work/walls"
    i=0
    while [ $i -lt 5 ]; do
        i=$((i + 1))
        # the board's own server, not SERVER: its --stats would land among the free run's
        "$cpu_tool" "$work/cpu" "$gpuhost" --board "$board" run "$work/loop.s" --max-insns 1 --timeout 60000 \
            > "$work/one" 2>&1
        status=$?
        if [ $status -ne 6 ]; then
            failed=$((failed + 1))
            echo "FAIL: a run of one instruction exited $status, not 6 (its limit):"
            sed 's/^/    /' "$work/one"
            break
        fi
        awk '{ print $2 }' "$work/cpu" >> "$work/walls"
    done
    sort -n "$work/walls" | awk -v b="$board" '{ w[NR] = $1 } END { if (NR) printf "%s: a run of one instruction," \
        " start to stop: %.1f ms (the fastest of %d), %.1f ms the slowest\n", b, w[1] * 1000, NR, w[NR] * 1000 }'
fi
echo "$board free-running / model board: $(ratio_of "$free" "$model")"
[ -n "$bench_model" ] && echo "$board free-running / model alone in process: $(ratio_of "$free" "$alone")"
if [ -n "$server" ]; then
    cycles=$(sed -n 's/.*(\([0-9.]*\) cycles each).*/\1/p' "$work/stats" 2>/dev/null | head -1)
    free_cycles=$(sed -n 's/.*; \([0-9]*\) cycles in all;.*/\1/p' "$work/stats" 2>/dev/null | tail -1)
    echo "$board cycles per warp-instruction (free-running, $(basename "$server") --stats): ${cycles:-?}"
    [ -n "$cycles" ] || { echo "FAIL: no cycle count from $(basename "$server") --stats"; failed=$((failed + 1)); }
fi
if [ -n "$server" ] && [ -n "$bare_server" ]; then
    best_with=0 best_bare=0
    for i in 1 2 3; do
        for which in server bare; do
            rm -f "$work/speed"
            wrap_server "$([ $which = server ] && echo "$server" || echo "$bare_server")" "$work/speed-server" "$work/speed"
            if ! bench_run "$work/out" "$gpuhost" --board "$board" run "$work/loop.s" --free-run --timeout 60000 \
                    --server "$work/speed-server"; then
                failed=$((failed + 1))
                echo "FAIL: free run $i on $which: gpuhost exited $bench_status"
            fi
            c=$(sed -n 's/.*(\([0-9]*\) cycles per CPU second).*/\1/p' "$work/speed" 2>/dev/null | head -1)
            c=${c:-0}
            if [ $which = server ]; then
                [ "$c" -gt "$best_with" ] && best_with=$c
            else
                [ "$c" -gt "$best_bare" ] && best_bare=$c
            fi
        done
    done
    echo "$(basename "$server") cycles per CPU second (free-running, the best of 3): $best_with with the port checker," \
         "$best_bare without ($(basename "$bare_server"))"
    if [ "$best_with" -gt 0 ] && [ "$best_bare" -gt 0 ] && [ -n "${cycles:-}" ]; then
        awk -v w="$best_with" -v b="$best_bare" -v c="$cycles" 'BEGIN {
            printf "    the port checker: %.1f%% of the server\47s CPU; warp-instructions per CPU second", 100 * (1 - w / b)
            printf " (at %s cycles each): %.0f with it, %.0f without\n", c, w / c, b / c }'
    else
        failed=$((failed + 1))
        echo "FAIL: no cycles per CPU second from both servers' --stats"
    fi
fi
# What bounds lockstep / free-running on this machine: a run cannot go faster
# than its CPU time (gpuhost's and its server's, start to end) spread over
# every processor, so lockstep / free-running is at most (free-running's
# wall-clock time x processors) / lockstep's CPU time (both whole processes:
# start-up too), whatever the code's latency.
processors=$(nproc 2>/dev/null || echo 1)
cpu_bound() { # FREE-WALL FREE-CPU LOCK-WALL LOCK-CPU (seconds, whole processes)
    if [ -z "$1" ] || [ -z "$2" ] || [ -z "$3" ] || [ -z "$4" ]; then
        echo "    CPU time: n/a (a run's times missing: bench_cpu is not beside bench_model)"
        return
    fi
    awk -v fw="$1" -v fc="$2" -v lw="$3" -v lc="$4" -v n="$processors" -v count="$count" 'BEGIN {
        if (fw <= 0 || lw <= 0 || lc <= 0) { print "    CPU time: n/a"; exit }
        bound = fw * n / lc; capped = bound < 1 ? bound : 1; why = bound < 1 ? " (bound by CPU time)" : ""
        busy = lc / lw
        printf "    CPU time of gpuhost and its server (whole processes), per instruction: free-running %.0f ns" \
            " (%.2f of %d processors busy), lockstep %.0f ns (%.2f busy): lockstep / free-running can reach at most" \
            " %.3f here%s\n", fc / count * 1e9, fc / fw, n, lc / count * 1e9, busy, capped, why }'
}
for batch in 1 64 1024; do
    # free-running at this batch too, run in turn with lockstep: what lockstep itself costs,
    # the batch's own cost apart (at 1024 again: beside lockstep, not a minute before it)
    run_in_turn "$board free-running batch $batch" \
        "--board $board run $work/loop.s --free-run --batch $batch --timeout 60000 $srv" \
        "lockstep $board batch $batch" "--board $board run $work/loop.s --batch $batch --timeout 60000 $srv"
    free_here=$a_rate free_here_cpu=$a_cpu free_here_wall=$a_wall
    [ "$free_here" -ge 0 ] || free_here=""
    r=$(rate) lock_cpu=$b_cpu lock_wall=$b_wall
    timed=$(timed_share)
    if [ -n "$r" ] && [ -n "$model" ] && [ "$model" -gt 0 ]; then
        ratio=$(awk -v a="$r" -v b="$model" 'BEGIN { printf "%.3f", a / b }')
    else
        ratio="n/a"
    fi
    if [ -n "$r" ] && [ -n "$free" ] && [ "$free" -gt 0 ]; then
        fratio=$(awk -v a="$r" -v b="$free" 'BEGIN { printf "%.3f", a / b }')
    else
        fratio="n/a"
    fi
    if [ -n "$r" ] && [ -n "$alone" ] && [ "$alone" -gt 0 ]; then
        share=$(awk -v a="$r" -v b="$alone" 'BEGIN { printf "%.1f%%", 100 * a / b }')
    else
        share="n/a"
    fi
    echo "lockstep $board batch $batch: ${r:-?} instructions/s (ratio to free-running: $fratio at batch 1024," \
         "$(ratio_of "$r" "$free_here") at batch $batch run in turn with it (${free_here:-?}/s); to the model board: $ratio)"
    echo "    the model's share of its time: ${timed:-?} timed in the run, $share estimated from the model alone"
    # the full-state checks (the end's, at least) are a cost per run, not per record: the stream apart from them
    streaming=$(sed -n 's/.*: \([0-9]*\) instructions in lockstep.*, \([0-9.]*\) s (.* read whole) in \([0-9.]*\) s.*/\1 \2 \3/p' \
        "$work/out" | head -1)
    if [ -n "$streaming" ] && [ -n "$free_here" ] && [ "$free_here" -gt 0 ]; then
        echo "$streaming" | awk -v f="$free_here" -v b="$batch" '$2 > $3 { printf "    streaming, the full-state" \
            " checks (%.3f s of %.3f) apart: %.0f instructions/s, ratio %.3f to free-running at batch %s\n",
            $3, $2, $1 / ($2 - $3), $1 / ($2 - $3) / f, b }'
    fi
    cpu_bound "$free_here_wall" "$free_here_cpu" "$lock_wall" "$lock_cpu"
    if [ -n "$server" ]; then # a lockstep run ends with a full-state check: the backdoor's cycles, not the kernel's
        all=$(sed -n 's/.*; \([0-9]*\) cycles in all;.*/\1/p' "$work/stats" 2>/dev/null | tail -1)
        echo "    the server's cycles: ${all:-?} in all, ${free_cycles:-?} free-running (the rest: the final" \
             "full-state check, read through the backdoor)"
    fi
done
if [ $failed -ne 0 ]; then
    echo "FAIL: $failed of the runs failed"
    exit 1
fi
