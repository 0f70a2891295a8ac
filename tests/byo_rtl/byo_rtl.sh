#!/bin/sh
# A core gpuhost did not write, in lockstep from an installed prefix:
# cmake --install, then this consumer project (find_package(gpuhost),
# gpuhost_add_rtl_server), then its servers through the descriptors the
# function wrote (gpuhost --board FILE.ini). Exit 77 without Verilator.
# Usage: byo_rtl.sh BUILD_DIR SOURCE_DIR
set -u
build=$1 src=$2
command -v verilator > /dev/null || { echo "SKIP: Verilator not found (apt-get install verilator)"; exit 77; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; [ -n "${2:-}" ] && echo "$2" | sed 's/^/    /'; }
t0=$(date +%s)
cmake --install "$build" --prefix "$work/prefix" > "$work/install.log" 2>&1 || { cat "$work/install.log"; exit 1; }
export LD_LIBRARY_PATH="$work/prefix/lib"
g="$work/prefix/bin/gpuhost"
if ! { cmake -S "$src/tests/byo_rtl" -B "$work/byo" -DCMAKE_PREFIX_PATH="$work/prefix" -DCMAKE_BUILD_TYPE=Release \
        && cmake --build "$work/byo" -j2; } > "$work/build.log" 2>&1; then
    cat "$work/build.log"
    echo "FAIL: the consumer project did not build from the installed prefix"
    exit 1
