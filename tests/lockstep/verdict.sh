#!/bin/sh
# The verdict and the options, on every board kind without RTL: options a
# board cannot honour are refused (exit 2, naming both); --board stands
# anywhere; --check-every is exact whatever the batch; dumps come from the
# target; a trap both sides agree on is a trap, never a PASS.
# Usage: verdict.sh GPUHOST KERNELS
set -u
gpuhost=$1 kernels=$2
pass=0 fail=0
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
expect() { # name, wanted exit, command..., then "--", texts...
    name=$1 want=$2
    shift 2
    cmd=""
    while [ "$1" != "--" ]; do cmd="$cmd '$1'"; shift; done
    shift
    out=$(eval "\"$gpuhost\" $cmd" 2>&1)
    status=$?
    ok=1
    [ $status -eq "$want" ] || ok=0
    for text in "$@"; do echo "$out" | grep -qF -- "$text" || { ok=0; echo "  missing: $text"; }; done
    if [ $ok -eq 1 ]; then pass=$((pass + 1)); echo "ok   $name"; else
        fail=$((fail + 1)); echo "FAIL $name (exit $status, wanted $want)"; echo "$out" | sed 's/^/    /'; fi
}
k=$kernels/bitmanip.s
expect "--fault refused on usb" 2 --board usb run "$k" --fault 1:1 -- "option --fault: board usb"
expect "--check-every refused on model" 2 run "$k" --check-every 5 -- "option --check-every: board model"
expect "--serial refused on modelsim" 2 --board modelsim run "$k" --serial X -- "option --serial: board modelsim"
expect "--endpoint refused on model" 2 run "$k" --endpoint ipc:///nowhere -- "option --endpoint: board model"
expect "--wave refused on modelsim" 2 --board modelsim run "$k" --wave "$work/w.fst" -- "option --wave: board modelsim"
expect "--board after the command" 0 run "$k" --board modelsim -- "board modelsim (" "PASS: lockstep clean"
expect "--board after the command, emulated board" 0 run "$k" --board usbemu -- "PASS: lockstep clean"
expect "--check-every exact with a large batch" 0 --board modelsim run "$k" --batch 1024 --check-every 3 -- \
    "10 instructions in lockstep" "4 full-state checks"
# memory is read whole, never only digested: one page the target lists at each check (saxpy.s stores to one
X
expect "a page read whole at the final check" 0 --board modelsim run "$kernels/saxpy.s" -- \
    "1 full-state check (1 memory page read whole)"
expect "--check=full reads every page at every check" 0 --board modelsim run "$kernels/saxpy.s" --check=full -- \
    "189 full-state checks (567 memory pages read whole)"
expect "--dump-state on a lockstep board" 0 --board modelsim run "$k" --dump-state "$work/s.json" \
    --dump-mem 0:16:"$work/m.bin" -- "PASS"
# ... holding what bitmanip.s computes, worked out by hand from its
# instructions (lane l: R0 = l, R1 = l * 0x9e3779b9, R2 = R1 ^ R0, ...), and
# the 16 bytes at global address 0, which nothing writes: zeros
python3 - "$work/s.json" "$work/m.bin" <<'EOS' && { pass=$((pass + 1)); echo "ok   state and memory dumped from the target"; } \
    || { fail=$((fail + 1)); echo "FAIL state or memory dump missing or wrong"; }
import json, sys
w = json.load(open(sys.argv[1]))["warps"][0]
gpr = w["gpr"]
want = {
    (0, 1): 1, (0, 31): 31,                 # S2R R0, SR_LANEID
    (1, 0): 0, (1, 1): 0x9e3779b9,          # IMAD R1 = lane * 0x9e3779b9 (mod 2^32)
    (1, 2): 0x3c6ef372, (1, 31): 0x28b7bd67,
    (2, 1): 0x9e3779b8,                     # LOP3 0x96: R1 ^ R0 ^ RZ
    (3, 1): 19,                             # POPC 0x9e3779b8
    (4, 0): 0xffffffff, (4, 1): 31,         # FLO.U32: none set; bit 31
    (5, 1): 0x9d9eec79,                     # BREV 0x9e3779b9
    (6, 0): 0x1f, (6, 1): 0x3e, (6, 31): 0x80000000,  # BMSK R0, 5: five ones from bit lane up, within 32 bits
    (7, 1): 0xffffffb9, (7, 2): 0x72,       # SGXT 8: the low byte sign-extended
    (8, 1): 0xb87979b9,                     # PRMT 0x4150: R2.b0 R1.b1 R2.b1 R1.b0 (high to low)
}
bad = [f"R{r} lane {l}: {gpr[r][l]:#x}, wanted {v:#x}" for (r, l), v in want.items() if gpr[r][l] != v]
if w["gpr"][0] != list(range(32)):
    bad.append(f"R0: {w['gpr'][0]}, wanted the lane ids")
if not w["exited"] or w["lane_pc"] != [0x90] * 32:  # EXIT is the tenth instruction: 9 * 16
    bad.append(f"exited {w['exited']}, lane_pc {w['lane_pc']}: wanted every lane exited at 0x90")
mem = open(sys.argv[2], "rb").read()
if mem != bytes(16):
    bad.append(f"memory at 0: {mem.hex()}, wanted 16 zero bytes")
for b in bad:
    print("  " + b)
