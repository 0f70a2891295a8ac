#!/bin/sh
# The testbench and the scoreboard say what is wrong, and fail: no kernel
# given, a kernel file that is not there, a kernel that does not assemble.
# Usage: dpi_errors.sh DPI_TB
set -u
tb=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
expect() { # name, text, args...
    name=$1 text=$2
    shift 2
    out=$("$tb" "$@" 2>&1)
    status=$?
    if [ $status -ne 0 ] && echo "$out" | grep -qF -- "$text"; then
        pass=$((pass + 1))
        echo "ok   $name (exit $status)"
    else
        fail=$((fail + 1))
        echo "FAIL $name (exit $status), wanted: $text"
        echo "$out" | sed 's/^/    /'
    fi
}
expect "no kernel" "usage: dpi_tb +kernel=PATH"
expect "missing kernel" "gpuhost scoreboard: $work/none.s: cannot load the kernel" "+kernel=$work/none.s"
printf 'IADD R1, R0, ;\nEXIT ;\n' > "$work/bad.s"
expect "kernel that does not assemble" "bad.s:1:" "+kernel=$work/bad.s"
printf '.warps 64\nEXIT ;\n' > "$work/wide.s"
expect "more warps than the core" "dpi_tb: the kernel launches 64 warps, the core has 4" "+kernel=$work/wide.s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
