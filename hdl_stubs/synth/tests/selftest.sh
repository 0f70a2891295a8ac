#!/bin/sh
# yosys_synth.sh's own test, every flow: it passes a clean design whose
# memory is a RAM (also without share, with ABC's fast LUT script, within a
# part's limits (-L), with its longest path (-D), and with a module left out of the
# gate mapping, said so; a memory of more read ports than -R goes to
# flip-flops), and fails, naming the reason, on a latch, on a
# memory Yosys cannot make a RAM, on a Yosys warning, on a construct Yosys
# refuses, on a -w module the design does not have and over a -L limit.
#   selftest.sh YOSYS
set -u
yosys=$1
here=$(cd "$(dirname "$0")" && pwd)
synth="sh $here/../yosys_synth.sh"
if ! command -v "$yosys" >/dev/null 2>&1; then
    echo "SKIP: $yosys not installed (scripts/setup.sh installs yosys)"
    exit 77
fi
out=$(mktemp)
trap 'rm -f "$out"' EXIT
fail=0
# expect FLOW TOP STATUS TEXT [OPTIONS]: yosys_synth.sh OPTIONS (default
# -m u_s.mem) on TOP (with ram_ok.v) exits STATUS and prints TEXT
expect() {
    flow=$1 top=$2 status=$3 text=$4 opt=${5:--m u_s.mem}
    files="-f $here/ram_ok.v"
    [ "$top" = ram_ok ] || files="$files -f $here/$top.v"
    # shellcheck disable=SC2086
    $synth $files $opt "$yosys" "$flow" "$top" > "$out" 2>&1
    got=$?
    if [ $got -eq "$status" ] && grep -qF -e "$text" "$out"; then
        echo "ok: $flow $top $opt: exit $got, \"$text\""
    else
        echo "FAIL: $flow $top: exit $got (expected $status and \"$text\"):"
        sed 's/^/    /' "$out"
        fail=1
    fi
}
for flow in generic coarse ecp5; do
    expect $flow ram_ok 0 "ram_ok: $flow: inferred as RAM: u_s.mem"
    expect $flow ram_ok 0 "ram_ok: $flow: inferred as RAM: u_s.mem" "-n -m u_s.mem"
    if [ $flow = coarse ]; then
        expect $flow ram_ok 2 "-w: the coarse flow maps no gates" "-w ram_ok_sub"
    else
        expect $flow ram_ok 0 "PARTIAL: ram_ok: $flow: " "-n -w ram_ok_sub"
        expect $flow ram_ok 1 "FAIL: ram_ok: yosys $flow: -w nothere: the design has a module nothere" "-w nothere"
    fi
    expect $flow bad_latch 1 "FAIL: bad_latch: yosys $flow: no latch"
    expect $flow bad_warning 1 "FAIL: bad_warning: yosys $flow: warnings"
    expect $flow bad_construct 1 "FAIL: bad_construct: yosys $flow: Yosys stopped"
done
expect generic bad_ffram 1 "FAIL: bad_ffram: yosys generic: u_s.mem is one \$mem_v2 of at most 2 write ports"
expect coarse bad_ffram 1 "FAIL: bad_ffram: yosys coarse: u_s.mem is one \$mem_v2 of at most 2 write ports"
expect ecp5 ram_ok 0 "ram_ok: ecp5: inferred as RAM: u_s.mem" "-R 1 -m u_s.mem"
expect ecp5 ram_ok 0 "ram_ok: ecp5: LUTs mapped with ABC's fast script" "-F -m u_s.mem"
expect ecp5 bad_latch 1 "FAIL: bad_latch: yosys ecp5: no latch" "-F -m u_s.mem"
expect generic ram_ok 2 "-F, -L, -S, -D: the ecp5 flow's" "-F -m u_s.mem"
# a part's limits: within them, the figures printed; over one, a failure naming it
expect ecp5 ram_ok 0 "ram_ok: ecp5: MULT18X18D: 1 of at most 1 (100%)" "-L MULT18X18D=1 -L DP16KD=208 -D -m u_s.mem"
expect ecp5 ram_ok 0 "ram_ok: ecp5: longest path: " "-D -m u_s.mem"
expect ecp5 ram_ok 1 "ram_ok: ecp5: MULT18X18D: 1, OVER the limit of 0" "-L MULT18X18D=0 -m u_s.mem"
expect ecp5 ram_ok 1 "FAIL: ram_ok: ecp5: more cells than the limits (-L) allow" "-L MULT18X18D=0 -m u_s.mem"
expect ecp5 ram_ok 0 "ram_ok: ecp5: MULT18X18D: 1, OVER the limit of 0 (-S: not enforced)" "-S MULT18X18D=0 -m u_s.mem"
# LUTS: the LUT sites taken, ram_ok's two TRELLIS_DPR16X4 (no LUT4) six each
expect ecp5 ram_ok 1 "ram_ok: ecp5: LUTS: 12, OVER the limit of 11" "-L LUTS=11 -m u_s.mem"
expect ecp5 ram_ok 0 "ram_ok: ecp5: LUTS: 12 of at most 12 (100%)" "-L LUTS=12 -m u_s.mem"
expect ecp5 ram_ok 1 "FAIL: ram_ok: yosys ecp5: u_s.mem is block RAM" "-R 0 -m u_s.mem"
expect ecp5 bad_ffram 1 "FAIL: bad_ffram: yosys ecp5: u_s.mem is mapped to RAM cells"
[ $fail -eq 0 ] && echo "yosys_synth selftest: PASS"
exit $fail
