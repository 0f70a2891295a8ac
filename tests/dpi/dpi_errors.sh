#!/bin/sh
# The testbench and the scoreboard say what is wrong, and fail: no kernel
# given, a kernel file that is not there, a kernel that does not assemble,
# more warps than the core has; and a kernel that traps (a load at lane 3's
# address out of range) ends the run as a trap both sides agree on, the
# trapping lane compared (the core declares TRAP_LANE).
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
cat > "$work/trap.s" <<'KERNEL'
.warps 1
.init R5 0
        S2R R0, SR_LANEID ;
        ISETP.EQ.AND P0, R0, 0x3, PT ;
        @P0 IADD R5, RZ, 0x10000 ;
        LDG R1, [R[4:5]] ;
        EXIT ;
KERNEL
expect "kernel that traps" "TRAP (the target agrees): " "+kernel=$work/trap.s"
expect "kernel that traps: the TB stops there" "dpi_tb: scoreboard TRAPPED after 4 instructions" "+kernel=$work/trap.s"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
