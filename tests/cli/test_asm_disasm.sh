#!/bin/sh
# CLI end to end: every example kernel assembles into an ELF container that
# readelf understands, disassembles, and the disassembly reassembles to the
# same code; the raw-stream form disassembles the same with --raw (and is
# refused without it); bad input gets a
# file:line:col error and exit status 1; usage errors exit 2.
# Usage: test_asm_disasm.sh GPUHOST KERNEL_DIR
set -u
gpuhost=$1 kernels=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }

count=0
for src in "$kernels"/*.s; do
    name=$(basename "$src" .s)
    "$gpuhost" asm "$src" -o "$work/$name.bin" || fail "$name: asm failed"
    sections=$(readelf -S "$work/$name.bin") || fail "$name: readelf cannot read the container"
    for s in .text .gh.launch .symtab; do
        echo "$sections" | grep -q " $s " || fail "$name: readelf -S lacks $s"
    done
    "$gpuhost" disasm "$work/$name.bin" > "$work/$name.dis.s" || fail "$name: disasm failed"
    "$gpuhost" asm "$work/$name.dis.s" -o "$work/$name.again.bin" || fail "$name: disassembly does not reassemble"
    "$gpuhost" disasm --hex "$work/$name.bin" > "$work/a.txt"
    "$gpuhost" disasm --hex "$work/$name.again.bin" > "$work/b.txt"
    cmp -s "$work/a.txt" "$work/b.txt" || fail "$name: reassembled code differs"
    objcopy -I elf64-little -O binary -j .text "$work/$name.bin" "$work/$name.raw" || fail "$name: objcopy"
    # a raw stream is read only when --raw says so
    "$gpuhost" disasm "$work/$name.raw" > /dev/null 2>&1 && fail "$name: a raw stream was read without --raw"
    # the raw stream has no symbols: compare the words, not the label names
    "$gpuhost" disasm --raw --hex "$work/$name.raw" | sed 's| \*/.*||' > "$work/raw.txt" || fail "$name: raw stream rejected"
    "$gpuhost" disasm --hex "$work/$name.bin" | grep -v ':$' | sed 's| \*/.*||' > "$work/elf.txt"
    cmp -s "$work/raw.txt" "$work/elf.txt" || fail "$name: raw stream disassembles differently"
    count=$((count + 1))
done
[ "$count" -gt 0 ] || fail "no kernels in $kernels"

printf 'IADD R0, R1, R2 ;\nIADD R0, R1, Q7 ;\n' > "$work/bad.s"
"$gpuhost" asm "$work/bad.s" -o "$work/bad.bin" 2> "$work/err.txt"
[ $? -eq 1 ] || fail "bad source: exit status not 1"
grep -q "bad.s:2:14: error:" "$work/err.txt" || fail "bad source: no file:line:col error: $(cat "$work/err.txt")"
[ ! -e "$work/bad.bin" ] || fail "bad source: output written anyway"
"$gpuhost" asm 2>/dev/null; [ $? -eq 2 ] || fail "missing argument: exit status not 2"
"$gpuhost" frobnicate 2>/dev/null; [ $? -eq 2 ] || fail "unknown command: exit status not 2"
printf 'not an elf and not 16-byte aligned' > "$work/junk.bin"
"$gpuhost" disasm "$work/junk.bin" 2> "$work/err.txt"; [ $? -eq 1 ] || fail "junk kernel: exit status not 1"
grep -q "junk.bin" "$work/err.txt" || fail "junk kernel: error does not name the file"
echo "$count kernel(s): asm, readelf, disasm, reassemble, raw stream: 1 passed, 0 failed"
