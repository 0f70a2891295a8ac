#!/bin/sh
# gpuhost variants: the spec's opcode variants by group and type, the names a
# capability map's LACKING words use. A group, type or variant name selects;
# an unknown one is a usage error (exit 2) that says so.
# Usage: variants.sh GPUHOST
set -u
gpuhost=$1
fail=0
check() { # what, command output, expected line (grep -E)
    if printf '%s\n' "$2" | grep -qE "$3"; then echo "ok   $1"; else fail=1; echo "FAIL $1: no line /$3/ in:"; printf '%s\n' "$2" | head -5; fi
}
all=$("$gpuhost" variants) || { fail=1; echo "FAIL gpuhost variants exited $?"; }
check "every variant, with its spec line" "$all" '^IALU +MOV +MOV_R +isa/spec/ialu\.isa:[0-9]+$'
check "the branch's variant" "$all" '^[A-Z_]+ +BRA +BRA_I +isa/spec/'
mov=$("$gpuhost" variants MOV)
[ "$(printf '%s\n' "$mov" | grep -vc '^GROUP')" -eq "$(printf '%s\n' "$all" | grep -c '^[A-Z_]* *MOV ')" ] \
    && echo "ok   a type selects its variants" || { fail=1; echo "FAIL variants MOV: $mov"; }
check "a variant selects itself" "$("$gpuhost" variants LDG_R)" '^EXT_MEM +LDG +LDG_R '
out=$("$gpuhost" variants NO_SUCH_THING 2>&1)
status=$?
[ $status -eq 2 ] && echo "$out" | grep -q 'no group, type or variant of that name' \
    && echo "ok   an unknown name: exit 2, said" || { fail=1; echo "FAIL unknown name: exit $status: $out"; }
[ $fail -eq 0 ]
