#!/bin/sh
# Hostile input files end fast with a clear error, never a hang, a crash or
# a wrong verdict: assembly from /dev/zero, /dev/urandom or an endless pipe;
# a FIFO no one writes, as a kernel, coverage record or servers file (refused
# once nothing arrives within 5 s, never waited on for ever);
# a kernel.bin with a damaged ELF magic (refused, not run as a raw stream);
# board descriptors that are FIFOs, devices, directories or too large;
# labels over 255 characters (file:line:col). Every case runs under
# `timeout`, so a regression fails instead of hanging.
# Usage: inputs.sh GPUHOST KERNEL_DIR BOARDS_DIR
set -u
gpuhost=$1 kernels=$2 boards=$3
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
checks=0
fail() { echo "FAIL: $*"; exit 1; }

# expect STATUS PATTERN CMD...: CMD exits STATUS within 20 s, stderr matches PATTERN
expect() {
    want=$1 pattern=$2
    shift 2
    timeout 20 "$@" > "$work/out" 2> "$work/err" < /dev/null
    rc=$?
    [ $rc -eq 124 ] && fail "'$*' did not end within 20 s"
    [ $rc -eq "$want" ] || fail "'$*' exit $rc, not $want: $(head -c 300 "$work/err")"
    grep -q -e "$pattern" "$work/err" || fail "'$*': no '$pattern' in: $(head -c 300 "$work/err")"
    checks=$((checks + 1))
}

# assembly sources that are not text, or never end
expect 1 "/dev/zero: error: not a text file (NUL byte)" "$gpuhost" asm /dev/zero -o "$work/z.bin"
expect 1 "/dev/urandom: error: not a text file (NUL byte)" "$gpuhost" asm /dev/urandom -o "$work/z.bin"
ln -s /dev/zero "$work/zero.s"
expect 1 "zero.s: error: not a text file (NUL byte)" "$gpuhost" run "$work/zero.s"
head -c 100 /dev/zero > "$work/nul.s"
expect 1 "nul.s: error: not a text file (NUL byte)" "$gpuhost" asm "$work/nul.s" -o "$work/z.bin"
[ -e "$work/z.bin" ] && fail "a refused source left an output"
(yes 'NOP ;' | timeout 60 "$gpuhost" asm /dev/stdin -o "$work/y.bin") > /dev/null 2> "$work/err"
[ $? -eq 1 ] || fail "an endless source: exit status not 1"
grep -q "larger than the assembler's limit of 256 MiB" "$work/err" || fail "an endless source: $(cat "$work/err")"
checks=$((checks + 1))

# FIFOs nobody writes: refused once nothing arrives, never waited on for ever
mkfifo "$work/fifo.s" "$work/fifo.bin" "$work/fifo.cov" "$work/fifo.servers" || exit 77
expect 1 "fifo.s: error: a FIFO nothing was written to within 5 s" "$gpuhost" run "$work/fifo.s"
expect 1 "fifo.bin: a FIFO nothing was written to within 5 s" "$gpuhost" run "$work/fifo.bin"
expect 1 "fifo.bin: a FIFO nothing was written to within 5 s" "$gpuhost" disasm --raw "$work/fifo.bin"
expect 3 "fifo.cov: a FIFO nothing was written to within 5 s" "$gpuhost" coverage merge "$work/fifo.cov"
expect 3 "servers $work/fifo.servers: a FIFO nothing was written to within 5 s" \
    "$gpuhost" boards --resource-spec --servers "$work/fifo.servers" -o "$work/spec.json"

# kernels: no ELF magic, one damaged magic byte (its size a multiple of 16,
# so it would have passed as a raw stream), /dev/zero
"$gpuhost" asm "$kernels/bitmanip.s" -o "$work/k.bin" || fail "asm bitmanip"
[ $(($(stat -c %s "$work/k.bin") % 16)) -eq 0 ] || fail "bitmanip.bin is not a multiple of 16 bytes: the test needs one"
cp "$work/k.bin" "$work/bad.bin"
printf '\177ELG' | dd of="$work/bad.bin" conv=notrunc 2> /dev/null
for cmd in run disasm; do
    expect 1 "bad.bin: not a kernel.bin: corrupt ELF magic (7f 45 4c 47, expected 7f 45 4c 46)" "$gpuhost" $cmd "$work/bad.bin"
    grep -q -e "--raw" "$work/err" || fail "$cmd: the refusal does not say how to read a raw stream"
    expect 1 "/dev/zero: not a kernel.bin: no ELF magic" "$gpuhost" $cmd /dev/zero
done
"$gpuhost" disasm --raw "$work/bad.bin" > /dev/null # asked for: raw words, some undecodable
[ $? -le 1 ] || fail "disasm --raw of a damaged kernel.bin"
expect 1 "raw instruction stream: size exceeds\|exceeds the 1073741824-byte limit" "$gpuhost" disasm --raw /dev/zero

# labels over 255 characters: refused where they stand
long=$(printf 'L%0300d' 0)
printf 'NOP ;\n  %s: EXIT ;\n' "$long" > "$work/long.s"
expect 1 "long.s:2:3: error: label of 301 characters: at most 255 are allowed" "$gpuhost" asm "$work/long.s" -o "$work/l.bin"
printf 'L%0254d: NOP ;\nBRA L%0254d ;\nEXIT ;\n' 0 0 > "$work/ok.s"
"$gpuhost" asm "$work/ok.s" -o "$work/ok.bin" || fail "a 255-character label was refused"
"$gpuhost" disasm "$work/ok.bin" | grep -q "^L0\{254\}:$" || fail "a 255-character label did not survive"
printf 'NOP\r\n  BRA done\r\ndone: EXIT ;\r\n' > "$work/crlf.s"
"$gpuhost" run -q "$work/crlf.s" > /dev/null || fail "CRLF source refused"

# a coverage record with a line longer than the reader's buffer: refused at
# that line, never read on from the middle of it
{ echo "gpuhost-coverage 1"; echo "board model"; printf 'implements'; i=0
  while [ $i -lt 1500 ]; do printf ' IADD_R'; i=$((i + 1)); done; echo; } > "$work/cov.txt"
expect 1 "cov.txt:3: line too long" "$gpuhost" coverage merge "$work/cov.txt"

# board descriptors that are not regular files, or too large
dir=$work/boards
mkdir "$dir"
cp "$boards/model.ini" "$dir/"
for kind in fifo zero urandom dir big; do
    rm -rf "$dir/b.ini"
    case $kind in
    fifo) mkfifo "$dir/b.ini" || exit 77; what="a FIFO, not a regular file" ;;
    zero) ln -s /dev/zero "$dir/b.ini"; what="a character device" ;;
    urandom) ln -s /dev/urandom "$dir/b.ini"; what="a character device" ;;
    dir) mkdir "$dir/b.ini"; what="a directory" ;;
    big) head -c 70000 /dev/zero | tr '\0' ';' > "$dir/b.ini"; what="70000 bytes, more than 65536" ;;
    esac
    expect 1 "b.ini: not a board descriptor: $what" "$gpuhost" boards --boards-dir "$dir"
    GPUHOST_BOARDS_DIR=$dir expect 2 "b.ini: not a board descriptor" "$gpuhost" run "$kernels/bitmanip.s"
done
echo "inputs: $checks hostile inputs refused in bounded time, with their reasons: 1 passed, 0 failed"
