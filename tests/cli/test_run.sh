#!/bin/sh
# gpuhost run on the model board: verdicts and exit codes, the JSON state
# dump, the memory dump and the JSON-lines trace.
# Usage: test_run.sh GPUHOST KERNEL_DIR
set -u
gpuhost=$1 kernels=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pass=0 fail=0
ok() { pass=$((pass + 1)); echo "ok   $1"; }
bad() { fail=$((fail + 1)); echo "FAIL $1"; }

"$gpuhost" run "$kernels/bitmanip.s" --dump-state "$work/state.json" --trace "$work/trace.jsonl" \
    --dump-mem 0x0:16:"$work/mem.bin" > "$work/out.txt"
[ $? -eq 0 ] && grep -q "^PASS: 8 expectations hold" "$work/out.txt" && ok "bitmanip PASS" || bad "bitmanip PASS"
python3 - "$work/state.json" "$work/trace.jsonl" <<'EOS' && ok "state and trace are valid JSON with the right values" || bad "state/trace JSON"
import json, sys
state = json.load(open(sys.argv[1]))
w = state["warps"][0]
assert w["warp"] == 0 and w["exited"] is True and len(w["gpr"]) == 255 and len(w["gpr"][0]) == 32
assert [w["gpr"][0][l] for l in range(32)] == list(range(32)), "R0 = lane id"
assert len(w["pred"]) == 7 and len(w["ur"]) == 63 and isinstance(w["upred"], int)
recs = [json.loads(line) for line in open(sys.argv[2])]
assert len(recs) == 10 and recs[0]["seq"] == 0 and recs[0]["pc"] == 0
assert recs[0]["gpr"][0]["reg"] == 0 and recs[0]["gpr"][0]["values"][5] == 5
assert recs[-1]["exited"] == 0xffffffff
EOS
[ "$(wc -c < "$work/mem.bin")" -eq 16 ] && ok "memory dump size" || bad "memory dump size"

printf 'S2R R0, SR_LANEID ;\nEXIT ;\n.expect R0 7\n' > "$work/fail.s"
"$gpuhost" run "$work/fail.s" > "$work/out.txt"; s=$?
[ $s -eq 4 ] && grep -q "^FAIL: warp 0 R0 lane 0: expected 0x7, got 0x0 (31 mismatching values)" "$work/out.txt" \
    && ok "FAIL exits 4 with the first mismatch" || { bad "FAIL verdict (exit $s)"; cat "$work/out.txt"; }
printf '.init R2 0x1002\nLDG R0, [R[2:3]] ;\nEXIT ;\n' > "$work/trap.s"
"$gpuhost" run "$work/trap.s" > "$work/out.txt"; s=$?
[ $s -eq 5 ] && grep -q "^TRAP: warp 0, pc 0x0, lane 0: LDG R0, \[R\[2:3\]\] ;: misaligned memory address" "$work/out.txt" \
    && ok "TRAP exits 5 with warp, pc, lane, text, reason" || { bad "TRAP verdict (exit $s)"; cat "$work/out.txt"; }
printf 'loop: BRA loop ;\n' > "$work/loop.s"
"$gpuhost" run "$work/loop.s" --max-insns 1000 > "$work/out.txt"; s=$?
[ $s -eq 6 ] && grep -q "^LIMIT: stopped after 1000 instructions" "$work/out.txt" && ok "LIMIT exits 6" || bad "LIMIT (exit $s)"
"$gpuhost" run "$work/loop.s" --max-insns 0 2>/dev/null; s=$?
[ $s -eq 2 ] && ok "bad option exits 2" || bad "bad option (exit $s)"
"$gpuhost" --board nonesuch run "$work/loop.s" 2>/dev/null; s=$?
[ $s -eq 2 ] && ok "unknown board exits 2" || bad "unknown board (exit $s)"
# JUnit XML for CI: a PASS and a FAIL test case, well-formed
"$gpuhost" run "$kernels/bitmanip.s" -q --junit "$work/pass.xml" > /dev/null
"$gpuhost" run "$work/fail.s" -q --junit "$work/fail.xml" > /dev/null
python3 - "$work/pass.xml" "$work/fail.xml" <<'EOS' && ok "JUnit XML for PASS and FAIL" || bad "JUnit XML"
import sys, xml.etree.ElementTree as ET
p = ET.parse(sys.argv[1]).getroot()
assert p.attrib["tests"] == "1" and p.attrib["failures"] == "0" and p[0].find("failure") is None
f = ET.parse(sys.argv[2]).getroot()
assert f.attrib["failures"] == "1"
assert f[0].find("failure").attrib["message"].startswith("FAIL: warp 0 R0 lane 0: expected 0x7")
assert f[0].find("failure").attrib["type"] == "exit 4"
EOS
# a free run compares nothing: its own exit status (10), JUnit's skipped, never passed
"$gpuhost" --board modelsim run "$kernels/bitmanip.s" --free-run -q --junit "$work/free.xml" > "$work/free.txt" 2>&1
s=$?
[ $s -eq 10 ] && grep -q "^FREE RUN: finished, nothing compared" "$work/free.txt" && ok "--free-run exits 10, said" \
    || bad "--free-run (exit $s): $(cat "$work/free.txt")"
python3 - "$work/free.xml" <<'EOS' && ok "JUnit of a free run: skipped, not passed" || bad "JUnit of a free run"
import sys, xml.etree.ElementTree as ET
r = ET.parse(sys.argv[1]).getroot()
assert r.attrib["skipped"] == "1" and r.attrib["failures"] == "0" and r.attrib["errors"] == "0", r.attrib
assert r[0].find("skipped").attrib["message"].startswith("FREE RUN: finished, nothing compared")
EOS
# a free run stopped by --max-insns did not finish: said so, never "finished"
"$gpuhost" --board modelsim run "$kernels/bitmanip.s" --free-run -q --max-insns 3 > "$work/free3.txt" 2>&1
s=$?
[ $s -eq 10 ] && grep -q "^FREE RUN: stopped after 3 instructions (--max-insns) before the kernel ended; nothing compared" \
    "$work/free3.txt" && ! grep -q "finished, nothing compared" "$work/free3.txt" &&
    ok "--free-run stopped by --max-insns: exit 10, said so" || bad "--free-run --max-insns 3 (exit $s): $(cat "$work/free3.txt")"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
