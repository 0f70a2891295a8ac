#!/bin/sh
# Numeric options are parsed strictly: a negative, an overflowing or a
# malformed value is refused with exit 2 and a message naming the option,
# never read as 2^64-1 or truncated; --dump-mem is bounded (64 MiB in all)
# and must lie inside global memory. Each case is bounded by
# `timeout`, so a regression fails instead of writing without end.
# Usage: options.sh GPUHOST KERNEL_DIR [GPU_MODELSIM [GPU_USBEMU]]
set -u
gpuhost=$1 kernels=$2 modelsim=${3:-} usbemu=${4:-}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
k=$kernels/bitmanip.s
checks=0
fail() { echo "FAIL: $*"; exit 1; }

# refused CMD... : exit 2 within 10 s, stderr names the option ($1)
refused() {
    option=$1
    shift
    timeout 10 "$gpuhost" "$@" > "$work/out" 2> "$work/err"
    rc=$?
    [ $rc -eq 2 ] || fail "'$*' exit $rc, not 2: $(head -c 300 "$work/err")"
    grep -q -e "$option" "$work/err" || fail "'$*': the message does not name $option: $(cat "$work/err")"
    [ -s "$work/out" ] && fail "'$*' printed to stdout: $(head -c 200 "$work/out")"
    checks=$((checks + 1))
}

for v in -1 +1 " 5" "5 " 0x 1e3 18446744073709551616 99999999999999999999999 "" 12abc; do
    refused --max-insns run "$k" --max-insns "$v"
    refused --check-every --board modelsim run "$k" --check-every "$v"
    refused --batch --board modelsim run "$k" --batch "$v"
    refused --window --board modelsim run "$k" --window "$v"
    refused --timeout --board modelsim run "$k" --timeout "$v"
    refused --retries run "$k" --retries "$v"
    refused --wave-window --board rtl run "$k" --wave "$work/w.fst" --wave-window "$v"
    refused --count gen --count "$v"
    refused --seed gen --seed "$v"
    refused --warps gen --warps "$v"
    refused --timeout info --timeout "$v"
    refused --slots boards --resource-spec --slots "$v"
done
refused --max-insns run "$k" --max-insns 0
refused --batch --board modelsim run "$k" --batch 1000001
refused --window --board modelsim run "$k" --window 1001
refused --timeout --board modelsim run "$k" --timeout 3601s
refused --retries run "$k" --retries 11
refused --count gen --count 1000001
refused --warps gen --warps 65

# --dump-mem: ADDR and LEN strict, the range inside the address space, 64 MiB in all
for v in 0:-1:F -1:16:F 0:0:F 0:0x1000000000000:F 0xfffffffffffffff0:32:F 0x1000000000000:4:F 0xfffffffffff0:32:F 0:0x40000000:F 0:65M:F \
         0:16 0:16: :16:F 0::F "0: 16:F" 0x:16:F; do
    refused --dump-mem run "$k" --dump-mem "$v"
done
refused --dump-mem run "$k" --dump-mem "0:32M:$work/a" --dump-mem "0:32M:$work/b" --dump-mem "0:4:$work/c"
n=0 args=""
while [ $n -lt 17 ]; do args="$args --dump-mem 0:4:$work/d$n"; n=$((n + 1)); done
# shellcheck disable=SC2086
refused --dump-mem run "$k" $args
[ -e "$work/F" ] && fail "a refused --dump-mem wrote its file"

# the emulator's options (libgpuhost starts gpu-usbemu with them): refused by
# it before it is ready, as a server refuses its options: exit 2, naming the option
if timeout 60 "$gpuhost" --board usbemu info > /dev/null 2>&1; then
    for v in stall:-1 stall:99999999999999999999 "stall: 5" stall:0x; do
        timeout 20 "$gpuhost" --board usbemu run "$k" --fault-usb "$v" > /dev/null 2> "$work/err"
        rc=$?
        [ $rc -eq 2 ] || fail "--fault-usb '$v': exit $rc, not 2: $(cat "$work/err")"
        grep -q -e "--fault-usb" "$work/err" || fail "--fault-usb '$v': the message does not name the option"
        checks=$((checks + 1))
    done