sys.exit(1 if bad else 0)
EOS
expect "a divergence dumps both sides" 7 --board modelsim run "$kernels/../lockstep/faults.s" --fault 2:1:4 \
    --dump-state "$work/d.json" --dump-mem 0x1000:16:"$work/d.bin" -- "DIVERGENCE at instruction 1"
python3 -c "
import json, sys
d = json.load(open(sys.argv[1]))
assert d['target']['warps'][0]['gpr'][1][0] == 0x110 and d['model']['warps'][0]['gpr'][1][0] == 0x100
" "$work/d.json" && [ -f "$work/d.bin" ] && [ -f "$work/d.bin.model" ] \
    && { pass=$((pass + 1)); echo "ok   target and model state side by side"; } \
    || { fail=$((fail + 1)); echo "FAIL divergence dumps"; }
printf '.init R2 0x1002\nLDG R0, [R[2:3]] ;\nEXIT ;\n' > "$work/trap.s"
expect "a trap both sides agree on" 5 --board modelsim run "$work/trap.s" -- \
    "TRAP (the target agrees): warp 0, pc 0x0, lane 0"
printf '.init R0 1\nEXIT ;\n.expect R0 2\n' > "$work/fail.s"
expect "expectations checked on both sides" 4 --board modelsim run "$work/fail.s" -- \
    "model: warp 0 R0 lane 0: expected 0x2, got 0x1" "target: warp 0 R0 lane 0: expected 0x2, got 0x1"
# targets that lie (gpu-modelsim --mutate) and a board with small buffers
modelsim=$(dirname "$gpuhost")/../servers/modelsim/gpu-modelsim
server() { # name, extra arguments: a server program that passes them on
    printf '#!/bin/sh\nexec "%s" "$@" %s\n' "$modelsim" "$2" > "$work/$1"
    chmod +x "$work/$1"
}
server flag_trap "--mutate flag-trap:3"
expect "a TRAP flag without a trap is a divergence, never PASS" 7 --board modelsim run "$k" \
    --server "$work/flag_trap" -- "DIVERGENCE at instruction 3" "flags: expected 0x0, actual 0x4"
server step_error "--mutate step-error:2"
expect "a DUT that breaks the port contract is said to (exit 11)" 11 --board modelsim run "$k" \
    --server "$work/step_error" -- "DUT FAILURE: the DUT broke the port contract after 2 instructions"
expect "... and never retried: a retry would turn its bug into a pass" 11 --board modelsim run "$k" --retries 2 \
    --server "$work/step_error" -- "DUT FAILURE: the DUT broke the port contract after 2 instructions"
"$gpuhost" --board modelsim run "$k" --retries 2 --server "$work/step_error" 2>&1 | grep -q "RETRY" \
    && { fail=$((fail + 1)); echo "FAIL a DUT failure was retried"; } || { pass=$((pass + 1)); echo "ok   no RETRY line"; }
server small "--rx-buffer 1024"
{ echo ".init R2 0x1000"; printf '.global 0x1000'; i=0; while [ $i -lt 600 ]; do printf ' %d' $i; i=$((i + 1)); done
  echo; echo "LDG R0, [R[2:3]] ;"; echo "EXIT ;"; echo ".expect R0 0"; } > "$work/big.s" # 2.4 KB in one load
expect "requests sized to the target's max_payload" 0 --board modelsim run "$work/big.s" --server "$work/small" -- \
    "PASS: lockstep clean"
printf 'HADD2 R0, R1, R2 ;\nEXIT ;\n' > "$work/half.s"
expect "packed halves shown as halves" 7 --board modelsim run "$work/half.s" --fault 2:0:16 -- \
    "R0 lane 0: expected 0x00000000 (f16 hi 0, lo 0), actual 0x00010000 (f16 hi 5.96046e-08, lo 0)"
# a fault the emulated board cannot show is refused, not run
expect "--fault 8 refused on usbemu (its debug port takes stores from records)" 2 --board usbemu run \
    "$kernels/../lockstep/faults.s" --fault 8:4:8 -- "cannot be shown by the emulated board"
# coverage records and their merge
expect "a coverage record from a lockstep run" 0 --board modelsim run "$k" --coverage "$work/k.cov" -- "PASS"
expect "coverage merge: the table" 0 coverage merge "$work/k.cov" "$work/k.cov" --html "$work/cov.html" -- \
    "board modelsim: " "operand kinds (variants hit of implemented): register"
printf 'gpuhost-coverage 1\nboard x\nvariant NO_SUCH_VARIANT 1 0 0\n' > "$work/bad.cov"
expect "coverage merge: a bad record names file and line" 1 coverage merge "$work/bad.cov" -- \
    "$work/bad.cov:3: a variant this gpuhost's tables do not have"
# descriptor keys are checked against what the target reports
mkdir "$work/boards"
sed 's/^warps = 64/warps = 4/' "$(dirname "$0")/../../boards/modelsim.ini" > "$work/boards/modelsim.ini"
sed 's/^implements = .*/implements = IALU/' "$(dirname "$0")/../../boards/model.ini" > "$work/boards/model.ini"
GPUHOST_BOARDS_DIR=$work/boards expect "a stale descriptor: warps" 0 --board modelsim info -- \
    "warning:    board modelsim: $work/boards/modelsim.ini says warps = 4, the target (functional model) has 64"
# implements narrows what runs, never refuses a core (issue 28): info lists only the groups kept
GPUHOST_BOARDS_DIR=$work/boards expect "a descriptor listing fewer groups than the target: narrowed, not refused" 0 \
    --board model info -- "(24 instruction types)"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
