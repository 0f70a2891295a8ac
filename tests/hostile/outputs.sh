#!/bin/sh
# Nothing lost, nothing deleted: every output, standard output included, is
# checked (exit 3 and a message); a failed write leaves the file the user
# named as it was and no temporary file beside it; a device or FIFO named as
# the output is written in place, never replaced or unlinked.
# Usage: outputs.sh GPUHOST KERNEL_DIR
set -u
gpuhost=$1 kernels=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
[ -c /dev/full ] || { echo "no /dev/full"; exit 77; }
src=$kernels/bitmanip.s

# standard output on a full disk
for cmd in "gen --count 3" "disasm $work/k.bin" "boards" "run $src"; do
    [ "$cmd" = "disasm $work/k.bin" ] && { "$gpuhost" asm "$src" -o "$work/k.bin" || fail "asm"; }
    # shellcheck disable=SC2086
    "$gpuhost" $cmd > /dev/full 2> "$work/err"
    rc=$?
    [ $rc -eq 3 ] || fail "'$cmd > /dev/full' exit $rc, not 3"
    grep -q "standard output" "$work/err" || fail "'$cmd > /dev/full': no message: $(cat "$work/err")"
done

# a device named as the output is written in place: never deleted
"$gpuhost" asm "$src" -o /dev/full 2> "$work/err"
[ $? -eq 3 ] || fail "asm -o /dev/full: exit status not 3"
grep -q "/dev/full" "$work/err" || fail "asm -o /dev/full: no message"
[ -c /dev/full ] || fail "asm -o /dev/full deleted the device node"
"$gpuhost" gen --count 3 -o /dev/full 2> /dev/null
[ $? -eq 3 ] || fail "gen -o /dev/full: exit status not 3"
[ -c /dev/full ] || fail "gen -o /dev/full deleted the device node"

# a FIFO named as the output gets the bytes, and stays a FIFO
mkfifo "$work/fifo" || exit 77
cat "$work/fifo" > "$work/from-fifo" &
reader=$!
timeout 10 "$gpuhost" asm "$src" -o "$work/fifo" || fail "asm -o FIFO failed"
wait $reader
[ -p "$work/fifo" ] || fail "the FIFO was replaced"
cmp -s "$work/from-fifo" "$work/k.bin" || fail "the FIFO did not get the kernel"

# a write that fails half way (file size limit) leaves the old file intact
printf 'precious\n' > "$work/out.bin"
chmod 640 "$work/out.bin"
(trap '' XFSZ; ulimit -f 1; exec "$gpuhost" asm "$src" -o "$work/out.bin") 2> "$work/err"
rc=$?
[ $rc -eq 3 ] || fail "asm over the size limit: exit $rc, not 3"
[ "$(cat "$work/out.bin")" = precious ] || fail "a failed write destroyed the named file"
(trap '' XFSZ; ulimit -f 1; exec "$gpuhost" gen --count 500 -o "$work/out.bin") 2> /dev/null
[ $? -eq 3 ] || fail "gen over the size limit: exit status not 3"
[ "$(cat "$work/out.bin")" = precious ] || fail "gen: a failed write destroyed the named file"
left=$(ls -A "$work" | grep -v -x -e k.bin -e fifo -e from-fifo -e out.bin -e err)
[ -z "$left" ] || fail "temporary files left behind: $left"

# a successful write keeps the file's mode and replaces its content
"$gpuhost" asm "$src" -o "$work/out.bin" || fail "asm over an existing file"
cmp -s "$work/out.bin" "$work/k.bin" || fail "output differs"
[ "$(stat -c %a "$work/out.bin")" = 640 ] || fail "the file's mode changed"
echo "outputs: ok"