fi

# the servers' own options: --fault KIND:AT[:PARAM] and --rx-buffer strictly,
# before anything starts (no endpoint is needed to refuse them)
server_refused() { # EXPECTED_RC OPTION CMD...
    want=$1 option=$2
    shift 2
    timeout 10 "$@" > "$work/out" 2> "$work/err"
    rc=$?
    [ $rc -eq "$want" ] || fail "'$*' exit $rc, not $want: $(head -c 300 "$work/err")"
    grep -q -e "$option" "$work/err" || fail "'$*': the message does not name $option: $(cat "$work/err")"
    checks=$((checks + 1))
}
# one value a line (some hold blanks)
faults='-1:5
1:-5
1:5:-1
1:5:256
0:5
99:5
1
1:
1:5:
1:5:1:1
1:0x
1:18446744073709551616
 1:5
1:5x'
newline='
'

if [ -n "$modelsim" ]; then
    IFS=$newline
    for v in $faults; do
        server_refused 2 --fault "$modelsim" --fault "$v" --endpoint ipc:///nonexistent/x
    done
    # below WIRE_HEADER_SIZE + WIRE_MIN_MAX_PAYLOAD (20 + 140) no host would accept the board
    unset IFS
    for v in 159 84 -200 " 400" 400x; do
        server_refused 2 --rx-buffer "$modelsim" --rx-buffer "$v" --endpoint ipc:///nonexistent/x
    done
    for v in flag-trap:-1 step-error:+3 "mufu-ulp:1: 2" mufu-ulp:-1:2; do
        server_refused 2 --mutate "$modelsim" --mutate "$v" --endpoint ipc:///nonexistent/x
    done
fi
if [ -n "$usbemu" ]; then
    IFS=$newline
    for v in $faults; do
        server_refused 125 --fault "$usbemu" --fault "$v" -- true
    done
    unset IFS
fi

# what is accepted: units, the largest dump, the end of the address space
timeout 20 "$gpuhost" run "$k" -q --max-insns 2k --dump-mem "0:64M:$work/big" > /dev/null ||
    fail "--max-insns 2k --dump-mem 0:64M: refused"
[ "$(stat -c %s "$work/big")" -eq 67108864 ] || fail "--dump-mem 0:64M wrote $(stat -c %s "$work/big") bytes"
timeout 20 "$gpuhost" run "$k" -q --dump-mem "0xfffffffffff0:16:$work/end" > /dev/null ||
    fail "--dump-mem at the last 16 bytes of global memory refused"
[ "$(stat -c %s "$work/end")" -eq 16 ] || fail "--dump-mem at the end wrote the wrong size"
timeout 20 "$gpuhost" gen --count 1k --seed 0x10 > "$work/gen.s" || fail "gen --count 1k refused"
timeout 20 "$gpuhost" gen --count 1000 --seed 0x10 > "$work/gen1000.s" || fail "gen --count 1000 refused"
cmp -s "$work/gen.s" "$work/gen1000.s" || fail "gen --count 1k is not gen --count 1000"

# boards --resource-spec: a NAME is never taken for an option, nor an option
# that starts with -h for -h; none of them writes -o
refused "'-hx' is an unknown option" boards --resource-spec -o "$work/spec.json" -hx
names=$(i=0; while [ $i -lt 33 ]; do printf 'model '; i=$((i + 1)); done)
# shellcheck disable=SC2086 # 33 words
refused "at most 32 board names; 'model' is one more" boards --resource-spec -o "$work/spec.json" $names
[ -e "$work/spec.json" ] && fail "a refused boards --resource-spec wrote -o"
timeout 10 "$gpuhost" boards --resource-spec -o "$work/spec.json" -h > "$work/out" 2> "$work/err" ||
    fail "boards --resource-spec -h: exit $?"
grep -q "^usage: gpuhost boards --resource-spec" "$work/out" || fail "boards --resource-spec -h: no usage"
[ -e "$work/spec.json" ] && fail "boards --resource-spec -h wrote -o"
checks=$((checks + 1))

echo "options: $checks refusals, each exit 2 naming its option; units and bounds accepted: 1 passed, 0 failed"
