# Shared by the servers tests (sourced): counters, checks, and servers that
# are always reaped. Every endpoint is ephemeral: ipc:// under $work (a
# mktemp -d), tcp:// on port * with the port read back from --endpoint-file.
set -u
pass=0 fail=0
work=$(mktemp -d)
servers=""
cleanup() {
    for pid in $servers; do kill "$pid" 2>/dev/null; done
    for pid in $servers; do wait "$pid" 2>/dev/null; done
    rm -rf "$work"
}
trap cleanup EXIT

ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() {
    fail=$((fail + 1))
    echo "FAIL $1"
    [ -f "$work/out" ] && sed 's/^/    /' "$work/out" | head -n 20
}
now_ms() { echo $(( $(date +%s%N) / 1000000 )); }

# expect NAME WANT_STATUS MAX_SECONDS TEXTS COMMAND...: the command's exit
# status, its time, and the lines of TEXTS its output (stdout and stderr)
# must contain. A command that hangs is stopped (timeout(1): exit 124).
expect() {
    name=$1 want=$2 max=$3 texts=$4
    shift 4
    start=$(now_ms)
    timeout -k 2 $((max + 10)) "$@" > "$work/out" 2>&1
    status=$?
    ms=$(( $(now_ms) - start ))
    why=""
    [ "$status" -eq "$want" ] || why="$why; exit $status, wanted $want"
    [ "$ms" -le $((max * 1000)) ] || why="$why; took $ms ms, limit $max s"
    missing=$(printf '%s\n' "$texts" | while IFS= read -r t; do
        [ -z "$t" ] || grep -qF -- "$t" "$work/out" || printf ' [%s]' "$t"
    done)
    [ -z "$missing" ] || why="$why; missing:$missing"
    if [ -z "$why" ]; then ok "$name ($ms ms)"; else bad "$name: ${why#; }"; fi
}

# start_server NAME PROGRAM ARGS...: in the background, reaped at exit; waits
# until it listens ($work/NAME.ep holds its endpoint; $server its pid).
start_server() {
    name=$1
    shift
    rm -f "$work/$name.ep"
    "$@" --endpoint-file "$work/$name.ep" 2> "$work/$name.err" &
    server=$!
    servers="$servers $server"
    i=0
    while [ ! -s "$work/$name.ep" ] && [ $i -lt 100 ] && kill -0 "$server" 2>/dev/null; do
        sleep 0.1
        i=$((i + 1))
    done
    [ -s "$work/$name.ep" ]
}

# gone PID: the process has ended (a zombie nobody reaps has ended too).
gone() {
    [ ! -e "/proc/$1" ] || [ "$(sed 's/.*) \(.\).*/\1/' "/proc/$1/stat" 2>/dev/null)" = Z ]
}

# wait_gone SECONDS PID...: 0 once every PID has ended.
wait_gone() {
    limit=$(( $1 * 10 ))
    shift
    i=0
    while [ $i -lt $limit ]; do
        alive=0
        for pid in "$@"; do gone "$pid" || alive=1; done
        [ $alive -eq 0 ] && return 0
        sleep 0.1
        i=$((i + 1))
    done
    return 1
}

# write_loop FILE ITERATIONS: a kernel that loops long enough to be caught running.
write_loop() {
    sed "s/ITERATIONS/$2/" "$(dirname "$0")/loop.s.in" > "$1"
}

summary() {
    echo "$pass passed, $fail failed"
    [ $fail -eq 0 ] && [ $pass -gt 0 ]
}

# children PID: the processes whose parent is PID.
children() {
    for stat in /proc/[0-9]*/stat; do
        ppid=$(sed 's/.*) [A-Za-z] \([0-9]*\) .*/\1/' "$stat" 2>/dev/null)
        [ "$ppid" = "$1" ] && basename "$(dirname "$stat")"
    done
    return 0
}