fi
echo "ok   built four servers from the installed prefix in $(($(date +%s) - t0)) s"
k=$src/tests/byo_rtl/kernels
b=$work/byo
# run BOARD KERNEL WANT [args]: gpuhost's exit status and output in $out
# (KERNEL in tests/byo_rtl/kernels, or a path)
run() {
    board=$1 kernel=$2 want=$3
    shift 3
    case $kernel in /*) ;; *) kernel=$k/$kernel ;; esac
    out=$("$g" --board "$b/$board.ini" run "$kernel" "$@" 2>&1)
    status=$?
    [ $status -eq "$want" ]
}
for kernel in nop_exit.s guarded_exit.s divergent_bra.s s2r_mov.s; do
    run byo $kernel 0 && echo "$out" | grep -q "^PASS" && ok "$kernel PASSes in lockstep" || bad "$kernel: exit $status" "$out"
done
run byo mov_reg.s 9 && echo "$out" | grep -q "MOV" && ok "mov_reg.s refused (exit 9): $(echo "$out" | grep -m1 MOV)" \
    || bad "mov_reg.s: exit $status" "$out"
# the variants it lacks, emulated by the host through its backdoor (issue 28)
run byo emulated.s 9 && echo "$out" | grep -q "variant MOV_R" && ok "emulated.s without the option: exit 9, MOV_R named" \
    || bad "emulated.s without --emulate-unimplemented: exit $status" "$out"
run byo emulated.s 0 --emulate-unimplemented --check=full && echo "$out" | grep -q "^PASS: .*2 of 6 instructions emulated" &&
    echo "$out" | grep -q "^emulated: .*LOP3_RCR x1, MOV_R x1" \
    && ok "emulated.s with --emulate-unimplemented: PASS, $(echo "$out" | grep -o '2 of 6 instructions emulated by the host')" \
    || bad "emulated.s with --emulate-unimplemented: exit $status" "$out"
# a modifier value it lacks (LACKS LOP3_RIR.PAND, issue 41): refused naming it, emulated on request
run byo lop3_pand.s 9 && echo "$out" | grep -q "it lacks LOP3_RIR.PAND" \
    && ok "lop3_pand.s refused (exit 9): $(echo "$out" | grep -o 'implements LOP3_RIR but.*PAND')" \
    || bad "lop3_pand.s: exit $status" "$out"
run byo lop3_pand.s 0 --emulate-unimplemented && echo "$out" | grep -q "^emulated: .*LOP3_RIR x1" \
    && ok "lop3_pand.s with --emulate-unimplemented: PASS, the .PAND one emulated" \
    || bad "lop3_pand.s with --emulate-unimplemented: exit $status" "$out"
out=$("$g" --board "$b/byo.ini" info 2>&1)
echo "$out" | grep -q "^lacks: .*LOP3_RIR.PAND" && echo "$out" | grep -q "^contract: .*contract revision 3" \
    && ok "info: lacks LOP3_RIR.PAND, presents contract revision 3" || bad "info of byo" "$out"
# the day-one selftest: every step on the good core, the first failing step named on the planted bug
out=$("$g" --board "$b/byo.ini" selftest 2>&1)
status=$?
[ $status -eq 0 ] && ok "selftest passes on byo_core ($(echo "$out" | grep -c '^ok') steps)" || bad "selftest: exit $status" "$out"
out=$("$g" --board "$b/byo-bug.ini" selftest 2>&1)
status=$?
[ $status -eq 7 ] && echo "$out" | grep -q "^FAIL " && ok "selftest on BYO_BUG_LANE: $(echo "$out" | grep -m1 '^FAIL ')" \
    || bad "selftest on the planted bug: exit $status" "$out"
# random streams over what byo_core declares (gpuhost gen fits the board's set)
t1=$(date +%s) n=0
for seed in $(seq 1 100); do
    "$g" --board "$b/byo.ini" gen --seed $seed --count 200 --warps 1 -o "$work/r.s" 2> /dev/null &&
        run byo "$work/r.s" 0 && echo "$out" | grep -q "^PASS" && n=$((n + 1)) ||
        { echo "    seed $seed: exit $status"; echo "$out" | head -12 | sed 's/^/    /'; }
done
[ $n -eq 100 ] && ok "100 random streams (gpuhost gen, seeds 1..100) PASS in $(($(date +%s) - t1)) s" \
    || bad "random streams: $n of 100 PASS"
out=$("$g" --board "$b/byo.ini" info 2>&1)
echo "$out" | grep -q "byo_core (examples/byo_rtl)" && ok "info names the target as the CMake call said" \
    || bad "info" "$out"
run byo-bug s2r_mov.s 7 --wave "$work/div.fst" && echo "$out" | grep -q "^DIVERGENCE at instruction 0 .*S2R R0, SR_LANEID" &&
    echo "$out" | grep -q "lane 31" && [ -s "$work/div.fst" ] \
    && ok "planted BYO_BUG_LANE: DIVERGENCE at instruction 0, lane 31, waveform written" || bad "planted bug: exit $status" "$out"
run byo-break nop_exit.s 11 && echo "$out" | grep -q "rule T8 T9 T10 broken at cycle [0-9]*: busy low" \
    && ok "planted BYO_BREAK_BUSY: the checker names the rule ($(echo "$out" | grep -o 'rule T8.*' | head -1))" \
    || bad "planted port violation: exit $status" "$out"
run byo-nochk nop_exit.s 0 && ok "NO_CHECKER: the same core runs unchecked" || bad "NO_CHECKER: exit $status" "$out"
# the server names itself by its NAME, in its usage and its refusals
out=$("$b/byo-sim" --help 2>&1)
echo "$out" | grep -q "^usage: byo-sim --endpoint" && ! echo "$out" | grep -q "gpu-rtlsim" \
    && ok "byo-sim --help says 'usage: byo-sim'" || bad "byo-sim --help" "$(echo "$out" | head -3)"
out=$("$b/byo-sim" --endpoint "ipc://$work/x" --fault 99:1 2>&1)
status=$?
[ $status -eq 2 ] && echo "$out" | grep -q "^byo-sim: --fault takes" \
    && ok "byo-sim refuses a bad --fault in its own name (exit 2)" || bad "byo-sim --fault 99:1: exit $status" "$out"
echo "$pass passed, $fail failed ($(($(date +%s) - t0)) s)"
[ $fail -eq 0 ]
